import Foundation
import LayerKit
import Testing

@testable import Compositor

/// CAReplicatorLayer beyond the book scenes: nesting, clamped colours, the instanceDelay seam.
@Suite struct ReplicatorTests {
    @Test func nestedReplicatorsMakeAGridWithComposedColours() throws {
        // 4 columns (x + 12, red −0.25) × 3 rows (y + 12, blue −0.4) of an 8×8 white square.
        let root = rootLayer(52, 40, CGColor(gray: 0, alpha: 1))
        let rows = CAReplicatorLayer()
        rows.frame = root.bounds
        rows.instanceCount = 3
        rows.instanceTransform = CATransform3DMakeTranslation(0, 12, 0)
        rows.instanceBlueOffset = -0.4
        let cols = CAReplicatorLayer()
        cols.frame = root.bounds
        cols.instanceCount = 4
        cols.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
        cols.instanceRedOffset = -0.25
        cols.addSublayer(solidLayer(CGRect(x: 4, y: 4, width: 8, height: 8), CGColor(gray: 1, alpha: 1)))
        rows.addSublayer(cols)
        root.addSublayer(rows)
        let fb = try renderFrame(root)
        expectGolden(fb, "replicator-grid")
        for r in 0..<3 {
            for c in 0..<4 {
                let expected = [
                    Int((255 * (1 - 0.25 * Double(c))).rounded()), 255,
                    Int((255 * max(0, 1 - 0.4 * Double(r))).rounded()), 255,
                ]
                let got = px(fb, 8 + 12 * c, 8 + 12 * r)
                #expect(near(got, expected, 1), "cell (\(c), \(r)): \(got) expected \(expected)")
            }
        }
    }

    @Test func instanceColourIsClampedAndMultipliesInstanceColor() throws {
        let root = rootLayer(40, 10, CGColor(gray: 0, alpha: 1))
        let rep = CAReplicatorLayer()
        rep.frame = root.bounds
        rep.instanceCount = 4
        rep.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        rep.instanceColor = CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)
        rep.instanceGreenOffset = 0.4
        rep.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(gray: 1, alpha: 1)))
        root.addSublayer(rep)
        let fb = try renderFrame(root)
        // Green: 0.5, 0.9, 1.3 → 1, 1.7 → 1.
        for (k, g) in [(0, 128), (1, 230), (2, 255), (3, 255)] {
            #expect(near(px(fb, 10 * k + 5, 5), [255, g, 255, 255], 1), "instance \(k): \(px(fb, 10 * k + 5, 5))")
        }
    }

    /// A stand-in for the animation engine: instance k's sublayer comes back shifted down by k points.
    final class ShiftedInstances: ReplicatorInstanceSource {
        var asked: [(Int, Double)] = []
        func sublayer(
            _ sublayer: CALayer, ofInstance index: Int, delayedBy delay: CFTimeInterval,
            in replicator: CAReplicatorLayer
        ) -> CALayer? {
            asked.append((index, delay))
            let copy = CALayer(layer: sublayer)
            copy.position.y += CGFloat(index)
            return copy
        }
    }

    @Test func instanceDelayAsksTheInstanceSourceForDelayedSubtrees() throws {
        let root = rootLayer(30, 20, CGColor(gray: 0, alpha: 1))
        let rep = CAReplicatorLayer()
        rep.frame = root.bounds
        rep.instanceCount = 3
        rep.instanceDelay = 0.25
        rep.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        rep.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(gray: 1, alpha: 1)))
        root.addSublayer(rep)
        let source = ShiftedInstances()
        let c = Compositor(threadCount: 1)
        c.instanceSource = source
        let fb = try renderFrame(root, compositor: c)
        #expect(source.asked.map(\.0) == [1, 2] && source.asked.map(\.1) == [0.25, 0.5], "asked \(source.asked)")
        #expect(
            px(fb, 5, 0) == [255, 255, 255, 255] && px(fb, 15, 0) == [0, 0, 0, 255]
                && px(fb, 25, 11) == [255, 255, 255, 255],
            "instances 1 and 2 drawn from the delayed copies")
        // Without a source every instance is drawn from the same copy.
        let plain = try renderFrame(root)
        #expect(px(plain, 15, 0) == [255, 255, 255, 255])
    }

    @Test func groupOpacityComparisonMatchesItsGolden() throws {
        // Left: allowsGroupOpacity (one composite); right: each level blended on its own.
        let root = rootLayer(120, 60, CGColor(gray: 0.3, alpha: 1))
        for (i, group) in [true, false].enumerated() {
            let parent = solidLayer(
                CGRect(x: 10 + CGFloat(i) * 55, y: 10, width: 45, height: 40), CGColor(gray: 1, alpha: 1))
            parent.opacity = 0.5
            parent.allowsGroupOpacity = group
            parent.addSublayer(
                solidLayer(CGRect(x: 10, y: 10, width: 35, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
            root.addSublayer(parent)
        }
        let fb = try renderFrame(root)
        expectGolden(fb, "group-opacity")
        #expect(px(fb, 30, 30) != px(fb, 85, 30), "the two modes differ where the child overlaps the parent")
    }
}
