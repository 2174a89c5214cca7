import Foundation
import LayerKit
import Testing

@testable import Compositor

/// The eight-lane bilinear rows of rotated sprites draw exactly the pixels of the scalar reference loop.
@Suite struct RotatedSpriteKernelTests {
    /// A texture of random premultiplied pixels (colour ≤ alpha), with some fully transparent texels.
    func randomTexture(_ w: Int, _ h: Int, _ rng: inout SeededRandom) -> Texture {
        let t = Texture(width: w, height: h)
        for i in 0..<(w * h) {
            let a = rng.next32() % 4 == 0 ? 0 : rng.next32() % 256
            func c() -> UInt32 { a == 0 ? 0 : rng.next32() % (a + 1) }
            t.pixels[i] = PixelMath.pack(c(), c(), c(), a)
        }
        return t
    }

    /// A device → texel map of a w × h texture drawn rotated by `angle`, `size` pixels wide, centred at (cx, cy).
    func transform(_ p: PaddedTexture, angle: Float, size: Float, flip: Bool, cx: Float, cy: Float) -> SpriteTransform {
        let c = cos(angle)
        let s = sin(angle)
        let sx = size
        let sy = size * Float(p.height) / Float(p.width) * (flip ? -1 : 1)
        let ex = (sx * c, sx * s)
        let ey = (-sy * s, sy * c)
        let det = ex.0 * ey.1 - ey.0 * ex.1
        let id = 1 / det
        let tw = Float(p.width)
        let th = Float(p.height)
        return SpriteTransform(
            a: tw * ey.1 * id, b: -th * ex.1 * id, c: -tw * ey.0 * id, d: th * ex.0 * id,
            tx: tw * (0.5 - (ey.1 * cx - ey.0 * cy) * id), ty: th * (0.5 - (-ex.1 * cx + ex.0 * cy) * id),
            pixels: UnsafePointer(p.pixels), stride: Int32(p.stride), width: Int32(p.width), height: Int32(p.height))
    }

    @Test func eightLaneRowsEqualTheScalarLoop() {
        var rng = SeededRandom(seed: 0x5EED_0010)
        let width = 200
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
        for trial in 0..<60 {
            let tw = 1 + Int(rng.next32() % 40)
            let th = 1 + Int(rng.next32() % 40)
            let padded = PaddedTexture(randomTexture(tw, th, &rng))
            // Minified (size < texture) through magnified about 6×, any angle, some flipped.
            let size = Float(tw) * (0.3 + rng.nextUnitFloat() * 6)
            let angle = rng.nextSignedFloat() * .pi
            let flip = rng.next32() % 5 == 0
            let xf = transform(
                padded, angle: angle, size: size, flip: flip, cx: 100 + rng.nextSignedFloat() * 30, cy: 50)
            let ta = UInt32(1 + rng.next32() % 256)
            let (tr, tg, tb) = (rng.next32() % (ta + 1), rng.next32() % (ta + 1), rng.next32() % (ta + 1))
            for additive in [false, true] {
                for y in stride(from: 0, to: 100, by: 3) {
                    for i in 0..<width {
                        dstA[i] = PixelMath.pack(
                            rng.next32() % 128, rng.next32() % 128, rng.next32() % 128, 128 + rng.next32() % 128)
                    }
                    dstB.update(from: dstA, count: width)
                    before.update(from: dstA, count: width)
                    let xs = Int(rng.next32() % 20)
                    let xe = width - Int(rng.next32() % 20)
                    SpriteKernels.transformedRow(
                        dstA, y: y, xs: xs, xe: xe, xf, nearest: false, additive: additive, tr, tg, tb, ta)
                    SpriteKernels.bilinearRow(
                        dstB, y: y, xs: xs, xe: xe, xf, additive: additive, tr | tb << 16, tg | ta << 16)
                    let firstDifference = (0..<width).first { dstA[$0] != dstB[$0] }
                    #expect(
                        firstDifference == nil,
                        "trial \(trial) (seed 0x5EED0010) row \(y) additive \(additive) texture \(tw)×\(th) size \(size) angle \(angle) flip \(flip): column \(firstDifference ?? -1) scalar \(String(dstA[firstDifference ?? 0], radix: 16)) lanes \(String(dstB[firstDifference ?? 0], radix: 16))"
                    )
                    compared += 1
                    if (0..<width).contains(where: { dstA[$0] != before[$0] }) { drawn += 1 }
                }
            }
        }
        #expect(compared > 500 && drawn > compared / 2, "rows compared: \(compared), rows the sprite changed: \(drawn)")
    }

    @Test func magnifiedOpaqueSpriteCoversItsCentreAndNotItsSurroundings() {
        let tex = Texture(width: 8, height: 8)
        for i in 0..<64 { tex.pixels[i] = PixelMath.pack(200, 100, 50, 255) }
        let padded = PaddedTexture(tex)
        let xf = transform(padded, angle: 0.3, size: 40, flip: false, cx: 50, cy: 50)
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: 100)
        defer { dst.deallocate() }
        dst.initialize(repeating: PixelMath.pack(0, 0, 0, 255), count: 100)
        SpriteKernels.bilinearRow(dst, y: 50, xs: 0, xe: 100, xf, additive: false, 256 | 256 << 16, 256 | 256 << 16)
        #expect(dst[50] == PixelMath.pack(200, 100, 50, 255), "centre pixel \(String(dst[50], radix: 16))")
        #expect(dst[5] == PixelMath.pack(0, 0, 0, 255), "outside pixel \(String(dst[5], radix: 16))")
    }
}
