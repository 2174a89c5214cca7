import CFreeType
import Foundation
import LayerKit
import Testing

@testable import Typesetting

@Suite struct GlyphMetricsTests {
    /// "Hello" measured with FreeType directly: unhinted advances at 36 px per em plus scaled kerning.
    func freeTypeWidth(_ text: String, size: Int) -> CGFloat {
        var lib: FT_Library?
        var face: FT_Face?
        FT_Init_FreeType(&lib)
        defer { FT_Done_FreeType(lib) }
        FT_New_Face(lib, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0, &face)
        defer { FT_Done_Face(face) }
        FT_Set_Char_Size(face, 0, FT_F26Dot6(size * 64), 72, 72)
        var total: Int = 0
        var previous: UInt32 = 0
        for u in text.unicodeScalars {
            let g = FT_Get_Char_Index(face, FT_ULong(u.value))
            var k = FT_Vector()
            FT_Get_Kerning(face, previous, g, FT_UInt(FT_KERNING_UNFITTED.rawValue), &k)
            FT_Load_Glyph(face, g, 1 << 1)  // FT_LOAD_NO_HINTING
            total += Int(face!.pointee.glyph.pointee.advance.x) + Int(k.x)
            previous = g
        }
        return CGFloat(total) / 64
    }

    @Test func helloWidthAt36PointsMatchesFreeTypeAdvances() throws {
        let layout = try renderer.layout(
            TextRequest(string: "Hello", fontSize: 36, size: CGSize(width: 400, height: 60)))
        let width = try #require(layout.lines.first).width
        let reference = freeTypeWidth("Hello", size: 36)
        // DejaVu Sans (FT_Get_Advance): H 1540, e 1260, l 569, l 569, o 1253 units of 2048, no kerning → 91.25 pt.
        #expect(abs(width - reference) < 0.1, "layout width \(width), FreeType \(reference)")
        #expect(abs(width - 5191.0 * 36 / 2048) < 1e-9, "layout width \(width)")
    }

    @Test func lineMetricsComeFromTheFont() throws {
        let layout = try renderer.layout(
            TextRequest(string: "A\nB", fontSize: 36, size: CGSize(width: 100, height: 100)))
        #expect(close(layout.ascent, 1901.0 * 36 / 2048) && close(layout.descent, 483.0 * 36 / 2048))
        #expect(close(layout.lineHeight, 2384.0 * 36 / 2048))
        #expect(close(layout.lines[0].origin.y, layout.ascent), "first baseline one ascent below the top")
        #expect(close(layout.lines[1].origin.y - layout.lines[0].origin.y, layout.lineHeight))
    }

    @Test func kerningPullsPairsTogether() throws {
        let av = try renderer.layout(TextRequest(string: "AV", fontSize: 100, size: CGSize(width: 400, height: 200)))
        let a = try renderer.layout(TextRequest(string: "A", fontSize: 100, size: CGSize(width: 400, height: 200)))
        let v = try renderer.layout(TextRequest(string: "V", fontSize: 100, size: CGSize(width: 400, height: 200)))
        let kern = av.lines[0].width - a.lines[0].width - v.lines[0].width
        // DejaVu's kern table: A–V is −131 units.
        #expect(close(kern, -131.0 * 100 / 2048, 1e-6), "A–V kerning \(kern) pt")
    }

    @Test func missingCharactersDrawTheFontsBox() throws {
        let (layout, bitmap) = try renderer.render(
            TextRequest(string: "漢", fontSize: 40, size: CGSize(width: 60, height: 60)))
        #expect(layout.lines[0].glyphs[0].glyph == 0, "DejaVu Sans has no 漢: glyph 0")
        #expect(!bitmap.isBlank, "the missing-glyph box is drawn")
    }

    @Test func accentsComposeAndUnicodeIsRead() throws {
        // "e" + combining acute becomes the precomposed "é" (one glyph from the font's charmap).
        let layout = try renderer.layout(
            TextRequest(string: "Cafe\u{301} ✓ Ωμέγα", fontSize: 20, size: CGSize(width: 300, height: 40)))
        #expect(layout.lines[0].text == "Café ✓ Ωμέγα")
        #expect(layout.lines[0].glyphs.allSatisfy { $0.glyph != 0 }, "DejaVu Sans has all of these")
    }
}
