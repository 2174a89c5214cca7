import Foundation

/// A layer that emits particles from its cells (templates), drawn above its background and border.
///
/// This is the model: properties and cells. The simulation lives in the Particles module and runs on the
/// engine's fixed step; it reads these properties every step, so live changes take effect at once
/// without resetting live particles.
open class CAEmitterLayer: CALayer {
    struct EmitterState {
        var emitterPosition: CGPoint = .zero
        var emitterZPosition: CGFloat = 0
        var emitterSize: CGSize = .zero
        var emitterDepth: CGFloat = 0
        var emitterShape: CAEmitterLayerEmitterShape = .point
        var emitterMode: CAEmitterLayerEmitterMode = .volume
        var renderMode: CAEmitterLayerRenderMode = .unordered
        var preservesDepth: Bool = false
        var birthRate: Float = 1
        var lifetime: Float = 1
        var velocity: Float = 1
        var scale: Float = 1
        var spin: Float = 1
        var seed: UInt32 = 0
        var maxParticles: Int = 100_000
        var rangeSemantics: CAEmitterRangeSemantics = .fullWidth
    }

    var own = EmitterState()

    /// Creates a layer with Core Animation's default values.
    public override init() { super.init() }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    @MainActor public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes a presentation copy of `layer`, or a new CAEmitterLayer when `layer` is nil (see `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CAEmitterLayer(layer: $0) } ?? CAEmitterLayer()
    }

    /// Copies the properties of `layer` (a presentation copy).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEmitterLayer {
            own = other.own
            emitterCells = other.emitterCells?.map { $0.presentationCopy() }
        }
    }

    // MARK: - Emitter geometry

    /// Centre of the emission shape in the layer's coordinates, points. Default `.zero`. Animatable.
    public var emitterPosition: CGPoint {
        get { own.emitterPosition }
        set {
            let old: LayerValue = .point(own.emitterPosition)
            own.emitterPosition = newValue
            didChangeValue(forKey: "emitterPosition", from: old)
        }
    }

    /// z of the centre of the emission shape, points. Default 0. Animatable.
    public var emitterZPosition: CGFloat {
        get { own.emitterZPosition }
        set {
            let old: LayerValue = .number(Double(own.emitterZPosition))
            own.emitterZPosition = newValue
            didChangeValue(forKey: "emitterZPosition", from: old)
        }
    }

    /// Size of the emission shape, points (docs/Design.md §3.3). Default `.zero`. Animatable.
    public var emitterSize: CGSize {
        get { own.emitterSize }
        set {
            let old: LayerValue = .size(own.emitterSize)
            own.emitterSize = newValue
            didChangeValue(forKey: "emitterSize", from: old)
        }
    }

    /// Depth of the cuboid shape, points. Default 0. Animatable.
    public var emitterDepth: CGFloat {
        get { own.emitterDepth }
        set {
            let old: LayerValue = .number(Double(own.emitterDepth))
            own.emitterDepth = newValue
            didChangeValue(forKey: "emitterDepth", from: old)
        }
    }

    /// Shape particles come from. Default `.point`.
    public var emitterShape: CAEmitterLayerEmitterShape {
        get { own.emitterShape }
        set {
            let old: LayerValue = .string(own.emitterShape.rawValue)
            own.emitterShape = newValue
            didChangeValue(forKey: "emitterShape", from: old)
        }
    }

    /// Part of the shape particles come from. Default `.volume`.
    public var emitterMode: CAEmitterLayerEmitterMode {
        get { own.emitterMode }
        set {
            let old: LayerValue = .string(own.emitterMode.rawValue)
            own.emitterMode = newValue
            didChangeValue(forKey: "emitterMode", from: old)
        }
    }

    // MARK: - Rendering

    /// Order and blending of particles (docs/Design.md §3.7). Default `.unordered`.
    public var renderMode: CAEmitterLayerRenderMode {
        get { own.renderMode }
        set {
            let old: LayerValue = .string(own.renderMode.rawValue)
            own.renderMode = newValue
            didChangeValue(forKey: "renderMode", from: old)
        }
    }

    /// Whether particles are drawn in the superlayer's 3D space instead of flattened. Default false.
    public var preservesDepth: Bool {
        get { own.preservesDepth }
        set {
            let old: LayerValue = .bool(own.preservesDepth)
            own.preservesDepth = newValue
            didChangeValue(forKey: "preservesDepth", from: old)
        }
    }

    // MARK: - Multipliers (docs/Design.md §3.4)

    /// Multiplies every cell's birth rate, ≥ 0. Default 1. Animatable.
    public var birthRate: Float {
        get { own.birthRate }
        set {
            let old: LayerValue = .number(Double(own.birthRate))
            own.birthRate = newValue
            didChangeValue(forKey: "birthRate", from: old)
        }
    }

    /// Multiplies every sampled lifetime, ≥ 0; 0 stops new particles. Default 1. Animatable.
    public var lifetime: Float {
        get { own.lifetime }
        set {
            let old: LayerValue = .number(Double(own.lifetime))
            own.lifetime = newValue
            didChangeValue(forKey: "lifetime", from: old)
        }
    }

    /// Multiplies every sampled initial speed. Default 1. Animatable.
    public var velocity: Float {
        get { own.velocity }
        set {
            let old: LayerValue = .number(Double(own.velocity))
            own.velocity = newValue
            didChangeValue(forKey: "velocity", from: old)
        }
    }

    /// Multiplies every sampled scale and scaleSpeed. Default 1. Animatable.
    public var scale: Float {
        get { own.scale }
        set {
            let old: LayerValue = .number(Double(own.scale))
            own.scale = newValue
            didChangeValue(forKey: "scale", from: old)
        }
    }

    /// Multiplies every sampled spin. Default 1. Animatable.
    public var spin: Float {
        get { own.spin }
        set {
            let old: LayerValue = .number(Double(own.spin))
            own.spin = newValue
            didChangeValue(forKey: "spin", from: old)
        }
    }

    // MARK: - Randomness and limits

    /// Seed of this layer's random generator (docs/Design.md §3.9). Default 0.
    public var seed: UInt32 {
        get { own.seed }
        set {
            let old: LayerValue = .number(Double(own.seed))
            own.seed = newValue
            didChangeValue(forKey: "seed", from: old)
        }
    }

    /// Extension: most live particles of this layer, ≥ 0; further births are dropped and counted. Default 100 000.
    public var maxParticles: Int {
        get { own.maxParticles }
        set {
            let old: LayerValue = .number(Double(own.maxParticles))
            own.maxParticles = newValue
            didChangeValue(forKey: "maxParticles", from: old)
        }
    }

    /// Extension: how ranges are read (docs/Design.md §3.1). Default `.fullWidth` (M ± R).
    public var rangeSemantics: CAEmitterRangeSemantics {
        get { own.rangeSemantics }
        set {
            let old: LayerValue = .string(own.rangeSemantics.rawValue)
            own.rangeSemantics = newValue
            didChangeValue(forKey: "rangeSemantics", from: old)
        }
    }

    // MARK: - Cells

    /// The cells (particle templates) this layer emits. Default nil.
    public var emitterCells: [CAEmitterCell]? {
        didSet {
            for cell in emitterCells ?? [] { cell.owner = self }
            didChangeValue(forKey: "emitterCells", from: .none)
        }
    }

    /// The cell reached by a dotted path of cell names (`"rocket.burst"`), searching sub-cells.
    public func cell(atNamePath namePath: String) -> CAEmitterCell? {
        var cells = emitterCells ?? []
        var found: CAEmitterCell?
        for name in namePath.split(separator: ".") {
            guard let c = cells.first(where: { $0.name == String(name) }) else { return nil }
            found = c
            cells = c.emitterCells ?? []
        }
        return found
    }

    /// Every cell at every depth, depth-first in declaration order.
    public var allCells: [CAEmitterCell] {
        func walk(_ cells: [CAEmitterCell]) -> [CAEmitterCell] { cells.flatMap { [$0] + walk($0.emitterCells ?? []) } }
        return walk(emitterCells ?? [])
    }

    // MARK: - Cell key paths ("emitterCells.spark.birthRate", "emitterCells.rocket.emitterCells.burst.color")

    /// Reads `emitterCells.<name>[.emitterCells.<name>…].<key>`.
    override open func specialValue(forKeyPath keyPath: String) throws -> LayerValue? {
        guard let (cell, key) = try resolveCellPath(keyPath) else { return nil }
        return try cell.layerValue(forKeyPath: key, fullPath: keyPath)
    }

    /// Writes `emitterCells.<name>[.emitterCells.<name>…].<key>`.
    override open func setSpecialValue(_ value: LayerValue, forKeyPath keyPath: String) throws -> Bool {
        guard let (cell, key) = try resolveCellPath(keyPath) else { return false }
        try cell.setLayerValue(value, forKeyPath: key, fullPath: keyPath)
        return true
    }

    /// Whether a cell key path is animatable.
    override open func specialAnimatable(_ keyPath: String) -> Bool? {
        guard let resolved = try? resolveCellPath(keyPath) else {
            return keyPath.hasPrefix("emitterCells.") ? false : nil
        }
        return CAEmitterCell.keyAccessors[resolved.1]?.animatable ?? false
    }

    private func resolveCellPath(_ keyPath: String) throws -> (CAEmitterCell, String)? {
        guard keyPath.hasPrefix("emitterCells.") else { return nil }
        var rest = Substring(keyPath.dropFirst("emitterCells.".count))
        var cells = emitterCells ?? []
        while true {
            guard let dot = rest.firstIndex(of: ".") else {
                throw KeyPathError.unknownKey(path: keyPath, on: "CAEmitterLayer", suggestions: [])
            }
            let name = String(rest[..<dot])
            guard let cell = cells.first(where: { $0.name == name }) else {
                throw KeyPathError.unknownCell(path: keyPath, name: name)
            }
            rest = rest[rest.index(after: dot)...]
            if rest.hasPrefix("emitterCells.") {
                rest = rest.dropFirst("emitterCells.".count)
                cells = cell.emitterCells ?? []
                continue
            }
            return (cell, String(rest))
        }
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override open class var keyAccessors: [String: LayerKeyAccessor] { CAEmitterLayer.emitterLayerAccessors }

    static let emitterLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging([
        "emitterPosition": LayerKeyAccessor(
            animatable: true, get: { .point(($0 as! CAEmitterLayer).emitterPosition) },
            set: { ($0 as! CAEmitterLayer).emitterPosition = try $1.point(path: $2) }),
        "emitterZPosition": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAEmitterLayer).emitterZPosition)) },
            set: { ($0 as! CAEmitterLayer).emitterZPosition = try $1.cgFloat(path: $2) }),
        "emitterSize": LayerKeyAccessor(
            animatable: true, get: { .size(($0 as! CAEmitterLayer).emitterSize) },
            set: { ($0 as! CAEmitterLayer).emitterSize = try $1.size(path: $2) }),
        "emitterDepth": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAEmitterLayer).emitterDepth)) },
            set: { ($0 as! CAEmitterLayer).emitterDepth = try $1.cgFloat(path: $2) }),
        "emitterShape": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CAEmitterLayer).emitterShape.rawValue) },
            set: { ($0 as! CAEmitterLayer).emitterShape = try enumValue(CAEmitterLayerEmitterShape.self, $1, path: $2) }
        ),
        "emitterMode": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CAEmitterLayer).emitterMode.rawValue) },
            set: { ($0 as! CAEmitterLayer).emitterMode = try enumValue(CAEmitterLayerEmitterMode.self, $1, path: $2) }),
        "renderMode": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CAEmitterLayer).renderMode.rawValue) },
            set: { ($0 as! CAEmitterLayer).renderMode = try enumValue(CAEmitterLayerRenderMode.self, $1, path: $2) }),
        "preservesDepth": LayerKeyAccessor(
            animatable: false, get: { .bool(($0 as! CAEmitterLayer).preservesDepth) },
            set: { ($0 as! CAEmitterLayer).preservesDepth = try $1.bool(path: $2) }),
        "birthRate": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAEmitterLayer).birthRate)) },
            set: { ($0 as! CAEmitterLayer).birthRate = try nonNegative(try $1.float(path: $2), path: $2) }),
        "lifetime": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAEmitterLayer).lifetime)) },
            set: { ($0 as! CAEmitterLayer).lifetime = try nonNegative(try $1.float(path: $2), path: $2) }),
        "velocity": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAEmitterLayer).velocity)) },
            set: { ($0 as! CAEmitterLayer).velocity = try $1.float(path: $2) }),
        "scale": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAEmitterLayer).scale)) },
            set: { ($0 as! CAEmitterLayer).scale = try $1.float(path: $2) }),
        "spin": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAEmitterLayer).spin)) },
            set: { ($0 as! CAEmitterLayer).spin = try $1.float(path: $2) }),
        "seed": LayerKeyAccessor(
            animatable: false, get: { .number(Double(($0 as! CAEmitterLayer).seed)) },
            set: { ($0 as! CAEmitterLayer).seed = try $1.uint32(path: $2) }),
        "maxParticles": LayerKeyAccessor(
            animatable: false, get: { .number(Double(($0 as! CAEmitterLayer).maxParticles)) },
            set: { ($0 as! CAEmitterLayer).maxParticles = try nonNegativeInt(try $1.int(path: $2), path: $2) }),
        "rangeSemantics": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CAEmitterLayer).rangeSemantics.rawValue) },
            set: { ($0 as! CAEmitterLayer).rangeSemantics = try enumValue(CAEmitterRangeSemantics.self, $1, path: $2) }),
    ]) { $1 }
}
