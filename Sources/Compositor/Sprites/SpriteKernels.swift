import Foundation

/// The inner loops of particle drawing.
///
/// Blit rows work on 8 (then 4) pixels at a time in 16-bit lanes: the even bytes (R, B) and odd bytes
/// (G, A) of each pixel are separated with a mask and a shift, multiplied by the tint, and recombined;
/// additive blending saturates with an or-mask, source-over uses the exact ÷255 rounding. Only plain
/// SIMD arithmetic and bit operations are used, which the compiler maps to SSE2 or AVX2 instructions.
enum SpriteKernels {
    // MARK: - Blit rows (1:1, unrotated)

    /// dst = min(255, dst + src × tint), per channel.
    ///
    /// A row of eight pixels or more ends with one eight-pixel block over its last eight pixels, whose
    /// lanes already drawn are masked to a transparent source (which leaves a pixel unchanged in both
    /// blends): a row's last pixels cost one block, not a four-pixel step and up to three scalar pixels, and
    /// nothing outside the row is read or written. Shorter rows take the four-pixel step and scalar pixels.
    @inline(__always)
    static func addRow(
        _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
        _ tLo: SIMD16<UInt16>, _ tHi: SIMD16<UInt16>
    ) {
        let d8 = UnsafeMutableRawPointer(dst)
        let s8 = UnsafeRawPointer(src)
        var i = 0
        let bytes = count &* 4
        while i &+ 32 <= bytes {
            addBlock(d8 + i, (s8 + i).loadUnaligned(as: SIMD16<UInt16>.self), tLo, tHi)
            i &+= 32
        }
        if i == bytes { return }
        if bytes >= 32 {
            let j = bytes &- 32
            let keep = unsafeBitCast(laneMask(from: (i &- j) &>> 2, to: 8), to: SIMD16<UInt16>.self)
            addBlock(d8 + j, (s8 + j).loadUnaligned(as: SIMD16<UInt16>.self) & keep, tLo, tHi)
            return
        }
        let m = SIMD16<UInt16>(repeating: 0xFF)
        let r128 = SIMD16<UInt16>(repeating: 128)
        if i &+ 16 <= bytes {
            let m8 = m.lowHalf
            let r8 = r128.lowHalf
            let s = (s8 + i).loadUnaligned(as: SIMD8<UInt16>.self)
            let d = (d8 + i).loadUnaligned(as: SIMD8<UInt16>.self)
            var lo = (((s & m8) &* tLo.lowHalf &+ r8) &>> 8) &+ (d & m8)
            var hi = (((s &>> 8) &* tHi.lowHalf &+ r8) &>> 8) &+ (d &>> 8)
            lo = (lo | (lo &>> 8) &* m8) & m8
            hi = (hi | (hi &>> 8) &* m8) & m8
            (d8 + i).storeBytes(of: lo | (hi &<< 8), as: SIMD8<UInt16>.self)
            i &+= 16
        }
        var p = i &>> 2
        while p < count {
            dst[p] = addPixel(dst[p], src[p], UInt32(tLo[0]), UInt32(tHi[0]), UInt32(tLo[1]), UInt32(tHi[1]))
            p &+= 1
        }
    }

    /// Eight pixels of `addRow` at `d8` with source `s`.
    @inline(__always)
    static func addBlock(
        _ d8: UnsafeMutableRawPointer, _ s: SIMD16<UInt16>, _ tLo: SIMD16<UInt16>, _ tHi: SIMD16<UInt16>
    ) {
        // Eight transparent source pixels leave the destination as it is (both blends give d):
        // skip them, as the transparent margins of flame and smoke images are a large share.
        let q = unsafeBitCast(s, to: SIMD4<UInt64>.self)
        if q[0] | q[1] | q[2] | q[3] == 0 { return }
        let m = SIMD16<UInt16>(repeating: 0xFF)
        let r128 = SIMD16<UInt16>(repeating: 128)
        let d = d8.loadUnaligned(as: SIMD16<UInt16>.self)
        var lo = (((s & m) &* tLo &+ r128) &>> 8) &+ (d & m)
        var hi = (((s &>> 8) &* tHi &+ r128) &>> 8) &+ (d &>> 8)
        lo = (lo | (lo &>> 8) &* m) & m
        hi = (hi | (hi &>> 8) &* m) & m
        d8.storeBytes(of: lo | (hi &<< 8), as: SIMD16<UInt16>.self)
    }

