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
        set {
            let old: LayerValue = own.string.map { .string($0) } ?? .none
            own.string = newValue
            didChangeValue(forKey: "string", from: old)
        }
    }

    /// Font family name or a path to a font file; nil uses the bundled default (DejaVu Sans). Default nil.
    public var font: String? {
        get { own.font }
        set {
            let old: LayerValue = own.font.map { .string($0) } ?? .none
            own.font = newValue
            didChangeValue(forKey: "font", from: old)
        }
    }

    /// Font size in points, > 0. Default 36. Animatable.
    public var fontSize: CGFloat {
        get { own.fontSize }
        set {
            let old: LayerValue = .number(Double(own.fontSize))
            own.fontSize = newValue
            didChangeValue(forKey: "fontSize", from: old)
        }
    }

    /// Text colour. Default opaque white. Animatable.
    public var foregroundColor: CGColor? {
        get { own.foregroundColor }
        set {
            let old: LayerValue = own.foregroundColor.map { .color($0) } ?? .none
            own.foregroundColor = newValue
            didChangeValue(forKey: "foregroundColor", from: old)
        }
    }

    /// Whether text wraps to the bounds' width. Default false.
    public var isWrapped: Bool {
        get { own.isWrapped }
        set {
            let old: LayerValue = .bool(own.isWrapped)
            own.isWrapped = newValue
            didChangeValue(forKey: "isWrapped", from: old)
        }
    }

    /// Where text that does not fit is truncated. Default `.none`.
    public var truncationMode: CATextLayerTruncationMode {
        get { own.truncationMode }
        set {
            let old: LayerValue = .string(own.truncationMode.rawValue)
            own.truncationMode = newValue
            didChangeValue(forKey: "truncationMode", from: old)
        }
    }

    /// Horizontal alignment. Default `.natural`.
    public var alignmentMode: CATextLayerAlignmentMode {
        get { own.alignmentMode }
        set {
            let old: LayerValue = .string(own.alignmentMode.rawValue)
            own.alignmentMode = newValue
            didChangeValue(forKey: "alignmentMode", from: old)
        }
    }

    /// Whether glyph positions may be quantised to subpixels. Default false.
    public var allowsFontSubpixelQuantization: Bool {
        get { own.allowsFontSubpixelQuantization }
        set {
            let old: LayerValue = .bool(own.allowsFontSubpixelQuantization)
            own.allowsFontSubpixelQuantization = newValue
            didChangeValue(forKey: "allowsFontSubpixelQuantization", from: old)
        }
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override open class var keyAccessors: [String: LayerKeyAccessor] { CATextLayer.textLayerAccessors }

    static let textLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging([
        "string": LayerKeyAccessor(
            animatable: false, get: { ($0 as! CATextLayer).string.map { .string($0) } ?? .none },
            set: { ($0 as! CATextLayer).string = try $1.optionalString(path: $2) }),
        "font": LayerKeyAccessor(
            animatable: false, get: { ($0 as! CATextLayer).font.map { .string($0) } ?? .none },
            set: { ($0 as! CATextLayer).font = try $1.optionalString(path: $2) }),
        "fontSize": LayerKeyAccessor(
            animatable: true, get: { .number(Double(($0 as! CATextLayer).fontSize)) },
            set: { ($0 as! CATextLayer).fontSize = try positive(try $1.cgFloat(path: $2), path: $2) }),
        "foregroundColor": LayerKeyAccessor(
            animatable: true, get: { ($0 as! CATextLayer).foregroundColor.map { .color($0) } ?? .none },
            set: { ($0 as! CATextLayer).foregroundColor = try $1.optionalColor(path: $2) }),
        "isWrapped": LayerKeyAccessor(
            animatable: false, get: { .bool(($0 as! CATextLayer).isWrapped) },
            set: { ($0 as! CATextLayer).isWrapped = try $1.bool(path: $2) }),
        "wrapped": LayerKeyAccessor(
            animatable: false, get: { .bool(($0 as! CATextLayer).isWrapped) },
            set: { ($0 as! CATextLayer).isWrapped = try $1.bool(path: $2) }),
        "truncationMode": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CATextLayer).truncationMode.rawValue) },
            set: { ($0 as! CATextLayer).truncationMode = try enumValue(CATextLayerTruncationMode.self, $1, path: $2) }),
        "alignmentMode": LayerKeyAccessor(
            animatable: false, get: { .string(($0 as! CATextLayer).alignmentMode.rawValue) },
            set: { ($0 as! CATextLayer).alignmentMode = try enumValue(CATextLayerAlignmentMode.self, $1, path: $2) }),
        "allowsFontSubpixelQuantization": LayerKeyAccessor(
            animatable: false, get: { .bool(($0 as! CATextLayer).allowsFontSubpixelQuantization) },
            set: { ($0 as! CATextLayer).allowsFontSubpixelQuantization = try $1.bool(path: $2) }),
    ]) { $1 }
}
