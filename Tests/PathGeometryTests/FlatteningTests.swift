import Foundation
import LayerKit
import Testing

@testable import PathGeometry

@Suite struct FlatteningTests {
    @Test func linesAreKeptExactly() throws {
        let pts = [pt(0, 0), pt(10, 0), pt(10, 20), pt(-5, 7)]
        let flat = try PathFlattener.flatten(polyline(pts))
        #expect(flat.points == pts)
        #expect(flat.isSmooth == [false, false, false, false])
        #expect(flat.subpaths == [FlattenedPath.Subpath(start: 0, count: 4, isClosed: false)])
    }

    @Test func circleStaysWithinTolerance() throws {
        let r: CGFloat = 100
        let tol: CGFloat = 0.25
        let flat = try PathFlattener.flatten(
            CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)),
            tolerance: tol)
        let pts = flat.points
        #expect(flat.subpaths.count == 1 && flat.subpaths[0].isClosed)
        // The cubic arcs deviate from the circle by 0.027 % of r; the chords by at most the tolerance.
        let arcError = r * 0.00028
        for (i, p) in pts.enumerated() {
            let q = pts[(i + 1) % pts.count]
            #expect(abs(p.length - r) <= arcError, "vertex \(i) at radius \(p.length)")
            let mid = p.lerp(q, 0.5)
            #expect(mid.length >= r - tol - arcError, "chord \(i) midpoint at radius \(mid.length), tolerance \(tol)")
        }
        // Adaptive, not wasteful: a 100 px circle at 0.25 px needs about π / acos(1 − 0.25/100) ≈ 44 chords.
        #expect(pts.count >= 40 && pts.count <= 128, "circle flattened into \(pts.count) points")
        // Interior curve points are smooth; the four cubic junctions are not.
        #expect(flat.isSmooth.filter { !$0 }.count == 4, "smooth flags: \(flat.isSmooth)")
    }

    @Test func toleranceIsInDevicePixelsThroughTheTransform() throws {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40))
        let plain = try PathFlattener.flatten(circle)
        let scaled = try PathFlattener.flatten(circle, transform: CGAffineTransform(scaleX: 4, y: 4))
        // Chord count grows with √scale for a fixed pixel tolerance.
        let ratio = Double(scaled.points.count) / Double(plain.points.count)
        #expect(ratio > 1.6 && ratio < 2.6, "\(plain.points.count) → \(scaled.points.count) points at 4×")
        #expect(abs(scaled.bounds.width - 160) < 0.5, "device bounds \(scaled.bounds)")
    }

    @Test func subpathStructureAndClosednessAreKept() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.move(to: pt(50, 50))  // a lone moveTo draws nothing
        path.move(to: pt(20, 0))
        path.addLine(to: pt(30, 0))
        path.addQuadCurve(to: pt(40, 10), control: pt(40, 0))
        let flat = try PathFlattener.flatten(path)
        #expect(flat.subpaths.count == 2)
        #expect(flat.subpaths[0] == FlattenedPath.Subpath(start: 0, count: 4, isClosed: true))
        #expect(!flat.subpaths[1].isClosed)
        #expect(flat.points[flat.subpaths[1].end - 1] == pt(40, 10))
        #expect(flat.isSmooth[flat.subpaths[1].start + 1] == false, "the line's end is an element junction")
    }

    @Test func quadraticCurvesAreWithinTolerance() throws {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addQuadCurve(to: pt(200, 0), control: pt(100, 200))
        let tol: CGFloat = 0.1
        let flat = try PathFlattener.flatten(path, tolerance: tol)
        // The curve y = 200t(1−t)·2/… : check densely that every curve point is near the polyline.
        for i in 0...400 {
            let t = CGFloat(i) / 400
            let u = 1 - t
            let c = pt(200 * t * t + 2 * u * t * 100, 2 * u * t * 200)
            var best = CGFloat.infinity
            for k in 1..<flat.points.count {
                best = min(best, distance(c, toSegment: flat.points[k - 1], flat.points[k]))
            }
            #expect(best <= tol + 1e-9, "t = \(t): curve is \(best) from its polyline, tolerance \(tol)")
        }
    }

    @Test func absurdCoordinatesStayBounded() throws {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addCurve(to: pt(1e12, 0), control1: pt(0, 1e12), control2: pt(1e12, -1e12))
        let flat = try PathFlattener.flatten(path)
        #expect(flat.points.count <= (1 << PathFlattener.maximumSubdivisionDepth) + 1, "\(flat.points.count) points")
    }

    @Test func nonFiniteCoordinateNamesTheElement() {
        let path = CGPath(elements: [.moveToPoint(pt(0, 0)), .addLineToPoint(pt(1, 1)), .addLineToPoint(pt(.nan, 2))])
        #expect(throws: PathGeometryError.nonFiniteCoordinate(elementIndex: 2)) { try PathFlattener.flatten(path) }
        let message = PathGeometryError.nonFiniteCoordinate(elementIndex: 2).description
        #expect(message.contains("element 2") && message.contains("finite"), "\(message)")
        #expect(throws: PathGeometryError.badTolerance(0)) { try PathFlattener.flatten(path, tolerance: 0) }
    }

    @Test func segmentWithoutMoveStartsAtTheOrigin() throws {
        let flat = try PathFlattener.flatten(CGPath(elements: [.addLineToPoint(pt(3, 4))]))
        #expect(flat.points == [pt(0, 0), pt(3, 4)])
        #expect(flat.length == 5)
    }
}
