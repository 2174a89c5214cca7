import Foundation
import LayerKit
import Testing

@testable import Compositor

/// Rotated bilinear rows skip the columns beyond the image's visible radius (transparent corners) and
/// still draw exactly the pixels of the unclipped row.
@Suite struct VisibleRadiusTests {
    /// Random premultiplied texels inside a disc (or an off-centre blob), transparent outside.
    func roundTexture(_ w: Int, _ h: Int, _ rng: inout SeededRandom) -> Texture {
        let t = Texture(width: w, height: h)
        let r = Float(min(w, h)) * (0.15 + 0.35 * rng.nextUnitFloat())
        let cx = Float(w - 1) / 2 + rng.nextSignedFloat() * Float(w) * 0.15
        let cy = Float(h - 1) / 2 + rng.nextSignedFloat() * Float(h) * 0.15
        for y in 0..<h {
            for x in 0..<w {
                let dx = Float(x) - cx
                let dy = Float(y) - cy
                guard dx * dx + dy * dy <= r * r else { continue }
                let a = 1 + rng.next32() % 255
                func c() -> UInt32 { rng.next32() % (a + 1) }
                t.pixels[y * w + x] = PixelMath.pack(c(), c(), c(), a)
            }
        }
        return t
    }

    @Test func visibleRadiusIsTheFarthestNonTransparentTexel() {
        let t = Texture(width: 9, height: 5)
        t.pixels[2 * 9 + 4] = PixelMath.pack(0, 0, 0, 1)
        #expect(PaddedTexture(t).visibleRadius == 0, "only the centre texel (4, 2) is visible")
        t.pixels[0] = PixelMath.pack(0, 0, 0, 1)
        let r = PaddedTexture(t).visibleRadius
        #expect(abs(r - (16 + 4 as Float).squareRoot()) < 1e-5, "corner texel (0, 0) is √20 from (4, 2): \(r)")
        #expect(
            PaddedTexture(Texture(width: 4, height: 4)).visibleRadius == -1, "a transparent image has no visible texel")
    }

    @Test func clippedRowsEqualUnclippedRows() {
        var rng = SeededRandom(seed: 0x5EED_0A11)
        let width = 240
        let clipped = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let full = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer {
            clipped.deallocate()
            full.deallocate()
        }
        var compared = 0
        var skipped = 0
        for trial in 0..<50 {
            let tw = 4 + Int(rng.next32() % 60)
            let th = 4 + Int(rng.next32() % 60)
            let padded = PaddedTexture(roundTexture(tw, th, &rng))
            let size = Float(tw) * (0.3 + rng.nextUnitFloat() * 4)
            let angle = rng.nextSignedFloat() * .pi
            let c = cos(angle)
            let s = sin(angle)
            let sx = size
            let sy = size * Float(th) / Float(tw) * (rng.next32() % 5 == 0 ? -1 : 1)
            let ex = (sx * c, sx * s)
            let ey = (-sy * s, sy * c)
            let det = ex.0 * ey.1 - ey.0 * ex.1
            let id = 1 / det
            let cx = 120 + rng.nextSignedFloat() * 40
            let cy: Float = 60
            let fw = Float(tw)
            let fh = Float(th)
            var xf = SpriteTransform(
                a: fw * ey.1 * id, b: -fh * ex.1 * id, c: -fw * ey.0 * id, d: fh * ex.0 * id,
                tx: fw * (0.5 - (ey.1 * cx - ey.0 * cy) * id), ty: fh * (0.5 - (-ex.1 * cx + ex.0 * cy) * id),
                pixels: UnsafePointer(padded.pixels), stride: Int32(padded.stride), width: Int32(tw), height: Int32(th))
            var radiusXf = xf
            radiusXf.visibleRadius = padded.visibleRadius
            xf.visibleRadius = .infinity
            for additive in [false, true] {
                for y in stride(from: 0, to: 120, by: 2) {
                    for i in 0..<width {
                        full[i] = PixelMath.pack(
                            rng.next32() % 128, rng.next32() % 128, rng.next32() % 128, 128 + rng.next32() % 128)
                    }
                    clipped.update(from: full, count: width)
                    let xs = Int(rng.next32() % 20)
                    let xe = width - Int(rng.next32() % 20)
                    SpriteKernels.bilinearRow(
                        full, y: y, xs: xs, xe: xe, xf, additive: additive, 200 | 180 << 16, 220 | 230 << 16)
                    SpriteKernels.bilinearRow(
                        clipped, y: y, xs: xs, xe: xe, radiusXf, additive: additive, 200 | 180 << 16, 220 | 230 << 16)
                    let first = (0..<width).first { full[$0] != clipped[$0] }
                    #expect(
                        first == nil,
                        "trial \(trial) (seed 0x5EED0A11) row \(y) additive \(additive) texture \(tw)×\(th) radius \(padded.visibleRadius) size \(size) angle \(angle): column \(first ?? -1)"
                    )
                    compared += 1
                    if let v = SpriteKernels.visibleColumns(
                        xf.c * (Float(y) + 0.5) + xf.tx - 0.5, xf.d * (Float(y) + 0.5) + xf.ty - 0.5, radiusXf),
                        v.1 - v.0 < xe - xs
                    {
                        skipped += 1
                    }
                }
            }
        }
        #expect(
            compared > 1000 && skipped > compared / 4, "rows compared \(compared), rows with skipped columns \(skipped)"
        )
    }
}
