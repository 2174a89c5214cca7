import Foundation
import LayerKit

/// What to typeset: a `CATextLayer`'s text properties, or the same values given directly.
public struct TextRequest: Equatable, Sendable {
    /// The text; "\n", "\r\n", "\r", U+2028 and U+2029 break paragraphs. Default "".
    public var string: String
    /// A font name ("DejaVu Sans Bold") or font file path; nil for DejaVu Sans. Default nil.
    public var font: String?
    /// Font size in points, > 0. Default 36 (Core Animation's).
    public var fontSize: CGFloat
    /// The bounds size in points: the wrapping width and the visible height. Default 0 × 0.
    public var size: CGSize
    /// Whether lines wrap at the bounds width. Default false.
    public var isWrapped: Bool
    /// Where a line that does not fit is shortened with "…". Default `.none` (clipped).
    public var truncationMode: CATextLayerTruncationMode
    /// Horizontal alignment. Default `.natural` (left for the left-to-right text supported here).
    public var alignmentMode: CATextLayerAlignmentMode
    /// Pixels per point of the bitmap, > 0. Default 1; 2 gives sharp text on a 2× display.
    public var contentsScale: CGFloat

    /// Creates a request; the defaults are Core Animation's.
    public init(
        string: String = "", font: String? = nil, fontSize: CGFloat = 36, size: CGSize = .zero,
        isWrapped: Bool = false, truncationMode: CATextLayerTruncationMode = .none,
        alignmentMode: CATextLayerAlignmentMode = .natural, contentsScale: CGFloat = 1
    ) {
        self.string = string
        self.font = font
        self.fontSize = fontSize
        self.size = size
        self.isWrapped = isWrapped
        self.truncationMode = truncationMode
        self.alignmentMode = alignmentMode
        self.contentsScale = contentsScale
    }

    /// The request a text layer makes (read as it is: pass the presentation layer for animated values).
    public init(textLayer l: CATextLayer) {
        self.init(
            string: l.string ?? "", font: l.font, fontSize: l.fontSize, size: l.bounds.size,
            isWrapped: l.isWrapped, truncationMode: l.truncationMode, alignmentMode: l.alignmentMode,
            contentsScale: l.contentsScale)
    }

    /// Checks the numbers.
    func validate() throws {
        guard fontSize.isFinite, fontSize > 0 else { throw TypesettingError.badFontSize(fontSize) }
        guard contentsScale.isFinite, contentsScale > 0 else { throw TypesettingError.badContentsScale(contentsScale) }
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw TypesettingError.badSize(size)
        }
    }
}
