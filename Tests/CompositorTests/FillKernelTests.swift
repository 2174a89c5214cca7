import Foundation
import LayerKit
import Testing

@testable import Compositor

/// The fill kernels' fast forms against their one-pixel-at-a-time references: coverage rows resolved
/// run by run, rectangle rows by their edge columns, group rows eight pixels per step. Every byte equal.
@Suite struct FillKernelTests {
    @Test func resolvingARowRunByRunGivesTheScalarBytes() {
        var rng = SeededRandom(seed: 0x5EED_0031)
        let width = 70
        let rows = 0..<24
        let stride = width + 2
        for trial in 0..<60 {
            // Random polygons, some beyond the columns, some crossing themselves.
            var polys: [[SIMD2<Double>]] = []
            for _ in 0..<(1 + Int(rng.next32() % 3)) {
                polys.append(
                    (0..<(3 + Int(rng.next32() % 5))).map { _ in
                        SIMD2(Double(rng.nextUnitFloat()) * 90 - 10, Double(rng.nextUnitFloat()) * 30 - 3)
                    })
            }
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let antialiased = trial % 5 != 4
            let clip = IntRect(x0: 0, y0: 0, x1: width, y1: rows.upperBound)
            let shape = DeviceShape.polygons(polys, rule: rule, antialiased: antialiased, clip: clip)
            let accA = UnsafeMutablePointer<Float>.allocate(capacity: rows.count * stride)
            let accB = UnsafeMutablePointer<Float>.allocate(capacity: rows.count * stride)
            let covA = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
            let covB = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
            defer {
                accA.deallocate()
                accB.deallocate()
                covA.deallocate()
                covB.deallocate()
            }
            accA.initialize(repeating: 0, count: rows.count * stride)
            CoverageRasterizer.accumulate(shape, rows: rows, cols: 0..<width, acc: accA, stride: stride)
            accB.initialize(from: accA, count: rows.count * stride)
            for r in rows {
                covA.initialize(repeating: 7, count: width)
                covB.initialize(repeating: 7, count: width)
                let a = CoverageRasterizer.resolve(accA + r * stride, count: width, rule: rule, into: covA)
                let b = CoverageRasterizer.resolveScalar(accB + r * stride, count: width, rule: rule, into: covB)
                let same = a?.0 == b?.0 && a?.1 == b?.1 && (0..<width).allSatisfy { covA[$0] == covB[$0] }
                let cleared = (0..<stride).allSatisfy { accA[r * stride + $0] == 0 }
                #expect(
                    same && cleared,
                    "trial \(trial), row \(r), \(rule): run-by-run \(String(describing: a)), scalar \(String(describing: b))"
                )
            }
        }
    }

    @Test func rectangleRowsByTheirEdgesGiveTheScalarBytes() {
        var rng = SeededRandom(seed: 0x5EED_0032)
        for trial in 0..<400 {
            let x0 = rng.nextUnitFloat() * 60 - 10
            let x1 = x0 + rng.nextUnitFloat() * (trial % 7 == 0 ? 0.8 : 50)
            let y0 = rng.nextUnitFloat() * 10
            let y1 = y0 + rng.nextUnitFloat() * 8
            // Whole numbers now and then: edges on pixel boundaries.
            let (ex0, ex1) = trial % 3 == 0 ? (x0.rounded(), x1.rounded()) : (x0, x1)
            let c0 = Int(rng.next32() % 12) - 4
            let cols = c0..<(c0 + 1 + Int(rng.next32() % 60))
            let y = Int(rng.next32() % 20) - 2
            for antialiased in [true, false] {
                var a = [UInt8](repeating: 9, count: cols.count)
                var b = [UInt8](repeating: 9, count: cols.count)
                let ra = a.withUnsafeMutableBufferPointer {
                    CoverageRasterizer.rectRow(
                        x0: ex0, y0: y0, x1: ex1, y1: y1, antialiased: antialiased, y: y, cols: cols,
                        into: $0.baseAddress!)
                }
                let rb = b.withUnsafeMutableBufferPointer {
                    CoverageRasterizer.rectRowScalar(
                        x0: ex0, y0: y0, x1: ex1, y1: y1, antialiased: antialiased, y: y, cols: cols,
                        into: $0.baseAddress!)
                }
                let same = ra?.0 == rb?.0 && ra?.1 == rb?.1 && a == b
                #expect(
                    same,
                    "trial \(trial), x \(ex0)…\(ex1), y \(y0)…\(y1), row \(y), columns \(cols), antialiased \(antialiased): \(String(describing: ra)) vs \(String(describing: rb))"
                )
            }
        }
    }

    @Test func groupRowsEightPixelsPerStepGiveTheScalarPixels() {
        var rng = SeededRandom(seed: 0x5EED_0033)
        func pixel() -> UInt32 {
            let a = rng.next32() % 256
            return rng.next32() % 5 == 0
                ? 0 : PixelMath.pack(rng.next32() % (a + 1), rng.next32() % (a + 1), rng.next32() % (a + 1), a)
        }
        for trial in 0..<300 {
            let n = Int(rng.next32() % 40)
            let src = (0..<n).map { _ in pixel() }
            let dst = (0..<n).map { _ in pixel() }
            let cov = (0..<n).map { _ in UInt8(truncatingIfNeeded: [0, 255, rng.next32()][Int(rng.next32() % 3)]) }
            let mask = (0..<n).map { _ in pixel() }
            let opacity = [0, 256, rng.next32() % 257][Int(rng.next32() % 3)]
            let useCov = trial % 2 == 0
            let useMask = trial % 3 == 0
            var fast = dst
            var slow = dst
            cov.withUnsafeBufferPointer { c in
                mask.withUnsafeBufferPointer { m in
                    src.withUnsafeBufferPointer { s in
                        fast.withUnsafeMutableBufferPointer { f in
                            SpanBlender.composite(
                                f.baseAddress!, src: s.baseAddress!, count: n, opacity: opacity,
                                cov: useCov ? c.baseAddress : nil, mask: useMask ? m.baseAddress : nil)
                        }
                        slow.withUnsafeMutableBufferPointer { f in
                            SpanBlender.compositeScalar(
                                f.baseAddress!, src: s.baseAddress!, count: n, opacity: opacity,
                                cov: useCov ? c.baseAddress : nil, mask: useMask ? m.baseAddress : nil)
                        }
                    }
                }
            }
            #expect(
                fast == slow, "trial \(trial): \(n) pixels, opacity \(opacity), coverage \(useCov), mask \(useMask)")
        }
    }
}
