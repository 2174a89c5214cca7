import Foundation
import LayerKit

/// Lays out a request's text in one face: paragraphs, wrapping, truncation, alignment, glyph positions.
///
/// Core Animation's rules as implemented here:
/// - The first baseline is `ascent` below the top of the bounds; lines are `lineHeight` apart.
/// - Without wrapping each paragraph is one line; a line wider than the bounds is truncated by the mode,
///   or clipped when the mode is `.none`.
/// - With wrapping, when the lines overflow the height and the mode is not `.none`, only the lines that
///   fit are kept (at least one) and the last of them is truncated: `.end` shortens that line and ends it
///   with "…"; `.start` and `.middle` shorten the rest of the text from that line on, as one line.
/// - Justified text stretches the spaces of every line except a paragraph's last; natural is left.
struct TextLayoutEngine {
    let face: FontFace
    let request: TextRequest

    private var fontSize: CGFloat { request.fontSize }
    private var scale: CGFloat { fontSize / face.unitsPerEm }

    /// Lines to build: a shaped run, the range shown, and how the line came about.
    private struct PendingLine {
        var text: ShapedText
        var range: Range<Int>
        var paragraph: Int
        var endsParagraph: Bool
        var isTruncated: Bool
    }

    func layout() -> (lines: [TextLine], hidden: Int, ascent: CGFloat, descent: CGFloat, lineHeight: CGFloat) {
        let ascent = face.ascender * scale
        let descent = face.descender * scale
        let lineHeight = face.lineHeight * scale
        let paragraphs = TextLayoutEngine.paragraphs(of: request.string).map {
            ShapedText($0, face: face, fontSize: fontSize)
        }
        let width = request.size.width
        var pending: [PendingLine] = []
        var hidden = 0
        for (p, shaped) in paragraphs.enumerated() {
            let ranges = request.isWrapped ? LineBreaker.lines(of: shaped, width: width) : [0..<shaped.count]
            for (i, r) in ranges.enumerated() {
                pending.append(
                    PendingLine(
                        text: shaped, range: r, paragraph: p, endsParagraph: i == ranges.count - 1,
                        isTruncated: false))
            }
        }
        let mode = request.truncationMode
        if mode != .none {
            if request.isWrapped {
                let fitting = max(1, Int(((request.size.height + 1e-6) / lineHeight).rounded(.down)))
                if pending.count > fitting {
                    hidden = pending.count - fitting
                    let last = pending[fitting - 1]
                    pending.removeSubrange((fitting - 1)...)
                    let truncated: ShapedText?
                    if mode == .end {
                        truncated = LineTruncator.truncate(
                            last.text, last.range.lowerBound, last.range.upperBound, width: width,
                            mode: mode, force: true, face: face, fontSize: fontSize)
                    } else {
                        let rest = remainingText(from: last, paragraphs: paragraphs)
                        truncated =
                            LineTruncator.truncate(
                                rest, 0, rest.count, width: width, mode: mode, force: false,
                                face: face, fontSize: fontSize)
                            ?? rest
                    }
                    if let t = truncated {
                        pending.append(
                            PendingLine(
                                text: t, range: 0..<t.count, paragraph: last.paragraph, endsParagraph: true,
                                isTruncated: true))
                    }
                }
            } else {
                for i in pending.indices {
                    let l = pending[i]
                    if let t = LineTruncator.truncate(
                        l.text, l.range.lowerBound, l.range.upperBound, width: width, mode: mode,
                        force: false, face: face, fontSize: fontSize)
                    {
                        pending[i] = PendingLine(
                            text: t, range: 0..<t.count, paragraph: l.paragraph,
                            endsParagraph: l.endsParagraph, isTruncated: true)
                    }
                }
            }
        }
        let lines = pending.enumerated().map { i, l in
            place(l, baseline: ascent + CGFloat(i) * lineHeight, width: width)
        }
        return (lines, hidden, ascent, descent, lineHeight)
    }

    // MARK: - Placing a line

