import Foundation
import LayerKit
import Testing

@testable import Typesetting

@Suite struct TextLayoutTests {
    let fox = "The quick brown fox jumps over the lazy dog"

    // MARK: - Alignment

    @Test func alignmentPutsTheLineAtTheLeftRightOrCentre() throws {
        func line(_ mode: CATextLayerAlignmentMode) throws -> TextLine {
            try renderer.layout(
                TextRequest(
                    string: "Hello", fontSize: 36, size: CGSize(width: 300, height: 50),
                    alignmentMode: mode)
            ).lines[0]
        }
        let left = try line(.left)
        let natural = try line(.natural)
        let right = try line(.right)
        let center = try line(.center)
        #expect(left.origin.x == 0 && natural.origin.x == 0, "left \(left.origin.x), natural \(natural.origin.x)")
        #expect(close(right.maxX, 300), "right edge at \(right.maxX)")
        #expect(close((center.origin.x + center.maxX) / 2, 150), "centre at \((center.origin.x + center.maxX) / 2)")
        #expect(close(right.width, left.width) && close(center.width, left.width))
        // The drawn ink follows: right-aligned ink ends within a pixel of the right edge.
        let (_, bitmap) = try renderer.render(
            TextRequest(
                string: "Hello", fontSize: 36, size: CGSize(width: 300, height: 50),
                alignmentMode: .right))
        let ink = try #require(bitmap.inkBounds)
        #expect(ink.maxX >= 295 && ink.maxX <= 299, "right-aligned ink ends at column \(ink.maxX)")
    }

    // MARK: - Wrapping

    @Test func wrappingTheLoremParagraphKeepsEveryLineInsideTheBounds() throws {
        let width: CGFloat = 200
        let layout = try renderer.layout(
            TextRequest(
                string: lorem, fontSize: 15, size: CGSize(width: width, height: 400),
                isWrapped: true))
        // Recorded from an inspected run (DejaVu Sans 15 pt, 200 pt wide): 15 lines.
        #expect(layout.lineCount == 15, "\(layout.lines.map(\.text))")
        for l in layout.lines { #expect(l.width <= width, "line \"\(l.text)\" is \(l.width) wide") }
        // No words lost or split, and each line is full: the next word would not have fitted.
        #expect(layout.lines.map(\.text).joined(separator: " ") == lorem)
        let single = { (s: String) in
            try renderer.layout(TextRequest(string: s, fontSize: 15, size: CGSize(width: 9999, height: 40))).lines[0]
                .width
        }
        for (a, b) in zip(layout.lines, layout.lines.dropFirst()) {
            let nextWord = String(b.text.split(separator: " ")[0])
            #expect(try single(a.text + " " + nextWord) > width, "\"\(nextWord)\" would fit after \"\(a.text)\"")
        }
        #expect(
            layout.lines.enumerated().allSatisfy { close($1.origin.y, layout.ascent + CGFloat($0) * layout.lineHeight) }
        )
    }

