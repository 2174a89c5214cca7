import Foundation

/// A string-valued constant type in Apple's style (`.resizeAspect`, `.additive`), whose raw values are
/// Apple's raw strings. `allCases` lists the values Core Animation defines, for validation messages.
public protocol StringConstant: RawRepresentable, Hashable, Sendable, CustomStringConvertible where RawValue == String {
    /// Every value Core Animation defines, in documentation order.
    static var allCases: [Self] { get }
}

extension StringConstant {
    /// The raw string.
    public var description: String { rawValue }
    /// The value whose raw string is `raw`, if it is one of `allCases`.
    public static func known(_ raw: String) -> Self? { allCases.first { $0.rawValue == raw } }
}

// MARK: - CALayer

/// How a layer's contents are positioned or scaled within its bounds. Default `.resize`.
///
/// As in Core Animation's header, "top" always means maximum y and "bottom" minimum y, so in an
/// unflipped y-down layer `.top` puts the image at the bottom edge (the well-known iOS quirk).
public struct CALayerContentsGravity: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Centred, not scaled.
    public static let center = Self(rawValue: "center")
    /// Top edge centred, not scaled.
    public static let top = Self(rawValue: "top")
    /// Bottom edge centred, not scaled.
    public static let bottom = Self(rawValue: "bottom")
    /// Left edge centred, not scaled.
    public static let left = Self(rawValue: "left")
    /// Right edge centred, not scaled.
    public static let right = Self(rawValue: "right")
    /// Top-left corner, not scaled.
    public static let topLeft = Self(rawValue: "topLeft")
    /// Top-right corner, not scaled.
    public static let topRight = Self(rawValue: "topRight")
    /// Bottom-left corner, not scaled.
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    /// Bottom-right corner, not scaled.
    public static let bottomRight = Self(rawValue: "bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = Self(rawValue: "resize")
    /// Scaled to fit inside the bounds, keeping the aspect ratio.
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    /// Scaled to cover the bounds, keeping the aspect ratio.
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
    /// The 12 values.
    public static let allCases: [Self] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight,
        .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill,
    ]
}

/// A texture filter for contents. Default `.linear` for both minification and magnification.
public struct CALayerContentsFilter: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear filtering.
    public static let linear = Self(rawValue: "linear")
    /// Nearest neighbour: hard pixel edges.
    public static let nearest = Self(rawValue: "nearest")
    /// Bilinear between mipmap levels.
    public static let trilinear = Self(rawValue: "trilinear")
    /// The three values.
    public static let allCases: [Self] = [.linear, .nearest, .trilinear]
}

/// Which corners `cornerRadius` rounds. Default: all four.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Wraps bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top-left on a y-down screen (minimum x, minimum y).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// Top-right (maximum x, minimum y).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// Bottom-left (minimum x, maximum y).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// Bottom-right (maximum x, maximum y).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    /// All four corners.
    public static let allCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner,
        .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
}

// MARK: - Timing

/// What an animation shows outside its active interval. Default `.removed`.
public struct CAMediaTimingFillMode: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No effect outside the active interval.
    public static let removed = Self(rawValue: "removed")
    /// Holds the final value after the end.
    public static let forwards = Self(rawValue: "forwards")
    /// Shows the initial value before the start.
    public static let backwards = Self(rawValue: "backwards")
    /// Both forwards and backwards.
    public static let both = Self(rawValue: "both")
    /// The four values.
    public static let allCases: [Self] = [.removed, .forwards, .backwards, .both]
}

// MARK: - Emitter

/// The shape particles are emitted from (docs/Design.md §3.3). Default `.point`.
public struct CAEmitterLayerEmitterShape: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// emitterPosition.
    public static let point = Self(rawValue: "point")
    /// A horizontal segment of length emitterSize.width centred on emitterPosition.
    public static let line = Self(rawValue: "line")
    /// An emitterSize rectangle centred on emitterPosition.
    public static let rectangle = Self(rawValue: "rectangle")
    /// An emitterSize × emitterDepth box centred on (emitterPosition, emitterZPosition).
    public static let cuboid = Self(rawValue: "cuboid")
    /// A circle of radius emitterSize.width.
    public static let circle = Self(rawValue: "circle")
    /// A sphere of radius emitterSize.width.
    public static let sphere = Self(rawValue: "sphere")
    /// The six values.
    public static let allCases: [Self] = [.point, .line, .rectangle, .cuboid, .circle, .sphere]
}

/// Which part of the emitter shape particles come from (docs/Design.md §3.3). Default `.volume`.
public struct CAEmitterLayerEmitterMode: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The shape's vertices (its centre for point, circle and sphere).
    public static let points = Self(rawValue: "points")
    /// The shape's edges or circumference.
    public static let outline = Self(rawValue: "outline")
    /// The shape's area (faces of a cuboid, shell of a sphere).
    public static let surface = Self(rawValue: "surface")
    /// The shape's interior (area for 2D shapes). The default.
    public static let volume = Self(rawValue: "volume")
    /// The four values.
    public static let allCases: [Self] = [.points, .outline, .surface, .volume]
}

