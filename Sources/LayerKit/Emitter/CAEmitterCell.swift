import Foundation

/// A particle template of an emitter layer (Core Animation's CAEmitterCell): how particles are born,
/// move, change and look. Cells may have sub-cells: every live particle then emits them (docs/Design.md §3.5).
///
/// Ranges follow docs/Design.md §3.1 (`M ± R` by default); rates are per second; angles in radians.
/// A change to any property takes effect at the next simulation step without resetting live particles.
open class CAEmitterCell: CAMediaTiming, ContentsFilterNames, Hashable, CustomStringConvertible {
    struct CellState {
        var name: String? = nil
        var isEnabled: Bool = true
        var birthRate: Float = 0
        var lifetime: Float = 0
        var lifetimeRange: Float = 0
        var emissionLatitude: CGFloat = 0
        var emissionLongitude: CGFloat = 0
        var emissionRange: CGFloat = 0
        var velocity: CGFloat = 0
        var velocityRange: CGFloat = 0
        var xAcceleration: CGFloat = 0
        var yAcceleration: CGFloat = 0
        var zAcceleration: CGFloat = 0
        var scale: CGFloat = 1
        var scaleRange: CGFloat = 0
        var scaleSpeed: CGFloat = 0
        var spin: CGFloat = 0
        var spinRange: CGFloat = 0
        var color: CGColor = CGColor.white
        var redRange: Float = 0
        var greenRange: Float = 0
        var blueRange: Float = 0
        var alphaRange: Float = 0
        var redSpeed: Float = 0
        var greenSpeed: Float = 0
        var blueSpeed: Float = 0
        var alphaSpeed: Float = 0
        var contents: CGImage? = nil
        var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsScale: CGFloat = 1
        var minificationFilter: CALayerContentsFilter = .linear
        var magnificationFilter: CALayerContentsFilter = .linear
        var minificationFilterBias: Float = 0
        /// The eight CAMediaTiming values, stored as the animations store theirs.
        var timing = MediaTimingValues()
        var extensions = CellExtensionState()
        var effects = CellEffectState()
        var trail: ParticleTrail? = nil
    }

    var state = CellState()

    /// The cells this cell's particles emit (sub-cells). Default nil.
    public var emitterCells: [CAEmitterCell]? {
        didSet {
            for cell in emitterCells ?? [] { cell.parentCell = self }
            cellDidChange()
        }
    }

    /// Default property values (Core Animation's `style`). Default nil.
    public var style: [String: Any]?

    /// Values stored with `setValue(_:forKey:)` under keys no property has; `value(forKey:)` returns them.
    var userValues: [String: Any] = [:]

    /// The emitter layer this cell (or its top-level ancestor cell) belongs to.
    public internal(set) weak var owner: CAEmitterLayer?
    /// The cell whose particles emit this one, for sub-cells.
    public internal(set) weak var parentCell: CAEmitterCell?
    /// For a presentation copy, the model cell it was made from; nil for a model cell.
    public internal(set) weak var modelCell: CAEmitterCell?

    /// Increments whenever a property of this cell changes.
    package private(set) var generation: UInt64 = 0

    /// Creates a cell with Core Animation's default values.
    public required init() {}

    /// Creates a cell with default values (Core Animation's `CAEmitterCell()` / `+emitterCell`).
    public class func emitterCell() -> Self { self.init() }

    /// A copy of this cell and its sub-cells, remembering this cell as the model.
    package func presentationCopy() -> CAEmitterCell {
        let c = type(of: self).init()
        c.state = state
        c.style = style
        c.userValues = userValues
        c.modelCell = modelCell ?? self
        c.emitterCells = emitterCells?.map { $0.presentationCopy() }
        return c
    }

    func cellDidChange() {
        generation &+= 1
        // Bounded: a cell placed among its own sub-cells makes the parent chain a cycle.
        var root: CAEmitterCell = self
        var depth = 0
        while let p = root.parentCell, p !== self, depth < 1024 {
            root = p
            depth += 1
        }
        root.owner?.subtreeDidChange()
    }

