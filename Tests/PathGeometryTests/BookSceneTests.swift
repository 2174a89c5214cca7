import Foundation
import LayerKit
import Testing

@testable import PathGeometry

/// The Core Animation book's shape-layer scenes: S28 (stick figure, rounded rectangle with chosen corners,
/// shape-layer mask) and S30 (cheap rounded corners).
@Suite struct BookSceneTests {
    func stickFigure() throws -> CoverageGrid {
        let s = try ShapeGeometry.stroke(BookShapes.stickFigure, style: BookShapes.stickFigureStyle)
        return CoverageGrid(s, width: 300, height: 260)
    }

    @Test func stickFigureStrokeCoversTheFigureS28() throws {
        let g = try stickFigure()
        // On the lines: head ring (radius 25 around (150, 100)), body, arms, legs; all fully covered.
        let on: [CGPoint] = [
            pt(175, 100), pt(125, 100), pt(150, 75), pt(150, 125), pt(150, 160), pt(150, 150),
            pt(110, 150), pt(190, 150), pt(137.5, 200), pt(162.5, 200), pt(150, 175),
        ]
        for p in on { #expect(g.coverage(at: p) > 0.99, "S28 stick figure: coverage \(g.coverage(at: p)) at \(p)") }
        // Off the lines: inside the head, between the legs, beside the body, beyond the round caps.
        let off: [CGPoint] = [pt(150, 100), pt(150, 215), pt(140, 165), pt(96, 150), pt(204, 150), pt(150, 70)]
        for p in off { #expect(g.coverage(at: p) == 0, "S28 stick figure: coverage \(g.coverage(at: p)) at \(p)") }
        // The round cap reaches 2.5 pt beyond the arm's end at x = 100: column 97 holds the cap's tip,
        // a circular segment of depth 0.5 and area R²·acos(0.8) − 2·1.5 ≈ 1.022.
        let tip = (146...153).reduce(Float(0)) { $0 + g[97, $1] }
        let segment = 6.25 * acos(0.8) - 3
        #expect(abs(Double(tip) - segment) < 0.05, "cap tip ink \(tip), expected \(segment)")
        #expect((146...153).allSatisfy { g[96, $0] == 0 }, "nothing beyond the cap")
    }

    @Test func stickFigureEdgesAreHalfCoveredS28() throws {
        let g = try stickFigure()
        // The body spans x = 147.5…152.5: columns 147 and 152 are half covered, 148…151 fully.
        for y in [130, 140, 165] {
            #expect(abs(g[147, y] - 0.5) < 0.01 && abs(g[152, y] - 0.5) < 0.01, "row \(y): \(g[147, y]), \(g[152, y])")
            for x in 148...151 { #expect(g[x, y] > 0.999, "row \(y), column \(x): \(g[x, y])") }
        }
        // The ink of the arm (100 long, 5 wide, two round caps) outside the body, measured on a band.
        var arm = 0.0
        for y in 145..<156 { for x in 90..<147 { arm += Double(g[x, y]) } }
        let expected = (147 - 100) * 5 + Double.pi * 2.5 * 2.5 / 2
        #expect(abs(arm - expected) < 0.5, "left arm ink \(arm), expected \(expected)")
    }

    /// The whole figure, pixel by pixel: head ring, body, arms and legs with round caps and joins, as
    /// recorded from the inspected image (the tests above pin its coverage numbers).
    @Test func stickFigureMatchesItsGoldenImageS28() throws {
        try stickFigure().expectGolden("s28-stick-figure")
    }

    @Test func roundedRectangleRoundsOnlyTheChosenCornersS28() throws {
        let s = try ShapeGeometry.stroke(
            BookShapes.roundedRectChosenCorners,
            style: StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round))
        let g = CoverageGrid(s, width: 200, height: 200)
        try g.expectGolden("s28-rounded-rect")
        // Top-left is square: the stroke covers the corner point and runs straight along both edges.
        #expect(g.coverage(at: pt(50, 50)) > 0.99 && g.coverage(at: pt(50, 110)) > 0.99)
        // Its outer corner is rounded by the round join (radius 2.5): (47.6, 47.6) is 3.4 from (50, 50).
        #expect(!s.contains(pt(47.6, 47.6)) && s.contains(pt(48.5, 48.5)))
        // The three rounded corners: the ring of radius 20 ± 2.5 around each corner centre, and the
        // rectangle's sharp corner point left empty.
        let centres = [pt(130, 70), pt(130, 130), pt(70, 130)]
        let corners = [pt(150, 50), pt(150, 150), pt(50, 150)]
        for (c, corner) in zip(centres, corners) {
            let dx: CGFloat = corner.x > c.x ? 1 : -1
            let dy: CGFloat = corner.y > c.y ? 1 : -1
            let onArc = pt(c.x + dx * 20 / 2.squareRoot(), c.y + dy * 20 / 2.squareRoot())
            #expect(s.contains(onArc), "arc point \(onArc) of the corner at \(corner)")
            #expect(!s.contains(corner) && g.coverage(at: corner) == 0, "rounded corner \(corner) is empty")
        }
    }

    @Test func cheapRoundedCornersMatchTrueCircularCornersS30() throws {
        // S30: a blue shape layer at frame (50, 50, 100, 100) filling a rounded rect of radius 20.
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        layer.fillColor = UIColor.blue.cgColor
        layer.path = BookShapes.cheapRoundedRect
        let geometry = try ShapeGeometry(shapeLayer: layer, transform: CGAffineTransform(translationX: 50, y: 50))
        let fill = try #require(geometry.fill)
        #expect(geometry.stroke == nil, "no strokeColor, no stroke")
        let g = CoverageGrid(fill, width: 200, height: 200)
        // The reference: the exact rounded rectangle with circular corners, 16 × 16 samples per pixel.
        let rect = CGRect(x: 50, y: 50, width: 100, height: 100)
        var worst: Float = 0
        var worstPixel = (0, 0)
        for y in 40..<160 {
            for x in 40..<160 {
                var inside = 0
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        let p = pt(CGFloat(x) + (CGFloat(sx) + 0.5) / 16, CGFloat(y) + (CGFloat(sy) + 0.5) / 16)
                        if BookShapes.insideTrueRoundedRect(p, rect, radius: 20) { inside += 1 }
                    }
                }
                let diff = abs(g[x, y] - Float(inside) / 256)
                if diff > worst {
                    worst = diff
                    worstPixel = (x, y)
                }
            }
        }
        #expect(worst < 0.12, "S30: largest per-pixel difference \(worst) at \(worstPixel)")
        let exact = 10_000 - (4 - Double.pi) * 400
        // Chords lie inside the arcs: the area falls short by at most tolerance × the arcs' length.
        #expect(
            g.total < exact && exact - g.total < PathFlattener.defaultTolerance * 2 * .pi * 20,
            "S30 area \(g.total), exact \(exact)")
        try g.expectGolden("s30-rounded-rect")
    }

    @Test func shapeLayerMaskRoundsTwoCornersS28() throws {
        // 004:L462-474: a mask shape layer with frame = rect rounding top-right and bottom-right.
        let path = CGMutablePath()
        path.addRoundedRect(
            in: CGRect(x: 50, y: 50, width: 100, height: 100), radii: CGSize(width: 20, height: 20),
            corners: [.layerMaxXMinYCorner, .layerMaxXMaxYCorner])
        let mask = CAShapeLayer()
        mask.path = path
        let geometry = try ShapeGeometry(shapeLayer: mask, transform: .identity)
        let fill = try #require(geometry.fill, "a mask's default black fill gives full alpha")
        #expect(fill.contains(pt(50.5, 50.5)) && fill.contains(pt(50.5, 149.5)), "left corners stay square")
        #expect(!fill.contains(pt(149.5, 50.5)) && !fill.contains(pt(149.5, 149.5)), "right corners are cut")
    }

    @Test func strokeEndDrawsTheFigureOnOverTime() throws {
        // strokeEnd animating 0 → 1 reveals ink monotonically, starting with the head.
        var previous = -1.0
        for step in 0...4 {
            let style = StrokeStyle(lineWidth: 5, lineCap: .butt, lineJoin: .round, strokeEnd: CGFloat(step) / 4)
            let s = try ShapeGeometry.stroke(BookShapes.stickFigure, style: style)
            let ink = CoverageGrid(s, width: 300, height: 260).total
            #expect(ink > previous, "strokeEnd \(Double(step) / 4): ink \(ink) after \(previous)")
            previous = ink
            if step == 1 {
                // The head's circumference (157) is 44 % of the length (357): a quarter is all head.
                #expect(s.bounds.maxY < 130, "strokeEnd 0.25 draws only the head: bounds \(s.bounds)")
            }
        }
    }
}
