import Foundation
import LayerKit

/// The rendered contents of text layers, kept per model layer and redrawn only when what the text looks
/// like changes: string, font, size, bounds, alignment, wrapping, truncation, colour or the pixel scale
/// it is drawn at.
typealias TextContentsCache = PerLayerCache<TextContentsKey, TextContents>

/// Everything that decides a text layer's bitmap.
struct TextContentsKey: Hashable {
    var string: String
    var font: String?
    var fontSize: Double
    var width: Double, height: Double
    var alignment: CATextLayerAlignmentMode
    var isWrapped: Bool
    var truncation: CATextLayerTruncationMode
    var color: CGColor
    /// Pixels per point of the bitmap.
    var scale: Double
}

/// What drawing a text layer's string gave.
enum TextContents {
    /// The tinted, premultiplied text image, `scale` pixels per point; `warning` tells of a font fallback.
    case image(CGImage, warning: String?)
    /// Nothing to draw (empty bitmap).
    case nothing
    /// Typesetting refused the layer; the message names the property and the fix.
    case failed(String)
}
