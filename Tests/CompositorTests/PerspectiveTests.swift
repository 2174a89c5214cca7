import Foundation
import LayerKit
import Testing

@testable import Compositor

/// 3D transforms: perspective-correct texturing, sublayerTransform, isDoubleSided, flattening.
@Suite struct PerspectiveTests {
    @Test func texturesArePerspectiveCorrect() throws {
        // A card turned about y with m34 = −1/120. The image's vertical mid-line (u = ½) must land where the
        // homography maps the layer's mid-line, not half-way between the projected edges.
        let root = rootLayer(120, 100, CGColor(gray: 0, alpha: 1))
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 10, width: 80, height: 80)
        card.contents = try quadrantImage(16)
        card.magnificationFilter = .nearest
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 120.0
        t = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        card.transform = t
        root.addSublayer(card)
        let fb = try renderFrame(root)
        expectGolden(fb, "perspective-card")
        let h = PlaneTransform(card.transformToSuperlayer)
        let left = h.apply(CGPoint(x: 0, y: 40))!.x
        let right = h.apply(CGPoint(x: 80, y: 40))!.x
        let mid = h.apply(CGPoint(x: 40, y: 40))!.x
        // Row 25 (upper half: red | green): find the colour change.
        let row = 25
        let change = (Int(left) + 1..<Int(right)).first { px(fb, $0, row)[1] == 255 && px(fb, $0 - 1, row)[0] == 255 }
        #expect(
            change != nil && abs(Double(change!) - Double(mid)) <= 1.0,
            "red|green boundary at \(String(describing: change)), homography mid-line \(mid), naive mid \((left + right) / 2)"
        )
        #expect(abs(Double(mid) - Double(left + right) / 2) > 3, "the test needs visible foreshortening")
    }

    @Test func sublayerTransformSetsOneVanishingPointForAllSublayers() throws {
        // Two cards rotated ±π/4 about y under a container with m34: mirror images of each other.
        let root = rootLayer(160, 80, CGColor(gray: 0, alpha: 1))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500.0
        root.sublayerTransform = p
        for (i, a) in [CGFloat.pi / 4, -.pi / 4].enumerated() {
            let l = solidLayer(
                CGRect(x: 10 + CGFloat(i) * 80, y: 10, width: 60, height: 60), CGColor(gray: 1, alpha: 1))
            l.transform = CATransform3DMakeRotation(a, 0, 1, 0)
            root.addSublayer(l)
        }
        let fb = try renderFrame(root)
        expectGolden(fb, "perspective-shared")
        for y in 0..<80 {
            for x in 0..<80 {
                #expect(
                    px(fb, x, y) == px(fb, 159 - x, y), "mirror symmetry about the container's centre at (\(x),\(y))")
            }
        }
    }

    @Test func layerTurnedAroundShowsItsMirroredBackWhenDoubleSided() throws {
        let root = rootLayer(40, 40, CGColor(gray: 0, alpha: 1))
        let l = CALayer()
        l.frame = root.bounds
        l.contents = try quadrantImage(16)
        l.magnificationFilter = .nearest
        l.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        root.addSublayer(l)
        let fb = try renderFrame(root)
        #expect(px(fb, 5, 5) == [0, 255, 0, 255], "mirrored: green at top-left: \(px(fb, 5, 5))")
        l.isDoubleSided = false
        let hidden = try renderFrame(root)
        #expect(px(hidden, 5, 5) == [0, 0, 0, 255], "single-sided back face is culled")
    }

    @Test func flatteningCancelsOppositeRotationsInTwoDimensions() throws {
        // The book: a parent at +45° and a child at −45° cancel in 2D.
        let root = rootLayer(60, 60, CGColor(gray: 0, alpha: 1))
        let parent = solidLayer(CGRect(x: 10, y: 10, width: 40, height: 40), nil)
        parent.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        let child = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(gray: 1, alpha: 1))
        child.setAffineTransform(CGAffineTransform(rotationAngle: -.pi / 4))
        child.allowsEdgeAntialiasing = true
        parent.addSublayer(child)
        root.addSublayer(parent)
        let fb = try renderFrame(root)
        // An axis-aligned 20×20 square centred at (30, 30).
        #expect(
            px(fb, 21, 21) == [255, 255, 255, 255] && px(fb, 38, 38) == [255, 255, 255, 255],
            "square corners are inside")
        #expect(px(fb, 19, 30) == [0, 0, 0, 255], "left of the square")
    }

    @Test func layerBehindTheCameraIsClippedNotWrapped() throws {
        // A layer pushed toward the viewer past the camera (z > d) must not be drawn inverted.
        let root = rootLayer(60, 60, CGColor(gray: 0, alpha: 1))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 100.0
        root.sublayerTransform = p
        let l = solidLayer(CGRect(x: 10, y: 10, width: 40, height: 40), CGColor(gray: 1, alpha: 1))
        l.zPosition = 150
        root.addSublayer(l)
        let fb = try renderFrame(root)
        for y in 0..<60 { for x in 0..<60 { #expect(px(fb, x, y) == [0, 0, 0, 255], "nothing drawn at (\(x),\(y))") } }
    }
}
