import Foundation
import ImageCodec
import LayerKit
import Testing

@testable import Compositor

/// A tiled layer without the fade-in (probes see final colours at once).
final class InstantTiledLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }
}

/// Draws each tile as the book's example does (002:L769-791): it fills the clip bounding box, here
/// with a colour computed from the box's position, so probes can check which tile landed where.
final class TileDelegate: CALayerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var boxes: [CGRect] = []
    var draws: Int {
        lock.lock()
        defer { lock.unlock() }
        return boxes.count
    }

    /// The colour of the tile whose clip box starts at `origin` (points).
    static func color(_ origin: CGPoint) -> CGColor {
        CGColor(
            red: CGFloat(Int(origin.x / 256) % 8) / 7, green: CGFloat(Int(origin.y / 256) % 8) / 7, blue: 0.5, alpha: 1)
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let box = ctx.boundingBoxOfClipPath
        lock.lock()
        boxes.append(box)
        lock.unlock()
        ctx.setFillColor(TileDelegate.color(box.origin))
        ctx.fill(box)
        ctx.setStrokeColor(.white)
        ctx.stroke(box.insetBy(dx: 1, dy: 1), width: 2)
    }
}

/// `CATiledLayer` inside a `CAScrollLayer`: only visible tiles are drawn (counted), cached within a byte
/// bound, drawn on background threads or synchronously, faded in, at the right level of detail.
@Suite struct TiledLayerTests {
    /// The book's 300 × 300 scroll view (002:L687-693) over a 16 384 × 16 384 tiled layer.
    func scene(_ makeTiled: () -> CATiledLayer = { InstantTiledLayer() }, synchronous: Bool = true)
        -> (root: CALayer, scroll: CAScrollLayer, tiled: CATiledLayer, delegate: TileDelegate)
    {
        let root = rootLayer(300, 300, .black)
        let scroll = CAScrollLayer()
        scroll.frame = root.bounds
        scroll.masksToBounds = true
        let tiled = makeTiled()
        tiled.frame = CGRect(x: 0, y: 0, width: 16_384, height: 16_384)
        tiled.drawsTilesSynchronously = synchronous
        let d = TileDelegate()
        tiled.delegate = d
        scroll.addSublayer(tiled)
        root.addSublayer(scroll)
        return (root, scroll, tiled, d)
    }

