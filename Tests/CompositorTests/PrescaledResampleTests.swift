import Foundation
import LayerKit
import Testing

@testable import Compositor

/// `PrescaledSpriteCache.resample` (the images of scaled unrotated sprites) equals the plain two-pass
/// resampling it replaced, texel for texel, for minification, magnification and both filters.
@Suite struct PrescaledResampleTests {
    /// The resampling as first written: per destination pixel, the taps' weighted sum in double precision,
    /// along x then y, rounded and clamped to premultiplied.
    static func reference(_ src: Texture, width w: Int, height h: Int, nearestMin: Bool, nearestMag: Bool) -> [UInt32] {
        let tx = PrescaledSpriteCache.taps(
            source: src.width, destination: w, nearestMin: nearestMin, nearestMag: nearestMag)
        let ty = PrescaledSpriteCache.taps(
            source: src.height, destination: h, nearestMin: nearestMin, nearestMag: nearestMag)
        var tmp = [SIMD4<Double>](repeating: .zero, count: w * src.height)
        for y in 0..<src.height {
            for x in 0..<w {
                var acc = SIMD4<Double>.zero
                for (i, wt) in tx[x] {
                    let p = src.pixels[y * src.width + i]
                    acc +=
                        wt * SIMD4(Double(p & 0xFF), Double((p >> 8) & 0xFF), Double((p >> 16) & 0xFF), Double(p >> 24))
                }
                tmp[y * w + x] = acc
            }
        }
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var acc = SIMD4<Double>.zero
                for (i, wt) in ty[y] { acc += wt * tmp[i * w + x] }
                func q(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
                let a = q(acc.w)
                out[y * w + x] = PixelMath.pack(min(q(acc.x), a), min(q(acc.y), a), min(q(acc.z), a), a)
            }
        }
        return out
    }

    /// A premultiplied noise texture of `w × h` texels from `seed`.
    static func noise(_ w: Int, _ h: Int, seed: UInt64) -> Texture {
        var rng = SeededRandom(seed: seed)
        let t = Texture(width: w, height: h)
        for i in 0..<(w * h) {
            let a = rng.next32() & 0xFF
            let c = { UInt32(rng.nextUnitDouble() * Double(a + 1)) & 0xFF }
            t.pixels[i] = PixelMath.pack(min(c(), a), min(c(), a), min(c(), a), a)
        }
        return t
    }

    @Test func resampledImagesEqualThePlainTwoPassResampling() {
        let cases: [(sw: Int, sh: Int, w: Int, h: Int)] = [
            (64, 64, 153, 153), (64, 64, 250, 249), (32, 64, 54, 109), (32, 64, 11, 23),
            (16, 16, 5, 37), (7, 5, 7, 5), (64, 64, 1, 1), (3, 9, 40, 2),
        ]
        for (k, c) in cases.enumerated() {
            let seed = UInt64(0xF1DE + k)
            let src = Self.noise(c.sw, c.sh, seed: seed)
            for (nearestMin, nearestMag) in [(false, false), (true, true), (false, true)] {
                let got = PrescaledSpriteCache.resample(
                    src, width: c.w, height: c.h, nearestMin: nearestMin, nearestMag: nearestMag)
                let expected = Self.reference(
                    src, width: c.w, height: c.h, nearestMin: nearestMin, nearestMag: nearestMag)
                let pixels = Array(UnsafeBufferPointer(start: got.pixels, count: c.w * c.h))
                let first = zip(pixels, expected).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(
                    got.width == c.w && got.height == c.h && pixels == expected,
                    "seed \(seed), \(c.sw)×\(c.sh) → \(c.w)×\(c.h), nearest min \(nearestMin) mag \(nearestMag): first difference \(String(describing: first))"
                )
            }
        }
    }
}