/// The order and blending of particles (docs/Design.md §3.7). Default `.unordered`.
public struct CAEmitterLayerRenderMode: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Birth order, source-over.
    public static let unordered = Self(rawValue: "unordered")
    /// Oldest drawn first (newest on top), source-over.
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    /// Newest drawn first (oldest on top), source-over.
    public static let oldestLast = Self(rawValue: "oldestLast")
    /// Far to near by z, source-over.
    public static let backToFront = Self(rawValue: "backToFront")
    /// Birth order, additive (ONE/ONE).
    public static let additive = Self(rawValue: "additive")
    /// The five values.
    public static let allCases: [Self] = [.unordered, .oldestFirst, .oldestLast, .backToFront, .additive]
}

/// How a mean M and a range R become a random interval (docs/Design.md §3.1). Default `.fullWidth`.
public struct CAEmitterRangeSemantics: StringConstant {
    /// The raw string used in scene files.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// [M − R, M + R]: Apple's class documentation (lifetime 10 ± 3 gives 7…13). The default.
    public static let fullWidth = Self(rawValue: "fullWidth")
    /// [M − R/2, M + R/2]: the header comment's reading.
    public static let halfWidth = Self(rawValue: "halfWidth")
    /// The two values.
    public static let allCases: [Self] = [.fullWidth, .halfWidth]
}

// MARK: - Gradient, shape, text, scroll

/// The geometry of a gradient (docs/Design.md §3.13). Default `.axial`.
public struct CAGradientLayerType: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from startPoint to endPoint.
    public static let axial = Self(rawValue: "axial")
    /// Elliptical, centred on startPoint, semi-axes |endPoint − startPoint|.
    public static let radial = Self(rawValue: "radial")
    /// By angle around startPoint, 0 along endPoint − startPoint.
    public static let conic = Self(rawValue: "conic")
    /// The three values.
    public static let allCases: [Self] = [.axial, .radial, .conic]
}

/// The fill rule of a shape layer. Default `.nonZero`.
public struct CAShapeLayerFillRule: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Non-zero winding.
    public static let nonZero = Self(rawValue: "non-zero")
    /// Even-odd.
    public static let evenOdd = Self(rawValue: "even-odd")
    /// The two values.
    public static let allCases: [Self] = [.nonZero, .evenOdd]
}

/// The end caps of open strokes. Default `.butt`.
public struct CAShapeLayerLineCap: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Square end exactly at the end point.
    public static let butt = Self(rawValue: "butt")
    /// Semicircular end.
    public static let round = Self(rawValue: "round")
    /// Square end extended by half the line width.
    public static let square = Self(rawValue: "square")
    /// The three values.
    public static let allCases: [Self] = [.butt, .round, .square]
}

/// The joins between stroke segments. Default `.miter`.
public struct CAShapeLayerLineJoin: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp corner, limited by miterLimit.
    public static let miter = Self(rawValue: "miter")
    /// Rounded corner.
    public static let round = Self(rawValue: "round")
    /// Cut-off corner.
    public static let bevel = Self(rawValue: "bevel")
    /// The three values.
    public static let allCases: [Self] = [.miter, .round, .bevel]
}

/// Horizontal alignment of text. Default `.natural` (left for left-to-right text).
public struct CATextLayerAlignmentMode: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Natural alignment of the script (left here).
    public static let natural = Self(rawValue: "natural")
    /// Left-aligned.
    public static let left = Self(rawValue: "left")
    /// Right-aligned.
    public static let right = Self(rawValue: "right")
    /// Centred.
    public static let center = Self(rawValue: "center")
    /// Justified (the last line left-aligned).
    public static let justified = Self(rawValue: "justified")
    /// The five values.
    public static let allCases: [Self] = [.natural, .left, .right, .center, .justified]
}

/// Where text that does not fit is cut and replaced by "…". Default `.none`.
public struct CATextLayerTruncationMode: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Not truncated (clipped).
    public static let none = Self(rawValue: "none")
    /// "…" at the start.
    public static let start = Self(rawValue: "start")
    /// "…" at the end.
    public static let end = Self(rawValue: "end")
    /// "…" in the middle.
    public static let middle = Self(rawValue: "middle")
    /// The four values.
    public static let allCases: [Self] = [.none, .start, .end, .middle]
}

/// Which directions a scroll layer may scroll. Default `.both`.
public struct CAScrollLayerScrollMode: StringConstant {
    /// Apple's raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No scrolling.
    public static let none = Self(rawValue: "none")
    /// Vertical only.
    public static let vertically = Self(rawValue: "vertically")
    /// Horizontal only.
    public static let horizontally = Self(rawValue: "horizontally")
    /// Both directions.
    public static let both = Self(rawValue: "both")
    /// The four values.
    public static let allCases: [Self] = [.none, .vertically, .horizontally, .both]
}
