import Foundation
import LayerKit
import Testing

@testable import Compositor

/// The last columns of a rotated bilinear row (fewer than eight) are drawn as one masked eight-lane
/// block placed inside the row's columns; narrow windows, where no block fits, fall back to per-pixel
/// code. Either way the pixels are exactly those of the scalar reference loop, and nothing outside the
/// window changes.
@Suite struct RotatedRowTailTests {
    @Test func laneMasksHoldExactlyTheLanesOfTheirRange() {
        for first in -2...10 {
            for end in -2...10 {
                let mask = SpriteKernels.laneMask(from: first, to: end)
                let lanes = SpriteKernels.lanes(from: first, to: end)
                for lane in 0..<8 {
                    let inside = lane >= min(max(first, 0), 8) && lane < min(max(end, 0), 8)
                    #expect(
                        mask[lane] == (inside ? -1 : 0) && lanes[lane] == inside,
                        "lanes \(first)..<\(end), lane \(lane): mask \(mask[lane]), SIMDMask \(lanes[lane]), expected \(inside)"
                    )
                }
            }
        }
    }

    @Test func narrowColumnWindowsDrawTheScalarLoopsPixelsAndNothingOutside() {
        let helper = RotatedSpriteKernelTests()
        var rng = SeededRandom(seed: 0x5EED_0011)
        let width = 64
        let dstA = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let dstB = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let before = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer {
            dstA.deallocate()
            dstB.deallocate()
            before.deallocate()
        }
        var compared = 0
        var drawn = 0
        for trial in 0..<40 {
            let tw = 4 + Int(rng.next32() % 28)
            let th = 4 + Int(rng.next32() % 28)
            let padded = PaddedTexture(helper.randomTexture(tw, th, &rng))
            let size = Float(tw) * (0.5 + rng.nextUnitFloat() * 2)
            let angle = rng.nextSignedFloat() * .pi
            let xf = helper.transform(padded, angle: angle, size: size, flip: false, cx: 32, cy: 32)
            let ta = UInt32(1 + rng.next32() % 256)
            let (tr, tg, tb) = (rng.next32() % (ta + 1), rng.next32() % (ta + 1), rng.next32() % (ta + 1))
            for additive in [false, true] {
                for y in stride(from: 20, to: 44, by: 2) {
                    for i in 0..<width {
                        dstA[i] = PixelMath.pack(
                            rng.next32() % 128, rng.next32() % 128, rng.next32() % 128, 128 + rng.next32() % 128)
                    }
                    dstB.update(from: dstA, count: width)
                    before.update(from: dstA, count: width)
                    // Windows of 1 to 20 columns around the sprite's centre.
                    let xs = 20 + Int(rng.next32() % 16)
                    let xe = min(width, xs + 1 + Int(rng.next32() % 20))
                    SpriteKernels.transformedRow(
                        dstA, y: y, xs: xs, xe: xe, xf, nearest: false, additive: additive, tr, tg, tb, ta)
                    SpriteKernels.bilinearRow(
                        dstB, y: y, xs: xs, xe: xe, xf, additive: additive, tr | tb << 16, tg | ta << 16)
                    let firstDifference = (0..<width).first { dstA[$0] != dstB[$0] }
                    #expect(
                        firstDifference == nil,
                        "trial \(trial) (seed 0x5EED0011) row \(y) columns \(xs)..<\(xe) additive \(additive) texture \(tw)×\(th) size \(size) angle \(angle): column \(firstDifference ?? -1) scalar \(String(dstA[firstDifference ?? 0], radix: 16)) lanes \(String(dstB[firstDifference ?? 0], radix: 16))"
                    )
                    let outside = (0..<width).first { ($0 < xs || $0 >= xe) && dstB[$0] != before[$0] }
                    #expect(
                        outside == nil,
                        "trial \(trial) row \(y) columns \(xs)..<\(xe): column \(outside ?? -1) changed outside the window"
                    )
                    compared += 1
                    if (0..<width).contains(where: { dstB[$0] != before[$0] }) { drawn += 1 }
                }
            }
        }
        #expect(compared > 500 && drawn > compared / 2, "rows compared: \(compared), rows the sprite changed: \(drawn)")
    }
}
