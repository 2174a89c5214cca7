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
        set {
            let old: LayerValue = .number(Double(own.instanceCount))
            own.instanceCount = newValue
            didChangeValue(forKey: "instanceCount", from: old)
        }
    }

    /// Whether copies keep their depth like a CATransformLayer's sublayers. Default false.
    public var preservesDepth: Bool {
        get { own.preservesDepth }
        set {
            let old: LayerValue = .bool(own.preservesDepth)
            own.preservesDepth = newValue
            didChangeValue(forKey: "preservesDepth", from: old)
        }
    }

    /// Delay of copy k's animations: k × instanceDelay seconds. Default 0. Animatable.
    public var instanceDelay: CFTimeInterval {
        get { own.instanceDelay }
        set {
            let old: LayerValue = .number(own.instanceDelay)
            own.instanceDelay = newValue
            didChangeValue(forKey: "instanceDelay", from: old)
        }
    }

    /// Applied k times to copy k, about the replicator's bounds centre. Default identity. Animatable.
    public var instanceTransform: CATransform3D {
        get { own.instanceTransform }
        set {
            let old: LayerValue = .transform(own.instanceTransform)
            own.instanceTransform = newValue
            didChangeValue(forKey: "instanceTransform", from: old)
        }
    }

    /// Colour multiplier of the original. Default opaque white. Animatable.
    public var instanceColor: CGColor? {
        get { own.instanceColor }
        set {
            let old: LayerValue = own.instanceColor.map { .color($0) } ?? .none
            own.instanceColor = newValue
            didChangeValue(forKey: "instanceColor", from: old)
        }
    }

    /// Added to the red multiplier per copy (copy k: instanceColor + k × offset, clamped). Default 0. Animatable.
    public var instanceRedOffset: Float {
        get { own.instanceRedOffset }
        set {
            let old: LayerValue = .number(Double(own.instanceRedOffset))
            own.instanceRedOffset = newValue
            didChangeValue(forKey: "instanceRedOffset", from: old)
        }
    }

    /// Added to the green multiplier per copy. Default 0. Animatable.
    public var instanceGreenOffset: Float {
        get { own.instanceGreenOffset }
        set {
            let old: LayerValue = .number(Double(own.instanceGreenOffset))
            own.instanceGreenOffset = newValue
            didChangeValue(forKey: "instanceGreenOffset", from: old)
        }
    }

    /// Added to the blue multiplier per copy. Default 0. Animatable.
    public var instanceBlueOffset: Float {
        get { own.instanceBlueOffset }
        set {
            let old: LayerValue = .number(Double(own.instanceBlueOffset))
            own.instanceBlueOffset = newValue
            didChangeValue(forKey: "instanceBlueOffset", from: old)
        }
    }

    /// Added to the alpha multiplier per copy. Default 0. Animatable.
    public var instanceAlphaOffset: Float {
        get { own.instanceAlphaOffset }
        set {
            let old: LayerValue = .number(Double(own.instanceAlphaOffset))
            own.instanceAlphaOffset = newValue
            didChangeValue(forKey: "instanceAlphaOffset", from: old)
        }
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
    override open class var keyAccessors: [String: LayerKeyAccessor] { CAReplicatorLayer.replicatorLayerAccessors }

    static let replicatorLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging([
        "instanceCount": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAReplicatorLayer).instanceCount)) },
            set: { ($0 as! CAReplicatorLayer).instanceCount = try nonNegativeInt(try $1.int(path: $2), path: $2) }),
        "preservesDepth": LayerKeyAccessor(
            animatable: false, get: { .bool(($0 as! CAReplicatorLayer).preservesDepth) },
            set: { ($0 as! CAReplicatorLayer).preservesDepth = try $1.bool(path: $2) }),
        "instanceDelay": LayerKeyAccessor(
            animatable: true, get: { .number(($0 as! CAReplicatorLayer).instanceDelay) },
            set: { ($0 as! CAReplicatorLayer).instanceDelay = try $1.double(path: $2) }),
        "instanceTransform": LayerKeyAccessor(
            animatable: true, get: { .transform(($0 as! CAReplicatorLayer).instanceTransform) },
            set: { ($0 as! CAReplicatorLayer).instanceTransform = try $1.transform(path: $2) }),
        "instanceColor": LayerKeyAccessor(
            animatable: true, get: { ($0 as! CAReplicatorLayer).instanceColor.map { .color($0) } ?? .none },
            set: { ($0 as! CAReplicatorLayer).instanceColor = try $1.optionalColor(path: $2) }),
        "instanceRedOffset": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAReplicatorLayer).instanceRedOffset)) },
            set: { ($0 as! CAReplicatorLayer).instanceRedOffset = try $1.float(path: $2) }),
        "instanceGreenOffset": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAReplicatorLayer).instanceGreenOffset)) },
            set: { ($0 as! CAReplicatorLayer).instanceGreenOffset = try $1.float(path: $2) }),
        "instanceBlueOffset": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAReplicatorLayer).instanceBlueOffset)) },
            set: { ($0 as! CAReplicatorLayer).instanceBlueOffset = try $1.float(path: $2) }),
        "instanceAlphaOffset": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAReplicatorLayer).instanceAlphaOffset)) },
            set: { ($0 as! CAReplicatorLayer).instanceAlphaOffset = try $1.float(path: $2) }),
    ]) { $1 }
}
