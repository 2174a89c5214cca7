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
        set {
            let old: LayerValue = own.path.map { .path($0) } ?? .none
            own.path = newValue
            didChangeValue(forKey: "path", from: old)
        }
    }

    /// Fill colour; nil does not fill. Default opaque black. Animatable.
    public var fillColor: CGColor? {
        get { own.fillColor }
        set {
            let old: LayerValue = own.fillColor.map { .color($0) } ?? .none
            own.fillColor = newValue
            didChangeValue(forKey: "fillColor", from: old)
        }
    }

    /// Fill rule. Default `.nonZero`.
    public var fillRule: CAShapeLayerFillRule {
        get { own.fillRule }
        set {
            let old: LayerValue = .string(own.fillRule.rawValue)
            own.fillRule = newValue
            didChangeValue(forKey: "fillRule", from: old)
        }
    }

    /// Stroke colour; nil does not stroke. Default nil. Animatable.
    public var strokeColor: CGColor? {
        get { own.strokeColor }
        set {
            let old: LayerValue = own.strokeColor.map { .color($0) } ?? .none
            own.strokeColor = newValue
            didChangeValue(forKey: "strokeColor", from: old)
        }
    }

    /// Where the stroke starts along the path, 0…1. Default 0. Animatable.
    public var strokeStart: CGFloat {
        get { own.strokeStart }
        set {
            let old: LayerValue = .number(Double(own.strokeStart))
            own.strokeStart = newValue
            didChangeValue(forKey: "strokeStart", from: old)
        }
    }

    /// Where the stroke ends along the path, 0…1. Default 1. Animatable.
    public var strokeEnd: CGFloat {
        get { own.strokeEnd }
        set {
            let old: LayerValue = .number(Double(own.strokeEnd))
            own.strokeEnd = newValue
            didChangeValue(forKey: "strokeEnd", from: old)
        }
    }

    /// Stroke width in points, ≥ 0. Default 1. Animatable.
    public var lineWidth: CGFloat {
        get { own.lineWidth }
        set {
            let old: LayerValue = .number(Double(own.lineWidth))
            own.lineWidth = newValue
            didChangeValue(forKey: "lineWidth", from: old)
        }
    }

    /// Longest miter, as a multiple of the line width. Default 10. Animatable.
    public var miterLimit: CGFloat {
        get { own.miterLimit }
        set {
            let old: LayerValue = .number(Double(own.miterLimit))
            own.miterLimit = newValue
            didChangeValue(forKey: "miterLimit", from: old)
        }
    }

    /// End caps of open subpaths. Default `.butt`.
    public var lineCap: CAShapeLayerLineCap {
        get { own.lineCap }
        set {
            let old: LayerValue = .string(own.lineCap.rawValue)
            own.lineCap = newValue
            didChangeValue(forKey: "lineCap", from: old)
        }
    }

    /// Joins between segments. Default `.miter`.
    public var lineJoin: CAShapeLayerLineJoin {
        get { own.lineJoin }
        set {
            let old: LayerValue = .string(own.lineJoin.rawValue)
            own.lineJoin = newValue
            didChangeValue(forKey: "lineJoin", from: old)
        }
    }

    /// Offset into the dash pattern, in points. Default 0. Animatable.
    public var lineDashPhase: CGFloat {
        get { own.lineDashPhase }
        set {
            let old: LayerValue = .number(Double(own.lineDashPhase))
            own.lineDashPhase = newValue
            didChangeValue(forKey: "lineDashPhase", from: old)
        }
    }

    /// Alternating dash and gap lengths in points; nil draws a solid line. Default nil.
    public var lineDashPattern: [CGFloat]? {
        get { own.lineDashPattern }
        set {
            let old: LayerValue = own.lineDashPattern.map { .numbers($0.map(Double.init)) } ?? .none
            own.lineDashPattern = newValue
            didChangeValue(forKey: "lineDashPattern", from: old)
        }
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override open class var keyAccessors: [String: LayerKeyAccessor] { CAShapeLayer.shapeLayerAccessors }

    static let shapeLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging([
        "path": LayerKeyAccessor(
            animatable: true, get: { ($0 as! CAShapeLayer).path.map { .path($0) } ?? .none },
            set: { ($0 as! CAShapeLayer).path = try $1.optionalPath(path: $2) }),
        "fillColor": LayerKeyAccessor(
            animatable: true, get: { ($0 as! CAShapeLayer).fillColor.map { .color($0) } ?? .none },
            set: { ($0 as! CAShapeLayer).fillColor = try $1.optionalColor(path: $2) }),
        "fillRule": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CAShapeLayer).fillRule.rawValue) },
            set: { ($0 as! CAShapeLayer).fillRule = try enumValue(CAShapeLayerFillRule.self, $1, path: $2) }),
        "strokeColor": LayerKeyAccessor(
            animatable: true, get: { ($0 as! CAShapeLayer).strokeColor.map { .color($0) } ?? .none },
            set: { ($0 as! CAShapeLayer).strokeColor = try $1.optionalColor(path: $2) }),
        "strokeStart": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAShapeLayer).strokeStart)) },
            set: { ($0 as! CAShapeLayer).strokeStart = try $1.cgFloat(path: $2) }),
        "strokeEnd": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAShapeLayer).strokeEnd)) },
            set: { ($0 as! CAShapeLayer).strokeEnd = try $1.cgFloat(path: $2) }),
        "lineWidth": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAShapeLayer).lineWidth)) },
            set: { ($0 as! CAShapeLayer).lineWidth = try nonNegative(try $1.cgFloat(path: $2), path: $2) }),
        "miterLimit": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAShapeLayer).miterLimit)) },
            set: { ($0 as! CAShapeLayer).miterLimit = try nonNegative(try $1.cgFloat(path: $2), path: $2) }),
        "lineCap": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CAShapeLayer).lineCap.rawValue) },
            set: { ($0 as! CAShapeLayer).lineCap = try enumValue(CAShapeLayerLineCap.self, $1, path: $2) }),
        "lineJoin": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CAShapeLayer).lineJoin.rawValue) },
            set: { ($0 as! CAShapeLayer).lineJoin = try enumValue(CAShapeLayerLineJoin.self, $1, path: $2) }),
        "lineDashPhase": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CAShapeLayer).lineDashPhase)) },
            set: { ($0 as! CAShapeLayer).lineDashPhase = try $1.cgFloat(path: $2) }),
        "lineDashPattern": LayerKeyAccessor(
            animatable: false,
            get: { ($0 as! CAShapeLayer).lineDashPattern.map { .numbers($0.map(Double.init)) } ?? .none },
            set: { ($0 as! CAShapeLayer).lineDashPattern = try $1.optionalNumbers(path: $2) }),
    ]) { $1 }
}
