import Foundation
import ImageCodec
import LayerKit
import Testing

@testable import Compositor

/// The book's Core Animation instrument options (core-animation-notes.md §12, §15): each colours the
/// cases the book names, and the per-frame counters count them.
@Suite struct DiagnosticsTests {
    /// `overlay` (straight r, g, b, a in 0…1) source-over a plain pixel, as [r, g, b, a] 0…255.
    func over(_ o: (Double, Double, Double, Double), _ d: [Int]) -> [Int] {
        [o.0, o.1, o.2, 1].enumerated().map { i, v in Int((v * o.3 * 255 + Double(d[i]) * (1 - o.3)).rounded()) }
    }
    let yellow = (1.0, 1.0, 0.0, 0.55), green = (0.0, 1.0, 0.0, 0.45), red = (1.0, 0.0, 0.0, 0.45)

    func render(_ root: CALayer, _ d: RenderDiagnostics, compositor: Compositor? = nil, name: String? = nil) throws
        -> Framebuffer
    {
        let c = compositor ?? Compositor(threadCount: 1)
        c.renderDiagnostics = d
        let fb = try renderFrame(root, compositor: c)
        if let name { try? fb.writePNG(to: "/tmp/drawing/diag-\(name).png") }
        return fb
    }

    /// Four layers in a row on grey: a plain one, a masked one, a rounded masksToBounds one with a
    /// sublayer, a shadow without a path; then a shadow with a path and a group-opacity layer.
    func offscreenScene() -> (root: CALayer, probes: [(name: String, x: Int, y: Int, offscreen: Bool)]) {
        let root = rootLayer(360, 60, CGColor(gray: 0.5, alpha: 1))
        func box(_ i: Int) -> CALayer {
            let l = solidLayer(
                CGRect(x: 10 + 58 * i, y: 10, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            root.addSublayer(l)
            return l
        }
        _ = box(0)
        let masked = box(1)
        masked.mask = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), .white)
        let rounded = box(2)
        rounded.cornerRadius = 10
        rounded.masksToBounds = true
        rounded.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), .white))
        let shadowed = box(3)
        shadowed.shadowOpacity = 0.5
        let pathShadow = box(4)
        pathShadow.shadowOpacity = 0.5
        pathShadow.shadowPath = CGPath(rect: pathShadow.bounds)
        let group = box(5)
        group.opacity = 0.5
        group.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), .white))
        let probes = [
            ("plain", 30, 30, false), ("mask", 88, 30, true), ("rounded masksToBounds", 146, 40, true),
            ("shadow without path", 204, 30, true), ("shadow with path", 262, 30, false),
            ("group opacity", 320, 40, true),
        ]
        return (root, probes)
    }

    @Test func offscreenRenderedColoursMasksRoundedClipsPathlessShadowsAndGroupsYellow() throws {
        let (root, probes) = offscreenScene()
        let plain = try render(root, [])
        let c = Compositor(threadCount: 1)
        let diag = try render(root, .colorOffscreenRendered, compositor: c, name: "offscreen")
        for p in probes {
            let base = px(plain, p.x, p.y)
            let got = px(diag, p.x, p.y)
            let expected = p.offscreen ? over(yellow, base) : base
            #expect(
                near(got, expected, 2),
                "\(p.name) at (\(p.x), \(p.y)): expected \(expected), got \(got) (plain \(base))")
        }
        // mask, rounded clip, group opacity = 3 groups; one shadow without a path.
        #expect(c.counters.offscreenPasses == 4, "offscreen passes: \(c.counters)")
    }

    @Test func blendedLayersAreRedAndOpaqueOnesGreen() throws {
        let root = rootLayer(100, 50, .black)
        root.addSublayer(
            solidLayer(CGRect(x: 0, y: 0, width: 50, height: 50), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        root.addSublayer(
            solidLayer(CGRect(x: 50, y: 0, width: 50, height: 50), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)))
        let plain = try render(root, [])
        let diag = try render(root, .colorBlendedLayers, name: "blended")
        // The opaque root and the opaque blue layer: two green coats; the translucent layer: green (root) then red.
        let left = px(diag, 25, 25)
        let right = px(diag, 75, 25)
        #expect(near(left, over(green, over(green, px(plain, 25, 25))), 2), "opaque: \(left)")
        #expect(near(right, over(red, over(green, px(plain, 75, 25))), 2), "blended: \(right)")
        #expect(right[0] > right[1] && left[1] > left[0], "red where blended, green where opaque: \(right) \(left)")
    }

    @Test func rasterizationCacheMissIsRedThenHitIsGreen() throws {
        let root = rootLayer(60, 60, .black)
        let cached = solidLayer(
            CGRect(x: 10, y: 10, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        cached.shouldRasterize = true
        let inner = solidLayer(CGRect(x: 5, y: 5, width: 10, height: 10), .white)
        cached.addSublayer(inner)
        root.addSublayer(cached)
        let c = Compositor(threadCount: 1)
        let plain = try render(root, [])
        let first = try render(root, .colorHitsGreenAndMissesRed, compositor: c, name: "raster-miss")
        #expect(
            near(px(first, 40, 40), over(red, px(plain, 40, 40)), 2) && c.counters.cacheMisses == 1,
            "first frame misses: \(px(first, 40, 40)) \(c.counters)")
        let second = try render(root, .colorHitsGreenAndMissesRed, compositor: c, name: "raster-hit")
        #expect(
            near(px(second, 40, 40), over(green, px(plain, 40, 40)), 2) && c.counters.cacheHits == 1,
            "unchanged: hit \(px(second, 40, 40)) \(c.counters)")
        #expect(px(second, 5, 5) == px(plain, 5, 5), "outside the rasterised layer untouched")
        inner.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        _ = try render(root, .colorHitsGreenAndMissesRed, compositor: c)
        #expect(
            c.counters.cacheMisses == 1 && c.counters.offscreenPasses == 1, "changed sublayer: miss again \(c.counters)"
        )
    }

    @Test func overdrawHeatMapCountsWritesPerPixel() throws {
        // Root 40×40 (1 write), A 20×20 over it (2), B 10×10 over A (3), translucent.
        let root = rootLayer(40, 40, .black)
        let a = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let b = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 1, green: 1, blue: 1, alpha: 0.5))
        root.addSublayer(a)
        a.addSublayer(b)
        let c = Compositor(threadCount: 1)
        let plain = try render(root, [])
        let heat = try render(root, .overdrawHeatMap, compositor: c, name: "overdraw")
        let colours = DiagnosticPass.heat
        func expected(_ n: Int, _ x: Int, _ y: Int) -> [Int] {
            let h = colours[n - 1]
            let s = [Int(h & 0xFF), Int((h >> 8) & 0xFF), Int((h >> 16) & 0xFF), Int(h >> 24)]
            let d = px(plain, x, y)
            return (0..<4).map { s[$0] + (d[$0] * (255 - s[3]) + 127) / 255 }
        }
        #expect(near(px(heat, 30, 30), expected(1, 30, 30), 2), "one write: \(px(heat, 30, 30))")
        #expect(near(px(heat, 15, 15), expected(2, 15, 15), 2), "two writes: \(px(heat, 15, 15))")
        #expect(near(px(heat, 5, 5), expected(3, 5, 5), 2), "three writes: \(px(heat, 5, 5))")
        #expect(c.counters.pixelsDrawn == 1600 + 400 + 100 && c.counters.pixelsBlended == 100, "counters \(c.counters)")
        #expect(abs(c.counters.overdraw - 2100.0 / 1600) < 1e-9, "overdraw \(c.counters.overdraw)")
    }

    @Test func flashUpdatedRegionsMarksRedrawnLayersForOneFrame() throws {
        let root = rootLayer(120, 220, .black)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 100, height: 200)
        let d = EllipseDelegate()
        layer.delegate = d
        root.addSublayer(layer)
        let c = Compositor(threadCount: 1)
        c.renderDiagnostics = .flashUpdatedRegions
        let probe = (60, 110)
        layer.setNeedsDisplay()
        let f1 = try renderFrame(root, compositor: c)
        try? f1.writePNG(to: "/tmp/drawing/diag-flash.png")
        #expect(
            near(px(f1, probe.0, probe.1), over(yellow, [0, 0, 0, 255]), 2) && c.counters.layersRedrawn == 1,
            "redrawn: \(px(f1, 60, 110))")
        let f2 = try renderFrame(root, compositor: c)
        #expect(
            px(f2, probe.0, probe.1) == [0, 0, 0, 255] && c.counters.layersRedrawn == 0,
            "not redrawn: \(px(f2, 60, 110))")
        layer.setNeedsDisplay()
        let f3 = try renderFrame(root, compositor: c)
        #expect(near(px(f3, probe.0, probe.1), over(yellow, [0, 0, 0, 255]), 2), "redrawn again: \(px(f3, 60, 110))")
        withExtendedLifetime(d) {}
    }

    @Test func countersCountLayersWithoutColouring() throws {
        let (root, _) = offscreenScene()
        let c = Compositor(threadCount: 1)
        c.countsPixels = true
        let plain = try render(root, [])
        let fb = try renderFrame(root, compositor: c)
        #expect(
            c.counters.layersDrawn == 10 && c.counters.offscreenPasses == 4,
            "root, 6 boxes, 2 sublayers, 1 mask: \(c.counters)")
        #expect(c.counters.pixelsDrawn > 360 * 60 && c.counters.pixelsBlended > 0, "\(c.counters)")
        #expect(px(fb, 88, 30) == px(plain, 88, 30), "counting alone changes no pixel")
    }

    @Test func parsesDiagnosticNamesAndRejectsUnknownOnes() throws {
        #expect(try RenderDiagnostics.parse("blended, offscreen") == [.colorBlendedLayers, .colorOffscreenRendered])
        #expect(try RenderDiagnostics.parse("all").description == "blended,offscreen,rasterization,overdraw,flash")
        #expect(throws: RenderDiagnosticsError.unknown("blendd")) { try RenderDiagnostics.parse("blendd") }
    }

    @Test func flashUpdatedRegionsMarksTextLayersWhenTheirTextIsRedrawn() throws {
        // The book: text layers are drawn by software, so changing the string redraws them.
        let root = rootLayer(200, 40, .black)
        let text = CATextLayer()
        text.frame = root.bounds
        text.fontSize = 20
        text.string = "Hello"
        root.addSublayer(text)
        let c = Compositor(threadCount: 1)
        c.renderDiagnostics = .flashUpdatedRegions
        let corner = (190, 35)  // inside the layer, away from the glyphs
        let f1 = try renderFrame(root, compositor: c)
        #expect(
            near(px(f1, corner.0, corner.1), over(yellow, [0, 0, 0, 255]), 2),
            "first drawing flashes: \(px(f1, 190, 35))")
        let f2 = try renderFrame(root, compositor: c)
        #expect(px(f2, corner.0, corner.1) == [0, 0, 0, 255], "unchanged text does not: \(px(f2, 190, 35))")
        text.string = "World"
        let f3 = try renderFrame(root, compositor: c)
        #expect(
            near(px(f3, corner.0, corner.1), over(yellow, [0, 0, 0, 255]), 2), "new string flashes: \(px(f3, 190, 35))")
    }
}
