import Foundation
import LayerKit
import Testing

@testable import Compositor

/// CATextLayer drawn by the compositor: alignment, wrapping, truncation, contentsScale, caching. White
/// text on a background of gray 0.2 (51): a pixel is ink when its red channel exceeds 110.
@Suite struct TextLayerTests {
    /// The columns with ink in rows `rows` and columns `cols`.
    func inkColumns(_ fb: Framebuffer, rows: Range<Int>, cols: Range<Int>) -> [Int] {
        cols.filter { x in rows.contains { (px(fb, x, $0).first ?? 0) > 110 } }
    }

    /// The rows with ink in columns `cols`.
    func inkRows(_ fb: Framebuffer, rows: Range<Int>, cols: Range<Int>) -> [Int] {
        rows.filter { y in cols.contains { (px(fb, $0, y).first ?? 0) > 110 } }
    }

    @Test func alignmentModesPlaceTheFirstLine() throws {
        let (root, layers) = VectorScenes.alignments()
        let fb = try renderFrame(root)
        expectGolden(fb, "text-alignment")
        // First line of each 180-point box (13 pt text: the line is about 15 points tall).
        func firstLine(_ i: Int) -> [Int] {
            let y0 = Int(layers[i].frame.minY)
            return inkColumns(fb, rows: y0..<(y0 + 15), cols: 0..<200)
        }
        let left = firstLine(0)
        let right = firstLine(1)
        let center = firstLine(2)
        let justified = firstLine(3)
        let natural = firstLine(4)
        let l0 = try #require(left.first)
        let r1 = try #require(right.last)
        let c0 = try #require(center.first)
        let c1 = try #require(center.last)
        #expect(l0 >= 10 && l0 <= 12, "left starts at the box's left edge (10): \(l0)")
        #expect(r1 >= 187 && r1 <= 189, "right ends at the box's right edge (190): \(r1)")
        #expect(abs(Double(c0 + c1) / 2 - 100) <= 2, "center is centred on 100: \(c0)…\(c1)")
        let j0 = try #require(justified.first)
        let j1 = try #require(justified.last)
        #expect(j0 <= 12 && j1 >= 186, "justified first line spans the box: \(j0)…\(j1)")
        #expect(natural == left, "natural is left for left-to-right text")
        #expect((left.last ?? 0) < r1 - 3, "the left line ends short of the right edge (it wrapped): \(left.last ?? 0)")
    }