    // MARK: - Identity

    /// The name used in key paths (`emitterCells.<name>.birthRate`). Default nil.
    public var name: String? {
        get { state.name }
        set {
            state.name = newValue
            cellDidChange()
        }
    }

    /// Whether the cell's particles are drawn (they are still simulated). Default true.
    public var isEnabled: Bool {
        get { state.isEnabled }
        set {
            state.isEnabled = newValue
            cellDidChange()
        }
    }

    // MARK: - Emission

    /// Particles born per second, ≥ 0 (multiplied by the layer's birthRate). Default 0. Animatable.
    public var birthRate: Float {
        get { state.birthRate }
        set {
            state.birthRate = newValue
            cellDidChange()
        }
    }

    /// Mean lifetime of a particle in seconds, ≥ 0 (multiplied by the layer's lifetime). Default 0. Animatable.
    public var lifetime: Float {
        get { state.lifetime }
        set {
            state.lifetime = newValue
            cellDidChange()
        }
    }

    /// Range of the lifetime in seconds, ≥ 0 (docs/Design.md §3.1). Default 0. Animatable.
    public var lifetimeRange: Float {
        get { state.lifetimeRange }
        set {
            state.lifetimeRange = newValue
            cellDidChange()
        }
    }

    /// Elevation of the emission direction out of the layer plane toward +z, radians. Default 0. Animatable.
    public var emissionLatitude: CGFloat {
        get { state.emissionLatitude }
        set {
            state.emissionLatitude = newValue
            cellDidChange()
        }
    }

    /// Angle of the emission direction in the layer plane from +x toward +y, radians (−π/2 is up). Default 0. Animatable.
    public var emissionLongitude: CGFloat {
        get { state.emissionLongitude }
        set {
            state.emissionLongitude = newValue
            cellDidChange()
        }
    }

    /// Full apex angle of the emission cone, radians (2π: all directions). Default 0. Animatable.
    public var emissionRange: CGFloat {
        get { state.emissionRange }
        set {
            state.emissionRange = newValue
            cellDidChange()
        }
    }

    // MARK: - Motion

    /// Mean initial speed in points per second (multiplied by the layer's velocity). Default 0. Animatable.
    public var velocity: CGFloat {
        get { state.velocity }
        set {
            state.velocity = newValue
            cellDidChange()
        }
    }

    /// Range of the initial speed, points per second, ≥ 0. Default 0. Animatable.
    public var velocityRange: CGFloat {
        get { state.velocityRange }
        set {
            state.velocityRange = newValue
            cellDidChange()
        }
    }

    /// Acceleration along x in points per second². Default 0. Animatable.
    public var xAcceleration: CGFloat {
        get { state.xAcceleration }
        set {
            state.xAcceleration = newValue
            cellDidChange()
        }
    }

    /// Acceleration along y (down) in points per second². Default 0. Animatable.
    public var yAcceleration: CGFloat {
        get { state.yAcceleration }
        set {
            state.yAcceleration = newValue
            cellDidChange()
        }
    }

    /// Acceleration along z in points per second². Default 0. Animatable.
    public var zAcceleration: CGFloat {
        get { state.zAcceleration }
        set {
            state.zAcceleration = newValue
            cellDidChange()
        }
    }

    // MARK: - Scale and spin

    /// Mean initial scale of the image (multiplied by the layer's scale; a sub-cell's by its parent's
    /// current scale instead). A sampled scale below 0 draws the image mirrored at its magnitude, as a
    /// transform scale does. Default 1. Animatable.
    public var scale: CGFloat {
        get { state.scale }
        set {
            state.scale = newValue
            cellDidChange()
        }
    }

