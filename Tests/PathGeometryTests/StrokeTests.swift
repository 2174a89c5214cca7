import Foundation
import LayerKit
import Testing

@testable import PathGeometry

@Suite struct StrokeTests {
    func stroke(_ path: CGPath, _ style: StrokeStyle, transform: CGAffineTransform = .identity) throws -> PolygonSet {
        try ShapeGeometry.stroke(path, style: style, transform: transform)
    }

    func area(_ set: PolygonSet, size: Int = 160) -> Double { CoverageGrid(set, width: size, height: size).total }

    @Test func fivePointLineCoversLengthTimesFive() throws {
        // A diagonal line of length 100 (a 3-4-5 triangle): no pixel alignment helps.
        let s = try stroke(polyline([pt(20, 20), pt(80, 100)]), StrokeStyle(lineWidth: 5))
        let a = area(s)
        #expect(abs(a - 500) < 2, "area \(a), expected 100 × 5")
        #expect(abs(abs(s.signedArea) - 500) < 1e-6, "outline area \(s.signedArea)")
    }

    @Test func capsExtendOpenEnds() throws {
        let line = polyline([pt(20, 20), pt(80, 100)])
        let square = area(try stroke(line, StrokeStyle(lineWidth: 5, lineCap: .square)))
        #expect(abs(square - 525) < 2, "square caps add 2 × 2.5 × 5: area \(square)")
        let round = area(try stroke(line, StrokeStyle(lineWidth: 5, lineCap: .round)))
        let expected = 500 + Double.pi * 2.5 * 2.5
        #expect(abs(round - expected) < 2, "round caps add a disc of radius 2.5: area \(round), expected \(expected)")
    }

    @Test func joinsFillTheOuterCorner() throws {
        // An L: (10,10) → (60,10) → (60,60), width 10: two 50 × 10 bands overlapping in a 5 × 5 square.
        let l = polyline([pt(10, 10), pt(60, 10), pt(60, 60)])
        let miter = area(try stroke(l, StrokeStyle(lineWidth: 10, lineJoin: .miter)))
        let bevel = area(try stroke(l, StrokeStyle(lineWidth: 10, lineJoin: .bevel)))
        let round = area(try stroke(l, StrokeStyle(lineWidth: 10, lineJoin: .round)))
        #expect(abs(miter - 1000) < 1.5, "miter area \(miter)")
        #expect(abs(bevel - 987.5) < 1.5, "bevel area \(bevel)")
        #expect(abs(round - (975 + 25 * Double.pi / 4)) < 1.5, "round area \(round)")
    }

