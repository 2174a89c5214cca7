import Testing

@testable import SDLHost

/// The built-in 5×7 font: complete, distinct, within its cell.
@Suite struct BitmapFontTests {
    let font = BitmapFont.standard

    @Test func everyPrintableASCIICharacterHasADistinctGlyph() {
        var seen: [[UInt8]: UInt8] = [:]
        for code in UInt8(32)...126 {
            let rows = (0..<font.glyphHeight).map { font.rowMask(code: code, row: $0) }
            #expect(
                seen[rows] == nil,
                "glyph \(UnicodeScalar(code)) equals glyph \(seen[rows].map { String(UnicodeScalar($0)) } ?? "")")
            seen[rows] = code
        }
        #expect(seen.count == 95)
    }

    @Test func everyGlyphButSpaceHasInkAndStaysInsideFiveColumns() {
        for code in UInt8(32)...126 {
            let rows = (0..<font.glyphHeight).map { font.rowMask(code: code, row: $0) }
            #expect(rows.allSatisfy { $0 < 32 }, "glyph \(UnicodeScalar(code)) rows \(rows)")
            #expect((rows.reduce(0, |) != 0) == (code != 32), "glyph \(UnicodeScalar(code)) ink \(rows)")
        }
    }

    @Test func descendersUseOnlyTheBottomTwoRowsOfLowercaseLetters() {
        let descending: Set<Character> = ["g", "j", "p", "q", "y", ",", ";", "_"]
        for code in UInt8(32)...126 {
            let hasDescender = font.rowMask(code: code, row: 7) | font.rowMask(code: code, row: 8) != 0
            let character = Character(UnicodeScalar(code))
            #expect(hasDescender == descending.contains(character), "glyph \(character)")
        }
    }

    @Test func capitalAHasAFullCrossbarOnRowThree() {
        #expect(font.rowMask(code: UInt8(ascii: "A"), row: 3) == 0b11111)
        #expect(font.rowMask(code: UInt8(ascii: "A"), row: 0) == 0b01110)
        #expect(font.isInk(code: UInt8(ascii: "A"), x: 0, y: 6))
        #expect(!font.isInk(code: UInt8(ascii: "A"), x: 2, y: 6))
    }

    @Test func codesOutsideASCIIDrawAsQuestionMark() {
        for row in 0..<font.glyphHeight {
            #expect(font.rowMask(code: 200, row: row) == font.rowMask(code: UInt8(ascii: "?"), row: row))
        }
    }

    @Test func typographicCharactersBecomeASCIILookAlikes() {
        let text = "birthRate: expected a number ≥ 0 — got “−5”…"
        let ascii = String(decoding: font.codes(for: text), as: UTF8.self)
        #expect(ascii == "birthRate: expected a number >= 0 - got \"-5\"...", "\(ascii)")
        #expect(String(decoding: font.codes(for: "ü\t!"), as: UTF8.self) == "?    !")
    }

    @Test func textWidthIsAdvanceTimesCountMinusTheLastGap() {
        #expect(font.width(of: "") == 0)
        #expect(font.width(of: "A") == 5)
        #expect(font.width(of: "fps") == 17)
        #expect(font.width(of: "≥") == 11, "≥ is drawn as two glyphs")
    }
}