    @Test func wrappedTextBreaksIntoLinesInsideTheBox() throws {
        let fb = try renderFrame(VectorScenes.wrapping())
        expectGolden(fb, "text-wrapping")
        let rows = inkRows(fb, rows: 10..<100, cols: 10..<150)
        // Lines are separated by rows without ink: count the runs.
        var runs = 0
        for (i, y) in rows.enumerated() where i == 0 || rows[i - 1] != y - 1 { runs += 1 }
        #expect(
            runs >= 4,
            "a 78-character sentence at 14 pt in 140 points wraps into several lines: \(runs) runs of ink rows")
        #expect(inkColumns(fb, rows: 0..<110, cols: 150..<160).isEmpty, "nothing right of the box")
    }

    @Test func truncationModesPlaceTheEllipsis() throws {
        let (root, layers) = VectorScenes.truncations()
        let fb = try renderFrame(root)
        expectGolden(fb, "text-truncation")
        // Per row: the ink's top row in the first and last three ink columns. "B" and "d" reach the
        // cap height (about 10 px above the baseline at 14 pt); the ellipsis' dots sit on the baseline.
        func ends(_ i: Int) throws -> (first: Int, last: Int, span: (Int, Int)) {
            let y0 = Int(layers[i].frame.minY)
            let rows = y0..<(y0 + 22)
            let cols = inkColumns(fb, rows: rows, cols: 10..<130)
            let a = try #require(cols.first)
            let b = try #require(cols.last)
            let top0 = try #require(inkRows(fb, rows: rows, cols: a..<(a + 3)).first)
            let top1 = try #require(inkRows(fb, rows: rows, cols: (b - 2)..<(b + 1)).first)
            return (top0 - y0, top1 - y0, (a, b))
        }
        let none = try ends(0)
        let start = try ends(1)
        let middle = try ends(2)
        let end = try ends(3)
        #expect(none.span.1 >= 128, "none clips at the right edge: \(none.span)")
        #expect(start.first >= 10 && start.last < 8, "start: dots first, letters last: \(start)")
        #expect(middle.first < 8 && middle.last < 8 && middle.span.1 < 130, "middle: letters at both ends: \(middle)")
        #expect(end.first < 8 && end.last >= 10, "end: letters first, dots last: \(end)")
    }

    @Test func contentsScaleTwoGivesSharpTextWithTheSameInk() throws {
        let one = try renderFrame(VectorScenes.scaledText(contentsScale: 1), scale: 1)
        let two = try renderFrame(VectorScenes.scaledText(contentsScale: 2), scale: 2)
        expectGolden(one, "text-1x")
        expectGolden(two, "text-2x")
        // The 2× frame box-filtered to 1× carries the same ink as the 1× frame.
        var ink1 = 0.0
        var ink2 = 0.0
        for y in 0..<30 {
            for x in 0..<120 {
                ink1 += Double(px(one, x, y)[0])
                ink2 +=
                    Double(
                        px(two, 2 * x, 2 * y)[0] + px(two, 2 * x + 1, 2 * y)[0] + px(two, 2 * x, 2 * y + 1)[0]
                            + px(two, 2 * x + 1, 2 * y + 1)[0]) / 4
            }
        }
        #expect(abs(ink2 - ink1) / ink1 < 0.05, "ink at 1× \(ink1), at 2× \(ink2)")
        // Sharper: a larger share of the 2× frame's inked pixels is solid.
        func solidShare(_ fb: Framebuffer) -> Double {
            var inked = 0
            var solid = 0
            for y in 0..<fb.height {
                for x in 0..<fb.width {
                    let r = px(fb, x, y)[0]
                    if r > 0 {
                        inked += 1
                        if r > 240 { solid += 1 }
                    }
                }
            }
            return Double(solid) / Double(max(1, inked))
        }
        #expect(solidShare(two) > solidShare(one) + 0.05, "solid share 1× \(solidShare(one)), 2× \(solidShare(two))")
    }

    @Test func textIsDrawnAtTheDeviceScaleWhenThatIsLarger() throws {
        // contentsScale 1 on a 2× framebuffer is drawn at 2 pixels per point, like contentsScale 2.
        let a = try renderFrame(VectorScenes.scaledText(contentsScale: 1), scale: 2)
        let b = try renderFrame(VectorScenes.scaledText(contentsScale: 2), scale: 2)
        let same = a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in pa.elementsEqual(pb) } }
        #expect(same, "contentsScale 1 and 2 on a 2× framebuffer draw the same pixels")
    }

    @Test func textContentsAreCachedUntilTheTextChanges() throws {
        let root = VectorScenes.scaledText(contentsScale: 1)
        let t = try #require(root.sublayers?.first as? CATextLayer)
        let c = Compositor(threadCount: 1)
        c.skipsCleanFrames = false
        let fb = try Framebuffer(width: 120, height: 30, scale: 1)
        c.render(root, into: fb)
        c.render(root, into: fb)
        #expect(
            c.resources.texts.misses == 1, "an unchanged layer reuses its text: \(c.resources.texts.misses) renders")
        t.position = CGPoint(x: t.position.x + 3, y: t.position.y)
        c.render(root, into: fb)
        #expect(c.resources.texts.misses == 1, "moving the layer reuses its text")
        for change in [
            { t.string = "Changed" }, { t.fontSize = 20 }, { t.foregroundColor = VectorScenes.red },
            { t.alignmentMode = .center }, { t.isWrapped = true }, { t.truncationMode = .end },
            { t.bounds.size.width = 100 }, { t.contentsScale = 3 },
        ] as [() -> Void] {
            let before = c.resources.texts.misses
            change()
            c.render(root, into: fb)
            #expect(
                c.resources.texts.misses == before + 1, "a change redraws the text once: \(c.resources.texts.misses)")
        }
    }

    @Test func textStaysUprightUnderAGeometryFlippedSuperlayer() throws {
        // A text layer filling a flipped parent occupies the same pixels; its text must not turn over.
        let plain = VectorScenes.scaledText(contentsScale: 1)
        let flipped = VectorScenes.scaledText(contentsScale: 1)
        flipped.isGeometryFlipped = true
        let a = try renderFrame(plain)
        let b = try renderFrame(flipped)
        let same = a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in pa.elementsEqual(pb) } }
        #expect(same, "text under a flipped superlayer draws the same upright pixels")
    }

    @Test func unknownFontFallsBackWithADiagnostic() throws {
        let root = VectorScenes.scaledText(contentsScale: 1)
        let t = try #require(root.sublayers?.first as? CATextLayer)
        t.font = "No Such Font Family"
        t.name = "label"
        let c = Compositor(threadCount: 1)
        let fb = try renderFrame(root, compositor: c)
        #expect(!inkColumns(fb, rows: 0..<30, cols: 0..<120).isEmpty, "drawn in DejaVu Sans")
        #expect(
            c.diagnostics.contains { $0.contains("'label'") && $0.contains("No Such Font Family") },
            "diagnostics: \(c.diagnostics)")
    }
}
