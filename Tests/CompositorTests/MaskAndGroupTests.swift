import Foundation
import LayerKit
import Testing

@testable import Compositor

/// Masks, masksToBounds, group opacity, shouldRasterize (docs/Design.md §3.14).
@Suite struct MaskAndGroupTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let white = CGColor(gray: 1, alpha: 1)

    @Test func maskAlphaMultipliesTheWholeSubtree() throws {
        let root = rootLayer(60, 40, CGColor(gray: 0, alpha: 1))
        let l = solidLayer(CGRect(x: 0, y: 0, width: 60, height: 40), Self.red)
        l.addSublayer(solidLayer(CGRect(x: 30, y: 0, width: 30, height: 40), Self.blue))
        // Mask: left 20 points opaque, middle 20 at alpha 0.5 (its own opacity 1), right 20 transparent.
        let mask = CALayer()
        mask.frame = l.bounds
        mask.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 40), Self.white))
        mask.addSublayer(solidLayer(CGRect(x: 20, y: 0, width: 20, height: 40), CGColor(gray: 0.3, alpha: 0.5)))
        l.mask = mask
        root.addSublayer(l)
        let fb = try renderFrame(root)
        expectGolden(fb, "mask-alpha")
        #expect(px(fb, 10, 20) == [255, 0, 0, 255], "opaque mask keeps red: \(px(fb, 10, 20))")
        #expect(near(px(fb, 25, 20), [128, 0, 0, 255], 1), "half mask halves red: \(px(fb, 25, 20))")
        #expect(near(px(fb, 35, 20), [0, 0, 128, 255], 1), "half mask halves the sublayer too: \(px(fb, 35, 20))")
        #expect(px(fb, 50, 20) == [0, 0, 0, 255], "transparent mask hides: \(px(fb, 50, 20))")
    }

    @Test func maskImageContentsAndNestedMasks() throws {
        // The mask is a layer with image contents (a soft dot) whose own sublayer has a mask.
        let root = rootLayer(64, 64, CGColor(gray: 0, alpha: 1))
        let l = solidLayer(CGRect(x: 0, y: 0, width: 64, height: 64), Self.white)
        let mask = CALayer()
        mask.frame = l.bounds
        mask.contents = try softDot(32)
        l.mask = mask
        let inner = solidLayer(CGRect(x: 0, y: 0, width: 32, height: 64), Self.red)
        let innerMask = solidLayer(CGRect(x: 0, y: 32, width: 32, height: 32), Self.white)
        inner.mask = innerMask
        l.addSublayer(inner)
        root.addSublayer(l)
        let fb = try renderFrame(root)
        expectGolden(fb, "mask-nested")
        // Centre of the dot: alpha ≈ 1 − r; the inner red shows only in its lower half.
        #expect(px(fb, 31, 34)[0] > 220 && px(fb, 31, 34)[1] < 10, "red inside both masks: \(px(fb, 31, 34))")
        #expect(px(fb, 31, 29)[1] > 200, "upper left is white (the inner mask hides red): \(px(fb, 31, 29))")
        #expect(px(fb, 1, 1) == [0, 0, 0, 255], "dot edge is transparent")
    }

    @Test func groupOpacityCompositesOnceWhileInheritedOpacityBlendsEachLevel() throws {
        // The book's numbers: a 50 % child in a 50 % parent shows 50 % child, 25 % parent, 25 % background.
        func scene(_ group: Bool) -> CALayer {
            let root = rootLayer(40, 40, CGColor(gray: 0, alpha: 1))
            let parent = solidLayer(root.bounds, Self.white)
            parent.opacity = 0.5
            parent.allowsGroupOpacity = group
            let child = solidLayer(root.bounds, Self.red)
            child.opacity = 0.5
            parent.addSublayer(child)
            root.addSublayer(parent)
            return root
        }
        let separate = try renderFrame(scene(false))
        // Parent white at 0.5 over black = 128; child red at 0.25 over that.
        #expect(
            near(px(separate, 20, 20), [Int((0.25 * 255 + 0.75 * 127.5).rounded()), 96, 96, 255], 2),
            "each level blended: \(px(separate, 20, 20))")
        let grouped = try renderFrame(scene(true))
        // Inside the group: red 0.5 over white = (1, 0.5, 0.5); then the group at 0.5 over black.
        #expect(near(px(grouped, 20, 20), [128, 64, 64, 255], 2), "group composited once: \(px(grouped, 20, 20))")
    }

    @Test func masksToBoundsWithRoundedCornersClipsSublayersAntiAliased() throws {
        let root = rootLayer(60, 60, CGColor(gray: 0, alpha: 1))
        let l = solidLayer(CGRect(x: 10, y: 10, width: 40, height: 40), nil)
        l.cornerRadius = 10
        l.masksToBounds = true
        l.addSublayer(solidLayer(CGRect(x: -10, y: -10, width: 60, height: 60), Self.red))
        root.addSublayer(l)
        let fb = try renderFrame(root)
        expectGolden(fb, "clip-rounded")
        #expect(px(fb, 11, 11) == [0, 0, 0, 255], "outside the rounded corner")
        #expect(px(fb, 30, 11) == [255, 0, 0, 255], "inside along the edge")
        #expect(px(fb, 5, 30) == [0, 0, 0, 255], "outside the bounds")
        // The arc pixel where a 10-point corner passes: partially covered.
        let edge = (10..<20).map { px(fb, $0, 12)[0] }.filter { $0 > 0 && $0 < 255 }
        #expect(!edge.isEmpty, "anti-aliased arc on row 12: \((10..<20).map { px(fb, $0, 12)[0] })")
    }

    @Test func masksToBoundsOnARotatedLayerClipsToTheRotatedSquare() throws {
        let root = rootLayer(60, 60, CGColor(gray: 0, alpha: 1))
        let l = solidLayer(CGRect(x: 15, y: 15, width: 30, height: 30), nil)
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        l.masksToBounds = true
        l.addSublayer(solidLayer(CGRect(x: -30, y: -30, width: 90, height: 90), Self.blue))
        root.addSublayer(l)
        let fb = try renderFrame(root)
        #expect(px(fb, 30, 30) == [0, 0, 255, 255], "centre")
        #expect(px(fb, 16, 16) == [0, 0, 0, 255], "the unrotated corner is outside the diamond")
        #expect(px(fb, 30, 10)[2] > 0, "the top vertex at y = 8.8 is inside")
    }

    @Test func shouldRasterizeDrawsTheSameAsDirectDrawing() throws {
        func scene(_ raster: Bool) -> CALayer {
            let root = rootLayer(80, 80, CGColor(gray: 0.2, alpha: 1))
            let l = solidLayer(CGRect(x: 20, y: 20, width: 40, height: 40), Self.white)
            l.cornerRadius = 8
            l.addSublayer(solidLayer(CGRect(x: -10, y: 10, width: 30, height: 20), Self.red))
            l.shouldRasterize = raster
            root.addSublayer(l)
            return root
        }
        let a = try renderFrame(scene(false))
        let b = try renderFrame(scene(true))
        var worst = 0
        for y in 0..<80 {
            for x in 0..<80 { worst = max(worst, zip(px(a, x, y), px(b, x, y)).map { abs($0 - $1) }.max()!) }
        }
        #expect(worst <= 2, "rasterised at scale 1 and drawn 1:1 matches direct drawing (worst \(worst))")
    }

    @Test func rasterizationScaleOneBlursWhenMagnified() throws {
        let root = rootLayer(40, 40, CGColor(gray: 0, alpha: 1))
        let l = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        l.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 20), Self.white))
        l.shouldRasterize = true
        l.anchorPoint = .zero
        l.position = .zero
        l.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        root.addSublayer(l)
        let fb = try renderFrame(root)
        // The 1-point-per-pixel bitmap is scaled 2× with linear filtering: a soft edge at x = 20.
        let edge = px(fb, 19, 10)[0]
        let edge2 = px(fb, 20, 10)[0]
        #expect(edge > 0 && edge < 255 || edge2 > 0 && edge2 < 255, "soft edge: \(edge), \(edge2)")
    }
}
