import Foundation
import Testing

@testable import LayerKit

/// Layer geometry with the Core Animation book's numbers (core-animation-notes.md §2, S14, S15).
@Suite struct GeometryTests {
    @Test func rotatedLayerFrameIsTheBoundingBoxOfTheTransformedBounds() {
        let layer = CALayer()
        layer.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let expected = CGRect(x: 79.2893, y: 79.2893, width: 141.4214, height: 141.4214)
        #expect(close(layer.frame, expected), "frame \(layer.frame), expected \(expected)")
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 100), "bounds must not change: \(layer.bounds)")
    }

    @Test func settingFrameSetsPositionFromTheAnchorPoint() {
        let layer = CALayer()
        layer.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        #expect(layer.position == CGPoint(x: 150, y: 150))
        #expect(layer.bounds.size == CGSize(width: 100, height: 100))
    }

    @Test func changingAnchorPointKeepsPositionAndMovesFrame() {
        // S14: white layer at (0,0,100,100), then anchorPoint (0,0): position stays (50,50), frame origin (50,50).
        let white = CALayer()
        white.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(white.position == CGPoint(x: 50, y: 50))
        white.anchorPoint = .zero
        #expect(white.position == CGPoint(x: 50, y: 50), "position \(white.position)")
        #expect(white.frame.origin == CGPoint(x: 50, y: 50), "frame \(white.frame)")
        white.anchorPoint = CGPoint(x: 1, y: 1)
        #expect(white.frame.origin == CGPoint(x: -50, y: -50), "frame \(white.frame)")
    }

    @Test func anchorPointIsTheCentreOfRotation() {
        let hand = CALayer()
        hand.bounds = CGRect(x: 0, y: 0, width: 20, height: 100)
        hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        hand.position = CGPoint(x: 100, y: 100)
        hand.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // The tail point (10, 90) in bounds stays at the position whatever the rotation.
        let tail = hand.convert(CGPoint(x: 10, y: 90), to: nil)
        #expect(close(tail, CGPoint(x: 100, y: 100)), "tail at \(tail)")
        // The tip (10, 0) is 90 points from the tail; a quarter turn clockwise puts it to the right.
        let tip = hand.convert(CGPoint(x: 10, y: 0), to: nil)
        #expect(close(tip, CGPoint(x: 190, y: 100)), "tip at \(tip)")
    }

    @Test func frameOnANewLayerWithATransformGivesItTheFramesSize() {
        // A scene's cube face: transform first, then frame (the loader's order). Bounds must not stay 0×0.
        let face = CALayer()
        face.transform = CATransform3DMakeTranslation(0, 0, 50)
        face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
        #expect(face.bounds.size == CGSize(width: 100, height: 100), "bounds \(face.bounds)")
        #expect(close(face.frame, CGRect(x: -50, y: -50, width: 100, height: 100)), "frame \(face.frame)")
        let turned = CALayer()
        turned.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        turned.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(turned.bounds.size == CGSize(width: 100, height: 100), "bounds \(turned.bounds)")
    }

    @Test func frameWithScaleTransformCanBeSetExactly() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.frame = CGRect(x: 10, y: 20, width: 200, height: 100)
        #expect(close(layer.frame, CGRect(x: 10, y: 20, width: 200, height: 100)), "frame \(layer.frame)")
        #expect(close(layer.bounds.size.width, 100) && close(layer.bounds.size.height, 50), "bounds \(layer.bounds)")
    }

    @Test func convertsPointsBetweenSiblingsAndNestedLayers() {
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = makeLayer("a", frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let b = makeLayer("b", frame: CGRect(x: 200, y: 100, width: 100, height: 100))
        let c = makeLayer("c", frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSublayer(a)
        root.addSublayer(b)
        a.addSublayer(c)
        #expect(a.convert(CGPoint(x: 0, y: 0), to: b) == CGPoint(x: -150, y: -50))
        #expect(c.convert(CGPoint(x: 5, y: 5), to: root) == CGPoint(x: 65, y: 65))
        #expect(root.convert(CGPoint(x: 65, y: 65), to: c) == CGPoint(x: 5, y: 5))
        #expect(
            c.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: b)
                == CGRect(x: -140, y: -40, width: 20, height: 20))
        a.bounds.origin = CGPoint(x: 10, y: 0)
        #expect(c.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 50, y: 60), "bounds origin scrolls sublayers")
    }

    @Test func geometryFlippedMeasuresSublayersFromTheBottom() {
        let container = makeLayer("container", frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        container.isGeometryFlipped = true
        let crate = makeLayer("crate", frame: CGRect(x: 0, y: 0, width: 32, height: 32))
        container.addSublayer(crate)
        // In a flipped container a crate at y = 0 sits at the bottom edge.
        let onScreen = crate.convert(crate.bounds, to: container)
        #expect(onScreen == CGRect(x: 0, y: 448, width: 32, height: 32), "crate at \(onScreen)")
        #expect(crate.contentsAreFlipped())
    }

    @Test func sublayerTransformAppliesAboutTheAnchorPoint() {
        let container = makeLayer("container", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        container.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = makeLayer("child", frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        container.addSublayer(child)
        // Scaling about the centre (100,100): the child's origin stays, its size doubles.
        let r = child.convert(child.bounds, to: container)
        #expect(close(r, CGRect(x: 100, y: 100, width: 20, height: 20)), "child at \(r)")
    }

    @Test func perspectiveShrinksTheFarEdge() {
        // S13: 100×100 card, m34 −1/500, rotated π/4 about y: the far edge is shorter than the near edge.
        let card = makeLayer("card", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        card.transform = t
        let topLeft = card.convert(CGPoint(x: 0, y: 0), to: nil)
        let bottomLeft = card.convert(CGPoint(x: 0, y: 100), to: nil)
        let topRight = card.convert(CGPoint(x: 100, y: 0), to: nil)
        let bottomRight = card.convert(CGPoint(x: 100, y: 100), to: nil)
        let left = bottomLeft.y - topLeft.y
        let right = bottomRight.y - topRight.y
        #expect(left != right, "edges \(left) and \(right)")
        // Rotating +π/4 about y moves the +x edge away from the viewer (toward −z): it is the shorter one.
        #expect(right < left, "right edge \(right) should be shorter than left edge \(left)")
        let back = card.convert(card.convert(CGPoint(x: 25, y: 75), to: nil), from: nil)
        #expect(close(back, CGPoint(x: 25, y: 75)), "round trip \(back)")
    }
}