    /// dst = src × tint + dst × (1 − αs × αt), per channel (premultiplied source-over). A row of eight
    /// pixels or more ends with one masked eight-pixel block, as in `addRow`.
    @inline(__always)
    static func overRow(
        _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
        _ tLo: SIMD16<UInt16>, _ tHi: SIMD16<UInt16>
    ) {
        let d8 = UnsafeMutableRawPointer(dst)
        let s8 = UnsafeRawPointer(src)
        var i = 0
        let bytes = count &* 4
        while i &+ 32 <= bytes {
            overBlock(d8 + i, (s8 + i).loadUnaligned(as: SIMD16<UInt16>.self), tLo, tHi)
            i &+= 32
        }
        if i == bytes { return }
        if bytes >= 32 {
            let j = bytes &- 32
            let keep = unsafeBitCast(laneMask(from: (i &- j) &>> 2, to: 8), to: SIMD16<UInt16>.self)
            overBlock(d8 + j, (s8 + j).loadUnaligned(as: SIMD16<UInt16>.self) & keep, tLo, tHi)
            return
        }
        let m = SIMD16<UInt16>(repeating: 0xFF)
        let r128 = SIMD16<UInt16>(repeating: 128)
        if i &+ 16 <= bytes {
            let m8 = m.lowHalf
            let r8 = r128.lowHalf
            let s = (s8 + i).loadUnaligned(as: SIMD8<UInt16>.self)
            let d = (d8 + i).loadUnaligned(as: SIMD8<UInt16>.self)
            let sLo = ((s & m8) &* tLo.lowHalf &+ r8) &>> 8
            let sHi = ((s &>> 8) &* tHi.lowHalf &+ r8) &>> 8
            let a32 = unsafeBitCast(sHi, to: SIMD4<UInt32>.self) &>> 16
            let ia = m8 &- unsafeBitCast(a32 | (a32 &<< 16), to: SIMD8<UInt16>.self)
            var xLo = (d & m8) &* ia &+ r8
            xLo = (xLo &+ (xLo &>> 8)) &>> 8
            var xHi = (d &>> 8) &* ia &+ r8
            xHi = (xHi &+ (xHi &>> 8)) &>> 8
            (d8 + i).storeBytes(of: (sLo &+ xLo) | ((sHi &+ xHi) &<< 8), as: SIMD8<UInt16>.self)
            i &+= 16
        }
        var p = i &>> 2
        while p < count {
            dst[p] = overPixel(dst[p], src[p], UInt32(tLo[0]), UInt32(tHi[0]), UInt32(tLo[1]), UInt32(tHi[1]))
            p &+= 1
        }
    }

    /// Eight pixels of `overRow` at `d8` with source `s`.
    @inline(__always)
    static func overBlock(
        _ d8: UnsafeMutableRawPointer, _ s: SIMD16<UInt16>, _ tLo: SIMD16<UInt16>, _ tHi: SIMD16<UInt16>
    ) {
        // Transparent source pixels leave the destination as it is; see `addBlock`.
        let q = unsafeBitCast(s, to: SIMD4<UInt64>.self)
        if q[0] | q[1] | q[2] | q[3] == 0 { return }
        let m = SIMD16<UInt16>(repeating: 0xFF)
        let r128 = SIMD16<UInt16>(repeating: 128)
        let d = d8.loadUnaligned(as: SIMD16<UInt16>.self)
        let sLo = ((s & m) &* tLo &+ r128) &>> 8
        let sHi = ((s &>> 8) &* tHi &+ r128) &>> 8
        let a32 = unsafeBitCast(sHi, to: SIMD8<UInt32>.self) &>> 16
        let ia = m &- unsafeBitCast(a32 | (a32 &<< 16), to: SIMD16<UInt16>.self)
        var xLo = (d & m) &* ia &+ r128
        xLo = (xLo &+ (xLo &>> 8)) &>> 8
        var xHi = (d &>> 8) &* ia &+ r128
        xHi = (xHi &+ (xHi &>> 8)) &>> 8
        d8.storeBytes(of: (sLo &+ xLo) | ((sHi &+ xHi) &<< 8), as: SIMD16<UInt16>.self)
    }

    /// One pixel of `addRow` (the same arithmetic, scalar).
    @inline(__always)
    static func addPixel(_ d: UInt32, _ s: UInt32, _ tr: UInt32, _ tg: UInt32, _ tb: UInt32, _ ta: UInt32) -> UInt32 {
        let r = min(255, (((s & 0xFF) &* tr &+ 128) &>> 8) &+ (d & 0xFF))
        let g = min(255, ((((s &>> 8) & 0xFF) &* tg &+ 128) &>> 8) &+ ((d &>> 8) & 0xFF))
        let b = min(255, ((((s &>> 16) & 0xFF) &* tb &+ 128) &>> 8) &+ ((d &>> 16) & 0xFF))
        let a = min(255, (((s &>> 24) &* ta &+ 128) &>> 8) &+ (d &>> 24))
        return r | (g &<< 8) | (b &<< 16) | (a &<< 24)
    }

