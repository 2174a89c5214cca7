import Foundation

/// A layer that draws a string in a font, aligned, wrapped and truncated within its bounds.
open class CATextLayer: CALayer {
    struct TextState {
        var string: String? = nil
        var font: String? = nil
        var fontSize: CGFloat = 36
        var foregroundColor: CGColor? = CGColor.white
        var isWrapped: Bool = false
        var truncationMode: CATextLayerTruncationMode = .none
        var alignmentMode: CATextLayerAlignmentMode = .natural
        var allowsFontSubpixelQuantization: Bool = false
    }

    var own = TextState()

    /// Sets the stored field `field` to `value` and reports the change under the calling property's name,
    /// which is its key (every setter of a described property comes through here).
    @inline(__always)
    func update<Value: LayerValueConvertible>(
        _ field: WritableKeyPath<TextState, Value>, to value: Value, key: String = #function
    ) {
        let old = own[keyPath: field].layerValue
        own[keyPath: field] = value
        didChangeValue(forKey: key, from: old)
    }

    /// Creates a layer with Core Animation's default values.
    public override init() { super.init() }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    @MainActor public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes a presentation copy of `layer`, or a new CATextLayer when `layer` is nil (see `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CATextLayer(layer: $0) } ?? CATextLayer()
    }

    /// Copies the properties of `layer` (a presentation copy).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATextLayer { own = other.own }
    }

    // MARK: - Text

    /// The text. Default nil.
    public var string: String? {
        get { own.string }
        set { update(\.string, to: newValue) }
    }

    /// Font family name or a path to a font file; nil uses the bundled default (DejaVu Sans). Default nil.
    public var font: String? {
        get { own.font }
        set { update(\.font, to: newValue) }
    }

    /// Font size in points, > 0. Default 36. Animatable.
    public var fontSize: CGFloat {
        get { own.fontSize }
        set { update(\.fontSize, to: newValue) }
    }

    /// Text colour. Default opaque white. Animatable.
    public var foregroundColor: CGColor? {
        get { own.foregroundColor }
        set { update(\.foregroundColor, to: newValue) }
    }

    /// Whether text wraps to the bounds' width. Default false.
    public var isWrapped: Bool {
        get { own.isWrapped }
        set { update(\.isWrapped, to: newValue) }
    }

    /// Where text that does not fit is truncated. Default `.none`.
    public var truncationMode: CATextLayerTruncationMode {
        get { own.truncationMode }
        set { update(\.truncationMode, to: newValue) }
    }

    /// Horizontal alignment. Default `.natural`.
    public var alignmentMode: CATextLayerAlignmentMode {
        get { own.alignmentMode }
        set { update(\.alignmentMode, to: newValue) }
    }

    /// Whether glyph positions may be quantised to subpixels. Default false.
    public var allowsFontSubpixelQuantization: Bool {
        get { own.allowsFontSubpixelQuantization }
        set { update(\.allowsFontSubpixelQuantization, to: newValue) }
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override package class var keyAccessors: [String: LayerKeyAccessor] { CATextLayer.textLayerAccessors }

    static let textLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging(
        LayerKeyAccessor.table(keys)
    ) { $1 }

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let keys: [KeyDescription<CATextLayer>] = [
        .init("string", \.string),
        .init("font", \.font),
        .init("fontSize", \.fontSize, .positive, animatable: true),
        .init("foregroundColor", \.foregroundColor, animatable: true),
        .init("isWrapped", \.isWrapped, aliases: ["wrapped"]),
        .init("truncationMode", \.truncationMode),
        .init("alignmentMode", \.alignmentMode),
        .init("allowsFontSubpixelQuantization", \.allowsFontSubpixelQuantization),
    ]
}
