import Foundation
import LayerKit

/// Shortens a line to a width with "…" (U+2026; three full stops when the font lacks it), cutting only
/// between characters and dropping spaces next to the ellipsis.
enum LineTruncator {
    /// Units a..<b of `s` truncated to `width` points in `mode`. Returns nil when they fit and `force` is
    /// false (or the mode is `.none`); with `force`, an `.end` truncation always ends in "…" (the last
    /// visible line of overflowing wrapped text).
    static func truncate(
        _ s: ShapedText, _ a: Int, _ b: Int, width: CGFloat, mode: CATextLayerTruncationMode,
        force: Bool, face: FontFace, fontSize: CGFloat
    ) -> ShapedText? {
        guard mode != .none else { return nil }
        let limit = width + 1e-6
        if !force, s.visibleWidth(a, b) <= limit { return nil }
        let ellipsis: [(Unicode.Scalar, Bool)] =
            face.hasGlyph(for: "\u{2026}")
            ? [("\u{2026}", true)] : [(".", true), (".", true), (".", true)]
        let ellipsisWidth = ShapedText(ellipsis, face: face, fontSize: fontSize).width(0, ellipsis.count)
        let room = limit - ellipsisWidth
        func boundary(_ k: Int) -> Bool { k == a || k == b || s.clusterStart[k] }
        func shape(_ units: [(Unicode.Scalar, Bool)]) -> ShapedText {
            ShapedText(units, face: face, fontSize: fontSize)
        }

        switch mode {
        case .start:
            // The shortest suffix start that fits after the ellipsis.
            var k = a
            while k < b, !(boundary(k) && s.width(s.trimmedStart(k, b), b) <= room) { k += 1 }
            let start = s.trimmedStart(k, b)
            return shape(ellipsis + s.units(start, b))
        case .middle:
            var head = a
            var tail = b
            var headWidth: CGFloat = 0
            var tailWidth: CGFloat = 0
            // Grow the narrower side by one character while both sides fit together.
            while head < tail {
                let nextHead = nextBoundary(after: head, limit: tail, boundary)
                let nextTail = previousBoundary(before: tail, limit: head, boundary)
                let growHead = s.width(a, nextHead)
                let growTail = s.width(nextTail, b)
                if headWidth <= tailWidth, growHead + tailWidth <= room {
                    head = nextHead
                    headWidth = growHead
                } else if growTail + headWidth <= room {
                    tail = nextTail
                    tailWidth = growTail
                } else if growHead + tailWidth <= room {
                    head = nextHead
                    headWidth = growHead
                } else {
                    break
                }
            }
            if head >= tail, !force { return nil }
            return shape(s.units(a, s.trimmedEnd(a, head)) + ellipsis + s.units(s.trimmedStart(tail, b), b))
        default:
            // .end: the longest prefix that fits before the ellipsis.
            var k = a
            var best = a
            while k < b {
                k += 1
                if boundary(k) {
                    if s.visibleWidth(a, k) <= room { best = k } else { break }
                }
            }
            return shape(s.units(a, s.trimmedEnd(a, best)) + ellipsis)
        }
    }

    private static func nextBoundary(after k: Int, limit: Int, _ boundary: (Int) -> Bool) -> Int {
        var j = k + 1
        while j < limit, !boundary(j) { j += 1 }
        return min(j, limit)
    }

    private static func previousBoundary(before k: Int, limit: Int, _ boundary: (Int) -> Bool) -> Int {
        var j = k - 1
        while j > limit, !boundary(j) { j -= 1 }
        return max(j, limit)
    }
}
