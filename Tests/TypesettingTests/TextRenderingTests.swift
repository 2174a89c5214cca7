import EmitterTestSupport
import Foundation
import LayerKit
import Testing

@testable import Typesetting

@Suite struct TextRenderingTests {
    let request = TextRequest(string: "Sharp text", fontSize: 24, size: CGSize(width: 150, height: 40))

    @Test func contentsScaleTwoGivesATwiceAsLargeAndSharperBitmap() throws {
        var r2 = request
        r2.contentsScale = 2
        let (l1, b1) = try renderer.render(request)
        let (l2, b2) = try renderer.render(r2)
        #expect(b1.width == 150 && b1.height == 40 && b2.width == 300 && b2.height == 80)
        #expect(l1.lines == l2.lines, "layout is in points and does not depend on the scale")
        let i1 = try #require(b1.inkBounds)
        let i2 = try #require(b2.inkBounds)
        #expect(abs((i2.maxX - i2.minX) - 2 * (i1.maxX - i1.minX)) <= 2, "ink widths \(i1) at 1×, \(i2) at 2×")
        // Edges are half as wide relative to the glyphs: fewer partially covered pixels among covered ones.
        let p1 = b1.partialCoverageFraction
        let p2 = b2.partialCoverageFraction
        #expect(p2 < p1 * 0.8, "partial-coverage fraction \(p1) at 1×, \(p2) at 2×")
        print(
            "text written to \(try writePNG(b1, named: "sharp-text-1x")) and \(try writePNG(b2, named: "sharp-text-2x"))"
        )
    }

