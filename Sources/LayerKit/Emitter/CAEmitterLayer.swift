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
        var warnsWhenFull: Bool = true
        var rangeSemantics: CAEmitterRangeSemantics = .fullWidth
    }

    var own = EmitterState()

    /// Sets the stored field `field` to `value` and reports the change under the calling property's name,
    /// which is its key (every setter of a described property comes through here).
    @inline(__always)
    func update<Value: LayerValueConvertible>(
        _ field: WritableKeyPath<EmitterState, Value>, to value: Value, key: String = #function
    ) {
        let old = own[keyPath: field].layerValue
        own[keyPath: field] = value
        didChangeValue(forKey: key, from: old)
    }

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
        set { update(\.emitterPosition, to: newValue) }
    }

    /// z of the centre of the emission shape, points. Default 0. Animatable.
    public var emitterZPosition: CGFloat {
        get { own.emitterZPosition }
        set { update(\.emitterZPosition, to: newValue) }
    }

    /// Size of the emission shape, points (docs/Design.md §3.3). Default `.zero`. Animatable.
    public var emitterSize: CGSize {
        get { own.emitterSize }
        set { update(\.emitterSize, to: newValue) }
    }

    /// Depth of the cuboid shape, points. Default 0. Animatable.
    public var emitterDepth: CGFloat {
        get { own.emitterDepth }
        set { update(\.emitterDepth, to: newValue) }
    }

    /// Shape particles come from. Default `.point`.
    public var emitterShape: CAEmitterLayerEmitterShape {
        get { own.emitterShape }
        set { update(\.emitterShape, to: newValue) }
    }

    /// Part of the shape particles come from. Default `.volume`.
    public var emitterMode: CAEmitterLayerEmitterMode {
        get { own.emitterMode }
        set { update(\.emitterMode, to: newValue) }
    }

    // MARK: - Rendering

    /// Order and blending of particles (docs/Design.md §3.7). Default `.unordered`.
    public var renderMode: CAEmitterLayerRenderMode {
        get { own.renderMode }
        set { update(\.renderMode, to: newValue) }
    }

    /// Whether particles are drawn in the superlayer's 3D space instead of flattened. Default false.
    public var preservesDepth: Bool {
        get { own.preservesDepth }
        set { update(\.preservesDepth, to: newValue) }
    }

    // MARK: - Multipliers (docs/Design.md §3.4)

    /// Multiplies every cell's birth rate, ≥ 0. Default 1. Animatable.
    public var birthRate: Float {
        get { own.birthRate }
        set { update(\.birthRate, to: newValue) }
    }

    /// Multiplies every sampled lifetime, ≥ 0; 0 stops new particles. Default 1. Animatable.
    public var lifetime: Float {
        get { own.lifetime }
        set { update(\.lifetime, to: newValue) }
    }

    /// Multiplies every sampled initial speed. Default 1. Animatable.
    public var velocity: Float {
        get { own.velocity }
        set { update(\.velocity, to: newValue) }
    }

    /// Multiplies every sampled scale and scaleSpeed. Default 1. Animatable.
    public var scale: Float {
        get { own.scale }
        set { update(\.scale, to: newValue) }
    }

    /// Multiplies every sampled spin. Default 1. Animatable.
    public var spin: Float {
        get { own.spin }
        set { update(\.spin, to: newValue) }
    }

    // MARK: - Randomness and limits

    /// Seed of this layer's random generator (docs/Design.md §3.9). Default 0.
    public var seed: UInt32 {
        get { own.seed }
        set { update(\.seed, to: newValue) }
    }

    /// Extension: most live particles of this layer, ≥ 0; further births are dropped and counted. Default 100 000.
    public var maxParticles: Int {
        get { own.maxParticles }
        set { update(\.maxParticles, to: newValue) }
    }

    /// Extension: whether the engine warns, once, when this layer drops births because `maxParticles` is
    /// reached. Default true; false where a full pool is the intended behaviour (cocos2d files, whose
    /// rate is the pool ÷ the lifespan). Births are dropped and counted either way.
    public var warnsWhenFull: Bool {
        get { own.warnsWhenFull }
        set { update(\.warnsWhenFull, to: newValue) }
    }

    /// Extension: how ranges are read (docs/Design.md §3.1). Default `.fullWidth` (M ± R).
    public var rangeSemantics: CAEmitterRangeSemantics {
        get { own.rangeSemantics }
        set { update(\.rangeSemantics, to: newValue) }
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
    override package class var keyAccessors: [String: LayerKeyAccessor] { CAEmitterLayer.emitterLayerAccessors }

    static let emitterLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging(
        LayerKeyAccessor.table(keys)
    ) { $1 }

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let keys: [KeyDescription<CAEmitterLayer>] = [
        .init("emitterPosition", \.emitterPosition, animatable: true),
        .init("emitterZPosition", \.emitterZPosition, animatable: true),
        .init("emitterSize", \.emitterSize, animatable: true),
        .init("emitterDepth", \.emitterDepth, animatable: true),
        .init("emitterShape", \.emitterShape),
        .init("emitterMode", \.emitterMode),
        .init("renderMode", \.renderMode),
        .init("preservesDepth", \.preservesDepth),
        .init("birthRate", \.birthRate, .nonNegative, animatable: true),
        .init("lifetime", \.lifetime, .nonNegative, animatable: true),
        .init("velocity", \.velocity, animatable: true),
        .init("scale", \.scale, animatable: true),
        .init("spin", \.spin, animatable: true),
        .init("seed", \.seed),
        .init("maxParticles", \.maxParticles, .nonNegative),
        .init("warnsWhenFull", \.warnsWhenFull),
        .init("rangeSemantics", \.rangeSemantics),
    ]
}