    private func place(_ l: PendingLine, baseline: CGFloat, width: CGFloat) -> TextLine {
        let s = l.text
        let a = l.range.lowerBound
        let b = l.range.upperBound
        let visibleEnd = s.trimmedEnd(a, b)
        var lineWidth = s.width(a, visibleEnd)
        // Justification: spread the free space over the spaces between the first and last visible glyph.
        var extraPerSpace: CGFloat = 0
        let firstVisible = s.trimmedStart(a, visibleEnd)
        if request.alignmentMode == .justified, !l.endsParagraph, !l.isTruncated, lineWidth < width {
            let gaps = (firstVisible..<visibleEnd).filter { s.isSpace[$0] }.count
            if gaps > 0 {
                extraPerSpace = (width - lineWidth) / CGFloat(gaps)
                lineWidth = width
            }
        }
        let originX: CGFloat
        switch request.alignmentMode {
        case .right: originX = width - lineWidth
        case .center: originX = (width - lineWidth) / 2
        default: originX = 0
        }
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(b - a)
        var shift: CGFloat = 0
        var text = String.UnicodeScalarView()
        for i in a..<b {
            glyphs.append(
                PositionedGlyph(
                    glyph: s.glyphs[i], scalar: s.scalars[i],
                    position: CGPoint(x: originX + s.x[i] - s.x[a] + shift, y: baseline),
                    advance: s.advances[i]))
            text.append(s.scalars[i])
            if extraPerSpace > 0, s.isSpace[i], i >= firstVisible, i < visibleEnd { shift += extraPerSpace }
        }
        return TextLine(
            text: String(text), origin: CGPoint(x: originX, y: baseline), width: lineWidth, glyphs: glyphs,
            isTruncated: l.isTruncated, endsParagraph: l.endsParagraph)
    }

    /// The text from a line's start to the end of the string, paragraphs joined by spaces.
    private func remainingText(from line: PendingLine, paragraphs: [ShapedText]) -> ShapedText {
        var units = line.text.units(line.range.lowerBound, line.text.count)
        for p in paragraphs[(line.paragraph + 1)...] {
            units.append((" ", true))
            units += p.units(0, p.count)
        }
        return ShapedText(units, face: face, fontSize: fontSize)
    }

    // MARK: - Paragraphs

    /// The string split into paragraphs of (scalar, starts-a-character) units, NFC-normalised so that
    /// accented letters use the font's precomposed glyphs. Control characters other than tab are dropped.
    static func paragraphs(of string: String) -> [[(Unicode.Scalar, Bool)]] {
        if string.isEmpty { return [] }
        if string.unicodeScalars.allSatisfy({ $0.value < 0x300 }) { return simpleParagraphs(of: string) }
        return generalParagraphs(of: string)
    }

    /// Any text: NFC normalisation and grapheme breaking.
    static func generalParagraphs(of string: String) -> [[(Unicode.Scalar, Bool)]] {
        if string.isEmpty { return [] }
        var result: [[(Unicode.Scalar, Bool)]] = [[]]
        for ch in string.precomposedStringWithCanonicalMapping {
            if ch.isNewline {
                result.append([])
                continue
            }
            var first = true
            for u in ch.unicodeScalars {
                if u.properties.generalCategory == .control, u != "\t" { continue }
                result[result.count - 1].append((u, first))
                first = false
            }
        }
        return result
    }

    /// The same for text below U+0300 (Latin-1 and Latin Extended), which is already NFC and where every
    /// scalar is a character of its own: no normalisation, no grapheme breaking. "\r\n" is one break.
    static func simpleParagraphs(of string: String) -> [[(Unicode.Scalar, Bool)]] {
        var result: [[(Unicode.Scalar, Bool)]] = [[]]
        var afterCR = false
        for u in string.unicodeScalars {
            let v = u.value
            defer { afterCR = v == 13 }
            if v == 10 && afterCR { continue }
            if v == 10 || v == 13 || v == 11 || v == 12 || v == 0x85 {
                result.append([])
                continue
            }
            if (v < 32 && v != 9) || (v >= 127 && v < 160) { continue }
            result[result.count - 1].append((u, true))
        }
        return result
    }
}