    @Test func longWordsBreakBetweenCharacters() throws {
        let word = "Supercalifragilisticexpialidocious"
        let layout = try renderer.layout(
            TextRequest(
                string: "a " + word, fontSize: 20, size: CGSize(width: 100, height: 300),
                isWrapped: true))
        #expect(layout.lines[0].text == "a", "the short word keeps its own line")
        #expect(layout.lines.dropFirst().map(\.text).joined() == word)
        #expect(
            layout.lines.count >= 4 && layout.lines.allSatisfy { $0.width <= 100 },
            "\(layout.lines.map { ($0.text, $0.width) })")
        // Even a bounds narrower than one letter makes progress, one character per line.
        let narrow = try renderer.layout(
            TextRequest(string: "WWW", fontSize: 20, size: CGSize(width: 1, height: 300), isWrapped: true))
        #expect(narrow.lines.map(\.text) == ["W", "W", "W"])
    }

    @Test func newlinesStartParagraphsWithOrWithoutWrapping() throws {
        let s = "one\ntwo\r\nthree\rfour\u{2028}five"
        for wrapped in [false, true] {
            let layout = try renderer.layout(
                TextRequest(string: s, fontSize: 12, size: CGSize(width: 200, height: 200), isWrapped: wrapped))
            #expect(layout.lines.map(\.text) == ["one", "two", "three", "four", "five"], "wrapped \(wrapped)")
            #expect(layout.lines.allSatisfy { $0.endsParagraph })
        }
        #expect(try renderer.layout(TextRequest(string: "", size: CGSize(width: 10, height: 10))).lines.isEmpty)
        #expect(
            try renderer.layout(TextRequest(string: "a\n\nb", size: CGSize(width: 99, height: 999))).lines.map(\.text)
                == ["a", "", "b"])
    }

    // MARK: - Justification

    @Test func justifiedLinesReachBothEdgesExceptTheLast() throws {
        let width: CGFloat = 200
        let layout = try renderer.layout(
            TextRequest(
                string: lorem, fontSize: 15, size: CGSize(width: width, height: 400),
                isWrapped: true, alignmentMode: .justified))
        for l in layout.lines.dropLast() {
            let last = try #require(l.glyphs.last)
            #expect(
                l.origin.x == 0 && close(l.maxX, width) && close(last.position.x + last.advance, width, 1e-9),
                "line \"\(l.text)\" spans \(l.origin.x)…\(last.position.x + last.advance)")
        }
        let last = try #require(layout.lines.last)
        #expect(
            last.origin.x == 0 && last.width < width * 0.5, "the last line stays natural: \(last.text) \(last.width)")
        #expect(last.text == "lobortis")
    }

    // MARK: - Truncation

    @Test func eachTruncationModeShortensWithAnEllipsis() throws {
        func line(_ mode: CATextLayerTruncationMode) throws -> TextLine {
            try renderer.layout(
                TextRequest(
                    string: fox, fontSize: 20, size: CGSize(width: 150, height: 30),
                    truncationMode: mode)
            ).lines[0]
        }
        // Recorded from an inspected run (DejaVu Sans 20 pt, 150 pt wide).
        let none = try line(.none)
        let end = try line(.end)
        let start = try line(.start)
        let middle = try line(.middle)
        #expect(none.text == fox && !none.isTruncated && none.width > 400, "none clips: \(none.width)")
        #expect(end.text == "The quick br…" && end.isTruncated && end.width <= 150, "end: \(end.text) \(end.width)")
        #expect(start.text == "…the lazy dog" && start.width <= 150, "start: \(start.text) \(start.width)")
        #expect(middle.text == "The q…zy dog" && middle.width <= 150, "middle: \(middle.text) \(middle.width)")
        // Each kept part is as long as fits: one more character would overflow.
        let measure = { (s: String) in
            try renderer.layout(TextRequest(string: s, fontSize: 20, size: CGSize(width: 999, height: 30))).lines[0]
                .width
        }
        for longer in ["The quick bro…", "…r the lazy dog", "The qu…zy dog", "The q…azy dog"] {
            #expect(try measure(longer) > 150, "\"\(longer)\" would have fitted")
        }
        // A line that fits is left alone.
        let short = try renderer.layout(
            TextRequest(string: "Fox", fontSize: 20, size: CGSize(width: 150, height: 30), truncationMode: .end))
        #expect(short.lines[0].text == "Fox" && !short.lines[0].isTruncated)
    }

    @Test func wrappedTextOverflowingTheHeightTruncatesTheLastVisibleLine() throws {
        // 60 pt holds three 17.5 pt lines of the 15-line paragraph.
        let request = { (mode: CATextLayerTruncationMode) in
            TextRequest(
                string: lorem, fontSize: 15, size: CGSize(width: 200, height: 60), isWrapped: true, truncationMode: mode
            )
        }
        let end = try renderer.layout(request(.end))
        #expect(end.lines.map(\.text) == ["Lorem ipsum dolor sit", "amet, consectetur", "adipiscing elit. Quisque…"])
        #expect(end.hiddenLineCount == 12 && end.lines[2].isTruncated && end.lines[2].width <= 200)
        let start = try renderer.layout(request(.start))
        #expect(start.lines[2].text == "…m nunc sit amet lobortis", "the rest of the text, shortened at its start")
        let middle = try renderer.layout(request(.middle))
        #expect(middle.lines[2].text == "adipiscing el…met lobortis")
        // Without a truncation mode every line is kept (the bitmap clips what overflows).
        #expect(try renderer.layout(request(.none)).lineCount == 15)
    }

    // MARK: - Bad input

    @Test func badNumbersAreErrorsNamingTheProperty() {
        #expect(throws: TypesettingError.badFontSize(0)) { try renderer.layout(TextRequest(string: "a", fontSize: 0)) }
        #expect(throws: TypesettingError.badContentsScale(-2)) {
            try renderer.layout(TextRequest(string: "a", contentsScale: -2))
        }
        #expect(throws: TypesettingError.self) {
            try renderer.layout(TextRequest(string: "a", size: CGSize(width: -1, height: 5)))
        }
        #expect("\(TypesettingError.badFontSize(0))".contains("fontSize"))
        #expect(throws: TypesettingError.self) {
            try renderer.render(TextRequest(string: "a", fontSize: 5000, size: CGSize(width: 10, height: 10)))
        }
        #expect(throws: TypesettingError.bitmapTooLarge(width: 40000, height: 10)) {
            try renderer.render(TextRequest(string: "a", size: CGSize(width: 20000, height: 5), contentsScale: 2))
        }
    }
}

@Suite struct ParagraphSplittingTests {
    @Test func latinFastPathAgreesWithFullUnicodeHandling() {
        let samples = [
            "Hello", "a\r\nb\rc\nd", "tab\there", "naïve café ÆØÅ ß ÿ", "x\u{85}y", "bell\u{7}ed", "\n\n",
            "trailing \n",
        ]
        for s in samples {
            let fast = TextLayoutEngine.simpleParagraphs(of: s)
            let full = TextLayoutEngine.generalParagraphs(of: s)
            let same =
                fast.count == full.count
                && zip(fast, full).allSatisfy { a, b in
                    a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
                }
            #expect(
                same,
                "\(s.debugDescription): fast \(fast.map { $0.map { $0.0 } }), full \(full.map { $0.map { $0.0 } })")
        }
    }
}
