import Foundation

/// A layer that fills its bounds (inside rounded corners, over the background) with a colour gradient.
///
/// Colours interpolate premultiplied in sRGB-encoded space; before the first and after the last location
/// the end colours extend (docs/Design.md §3.13).
open class CAGradientLayer: CALayer {
    struct GradientState {
        var colors: [CGColor]? = nil
        var locations: [CGFloat]? = nil
        var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
        var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
        var type: CAGradientLayerType = .axial
    }

    var own = GradientState()

    /// Creates a layer with Core Animation's default values.
    public override init() { super.init() }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    @MainActor public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes a presentation copy of `layer`, or a new CAGradientLayer when `layer` is nil (see `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CAGradientLayer(layer: $0) } ?? CAGradientLayer()
    }

    /// Copies the properties of `layer` (a presentation copy).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer { own = other.own }
    }

    // MARK: - Gradient

    /// The colours of the gradient, in order. Default nil (nothing drawn). Animatable.
    public var colors: [CGColor]? {
        get { own.colors }
        set {
            let old: LayerValue = own.colors.map { .colors($0) } ?? .none
            own.colors = newValue
            didChangeValue(forKey: "colors", from: old)
        }
    }

    /// The stop of each colour, 0…1, increasing; nil spreads the colours evenly. Must have as many entries as `colors`. Default nil. Animatable.
    public var locations: [CGFloat]? {
        get { own.locations }
        set {
            let old: LayerValue = own.locations.map { .numbers($0.map(Double.init)) } ?? .none
            own.locations = newValue
            didChangeValue(forKey: "locations", from: old)
        }
    }

    /// Start of the gradient in unit coordinates of the bounds ((0,0) is the top-left). Default (0.5, 0). Animatable.
    public var startPoint: CGPoint {
        get { own.startPoint }
        set {
            let old: LayerValue = .point(own.startPoint)
            own.startPoint = newValue
            didChangeValue(forKey: "startPoint", from: old)
        }
    }

    /// End of the gradient in unit coordinates of the bounds. Default (0.5, 1). Animatable.
    public var endPoint: CGPoint {
        get { own.endPoint }
        set {
            let old: LayerValue = .point(own.endPoint)
            own.endPoint = newValue
            didChangeValue(forKey: "endPoint", from: old)
        }
    }

    /// Axial, radial or conic (docs/Design.md §3.13). Default `.axial`.
    public var type: CAGradientLayerType {
        get { own.type }
        set {
            let old: LayerValue = .string(own.type.rawValue)
            own.type = newValue
            didChangeValue(forKey: "type", from: old)
        }
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override open class var keyAccessors: [String: LayerKeyAccessor] { CAGradientLayer.gradientLayerAccessors }

    static let gradientLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging([
        "colors": LayerKeyAccessor(
            animatable: true, get: { ($0 as! CAGradientLayer).colors.map { .colors($0) } ?? .none },
            set: { ($0 as! CAGradientLayer).colors = try $1.optionalColors(path: $2) }),
        "locations": LayerKeyAccessor(
            animatable: true,
            get: { ($0 as! CAGradientLayer).locations.map { .numbers($0.map(Double.init)) } ?? .none },
            set: { ($0 as! CAGradientLayer).locations = try $1.optionalNumbers(path: $2) }),
        "startPoint": LayerKeyAccessor(
            animatable: true, get: { .point(($0 as! CAGradientLayer).startPoint) },
            set: { ($0 as! CAGradientLayer).startPoint = try $1.point(path: $2) }),
        "endPoint": LayerKeyAccessor(
            animatable: true, get: { .point(($0 as! CAGradientLayer).endPoint) },
            set: { ($0 as! CAGradientLayer).endPoint = try $1.point(path: $2) }),
        "type": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CAGradientLayer).type.rawValue) },
            set: { ($0 as! CAGradientLayer).type = try enumValue(CAGradientLayerType.self, $1, path: $2) }),
    ]) { $1 }
}
