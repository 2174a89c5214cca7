import Foundation
import LayerKit
import Testing

@testable import Compositor

/// The blit rows (`SpriteKernels.addRow`, `overRow`) end a row of eight pixels or more with one masked
/// eight-pixel block over its last eight pixels. Every pixel must be exactly the scalar pixel's
/// (`addPixel`, `overPixel`) and nothing outside the row may change, for every row length and tail.
@Suite struct BlitRowTailTests {
    @Test func blitRowsOfEveryLengthDrawTheScalarPixelsAndNothingOutside() {
        var rng = SeededRandom(seed: 0x5EED_0041)
        let margin = 8
        let capacity = 48 + 2 * margin
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        let expected = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        let src = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        defer {
            dst.deallocate()
            expected.deallocate()
            src.deallocate()
        }
        var drawnTails = 0
        for trial in 0..<30 {
            for count in 0...48 {
                // Premultiplied sources with transparent runs (the blocks that skip) and tints whose colour
                // factors do not exceed the alpha factor, as the sprite builder makes them.
                for i in 0..<capacity {
                    let a = rng.next32() % 3 == 0 ? 0 : rng.next32() % 256
                    src[i] = PixelMath.pack(rng.next32() % (a + 1), rng.next32() % (a + 1), rng.next32() % (a + 1), a)
                    let da = rng.next32() % 256
                    dst[i] = PixelMath.pack(
                        rng.next32() % (da + 1), rng.next32() % (da + 1), rng.next32() % (da + 1), da)
                }
                let ta = UInt32(rng.next32() % 257)
                let (tr, tg, tb) = (rng.next32() % (ta + 1), rng.next32() % (ta + 1), rng.next32() % (ta + 1))
                let tLo = unsafeBitCast(SIMD8<UInt32>(repeating: tr | tb << 16), to: SIMD16<UInt16>.self)
                let tHi = unsafeBitCast(SIMD8<UInt32>(repeating: tg | ta << 16), to: SIMD16<UInt16>.self)
                for additive in [false, true] {
                    let row = dst + margin
                    let source = src + margin
                    expected.update(from: dst, count: capacity)
                    for i in 0..<count {
                        let d = expected[margin + i]
                        expected[margin + i] =
                            additive
                            ? SpriteKernels.addPixel(d, source[i], tr, tg, tb, ta)
                            : SpriteKernels.overPixel(d, source[i], tr, tg, tb, ta)
                    }
                    if additive {
                        SpriteKernels.addRow(row, source, count, tLo, tHi)
                    } else {
                        SpriteKernels.overRow(row, source, count, tLo, tHi)
                    }
                    let first = (0..<capacity).first { dst[$0] != expected[$0] }
                    #expect(
                        first == nil,
                        "trial \(trial) (seed 0x5EED0041) count \(count) additive \(additive) tint \(tr),\(tg),\(tb),\(ta): pixel \((first ?? 0) - margin) drawn \(String(dst[first ?? 0], radix: 16)) scalar \(String(expected[first ?? 0], radix: 16))"
                    )
                    if first != nil { return }
                    if count >= 8, count % 8 != 0 { drawnTails += 1 }
                }
            }
        }
        #expect(drawnTails > 1000, "masked tails exercised: \(drawnTails)")
    }
}
