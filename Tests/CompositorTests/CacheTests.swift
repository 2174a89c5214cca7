import Foundation
import LayerKit
import Particles
import Testing

@testable import Compositor

/// Caches kept between frames: clean-frame skipping and shouldRasterize bitmaps.
@Suite struct CacheTests {
    @Test func unchangedFrameIsSkippedAndAChangeRedraws() throws {
        let (root, p, e) = try ParticleScenes.mixed(additive: false)
        let c = Compositor(threadCount: 1, particles: p)
        let fb = try Framebuffer(width: 160, height: 120)
        c.render(root, into: fb)
        #expect(!c.counters.wasClean, "first frame draws")
        let first = fb.withUnsafeBytes { Array($0) }
        c.render(root, into: fb)
        #expect(c.counters.wasClean, "same tree, same particles: skipped")
        #expect(fb.withUnsafeBytes { Array($0) } == first, "the framebuffer still holds the frame")

        e.backgroundColor = CGColor(red: 0.3, green: 0, blue: 0, alpha: 1)
        c.render(root, into: fb)
        #expect(!c.counters.wasClean, "a property change redraws")
        c.render(root, into: fb)
        #expect(c.counters.wasClean)

        var list = p.drawList(for: e)!
        list.sprites[0].x += 1
        p.set(list, for: e)
        c.render(root, into: fb)
        #expect(!c.counters.wasClean, "a moved particle redraws")

        let other = try Framebuffer(width: 160, height: 120)
        c.render(root, into: other)
        #expect(!c.counters.wasClean, "another framebuffer is drawn")
    }

    @Test func rasterisedBitmapIsReusedWhenMovedAndRedrawnWhenTheSubtreeChanges() throws {
        let root = rootLayer(100, 100, CGColor(gray: 0, alpha: 1))
        let l = solidLayer(CGRect(x: 10, y: 10, width: 40, height: 40), CGColor(gray: 1, alpha: 1))
        let child = solidLayer(CGRect(x: 5, y: 5, width: 10, height: 10), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        l.addSublayer(child)
        l.shouldRasterize = true
        root.addSublayer(l)
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 100, height: 100)
        c.render(root, into: fb)
        #expect(c.counters.cacheMisses == 1 && c.counters.cacheHits == 0)
        l.position = CGPoint(x: 60, y: 60)
        l.opacity = 0.9
        c.render(root, into: fb)
        #expect(c.counters.cacheHits == 1, "moving or fading reuses the bitmap: \(c.counters)")
        #expect(px(fb, 46, 46)[0] > 200 && px(fb, 46, 46)[1] < 10, "drawn at the new position: \(px(fb, 46, 46))")
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.render(root, into: fb)
        #expect(c.counters.cacheMisses == 1, "a sublayer change invalidates the bitmap: \(c.counters)")
        #expect(px(fb, 46, 46)[2] > 200, "the new colour shows: \(px(fb, 46, 46))")
        // A rebuilt presentation copy with the same content reuses the model's bitmap.
        let copy = CALayer(layer: l)
        copy.addSublayer(CALayer(layer: child))
        copy.sublayers![0].backgroundColor = child.backgroundColor
        let root2 = CALayer(layer: root)
        root2.addSublayer(copy)
        c.render(root2, into: fb)
        #expect(c.counters.cacheHits == 1, "same fingerprint through a presentation copy: \(c.counters)")
    }
}
