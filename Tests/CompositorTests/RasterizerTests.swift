import Foundation
import LayerKit
import Testing

@testable import Compositor

/// The coverage rasteriser (exact-area anti-aliasing, fill rules, clipping), used for rounded corners,
/// borders, shadow paths, masks and shape fills.
@Suite struct RasterizerTests {
    /// Coverage of `shape` in `rect`, as 0…255 per pixel, by running a solid white fill into a buffer.
    func coverage(_ shape: DeviceShape, _ w: Int, _ h: Int) -> [[Int]] {
        let buf = PixelBuffer(capacity: w * h)
        let rect = IntRect(x0: 0, y0: 0, x1: w, y1: h)
        let ex = BandExecutor(threads: 1)
        ex.run([.fill(FillOp(shape: shape, paint: .solid(0xFFFF_FFFF), tint: .identity))], into: buf.target(rect))
        return (0..<h).map { y in (0..<w).map { x in Int(buf.pixels[y * w + x] >> 24) } }
    }

    func square(_ x0: Double, _ y0: Double, _ s: Double, reversed: Bool = false) -> [SIMD2<Double>] {
        let p = [SIMD2(x0, y0), SIMD2(x0 + s, y0), SIMD2(x0 + s, y0 + s), SIMD2(x0, y0 + s)]
        return reversed ? p.reversed() : p
    }

    @Test func coverageOfATriangleSumsToItsArea() {
        let tri: [SIMD2<Double>] = [SIMD2(2.3, 1.7), SIMD2(17.6, 5.2), SIMD2(8.1, 14.9)]
        let area =
            abs((tri[1].x - tri[0].x) * (tri[2].y - tri[0].y) - (tri[2].x - tri[0].x) * (tri[1].y - tri[0].y)) / 2
        let full = IntRect(x0: 0, y0: 0, x1: 20, y1: 20)
        let c = coverage(DeviceShape.polygons([tri], rule: .nonZero, antialiased: true, clip: full), 20, 20)
        let sum = c.joined().reduce(0, +)
        #expect(abs(Double(sum) / 255 - area) < 0.5, "sum of coverage \(Double(sum) / 255) vs area \(area)")
    }

    @Test func fractionalRectangleEdgesGetTheirAreaAsCoverage() {
        let full = IntRect(x0: 0, y0: 0, x1: 10, y1: 10)
        let poly: [SIMD2<Double>] = [SIMD2(2.25, 3.5), SIMD2(7.75, 3.5), SIMD2(7.75, 6), SIMD2(2.25, 6)]
        let c = coverage(DeviceShape.polygons([poly], rule: .nonZero, antialiased: true, clip: full), 10, 10)
        #expect(c[3][2] == Int((0.75 * 0.5 * 255).rounded()), "corner pixel: \(c[3][2])")
        #expect(
            c[4][5] == 255 && c[3][5] == 128 && c[4][7] == 191,
            "interior, half row, three-quarter column: \(c[4][5]) \(c[3][5]) \(c[4][7])")
        let rect = coverage(DeviceShape.rect(x0: 2.25, y0: 3.5, x1: 7.75, y1: 6, antialiased: true, clip: full), 10, 10)
        #expect(rect == c, "the rectangle fast path gives the same coverage as the polygon path")
    }

    @Test func nonZeroFillsOverlapsAndEvenOddLeavesHoles() {
        let full = IntRect(x0: 0, y0: 0, x1: 20, y1: 20)
        let polys = [square(2, 2, 12), square(6, 6, 12)]
        let nz = coverage(DeviceShape.polygons(polys, rule: .nonZero, antialiased: true, clip: full), 20, 20)
        let eo = coverage(DeviceShape.polygons(polys, rule: .evenOdd, antialiased: true, clip: full), 20, 20)
        #expect(nz[10][10] == 255 && eo[10][10] == 0, "overlap: non-zero \(nz[10][10]), even-odd \(eo[10][10])")
        #expect(nz[3][3] == 255 && eo[3][3] == 255, "single coverage: filled in both")
        // Opposite windings cancel under non-zero too.
        let holed = coverage(
            DeviceShape.polygons(
                [square(2, 2, 16), square(6, 6, 8, reversed: true)], rule: .nonZero,
                antialiased: true, clip: full), 20, 20)
        #expect(holed[10][10] == 0 && holed[3][3] == 255, "reversed inner square is a hole")
    }

    @Test func pointSamplingCoversPixelsWhoseCentresAreInside() {
        let full = IntRect(x0: 0, y0: 0, x1: 10, y1: 10)
        let poly: [SIMD2<Double>] = [SIMD2(2.6, 2.4), SIMD2(7.4, 2.4), SIMD2(7.4, 7.6), SIMD2(2.6, 7.6)]
        let c = coverage(DeviceShape.polygons([poly], rule: .nonZero, antialiased: false, clip: full), 10, 10)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside =
                    Double(x) + 0.5 > 2.6 && Double(x) + 0.5 < 7.4 && Double(y) + 0.5 > 2.4 && Double(y) + 0.5 < 7.6
                #expect(c[y][x] == (inside ? 255 : 0), "(\(x),\(y)) \(c[y][x])")
            }
        }
    }

    @Test func shapesCrossingTheClipEdgesAreCutCorrectly() {
        // A big triangle mostly outside a 10×10 clip: inside the clip it must match the unclipped fill.
        let tri: [SIMD2<Double>] = [SIMD2(-30, -5), SIMD2(25, 4), SIMD2(-3, 40)]
        let clip = IntRect(x0: 0, y0: 0, x1: 10, y1: 10)
        let wide = IntRect(x0: -40, y0: -40, x1: 50, y1: 50)
        let clipped = coverage(DeviceShape.polygons([tri], rule: .nonZero, antialiased: true, clip: clip), 10, 10)
        let shape = DeviceShape.polygons([tri], rule: .nonZero, antialiased: true, clip: wide)
        let buf = PixelBuffer(capacity: 90 * 90)
        BandExecutor(threads: 1).run(
            [.fill(FillOp(shape: shape, paint: .solid(0xFFFF_FFFF), tint: .identity))], into: buf.target(wide))
        for y in 0..<10 {
            for x in 0..<10 {
                let reference = Int(buf.pixels[(y + 40) * 90 + x + 40] >> 24)
                #expect(abs(clipped[y][x] - reference) <= 1, "(\(x),\(y)) clipped \(clipped[y][x]) vs \(reference)")
            }
        }
    }

    @Test func curvesAreFlattenedWithinTheTolerance() {
        // A circle of radius 8: coverage sum ≈ π r².
        let path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 16, height: 16))
        let polys = DeviceProjector.devicePolygons(
            of: path, transform: .identity, guardRect: IntRect(x0: -4, y0: -4, x1: 24, y1: 24))
        let c = coverage(
            DeviceShape.polygons(polys, rule: .nonZero, antialiased: true, clip: IntRect(x0: 0, y0: 0, x1: 20, y1: 20)),
            20, 20)
        let area = Double(c.joined().reduce(0, +)) / 255
        #expect(abs(area - .pi * 64) < 1, "circle area \(area) vs \(Double.pi * 64)")
    }
}
