import Foundation

/// A layer that draws a vector path, filled and stroked, anti-aliased, over its background.
open class CAShapeLayer: CALayer {
    struct ShapeState {
        var path: CGPath? = nil
        var fillColor: CGColor? = CGColor.black
        var fillRule: CAShapeLayerFillRule = .nonZero
        var strokeColor: CGColor? = nil
        var strokeStart: CGFloat = 0
        var strokeEnd: CGFloat = 1
        var lineWidth: CGFloat = 1
        var miterLimit: CGFloat = 10
        var lineCap: CAShapeLayerLineCap = .butt
        var lineJoin: CAShapeLayerLineJoin = .miter
        var lineDashPhase: CGFloat = 0
        var lineDashPattern: [CGFloat]? = nil
    }

    var own = ShapeState()

    /// Sets the stored field `field` to `value` and reports the change under the calling property's name,
    /// which is its key (every setter of a described property comes through here).
    @inline(__always)
    func update<Value: LayerValueConvertible>(
        _ field: WritableKeyPath<ShapeState, Value>, to value: Value, key: String = #function
    ) {
        let old = own[keyPath: field].layerValue
        own[keyPath: field] = value
        didChangeValue(forKey: key, from: old)
    }

    /// Creates a layer with Core Animation's default values.
    public override init() { super.init() }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    @MainActor public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes a presentation copy of `layer`, or a new CAShapeLayer when `layer` is nil (see `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CAShapeLayer(layer: $0) } ?? CAShapeLayer()
    }

    /// Copies the properties of `layer` (a presentation copy).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer { own = other.own }
    }

    // MARK: - Path

    /// The shape, in the layer's coordinates (not clipped to bounds). Default nil. Animatable.
    public var path: CGPath? {
        get { own.path }
        set { update(\.path, to: newValue) }
    }

    /// Fill colour; nil does not fill. Default opaque black. Animatable.
    public var fillColor: CGColor? {
        get { own.fillColor }
        set { update(\.fillColor, to: newValue) }
    }

    /// Fill rule. Default `.nonZero`.
    public var fillRule: CAShapeLayerFillRule {
        get { own.fillRule }
        set { update(\.fillRule, to: newValue) }
    }

    /// Stroke colour; nil does not stroke. Default nil. Animatable.
    public var strokeColor: CGColor? {
        get { own.strokeColor }
        set { update(\.strokeColor, to: newValue) }
    }

    /// Where the stroke starts along the path, 0…1. Default 0. Animatable.
    public var strokeStart: CGFloat {
        get { own.strokeStart }
        set { update(\.strokeStart, to: newValue) }
    }

    /// Where the stroke ends along the path, 0…1. Default 1. Animatable.
    public var strokeEnd: CGFloat {
        get { own.strokeEnd }
        set { update(\.strokeEnd, to: newValue) }
    }

    /// Stroke width in points, ≥ 0. Default 1. Animatable.
    public var lineWidth: CGFloat {
        get { own.lineWidth }
        set { update(\.lineWidth, to: newValue) }
    }

    /// Longest miter, as a multiple of the line width. Default 10. Animatable.
    public var miterLimit: CGFloat {
        get { own.miterLimit }
        set { update(\.miterLimit, to: newValue) }
    }

    /// End caps of open subpaths. Default `.butt`.
    public var lineCap: CAShapeLayerLineCap {
        get { own.lineCap }
        set { update(\.lineCap, to: newValue) }
    }

    /// Joins between segments. Default `.miter`.
    public var lineJoin: CAShapeLayerLineJoin {
        get { own.lineJoin }
        set { update(\.lineJoin, to: newValue) }
    }

    /// Offset into the dash pattern, in points. Default 0. Animatable.
    public var lineDashPhase: CGFloat {
        get { own.lineDashPhase }
        set { update(\.lineDashPhase, to: newValue) }
    }

    /// Alternating dash and gap lengths in points; nil draws a solid line. Default nil.
    public var lineDashPattern: [CGFloat]? {
        get { own.lineDashPattern }
        set { update(\.lineDashPattern, to: newValue) }
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override package class var keyAccessors: [String: LayerKeyAccessor] { CAShapeLayer.shapeLayerAccessors }

    static let shapeLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging(
        LayerKeyAccessor.table(keys)
    ) { $1 }

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let keys: [KeyDescription<CAShapeLayer>] = [
        .init("path", \.path, animatable: true),
        .init("fillColor", \.fillColor, animatable: true),
        .init("fillRule", \.fillRule),
        .init("strokeColor", \.strokeColor, animatable: true),
        .init("strokeStart", \.strokeStart, animatable: true),
        .init("strokeEnd", \.strokeEnd, animatable: true),
        .init("lineWidth", \.lineWidth, .nonNegative, animatable: true),
        .init("miterLimit", \.miterLimit, .nonNegative, animatable: true),
        .init("lineCap", \.lineCap),
        .init("lineJoin", \.lineJoin),
        .init("lineDashPhase", \.lineDashPhase, animatable: true),
        .init("lineDashPattern", \.lineDashPattern),
    ]
}
