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

    /// Sets the stored field `field` to `value` and reports the change under the calling property's name,
    /// which is its key (every setter of a described property comes through here).
    @inline(__always)
    func update<Value: LayerValueConvertible>(
        _ field: WritableKeyPath<GradientState, Value>, to value: Value, key: String = #function
    ) {
        let old = own[keyPath: field].layerValue
        own[keyPath: field] = value
        didChangeValue(forKey: key, from: old)
    }

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
        set { update(\.colors, to: newValue) }
    }

    /// The stop of each colour, 0…1, increasing; nil spreads the colours evenly. Must have as many entries as `colors`. Default nil. Animatable.
    public var locations: [CGFloat]? {
        get { own.locations }
        set { update(\.locations, to: newValue) }
    }

    /// Start of the gradient in unit coordinates of the bounds ((0,0) is the top-left). Default (0.5, 0). Animatable.
    public var startPoint: CGPoint {
        get { own.startPoint }
        set { update(\.startPoint, to: newValue) }
    }

    /// End of the gradient in unit coordinates of the bounds. Default (0.5, 1). Animatable.
    public var endPoint: CGPoint {
        get { own.endPoint }
        set { update(\.endPoint, to: newValue) }
    }

    /// Axial, radial or conic (docs/Design.md §3.13). Default `.axial`.
    public var type: CAGradientLayerType {
        get { own.type }
        set { update(\.type, to: newValue) }
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override package class var keyAccessors: [String: LayerKeyAccessor] { CAGradientLayer.gradientLayerAccessors }

    static let gradientLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging(
        LayerKeyAccessor.table(keys)
    ) { $1 }

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let keys: [KeyDescription<CAGradientLayer>] = [
        .init("colors", \.colors, animatable: true),
        .init("locations", \.locations, animatable: true),
        .init("startPoint", \.startPoint, animatable: true),
        .init("endPoint", \.endPoint, animatable: true),
        .init("type", \.type),
    ]
}
