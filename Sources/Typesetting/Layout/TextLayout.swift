import Foundation
import LayerKit

/// One glyph placed on a line.
public struct PositionedGlyph: Equatable, Sendable {
    /// The glyph index in the font (0 is the font's "missing character" box).
    public var glyph: UInt32
    /// The character it draws.
    public var scalar: Unicode.Scalar
    /// The pen position on the baseline, in points from the bounds' top-left corner.
    public var position: CGPoint
    /// How far the pen moves after it, in points (kerning with the next glyph not included).
    public var advance: CGFloat
}

/// One laid-out line.
public struct TextLine: Equatable, Sendable {
    /// The characters shown, "…" included when truncated (trailing spaces of a wrapped line dropped).
    public var text: String
    /// The left end of the line's first glyph (x) and the baseline (y), in points from the bounds' top-left.
    public var origin: CGPoint
    /// The typographic width in points, from the first glyph's pen position to the last visible glyph's
    /// advance (trailing spaces excluded); the bounds width for a justified line.
    public var width: CGFloat
    /// The glyphs in order (spaces included, so positions map back to characters).
    public var glyphs: [PositionedGlyph]
    /// Whether the line was shortened with "…".
    public var isTruncated: Bool
    /// Whether the line ends its paragraph (the last line of a paragraph is never justified).
    public var endsParagraph: Bool

    /// The line's right end: `origin.x + width`.
    public var maxX: CGFloat { origin.x + width }
}

/// The result of laying out a `TextRequest`: lines with glyph positions, in points.
public struct TextLayout: Equatable, Sendable {
    /// What was laid out.
    public var request: TextRequest
    /// The font used.
    public var font: FontDescriptor
    /// Set when the requested font was not found and `font` is the fallback; its message names both.
    public var fontWarning: TypesettingError?
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// Baseline to the top of a line, points.
    public var ascent: CGFloat
    /// Baseline to the bottom of a line, points.
    public var descent: CGFloat
    /// Baseline-to-baseline distance, points.
    public var lineHeight: CGFloat
    /// Lines left out because the text overflowed the height and was truncated.
    public var hiddenLineCount: Int

    /// The number of lines.
    public var lineCount: Int { lines.count }

    /// The smallest rectangle holding every line box (x from the leftmost origin to the rightmost end,
    /// y from the first line's top to the last line's bottom); `.zero` with no lines.
    public var usedRect: CGRect {
        guard let first = lines.first, let last = lines.last else { return .zero }
        let minX = lines.map(\.origin.x).min() ?? 0
        let maxX = lines.map(\.maxX).max() ?? 0
        return CGRect(
            x: minX, y: first.origin.y - ascent, width: maxX - minX,
            height: last.origin.y + descent - (first.origin.y - ascent))
    }
}