    @Test func miterLimitFollowsTheCoreGraphicsRule() throws {
        // Interior angle 60°: the miter is 1/sin(30°) = 2 line widths long.
        let a = pt(0, 100)
        let b = pt(50, 100)
        let c = pt(50 - 100 * cos(.pi / 3), 100 - 100 * sin(.pi / 3))
        let v = polyline([a, b, c])
        let mitered = try stroke(v, StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 2.01))
        let bevelled = try stroke(v, StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 1.99))
        // The miter tip lies 2 × 5 = 10 beyond the corner along the bisector (to the right of b).
        let tipX = b.x + 10 * cos(.pi / 6)
        #expect(abs(mitered.bounds.maxX - tipX) < 1e-9, "miter tip at x = \(mitered.bounds.maxX), expected \(tipX)")
        #expect(bevelled.bounds.maxX < b.x + 5 + 1e-9, "bevelled corner reaches x = \(bevelled.bounds.maxX)")
        // A square corner (ratio √2) under the default limit 10 is mitered; under 1.4 it is bevelled.
        let l = polyline([pt(10, 10), pt(60, 10), pt(60, 60)])
        #expect(try stroke(l, StrokeStyle(lineWidth: 10, miterLimit: 1.42)).bounds.minY == 5)
        #expect(try stroke(l, StrokeStyle(lineWidth: 10, miterLimit: 1.41)).contains(pt(64.5, 5.5)) == false)
    }

    @Test func closedRectangleIsARingJoinedAtTheStart() throws {
        let rect = CGPath(rect: CGRect(x: 20, y: 20, width: 100, height: 50))
        let s = try stroke(rect, StrokeStyle(lineWidth: 10))
        #expect(s.contourCount == 2, "a closed subpath strokes into two contours")
        let a = area(s)
        #expect(abs(a - (110 * 60 - 90 * 40)) < 2, "ring area \(a)")
        // The start corner (20, 20) is mitered like every other corner: no cap notch.
        #expect(s.contains(pt(15.5, 15.5)) && s.contains(pt(124.5, 74.5)))
        #expect(!s.contains(pt(70, 45)), "the inside of the rectangle is not stroked")
    }

    @Test func overlapsNeverCancelUnderTheNonZeroRule() throws {
        // A seeded random zigzag with hairpins and self-crossings, round joins and caps: the stroke must be
        // exactly the set of points within half the line width of the polyline.
        var rng = SeededRandom(seed: 28)
        var pts: [CGPoint] = []
        for _ in 0..<24 {
            pts.append(pt(20 + CGFloat(rng.nextUnitDouble()) * 120, 20 + CGFloat(rng.nextUnitDouble()) * 120))
        }
        let r: CGFloat = 6
        let s = try stroke(polyline(pts), StrokeStyle(lineWidth: 2 * r, lineCap: .round, lineJoin: .round))
        var checked = 0
        var uncovered: [String] = []
        var overreach: [String] = []
        for gy in 0..<80 {
            for gx in 0..<80 {
                let q = pt(5 + CGFloat(gx) * 1.9, 5 + CGFloat(gy) * 1.9)
                var d = CGFloat.infinity
                for k in 1..<pts.count { d = min(d, distance(q, toSegment: pts[k - 1], pts[k])) }
                let inside = s.contains(q)
                if d < r - 0.3 {
                    checked += 1
                    if !inside { uncovered.append("\(q) at \(d), winding \(s.winding(at: q))") }
                } else if d > r + PathFlattener.defaultTolerance, inside {
                    overreach.append("\(q) at \(d)")
                }
            }
        }
        #expect(uncovered.isEmpty, "seed 28: points within half the width not covered: \(uncovered.prefix(5))")
        #expect(overreach.isEmpty, "seed 28: points beyond half the width covered: \(overreach.prefix(5))")
        #expect(checked > 1000)
        // Every contour winds the same way (negative signed area), so no overlap can cancel.
        for i in 0..<s.contourCount {
            #expect(s.signedArea(ofContour: i) < 0, "contour \(i) area \(s.signedArea(ofContour: i))")
        }
    }

    @Test func everySegmentIsCoveredWithEveryJoinStyle() throws {
        // Whatever the join, each segment's own rectangle is inside the stroke, including where sharp
        // corners and crossings make the outline loop over itself.
        var rng = SeededRandom(seed: 7)
        var pts: [CGPoint] = []
        for _ in 0..<16 {
            pts.append(pt(20 + CGFloat(rng.nextUnitDouble()) * 100, 20 + CGFloat(rng.nextUnitDouble()) * 100))
        }
        for join in CAShapeLayerLineJoin.allCases {
            let s = try stroke(polyline(pts), StrokeStyle(lineWidth: 8, lineJoin: join))
            var missed: [CGPoint] = []
            for gy in 0..<60 {
                for gx in 0..<60 {
                    let q = pt(10 + CGFloat(gx) * 2.1, 10 + CGFloat(gy) * 2.1)
                    let inRectangle = (1..<pts.count).contains { k in
                        let a = pts[k - 1]
                        let b = pts[k]
                        let ab = pt(b.x - a.x, b.y - a.y)
                        let t = ((q.x - a.x) * ab.x + (q.y - a.y) * ab.y) / (ab.x * ab.x + ab.y * ab.y)
                        return t > 0.001 && t < 0.999 && distance(q, toSegment: a, b) < 3.7
                    }
                    if inRectangle, !s.contains(q) { missed.append(q) }
                }
            }
            #expect(missed.isEmpty, "seed 7, \(join.rawValue) join: uncovered points \(missed.prefix(5))")
        }
    }

    @Test func thinLinesStayVisibleWithTheirInk() throws {
        let s = try stroke(polyline([pt(10.3, 20.5), pt(110.3, 20.5)]), StrokeStyle(lineWidth: 0.2))
        #expect(abs(s.coverageScale - 0.2) < 1e-12)
        let g = CoverageGrid(s, width: 128, height: 32)
        #expect(abs(g.total - 20) < 0.5, "ink \(g.total), expected 100 × 0.2")
        for x in 11..<110 { #expect(g[x, 20] > 0.15, "pixel (\(x), 20) coverage \(g[x, 20])") }
        // Through a 0.25 scale a 2 pt line is 0.5 px: still drawn, at half strength.
        let scaled = try stroke(
            polyline([pt(0, 10), pt(400, 10)]), StrokeStyle(lineWidth: 2),
            transform: CGAffineTransform(scaleX: 0.25, y: 0.25))
        #expect(abs(scaled.coverageScale - 0.5) < 1e-12)
    }

    @Test func zeroWidthDrawsNothingAndBadWidthIsAnError() throws {
        #expect(try stroke(polyline([pt(0, 0), pt(10, 0)]), StrokeStyle(lineWidth: 0)).isEmpty)
        #expect(throws: PathGeometryError.badLineWidth(-1)) {
            try stroke(polyline([pt(0, 0), pt(10, 0)]), StrokeStyle(lineWidth: -1))
        }
    }

    @Test func nonUniformScaleGivesAnEllipticalPen() throws {
        let t = CGAffineTransform(scaleX: 2, y: 1)
        let vertical = try stroke(polyline([pt(30, 10), pt(30, 110)]), StrokeStyle(lineWidth: 10), transform: t)
        let horizontal = try stroke(polyline([pt(10, 30), pt(70, 30)]), StrokeStyle(lineWidth: 10), transform: t)
        #expect(abs(vertical.bounds.width - 20) < 1e-9, "vertical line is \(vertical.bounds.width) px wide")
        #expect(abs(horizontal.bounds.height - 10) < 1e-9, "horizontal line is \(horizontal.bounds.height) px tall")
        #expect(abs(area(vertical) - 2000) < 2)
    }

    @Test func degenerateSegmentsAreIgnored() throws {
        let clean = try stroke(
            polyline([pt(10, 10), pt(60, 10), pt(60, 60)]), StrokeStyle(lineWidth: 6, lineJoin: .round))
        let noisy = try stroke(
            polyline([pt(10, 10), pt(10, 10), pt(60, 10), pt(60, 10), pt(60, 10 + 1e-12), pt(60, 60), pt(60, 60)]),
            StrokeStyle(lineWidth: 6, lineJoin: .round))
        #expect(noisy.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(abs(area(clean) - area(noisy)) < 0.01)
    }

    @Test func zeroLengthSubpathDrawsADotForRoundAndSquareCaps() throws {
        let dot = polyline([pt(50, 50), pt(50, 50)])
        let round = area(try stroke(dot, StrokeStyle(lineWidth: 10, lineCap: .round)))
        #expect(abs(round - 25 * Double.pi) < 0.6, "round dot area \(round)")
        let square = area(try stroke(dot, StrokeStyle(lineWidth: 10, lineCap: .square)))
        #expect(abs(square - 100) < 0.5, "square dot area \(square)")
        #expect(try stroke(dot, StrokeStyle(lineWidth: 10, lineCap: .butt)).isEmpty)
    }

    @Test func dottedLineFromZeroLengthDashes() throws {
        // [0, 10] with round caps: 11 dots of radius 2 along a 100 pt line.
        let s = try stroke(
            polyline([pt(20, 30), pt(120, 30)]),
            StrokeStyle(lineWidth: 4, lineCap: .round, lineDashPattern: [0, 10]))
        #expect(s.contourCount == 11)
        let a = area(s)
        #expect(abs(a - 11 * 4 * Double.pi) < 2, "dots cover \(a)")
        #expect(
            try stroke(
                polyline([pt(20, 30), pt(120, 30)]),
                StrokeStyle(lineWidth: 4, lineCap: .butt, lineDashPattern: [0, 10])
            ).isEmpty)
    }

    @Test func curvesJoinSmoothlyWhateverTheLineJoin() throws {
        // A circle of radius 50 stroked 40 wide with bevel joins is still a true ring: curve-interior
        // vertices get round joins.
        let circle = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 100, height: 100))
        let s = try stroke(circle, StrokeStyle(lineWidth: 40, lineJoin: .bevel))
        let expected = Double.pi * (70 * 70 - 30 * 30)
        let a = area(s)
        #expect(abs(a - expected) / expected < 0.002, "ring area \(a), expected \(expected)")
    }

    @Test func strokeEndDrawsOnPartOfTheInk() throws {
        let line = polyline([pt(20, 20), pt(120, 20)])
        let half = try stroke(line, StrokeStyle(lineWidth: 4, strokeEnd: 0.5))
        #expect(abs(half.bounds.maxX - 70) < 1e-9 && abs(area(half) - 200) < 1)
    }
}