    /// Range of the initial scale, ≥ 0. Default 0. Animatable.
    public var scaleRange: CGFloat {
        get { state.scaleRange }
        set {
            state.scaleRange = newValue
            cellDidChange()
        }
    }

    /// Change of scale per second: a scale born ≥ 0 stops at 0, a negative (mirrored) one passes through
    /// 0 as a transform scale does. Default 0. Animatable.
    public var scaleSpeed: CGFloat {
        get { state.scaleSpeed }
        set {
            state.scaleSpeed = newValue
            cellDidChange()
        }
    }

    /// Mean rotation rate in radians per second (multiplied by the layer's spin). Default 0. Animatable.
    public var spin: CGFloat {
        get { state.spin }
        set {
            state.spin = newValue
            cellDidChange()
        }
    }

    /// Range of the rotation rate, radians per second, ≥ 0. Default 0. Animatable.
    public var spinRange: CGFloat {
        get { state.spinRange }
        set {
            state.spinRange = newValue
            cellDidChange()
        }
    }

    // MARK: - Colour

    /// Mean initial colour, multiplied with the contents per channel. Default opaque white. Animatable.
    public var color: CGColor {
        get { state.color }
        set {
            state.color = newValue
            cellDidChange()
        }
    }

    /// Range of the initial red component, ≥ 0. Default 0. Animatable.
    public var redRange: Float {
        get { state.redRange }
        set {
            state.redRange = newValue
            cellDidChange()
        }
    }

    /// Range of the initial green component, ≥ 0. Default 0. Animatable.
    public var greenRange: Float {
        get { state.greenRange }
        set {
            state.greenRange = newValue
            cellDidChange()
        }
    }

    /// Range of the initial blue component, ≥ 0. Default 0. Animatable.
    public var blueRange: Float {
        get { state.blueRange }
        set {
            state.blueRange = newValue
            cellDidChange()
        }
    }

    /// Range of the initial alpha, ≥ 0. Default 0. Animatable.
    public var alphaRange: Float {
        get { state.alphaRange }
        set {
            state.alphaRange = newValue
            cellDidChange()
        }
    }

    /// Change of red per second (clamped to 0…1). Default 0. Animatable.
    public var redSpeed: Float {
        get { state.redSpeed }
        set {
            state.redSpeed = newValue
            cellDidChange()
        }
    }

    /// Change of green per second (clamped to 0…1). Default 0. Animatable.
    public var greenSpeed: Float {
        get { state.greenSpeed }
        set {
            state.greenSpeed = newValue
            cellDidChange()
        }
    }

    /// Change of blue per second (clamped to 0…1). Default 0. Animatable.
    public var blueSpeed: Float {
        get { state.blueSpeed }
        set {
            state.blueSpeed = newValue
            cellDidChange()
        }
    }

    /// Change of alpha per second (clamped to 0…1). Default 0. Animatable.
    public var alphaSpeed: Float {
        get { state.alphaSpeed }
        set {
            state.alphaSpeed = newValue
            cellDidChange()
        }
    }

    // MARK: - Contents

    /// The particle image; nil particles are invisible (useful for sub-cell emitters). Default nil.
    public var contents: CGImage? {
        get { state.contents }
        set {
            state.contents = newValue
            cellDidChange()
        }
    }

    /// The part of the image drawn, in unit coordinates. Default (0, 0, 1, 1). Animatable.
    public var contentsRect: CGRect {
        get { state.contentsRect }
        set {
            state.contentsRect = newValue
            cellDidChange()
        }
    }

    /// Image pixels per point, > 0: a particle's size is pixels ÷ contentsScale × scale. Default 1. Animatable.
    public var contentsScale: CGFloat {
        get { state.contentsScale }
        set {
            state.contentsScale = newValue
            cellDidChange()
        }
    }

