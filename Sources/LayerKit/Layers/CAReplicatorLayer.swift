import Foundation

/// A layer that draws its sublayers `instanceCount` times, each copy transformed, tinted and delayed
/// relative to the previous one (docs/Design.md §3.12). Replicated emitters share one simulation.
open class CAReplicatorLayer: CALayer {
    struct ReplicatorState {
        var instanceCount: Int = 1
        var preservesDepth: Bool = false
        var instanceDelay: CFTimeInterval = 0
        var instanceTransform: CATransform3D = CATransform3DIdentity
        var instanceColor: CGColor? = CGColor.white
        var instanceRedOffset: Float = 0
        var instanceGreenOffset: Float = 0
        var instanceBlueOffset: Float = 0
        var instanceAlphaOffset: Float = 0
    }

    var own = ReplicatorState()

    /// Sets the stored field `field` to `value` and reports the change under the calling property's name,
    /// which is its key (every setter of a described property comes through here).
    @inline(__always)
    func update<Value: LayerValueConvertible>(
        _ field: WritableKeyPath<ReplicatorState, Value>, to value: Value, key: String = #function
    ) {
        let old = own[keyPath: field].layerValue
        own[keyPath: field] = value
        didChangeValue(forKey: key, from: old)
    }

    /// Creates a layer with Core Animation's default values.
    public override init() { super.init() }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    @MainActor public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes a presentation copy of `layer`, or a new CAReplicatorLayer when `layer` is nil (see `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CAReplicatorLayer(layer: $0) } ?? CAReplicatorLayer()
    }

    /// Copies the properties of `layer` (a presentation copy).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAReplicatorLayer { own = other.own }
    }

    // MARK: - Replication

    /// Number of copies of the sublayers, the original included, ≥ 0. Default 1. Animatable.
    public var instanceCount: Int {
        get { own.instanceCount }
        set { update(\.instanceCount, to: newValue) }
    }

    /// Whether copies keep their depth like a CATransformLayer's sublayers. Default false.
    public var preservesDepth: Bool {
        get { own.preservesDepth }
        set { update(\.preservesDepth, to: newValue) }
    }

    /// Delay of copy k's animations: k × instanceDelay seconds. Default 0. Animatable.
    public var instanceDelay: CFTimeInterval {
        get { own.instanceDelay }
        set { update(\.instanceDelay, to: newValue) }
    }

    /// Applied k times to copy k, about the replicator's bounds centre. Default identity. Animatable.
    public var instanceTransform: CATransform3D {
        get { own.instanceTransform }
        set { update(\.instanceTransform, to: newValue) }
    }

    /// Colour multiplier of the original. Default opaque white. Animatable.
    public var instanceColor: CGColor? {
        get { own.instanceColor }
        set { update(\.instanceColor, to: newValue) }
    }

    /// Added to the red multiplier per copy (copy k: instanceColor + k × offset, clamped). Default 0. Animatable.
    public var instanceRedOffset: Float {
        get { own.instanceRedOffset }
        set { update(\.instanceRedOffset, to: newValue) }
    }

    /// Added to the green multiplier per copy. Default 0. Animatable.
    public var instanceGreenOffset: Float {
        get { own.instanceGreenOffset }
        set { update(\.instanceGreenOffset, to: newValue) }
    }

    /// Added to the blue multiplier per copy. Default 0. Animatable.
    public var instanceBlueOffset: Float {
        get { own.instanceBlueOffset }
        set { update(\.instanceBlueOffset, to: newValue) }
    }

    /// Added to the alpha multiplier per copy. Default 0. Animatable.
    public var instanceAlphaOffset: Float {
        get { own.instanceAlphaOffset }
        set { update(\.instanceAlphaOffset, to: newValue) }
    }

    // MARK: - Instances

    /// The transform of copy `k` about the bounds centre: `instanceTransform`ᵏ conjugated by the
    /// translation to the centre, in this layer's sublayer space.
    public func transform(ofInstance k: Int) -> CATransform3D {
        var m = CATransform3DIdentity
        for _ in 0..<max(0, k) { m = CATransform3DConcat(m, instanceTransform) }
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        return CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-c.x, -c.y, 0), m),
            CATransform3DMakeTranslation(c.x, c.y, 0))
    }

    /// The transforms of copies 0..<count, equal to `transform(ofInstance:)` of each, in one pass (a
    /// renderer drawing every copy must not pay k multiplications for copy k).
    public func instanceTransforms(count: Int) -> [CATransform3D] {
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        let toCentre = CATransform3DMakeTranslation(-c.x, -c.y, 0)
        let back = CATransform3DMakeTranslation(c.x, c.y, 0)
        var out: [CATransform3D] = []
        out.reserveCapacity(max(0, count))
        var m = CATransform3DIdentity
        for k in 0..<max(0, count) {
            if k > 0 { m = CATransform3DConcat(m, instanceTransform) }
            out.append(CATransform3DConcat(CATransform3DConcat(toCentre, m), back))
        }
        return out
    }

    /// The colour multiplier of copy `k`: clamp(instanceColor + k × offsets) per channel (docs/Design.md §3.12).
    public func color(ofInstance k: Int) -> CGColor {
        let base = instanceColor ?? .white
        let kf = CGFloat(k)
        return CGColor(
            red: base.red + kf * CGFloat(instanceRedOffset), green: base.green + kf * CGFloat(instanceGreenOffset),
            blue: base.blue + kf * CGFloat(instanceBlueOffset), alpha: base.alpha + kf * CGFloat(instanceAlphaOffset)
        ).clamped
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override package class var keyAccessors: [String: LayerKeyAccessor] { CAReplicatorLayer.replicatorLayerAccessors }

    static let replicatorLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging(
        LayerKeyAccessor.table(keys)
    ) { $1 }

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let keys: [KeyDescription<CAReplicatorLayer>] = [
        .init("instanceCount", \.instanceCount, .nonNegative, animatable: true),
        .init("preservesDepth", \.preservesDepth),
        .init("instanceDelay", \.instanceDelay, animatable: true),
        .init("instanceTransform", \.instanceTransform, animatable: true),
        .init("instanceColor", \.instanceColor, animatable: true),
        .init("instanceRedOffset", \.instanceRedOffset, animatable: true),
        .init("instanceGreenOffset", \.instanceGreenOffset, animatable: true),
        .init("instanceBlueOffset", \.instanceBlueOffset, animatable: true),
        .init("instanceAlphaOffset", \.instanceAlphaOffset, animatable: true),
    ]
}
