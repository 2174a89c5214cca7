import Foundation
import LayerKit

/// Greedy line breaking for wrapped text: breaks at spaces, and inside a word (between characters) only
/// when the word alone is wider than the line.
enum LineBreaker {
    /// The unit ranges of the lines of one paragraph wrapped at `width` points. Spaces at a break hang
    /// at the end of the line and are not part of the returned range; an empty paragraph is one empty line.
    static func lines(of s: ShapedText, width: CGFloat) -> [Range<Int>] {
        let n = s.count
        guard n > 0 else { return [0..<0] }
        let limit = width + 1e-6
        var lines: [Range<Int>] = []
        var lineStart = 0
        var lineEnd = 0
        var i = 0
        // The end of the word last measured: a word cut over many lines is scanned once, not once per
        // line (a 1 MiB word made wrapping quadratic: fuzz finding, docs/Limits.md).
        var knownWordEnd = 0
        while i < n {
            let wordStart = s.trimmedStart(i, n)
            if wordStart == n {
                lineEnd = n
                break
            }
            var wordEnd = wordStart
            if knownWordEnd > wordStart {
                wordEnd = knownWordEnd
            } else {
                while wordEnd < n, !s.isSpace[wordEnd] { wordEnd += 1 }
                knownWordEnd = wordEnd
            }
            if s.width(lineStart, wordEnd) <= limit {
                lineEnd = wordEnd
                i = wordEnd
                continue
            }
            if lineEnd > lineStart {
                // The word moves to the next line; the spaces before it hang on this one.
                lines.append(lineStart..<lineEnd)
                lineStart = wordStart
                lineEnd = wordStart
                i = wordStart
                continue
            }
            // The word is wider than the line on its own: cut it at the last character boundary that fits,
            // keeping at least one character so that every line makes progress.
            var cut = -1
            var k = lineStart + 1
            while k <= wordEnd {
                if k == wordEnd || s.clusterStart[k] {
                    if s.width(lineStart, k) <= limit {
                        cut = k
                    } else {
                        if cut < 0 { cut = k }
                        break
                    }
                }
                k += 1
            }
            lines.append(lineStart..<cut)
            lineStart = cut
            lineEnd = cut
            i = cut
        }
        // The last line, unless a cut inside the final word already ended the text.
        if lineStart < n || lines.isEmpty { lines.append(lineStart..<max(lineEnd, lineStart)) }
        return lines
    }
}