    @Test func drawsOnlyTheVisibleTiles() throws {
        let (root, scroll, tiled, d) = scene()
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 300, height: 300)
        c.render(root, into: fb)
        // 300 × 300 points from the origin: columns 0…1 and rows 0…1 of 256-pixel tiles.
        var s = try #require(c.tileStatistics(for: tiled))
        #expect(
            d.draws == 4 && s.tilesDrawn == 4 && s.tilesShown == 4 && s.cachedBytes == 4 * 256 * 256 * 4,
            "origin: \(s), draws \(d.draws)")
        c.render(root, into: fb)
        #expect(d.draws == 4, "an unchanged frame draws no tile: \(d.draws)")
        scroll.scroll(to: CGPoint(x: 1000, y: 1000))
        c.render(root, into: fb)
        // 1000…1300 spans tiles 3, 4, 5 on each axis.
        s = try #require(c.tileStatistics(for: tiled))
        #expect(s.tilesShown == 9 && d.draws == 13, "scrolled to (1000, 1000): \(s), draws \(d.draws)")
        try? fb.writePNG(to: "/tmp/drawing/tiled-scroll.png")
        // Layer point (1100, 1100) is tile (4, 4), at view (100, 100).
        let want = TileDelegate.color(CGPoint(x: 1024, y: 1024)).premultipliedRGBA8
        #expect(
            px(fb, 100, 100) == [Int(want.r), Int(want.g), Int(want.b), 255], "tile (4, 4) colour: \(px(fb, 100, 100))")
        withExtendedLifetime(d) {}
    }

    @Test func scrollingAHugeLayerStaysWithinTheMemoryBound() throws {
        let (root, scroll, tiled, d) = scene()
        tiled.tileCacheLimit = 3 << 20  // 12 tiles of 256 KiB
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 300, height: 300)
        var worst = 0
        for step in 0..<16 {
            scroll.scroll(to: CGPoint(x: CGFloat(step) * 397, y: CGFloat(step) * 211))
            c.render(root, into: fb)
            let s = try #require(c.tileStatistics(for: tiled))
            #expect(s.tilesShown >= 4 && s.tilesShown <= 9, "step \(step): \(s)")
            worst = max(worst, s.cachedBytes)
        }
        // After each frame the cache is trimmed to the limit (kept tiles ≥ the 9 visible ones' 2.25 MiB).
        #expect(worst <= 3 << 20, "most bytes cached after a frame: \(worst)")
        #expect(d.draws < 16 * 9, "tiles are reused between neighbouring frames: \(d.draws) draws")
        withExtendedLifetime(d) {}
    }

    @Test func backgroundTilesAppearInALaterFrameWithTheSamePixels() throws {
        let (rootA, _, _, dA) = scene(synchronous: true)
        let (rootB, _, tiledB, dB) = scene(synchronous: false)
        let sync = try renderFrame(rootA)
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 300, height: 300)
        c.render(rootB, into: fb)
        let first = try #require(c.tileStatistics(for: tiledB))
        #expect(
            first.tilesShown == 0 && px(fb, 150, 150) == [0, 0, 0, 255], "nothing until the tiles are drawn: \(first)")
        c.waitForTiles()
        c.render(rootB, into: fb)
        let second = try #require(c.tileStatistics(for: tiledB))
        #expect(second.tilesShown == 4 && dB.draws == 4, "drawn in the background, shown next frame: \(second)")
        let forced = Compositor(threadCount: 1)
        forced.drawsTilesSynchronously = true
        let (rootC, _, tiledC, dC) = scene(synchronous: false)
        _ = try renderFrame(rootC, compositor: forced)
        #expect(
            forced.tileStatistics(for: tiledC)?.tilesShown == 4, "the compositor option draws them in the first frame")
        withExtendedLifetime(dC) {}
        var same = true
        for y in stride(from: 0, to: 300, by: 7) {
            for x in stride(from: 0, to: 300, by: 7) where px(fb, x, y) != px(sync, x, y) { same = false }
        }
        #expect(same, "background tiles equal synchronous ones")
        withExtendedLifetime((dA, dB)) {}
    }

    @Test func tilesFadeInOverFadeDuration() throws {
        #expect(CATiledLayer.fadeDuration() == 0.25, "Core Animation's default fade")
        let (root, _, _, d) = scene({ CATiledLayer() })
        let clock = VirtualMediaClock(startTime: 10)
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 300, height: 300)
        var reds: [Int] = []
        for t in [0.0, 0.125, 0.25, 0.5] {
            try clock.set(to: 10 + t)
            CAMediaClock.withClock(clock) { c.render(root, into: fb) }
            reds.append(px(fb, 100, 100)[2])
        }
        // Tile (0, 0) has blue 0.5 (128): it fades from black over 0.25 s.
        #expect(reds[0] == 0 && abs(reds[1] - 64) <= 2 && reds[2] == 128 && reds[3] == 128, "blue over time: \(reds)")
        withExtendedLifetime(d) {}
    }

    @Test func zoomedOutLayersUseACoarserLevelOfDetail() throws {
        let (root, _, tiled, d) = scene()
        tiled.levelsOfDetail = 3
        tiled.anchorPoint = .zero
        tiled.position = .zero
        tiled.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        let c = Compositor(threadCount: 1)
        _ = try renderFrame(root, compositor: c)
        let s = try #require(c.tileStatistics(for: tiled))
        // At half size a tile is 512 points: 600 × 600 visible points need 2 × 2 tiles of level 1.
        #expect(s.level == 1 && s.tilesShown == 4 && d.draws == 4, "\(s)")
        withExtendedLifetime(d) {}
    }

    @Test func setNeedsDisplayDiscardsTheTiles() throws {
        let (root, _, tiled, d) = scene()
        let c = Compositor(threadCount: 1)
        _ = try renderFrame(root, compositor: c)
        tiled.setNeedsDisplay()
        _ = try renderFrame(root, compositor: c)
        #expect(d.draws == 8 && tiled.contents == nil, "redrawn after setNeedsDisplay, no backing image: \(d.draws)")
        withExtendedLifetime(d) {}
    }

    @Test func setNeedsDisplayInARectRedrawsOnlyTheTilesItTouches() throws {
        let (root, _, tiled, d) = scene()
        let c = Compositor(threadCount: 1)
        _ = try renderFrame(root, compositor: c)
        tiled.setNeedsDisplay(CGRect(x: 250, y: 10, width: 20, height: 20))  // tiles (0, 0) and (1, 0)
        _ = try renderFrame(root, compositor: c)
        #expect(d.draws == 6 && c.tileStatistics(for: tiled)?.tilesShown == 4, "4 + 2 redrawn tiles: \(d.draws)")
        _ = try renderFrame(root, compositor: c)
        #expect(d.draws == 6, "nothing more: \(d.draws)")
        withExtendedLifetime(d) {}
    }

    @Test func aCoarserLevelStandsInWhileFinerTilesAreDrawn() throws {
        let (root, _, tiled, d) = scene(synchronous: false)
        tiled.levelsOfDetail = 2
        tiled.anchorPoint = .zero
        tiled.position = .zero
        tiled.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 300, height: 300)
        c.render(root, into: fb)
        c.waitForTiles()
        c.render(root, into: fb)
        #expect(
            c.tileStatistics(for: tiled)?.level == 1 && c.tileStatistics(for: tiled)?.tilesShown == 4,
            "zoomed out: level 1")
        tiled.transform = CATransform3DIdentity
        c.render(root, into: fb)
        let s = try #require(c.tileStatistics(for: tiled))
        // Level 0 tiles are pending; the level-1 tile (0, 0) covers the whole view at twice the size.
        let want = TileDelegate.color(.zero).premultipliedRGBA8
        #expect(
            s.level == 0 && s.tilesShown == 0
                && near(px(fb, 150, 150), [Int(want.r), Int(want.g), Int(want.b), 255], 2),
            "stand-in while pending: \(s), pixel \(px(fb, 150, 150))")
        c.waitForTiles()
        withExtendedLifetime(d) {}
    }
}