    /// Filter when drawn smaller than the image, by its raw name as on iOS, where this property is a String:
    /// `"linear"` (default), `"nearest"`, `"trilinear"`, so `CALayerContentsFilter.nearest.rawValue` and
    /// `kCAFilterNearest` both assign. A name Core Animation does not define draws as `"linear"`.
    /// `ContentsFilterNames` adds the typed spelling (`cell.minificationFilter = .nearest`).
    public var minificationFilter: String {
        get { state.minificationFilter.rawValue }
        set {
            state.minificationFilter = CALayerContentsFilter(rawValue: newValue)
            cellDidChange()
        }
    }

    /// Filter when drawn larger than the image, by its raw name as on iOS (see `minificationFilter`).
    /// Default `"linear"`.
    public var magnificationFilter: String {
        get { state.magnificationFilter.rawValue }
        set {
            state.magnificationFilter = CALayerContentsFilter(rawValue: newValue)
            cellDidChange()
        }
    }

    /// Mipmap level bias for `.trilinear`. Default 0.
    public var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set {
            state.minificationFilterBias = newValue
            cellDidChange()
        }
    }

    // MARK: - Timing (CAMediaTiming, measured from the parent: the layer or, for sub-cells, the parent particle's birth)

    /// When the cell starts emitting, seconds after its parent's start. Default 0.
    public var beginTime: CFTimeInterval {
        get { state.timing.beginTime }
        set {
            state.timing.beginTime = newValue
            cellDidChange()
        }
    }

    /// Length of one emitting cycle in seconds; 0 emits without end. Default 0.
    public var duration: CFTimeInterval {
        get { state.timing.duration }
        set {
            state.timing.duration = newValue
            cellDidChange()
        }
    }

    /// Rate of the cell's time relative to its parent's. Default 1.
    public var speed: Float {
        get { state.timing.speed }
        set {
            state.timing.speed = newValue
            cellDidChange()
        }
    }

    /// Offset into the cell's time, seconds. Default 0.
    public var timeOffset: CFTimeInterval {
        get { state.timing.timeOffset }
        set {
            state.timing.timeOffset = newValue
            cellDidChange()
        }
    }

    /// Emitting cycles; `.infinity` repeats forever. Default 0 (one).
    public var repeatCount: Float {
        get { state.timing.repeatCount }
        set {
            state.timing.repeatCount = newValue
            cellDidChange()
        }
    }

    /// Total emitting time in seconds; `.infinity` for ever. Default 0 (unused).
    public var repeatDuration: CFTimeInterval {
        get { state.timing.repeatDuration }
        set {
            state.timing.repeatDuration = newValue
            cellDidChange()
        }
    }

    /// Whether alternate cycles run backwards. Default false.
    public var autoreverses: Bool {
        get { state.timing.autoreverses }
        set {
            state.timing.autoreverses = newValue
            cellDidChange()
        }
    }

    /// Whether the cell emits before its begin time or after its end. Default `.removed`.
    public var fillMode: CAMediaTimingFillMode {
        get { state.timing.fillMode }
        set {
            state.timing.fillMode = newValue
            cellDidChange()
        }
    }

    // MARK: - Key-value coding

    /// The keys a cell answers to.
    package class var keyAccessors: [String: LayerKeyAccessor] { cellAccessors }

    static let cellAccessors: [String: LayerKeyAccessor] = coreAccessors.merging(extensionAccessors) { a, _ in a }
        .merging(
            effectAccessors
        ) { a, _ in a }
        .merging(trailAccessors) { a, _ in a }

    static let coreAccessors: [String: LayerKeyAccessor] = LayerKeyAccessor.table(coreKeys)

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let coreKeys: [KeyDescription<CAEmitterCell>] = [
        .init("name", \.name),
        .init("isEnabled", \.isEnabled, aliases: ["enabled"]),
        .init("birthRate", \.birthRate, .nonNegative, animatable: true),
        .init("lifetime", \.lifetime, .nonNegative, animatable: true),
        .init("lifetimeRange", \.lifetimeRange, .nonNegative, animatable: true),
        .init("emissionLatitude", \.emissionLatitude, animatable: true, angle: true),
        .init("emissionLongitude", \.emissionLongitude, animatable: true, angle: true),
        .init("emissionRange", \.emissionRange, animatable: true, angle: true),
        .init("velocity", \.velocity, animatable: true),
        .init("velocityRange", \.velocityRange, .nonNegative, animatable: true),
        .init("xAcceleration", \.xAcceleration, animatable: true),
        .init("yAcceleration", \.yAcceleration, animatable: true),
        .init("zAcceleration", \.zAcceleration, animatable: true),
        .init("scale", \.scale, animatable: true),
        .init("scaleRange", \.scaleRange, .nonNegative, animatable: true),
        .init("scaleSpeed", \.scaleSpeed, animatable: true),
        .init("spin", \.spin, animatable: true, angle: true),
        .init("spinRange", \.spinRange, .nonNegative, animatable: true, angle: true),
        .init("color", \.color, animatable: true),
        .init("redRange", \.redRange, .nonNegative, animatable: true),
        .init("greenRange", \.greenRange, .nonNegative, animatable: true),
        .init("blueRange", \.blueRange, .nonNegative, animatable: true),
        .init("alphaRange", \.alphaRange, .nonNegative, animatable: true),
        .init("redSpeed", \.redSpeed, animatable: true),
        .init("greenSpeed", \.greenSpeed, animatable: true),
        .init("blueSpeed", \.blueSpeed, animatable: true),
        .init("alphaSpeed", \.alphaSpeed, animatable: true),
        .init("contents", \.contents),
        .init("contentsRect", \.contentsRect, animatable: true),
        .init("contentsScale", \.contentsScale, .positive, animatable: true),
        .init("minificationFilter", \.minificationFilter, constants: CALayerContentsFilter.self),
        .init("magnificationFilter", \.magnificationFilter, constants: CALayerContentsFilter.self),
        .init("minificationFilterBias", \.minificationFilterBias),
        .init("beginTime", \.beginTime),
        .init("duration", \.duration, .nonNegativeOrInfinity),
        .init("speed", \.speed),
        .init("timeOffset", \.timeOffset),
        .init("repeatCount", \.repeatCount, .nonNegativeOrInfinity),
        .init("repeatDuration", \.repeatDuration, .nonNegativeOrInfinity),
        .init("autoreverses", \.autoreverses),
        .init("fillMode", \.fillMode),
    ]

    // MARK: - Key-value coding as on iOS

    /// The value of a cell key (`"birthRate"`, `"color"`, `"emitterCells.burst.birthRate"`) as Core Animation
    /// returns it (numbers as `NSNumber`, see `LayerValue.anyValue`), a value stored under a key no property
    /// has, or nil for an unknown key path.
    public func value(forKeyPath keyPath: String) -> Any? {
        if let v = try? layerValue(forKeyPath: keyPath, fullPath: keyPath) { return v.anyValue }
        return userValues[keyPath]
    }

    /// The value of `key`; the same as `value(forKeyPath:)`.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// Sets a cell key from a Swift or Foundation value, as Core Animation does: it never throws. A plain key
    /// no property has keeps the value (cells accept any key, such as private ones some iOS code sets); an
    /// unknown key path or a value of the wrong type changes nothing. Either is reported once to
    /// `KeyValueDiagnostics`. `setLayerValue(_:forKeyPath:)` throws instead.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        setValueReporting(
            value, forKeyPath: keyPath, className: "CAEmitterCell",
            get: { try layerValue(forKeyPath: $0, fullPath: $0) },
            set: { try setLayerValue($0, forKeyPath: $1, fullPath: $1) }, store: { userValues[keyPath] = value })
    }

    /// Sets the value of `key`; the same as `setValue(_:forKeyPath:)`.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    // MARK: - Typed and throwing

    /// The value of a cell key, or a `KeyPathError` naming the problem.
    public func layerValue(forKeyPath keyPath: String) throws -> LayerValue {
        try layerValue(forKeyPath: keyPath, fullPath: keyPath)
    }

    /// Sets a cell key. Throws a `KeyPathError` for an unknown key or a bad value and then changes nothing.
    public func setLayerValue(_ value: LayerValue, forKeyPath keyPath: String) throws {
        try setLayerValue(value, forKeyPath: keyPath, fullPath: keyPath)
    }

    func layerValue(forKeyPath keyPath: String, fullPath: String) throws -> LayerValue {
        if let (cell, key) = try subcell(keyPath, fullPath: fullPath) {
            return try cell.layerValue(forKeyPath: key, fullPath: fullPath)
        }
        if let a = Self.keyAccessors[keyPath] { return a.getter(self) }
        let (base, rest) = splitKeyPath(keyPath)
        guard let rest, let a = Self.keyAccessors[base] else { throw unknownKey(keyPath, fullPath) }
        return try a.getter(self).subfield(rest, fullPath: fullPath)
    }

    func setLayerValue(_ value: LayerValue, forKeyPath keyPath: String, fullPath: String) throws {
        if let (cell, key) = try subcell(keyPath, fullPath: fullPath) {
            return try cell.setLayerValue(value, forKeyPath: key, fullPath: fullPath)
        }
        if let a = Self.keyAccessors[keyPath] { return try a.setter(self, value, fullPath) }
        let (base, rest) = splitKeyPath(keyPath)
        guard let rest, let a = Self.keyAccessors[base] else { throw unknownKey(keyPath, fullPath) }
        try a.setter(self, try a.getter(self).settingSubfield(rest, to: value, fullPath: fullPath), fullPath)
    }

    private func subcell(_ keyPath: String, fullPath: String) throws -> (CAEmitterCell, String)? {
        guard keyPath.hasPrefix("emitterCells.") else { return nil }
        let rest = keyPath.dropFirst("emitterCells.".count)
        guard let dot = rest.firstIndex(of: ".") else { throw unknownKey(keyPath, fullPath) }
        let name = String(rest[..<dot])
        guard let cell = emitterCells?.first(where: { $0.name == name }) else {
            throw KeyPathError.unknownCell(path: fullPath, name: name)
        }
        return (cell, String(rest[rest.index(after: dot)...]))
    }

    private func unknownKey(_ keyPath: String, _ fullPath: String) -> KeyPathError {
        .unknownKey(
            path: fullPath, on: "CAEmitterCell", suggestions: closeMatches(for: keyPath, in: Self.keyAccessors.keys))
    }

    // MARK: - Identity

    /// Cells are equal when they are the same object.
    public static func == (lhs: CAEmitterCell, rhs: CAEmitterCell) -> Bool { lhs === rhs }
    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// A short description with the name.
    open var description: String { "<CAEmitterCell\(name.map { " '\($0)'" } ?? "")>" }
}

// MARK: - Typed filter spellings

/// An object whose contents filters are Strings, as `CAEmitterCell`'s are on iOS, and which also takes and
/// gives them typed: `cell.magnificationFilter = kCAFilterNearest` (Swift before 4.2 and Objective-C
/// listings), `= .nearest` and `= CALayerContentsFilter.nearest.rawValue` all compile and mean the same.
/// Swift picks the String property where a String is expected or nothing says otherwise.
public protocol ContentsFilterNames: AnyObject {
    /// The minification filter's raw name.
    var minificationFilter: String { get set }
    /// The magnification filter's raw name.
    var magnificationFilter: String { get set }
}

extension ContentsFilterNames {
    /// The minification filter, typed.
    public var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: minificationFilter) }
        set { minificationFilter = newValue.rawValue }
    }

    /// The magnification filter, typed.
    public var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: magnificationFilter) }
        set { magnificationFilter = newValue.rawValue }
    }
}
