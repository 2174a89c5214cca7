import Foundation
import Testing

@testable import LayerKit

/// Counts `draw(_:in:)` calls; draws nothing.
final class CountingDelegate: CALayerDelegate {
    var draws = 0
    func draw(_ layer: CALayer, in ctx: CGContext) { draws += 1 }
}

/// The display machinery without a rasteriser: marks, counts, bounds changes, tiled-layer keys.
@Suite struct DisplayMarkingTests {
    @Test func displaySubtreeRedrawsOnlyMarkedLayers() {
        let root = CALayer()
        let a = CALayer()
        let b = CALayer()
        for l in [a, b] {
            l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            root.addSublayer(l)
        }
        let da = CountingDelegate()
        let db = CountingDelegate()
        a.delegate = da
        b.delegate = db
        #expect(root.displaySubtreeIfNeeded() == 0, "nothing marked")
        b.setNeedsDisplay()
        #expect(
            root.displayState.descendantNeedsDisplay && !root.needsDisplay(),
            "the mark reaches the root as a descendant mark")
        #expect(
            root.displaySubtreeIfNeeded() == 1 && da.draws == 0 && db.draws == 1 && b.displayCount == 1,
            "only b: \(da.draws) \(db.draws)")
        #expect(root.displaySubtreeIfNeeded() == 0 && !root.displayState.descendantNeedsDisplay, "marks cleared")
    }

    @Test func boundsChangeMarksOnlyWithNeedsDisplayOnBoundsChange() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(!l.needsDisplay())
        l.needsDisplayOnBoundsChange = true
        l.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
        #expect(l.needsDisplay(), "marked by the resize")
    }

    @Test func emptyBoundsDrawNothingAndOversizedOnesExplainWhy() {
        let l = CALayer()
        let d = CountingDelegate()
        l.delegate = d
        l.display()
        #expect(d.draws == 0 && l.contents == nil, "no pixels, no drawing")
        l.bounds = CGRect(x: 0, y: 0, width: 20_000, height: 10)
        l.display()
        #expect(d.draws == 0 && (l.displayProblem ?? "").contains("CATiledLayer"), "\(l.displayProblem ?? "nil")")
    }

    @Test func contextWithoutARendererReportsTheFix() throws {
        let ctx = try CGContext(width: 4, height: 4, renderer: nil)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ctx.problems.first?.contains("create a Compositor") == true, "\(ctx.problems)")
    }

    @Test func gradientRejectsMismatchedLocations() {
        #expect(CGGradient(colors: [.black, .white], locations: [0]) == nil)
        #expect(CGGradient(colors: [], locations: nil) == nil)
        let g = CGGradient(colors: [.white, .black], locations: [1, 0])
        #expect(g?.locations == [0, 1] && g?.colors.first == .black, "sorted by location")
    }

    @Test func tiledLayerKeysAndLevels() throws {
        let t = CATiledLayer()
        #expect(t.tileSize == CGSize(width: 256, height: 256) && t.levelsOfDetail == 1 && t.levelsOfDetailBias == 0)
        try t.setLayerValue(.number(3), forKeyPath: "levelsOfDetail")
        try t.setLayerValue(.number(1), forKeyPath: "levelsOfDetailBias")
        t.contentsScale = 2
        #expect(t.levelScales == [4, 2, 1], "contentsScale 2, bias 1, three levels: \(t.levelScales)")
    }
}