    /// One pixel of `overRow` (the same arithmetic, scalar).
    @inline(__always)
    static func overPixel(_ d: UInt32, _ s: UInt32, _ tr: UInt32, _ tg: UInt32, _ tb: UInt32, _ ta: UInt32) -> UInt32 {
        let sr = ((s & 0xFF) &* tr &+ 128) &>> 8
        let sg = (((s &>> 8) & 0xFF) &* tg &+ 128) &>> 8
        let sb = (((s &>> 16) & 0xFF) &* tb &+ 128) &>> 8
        let sa = ((s &>> 24) &* ta &+ 128) &>> 8
        let ia = 255 &- sa
        let r = sr &+ PixelMath.div255((d & 0xFF) &* ia)
        let g = sg &+ PixelMath.div255(((d &>> 8) & 0xFF) &* ia)
        let b = sb &+ PixelMath.div255(((d &>> 16) & 0xFF) &* ia)
        let a = sa &+ PixelMath.div255((d &>> 24) &* ia)
        return r | (g &<< 8) | (b &<< 16) | (a &<< 24)
    }

    // MARK: - Transformed rows (rotated or flipped)

    /// Draws row `y`, columns `xs ..< xe` of a transformed sprite with bilinear or nearest sampling.
    @inline(__always)
    static func transformedRow(
        _ dst: UnsafeMutablePointer<UInt32>, y: Int, xs: Int, xe: Int, _ t: SpriteTransform,
        nearest: Bool, additive: Bool, _ tr: UInt32, _ tg: UInt32, _ tb: UInt32, _ ta: UInt32
    ) {
        let py = Float(y) + 0.5
        // Texel coordinates (shifted by −½ so that texel centres are integers) along the row.
        let u0 = t.c * py + t.tx - 0.5
        let v0 = t.d * py + t.ty - 0.5
        let w = Float(t.width)
        let h = Float(t.height)
        // Columns where −1 ≤ u < w and −1 ≤ v < h (outside, every tap is in the transparent border).
        var (lo, hi) = span(u0, t.a, w, Float(xs), Float(xe))
        (lo, hi) = span(v0, t.b, h, lo, hi)
        guard lo < hi, lo.isFinite, hi.isFinite else { return }
        let x0 = max(xs, Int(lo))
        let x1 = min(xe, Int(hi))
        guard x0 < x1 else { return }
        let stride = Int(t.stride)
        let wi = Int32(t.width)
        let hi32 = Int32(t.height)
        let px0 = Float(x0) + 0.5
        // 16.16 fixed point, stepped per pixel from the segment start (deterministic for any banding).
        var uf = Int32(clamping: Int64(((u0 + t.a * px0) * 65536).rounded(.down)))
        var vf = Int32(clamping: Int64(((v0 + t.b * px0) * 65536).rounded(.down)))
        let du = Int32(clamping: Int64((t.a * 65536).rounded()))
        let dv = Int32(clamping: Int64((t.b * 65536).rounded()))
        for x in x0..<x1 {
            defer {
                uf = uf &+ du
                vf = vf &+ dv
            }
            var iu = uf >> 16
            var iv = vf >> 16
            if iu < -1 || iv < -1 || iu >= wi || iv >= hi32 { continue }
            let s: UInt32
            if nearest {
                // Nearest: the texel containing u (texel centres at integers after the −½ shift).
                iu = (uf &+ 0x8000) >> 16
                iv = (vf &+ 0x8000) >> 16
                iu = min(max(iu, -1), wi)
                iv = min(max(iv, -1), hi32)
                s = t.pixels[Int(iv + 1) * stride + Int(iu + 1)]
            } else {
                let wx = UInt32((uf >> 8) & 0xFF)
                let wy = UInt32((vf >> 8) & 0xFF)
                let row0 = t.pixels + Int(iv + 1) * stride + Int(iu + 1)
                let row1 = row0 + stride
                let top = Sampler.lerp(row0[0], row0[1], wx)
                let bottom = Sampler.lerp(row1[0], row1[1], wx)
                s = Sampler.lerp(top, bottom, wy)
            }
            if s == 0 { continue }
            dst[x] = additive ? addPixel(dst[x], s, tr, tg, tb, ta) : overPixel(dst[x], s, tr, tg, tb, ta)
        }
    }

    /// Narrows [lo, hi) to the columns x where base + slope·(x + ½) lies in [−1, upper) (conservatively).
    @inline(__always)
    static func span(_ base: Float, _ slope: Float, _ upper: Float, _ lo: Float, _ hi: Float) -> (Float, Float) {
        if slope == 0 {
            let v = base
            return v >= -1 && v < upper ? (lo, hi) : (lo, lo)
        }
        let xa = (-1 - base) / slope - 0.5
        let xb = (upper - base) / slope - 0.5
        return (max(lo, min(xa, xb).rounded(.down)), min(hi, max(xa, xb).rounded(.up) + 1))
    }

