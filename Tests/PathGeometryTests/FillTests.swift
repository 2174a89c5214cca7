import Foundation
import LayerKit
import Testing

@testable import PathGeometry

@Suite struct FillTests {
    /// Two squares wound the same way: 100 × 100 around 50 × 50.
    var nested: CGPath {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 10, y: 10, width: 100, height: 100))
        p.addRect(CGRect(x: 35, y: 35, width: 50, height: 50))
        return p
    }

    @Test func evenOddLeavesAHoleAndNonZeroDoesNot() throws {
        let nonZero = try ShapeGeometry.fill(nested, fillRule: .nonZero)
        let evenOdd = try ShapeGeometry.fill(nested, fillRule: .evenOdd)
        let a = CoverageGrid(nonZero, width: 128, height: 128).total
        let b = CoverageGrid(evenOdd, width: 128, height: 128).total
        #expect(abs(a - 10_000) < 1e-3, "non-zero area \(a)")
        #expect(abs(b - 7_500) < 1e-3, "even-odd area \(b)")
        #expect(nonZero.contains(pt(60, 60)) && !evenOdd.contains(pt(60, 60)))
        #expect(nonZero.winding(at: pt(60, 60)) == 2 && nonZero.winding(at: pt(20, 20)) == 1)
    }

    @Test func openSubpathsAreClosedForFilling() throws {
        let triangle = polyline([pt(0, 0), pt(40, 0), pt(0, 30)])
        let set = try ShapeGeometry.fill(triangle)
        #expect(abs(set.signedArea - 600) < 1e-9, "area \(set.signedArea)")
        #expect(abs(CoverageGrid(set, width: 64, height: 64).total - 600) < 0.1)
    }

    @Test func fillIsInDevicePixelsThroughTheTransform() throws {
        let set = try ShapeGeometry.fill(
            CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)),
            transform: CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 5))
        #expect(set.bounds == CGRect(x: 10, y: 15, width: 20, height: 30))
    }

    @Test func singlePointSubpathsAreDropped() throws {
        let p = CGMutablePath()
        p.move(to: pt(3, 3))
        p.addLine(to: pt(3, 3))
        p.closeSubpath()
        p.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        let set = try ShapeGeometry.fill(p)
        #expect(set.contourCount == 1 && set.points.count == 4)
    }

    @Test func edgesAreAntiAliasedByArea() throws {
        // A rectangle from x = 10.25 to 20.75: the edge pixels are a quarter and three quarters covered.
        let set = try ShapeGeometry.fill(CGPath(rect: CGRect(x: 10.25, y: 4, width: 10.5, height: 4)))
        let g = CoverageGrid(set, width: 32, height: 12)
        #expect(abs(g[10, 5] - 0.75) < 1e-6 && abs(g[20, 5] - 0.75) < 1e-6 && g[15, 5] == 1 && g[9, 5] == 0)
    }
}