    @Test func inkSitsOnTheBaselineWithinTheLineBox() throws {
        let (layout, bitmap) = try renderer.render(
            TextRequest(string: "Hxg", fontSize: 40, size: CGSize(width: 120, height: 60)))
        let baseline = Int(layout.lines[0].origin.y.rounded())
        // "H" stands on the baseline: its column is covered just above it and empty just below.
        let stem = 4  // the H's left stem at 40 pt (DejaVu's left side bearing is 201/2048 em ≈ 3.9 pt)
        #expect(
            bitmap[stem + 1, baseline - 2] > 200 && bitmap[stem + 1, baseline + 1] == 0,
            "H stem around the baseline \(baseline): \(bitmap[stem + 1, baseline - 2]), \(bitmap[stem + 1, baseline + 1])"
        )
        // "g" descends below the baseline.
        let ink = try #require(bitmap.inkBounds)
        #expect(ink.maxY > baseline + 5 && CGFloat(ink.maxY) <= layout.lines[0].origin.y + layout.descent)
        #expect(CGFloat(ink.minY) >= layout.lines[0].origin.y - layout.ascent)
    }

    /// The book's paragraph, justified: every line but the last reaches both margins, and the bitmap
    /// matches the golden recorded from the inspected rendering.
    @Test func loremParagraphIsJustifiedAndMatchesItsGoldenImage() throws {
        let (layout, bitmap) = try renderer.render(
            TextRequest(
                string: lorem, fontSize: 15, size: CGSize(width: 320, height: 160),
                isWrapped: true, alignmentMode: .justified, contentsScale: 2))
        #expect(layout.lines.count >= 4, "lines \(layout.lines.count)")
        for (i, line) in layout.lines.dropLast().enumerated() {
            #expect(abs(line.maxX - 320) < 0.01, "line \(i) ends at \(line.maxX), not at the right margin 320")
        }
        let last = try #require(layout.lines.last)
        #expect(last.maxX < 300, "the last line is not stretched: it ends at \(last.maxX)")
        Golden.expect(
            image: try image(of: bitmap),
            matchesFileAt: TestSupport.fixturesFolder(of: #filePath) + "/lorem-justified-2x.png",
            tolerance: .rendering, context: "lorem, DejaVu Sans 15 pt, 320 × 160 points at scale 2")
    }

    @Test func rerenderingTheSameTextUsesTheGlyphCache() throws {
        let local = TextRenderer()
        let r = TextRequest(string: "Cache me if you can", fontSize: 17, size: CGSize(width: 300, height: 30))
        let first = try local.render(r).bitmap
        let afterFirst = local.cacheStatistics
        let second = try local.render(r).bitmap
        let afterSecond = local.cacheStatistics
        #expect(first == second)
        #expect(afterSecond.misses == afterFirst.misses, "no glyph rasterised again")
        #expect(afterSecond.hits - afterFirst.hits == 19, "one lookup per character: \(afterSecond)")
        #expect(afterFirst.glyphs <= 19 && afterFirst.glyphs >= 10)
    }

    @Test func textLayerContentsAreTintedPremultiplied() throws {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 50)
        layer.string = "Hello"
        layer.contentsScale = 2
        layer.foregroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        let image = try #require(try renderer.contents(for: layer))
        #expect(image.width == 400 && image.height == 100 && image.scale == 2)
        // The most covered pixels carry the premultiplied colour (0.5, 0.25, 0, 0.5).
        var best = (r: UInt8(0), g: UInt8(0), b: UInt8(0), a: UInt8(0))
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.a > best.a { best = p }
            }
        }
        #expect(best.a == 128 && best.r == 128 && best.g == 64 && best.b == 0, "\(best)")
        layer.string = nil
        #expect(try renderer.contents(for: layer) == nil, "no string, no contents")
    }

    @Test func overlayLabelFitsItsText() throws {
        let image = try renderer.label("60 fps · 1234 particles", fontSize: 12, color: .white, font: "DejaVu Sans Mono")
        // Mono: 23 characters × 1233/2048 em × 12 pt ≈ 166.2 pt; one line of 2384/2048 × 12 ≈ 14 pt.
        #expect(image.width == 167 && image.height == 14, "\(image)")
        #expect(image.pixels.contains { $0 != 0 })
        let twoLines = try renderer.label("a\nb", fontSize: 12, scale: 2)
        #expect(twoLines.height == 56 && twoLines.scale == 2, "\(twoLines)")
    }

    @Test func concurrentRenderingGivesIdenticalBitmaps() throws {
        let shared = TextRenderer()
        let r = TextRequest(string: lorem, fontSize: 13, size: CGSize(width: 240, height: 120), isWrapped: true)
        let expected = try shared.render(r).bitmap
        let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 4)
        results.initialize(repeating: false)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            var req = r
            if i % 2 == 1 { req.fontSize = 13 + CGFloat(i) }  // other sizes in between, to stir the face state
            let bitmap = try? shared.render(req).bitmap
            results[i] = i % 2 == 0 ? bitmap == expected : bitmap != nil
        }
        #expect(results.allSatisfy { $0 })
    }
}

@Suite struct FreeTypeResourceTests {
    @Test func everyFreeTypeAllocationIsReleasedWithTheRenderer() throws {
        let blocks = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        blocks.initialize(to: 0)
        defer { blocks.deallocate() }
        func use() throws {
            let r = TextRenderer(fontDirectories: ["/usr/share/fonts"], freeTypeBlockCounter: blocks)
            _ = try r.render(
                TextRequest(
                    string: lorem, font: "DejaVu Serif Bold", fontSize: 14,
                    size: CGSize(width: 200, height: 100), isWrapped: true, contentsScale: 2))
            _ = try r.label("mono", font: "DejaVu Sans Mono")
            let before = blocks.pointee
            #expect(before > 0, "FreeType allocates through the counting allocator")
            // Scanning opens every installed face once and must close each of them again.
            _ = try? r.resolveFont("No Such Font")
            #expect(try r.availableFonts().count > 20)
            #expect(blocks.pointee == before, "the font scan left \(blocks.pointee - before) FreeType blocks behind")
        }
        try use()
        #expect(blocks.pointee == 0, "FreeType blocks still held after the renderer was released: \(blocks.pointee)")
    }
}