    // MARK: - One band of a batch

    /// Draws the sprites of `batch` that touch `rows` into `target`. `rows` may span several of the
    /// batch's bins: each bin draws its sprites clipped to its own rows, so any band layout of the
    /// executor gives the same pixels.
    static func drawBand(_ batch: SpriteBatch, target: RenderTarget, rows: Range<Int>) {
        guard batch.bandCount > 0, !rows.isEmpty else { return }
        let clip = batch.clip.intersection(target.rect)
        guard !clip.isEmpty else { return }
        let r0 = max(rows.lowerBound, clip.y0)
        let r1 = min(rows.upperBound, clip.y1)
        guard r0 < r1 else { return }
        let shift = batch.bandShift
        let b0 = max(0, (r0 >> shift) - batch.firstBand)
        let b1 = min(batch.bandCount - 1, ((r1 - 1) >> shift) - batch.firstBand)
        guard b0 <= b1 else { return }
        for b in b0...b1 {
            let band = batch.firstBand + b
            let y0 = max(r0, band << shift)
            let y1 = min(r1, (band + 1) << shift)
            drawBin(batch, b, target: target, r0: Int32(y0), r1: Int32(y1), c0: Int32(clip.x0), c1: Int32(clip.x1))
        }
    }

    /// The sprites of bin `b`, rows `r0 ..< r1`, columns `c0 ..< c1`.
    @inline(__always)
    private static func drawBin(
        _ batch: SpriteBatch, _ b: Int, target: RenderTarget, r0: Int32, r1: Int32, c0: Int32, c1: Int32
    ) {
        let additive = batch.additive
        let start = Int(batch.binStarts[b])
        let end = Int(batch.binStarts[b + 1])
        let transforms = batch.transforms
        let binned = batch.binned
        for k in start..<end {
            let s = binned[k]
            let ys = max(s.y0, r0)
            let ye = min(s.y1, r1)
            let xs = max(s.x0, c0)
            let xe = min(s.x1, c1)
            if ys >= ye || xs >= xe { continue }
            if s.kind == SpriteKind.blit.rawValue, let src = s.src {
                let tLo = unsafeBitCast(SIMD8<UInt32>(repeating: s.tintRB), to: SIMD16<UInt16>.self)
                let tHi = unsafeBitCast(SIMD8<UInt32>(repeating: s.tintGA), to: SIMD16<UInt16>.self)
                let n = Int(xe &- xs)
                let stride = Int(s.srcStride)
                var sp = src + (Int(ys &- s.y0) &* stride &+ Int(xs &- s.x0))
                for y in Int(ys)..<Int(ye) {
                    let dp = target.row(y) + Int(xs)
                    if additive { addRow(dp, sp, n, tLo, tHi) } else { overRow(dp, sp, n, tLo, tHi) }
                    sp += stride
                }
            } else if s.kind != SpriteKind.none.rawValue {
                drawTransformed(
                    s, transforms[Int(s.srcStride)], target: target, ys: Int(ys), ye: Int(ye), xs: Int(xs), xe: Int(xe),
                    additive: additive)
            }
        }
    }

    /// Rows `ys ..< ye`, columns `xs ..< xe` of a transformed sprite. Not inlined, so that the blit loop
    /// above stays small.
    @inline(never)
    private static func drawTransformed(
        _ s: DeviceSprite, _ t: SpriteTransform, target: RenderTarget, ys: Int, ye: Int, xs: Int, xe: Int,
        additive: Bool
    ) {
        switch s.kind {
        case SpriteKind.magnified.rawValue:
            guard let src = s.src else { return }
            let extents = UnsafeRawPointer(src).assumingMemoryBound(to: SIMD2<Int32>.self)
            MagnifiedSprites.draw(
                target, ys: ys, ye: ye, xs: xs, xe: xe, t, extents, additive: additive, s.tintRB, s.tintGA)
        case SpriteKind.bilinear.rawValue:
            for y in ys..<ye {
                bilinearRow(target.row(y), y: y, xs: xs, xe: xe, t, additive: additive, s.tintRB, s.tintGA)
            }
        case SpriteKind.nearest.rawValue:
            let tr = s.tr
            let tg = s.tg
            let tb = s.tb
            let ta = s.ta
            for y in ys..<ye {
                transformedRow(
                    target.row(y), y: y, xs: xs, xe: xe, t, nearest: true, additive: additive, tr, tg, tb, ta)
            }
        default:
            return
        }
    }
}
