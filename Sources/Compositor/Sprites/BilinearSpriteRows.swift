import Foundation

/// The bilinear rows of rotated, flipped and magnified sprites, eight pixels per step.
///
/// The arithmetic is exactly that of `SpriteKernels.transformedRow` (16.16 texel coordinates stepped per
/// pixel, 8-bit weights, per-channel `(a·(256 − w) + b·w + 128) >> 8`, then the blit loops' tint and
/// blend), so frames do not change; only the work is spread over SIMD lanes: each lane fetches its two
/// texel pairs with two 64-bit loads from the padded texture, the three interpolations and the blend run
/// on 16 × 16-bit lanes (even bytes R, B and odd bytes G, A of eight pixels), which the compiler maps to
/// SSE2 or AVX2. Lanes outside the image sample zero, which leaves the destination unchanged in both
/// blend modes, as the scalar loop's skip does.
extension SpriteKernels {
    // MARK: - Row

    /// Draws row `y`, columns `xs ..< xe` of a bilinear transformed sprite; the same pixels as
    /// `transformedRow(…, nearest: false, …)`.
    @inline(__always)
    static func bilinearRow(
        _ dst: UnsafeMutablePointer<UInt32>, y: Int, xs: Int, xe: Int, _ t: SpriteTransform,
        additive: Bool, _ tintRB: UInt32, _ tintGA: UInt32
    ) {
        let py = Float(y) + 0.5
        let u0 = t.c * py + t.tx - 0.5
        let v0 = t.d * py + t.ty - 0.5
        let w = Float(t.width)
        let h = Float(t.height)
        var (lo, hi) = span(u0, t.a, w, Float(xs), Float(xe))
        (lo, hi) = span(v0, t.b, h, lo, hi)
        guard lo < hi, lo.isFinite, hi.isFinite else { return }
        let x0 = max(xs, Int(lo))
        var x1 = min(xe, Int(hi))
        guard x0 < x1 else { return }
        let px0 = Float(x0) + 0.5
        var uf = Int32(clamping: Int64(((u0 + t.a * px0) * 65536).rounded(.down)))
        var vf = Int32(clamping: Int64(((v0 + t.b * px0) * 65536).rounded(.down)))
        let du = Int32(clamping: Int64((t.a * 65536).rounded()))
        let dv = Int32(clamping: Int64((t.b * 65536).rounded()))
        var x = x0
        // Skip the columns whose samples lie beyond the image's visible radius (transparent corners of
        // round sprites): they would leave the destination unchanged. The start coordinates stay those
        // of x0, stepped as the loops step them, so the pixels drawn are exactly the same.
        if t.visibleRadius.isFinite, let visible = visibleColumns(u0, v0, t) {
            let nx0 = max(x0, visible.0)
            let nx1 = min(x1, visible.1)
            guard nx0 < nx1 else { return }
            let k = Int32(truncatingIfNeeded: nx0 &- x0)
            uf = uf &+ k &* du
            vf = vf &+ k &* dv
            x = nx0
            x1 = nx1
        }
        if x1 &- x >= 8 {
            let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
            let du8 = lane &* du
            let dv8 = lane &* dv
            let tLo = unsafeBitCast(SIMD8<UInt32>(repeating: tintRB), to: SIMD16<UInt16>.self)
            let tHi = unsafeBitCast(SIMD8<UInt32>(repeating: tintGA), to: SIMD16<UInt16>.self)
            let geo = Geometry(t)
            while x &+ 8 <= x1 {
                let u = SIMD8<Int32>(repeating: uf) &+ du8
                let v = SIMD8<Int32>(repeating: vf) &+ dv8
                if let (sLo, sHi) = sample8(u, v, geo, SIMDMask(repeating: true)) {
                    if additive { add8(dst + x, sLo, sHi, tLo, tHi) } else { over8(dst + x, sLo, sHi, tLo, tHi) }
                }
                uf = uf &+ (du &<< 3)
                vf = vf &+ (dv &<< 3)
                x &+= 8
            }
        }
        if x < x1 {
            // The last columns (fewer than eight) as one masked eight-lane step: the lanes outside
            // [x, x1) sample zero and leave their pixels unchanged. The block stays inside the row's
            // columns xs ..< xe (the sprite's box within the clip), so it touches no pixel that another
            // band or the frame's edge owns; when neither placement fits, pixel by pixel.
            let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
            let start: Int
            if x &+ 8 <= xe { start = x } else if x1 &- 8 >= xs { start = x1 &- 8 } else { start = xs &- 1 }
            if start >= xs {
                let k = Int32(truncatingIfNeeded: start &- x)
                let ub = uf &+ k &* du
                let vb = vf &+ k &* dv
                let u = SIMD8<Int32>(repeating: ub) &+ lane &* du
                let v = SIMD8<Int32>(repeating: vb) &+ lane &* dv
                let first = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: x &- start))
                let end = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: x1 &- start))
                if let (sLo, sHi) = sample8(u, v, Geometry(t), (lane .>= first) .& (lane .< end)) {
                    let tLo = unsafeBitCast(SIMD8<UInt32>(repeating: tintRB), to: SIMD16<UInt16>.self)
                    let tHi = unsafeBitCast(SIMD8<UInt32>(repeating: tintGA), to: SIMD16<UInt16>.self)
                    if additive {
                        add8(dst + start, sLo, sHi, tLo, tHi)
                    } else {
                        over8(dst + start, sLo, sHi, tLo, tHi)
                    }
                }
            } else {
                let tr = tintRB & 0xFFFF
                let tb = tintRB >> 16
                let tg = tintGA & 0xFFFF
                let ta = tintGA >> 16
                tailRow(dst, x, x1, uf, vf, du, dv, t, additive, tr, tg, tb, ta)
            }
        }
    }

    /// The columns [lo, hi) of the row whose samples can reach a texel within the visible radius: the
    /// sample at column x lies at (u0, v0) + (x + ½)·(a, b) (texel centres at whole numbers), and touches
    /// texels less than √2 away; a margin of two texels and a column on each side covers the fixed-point
    /// stepping. Nil when the row's map is degenerate (then nothing is skipped).
    @inline(__always)
    static func visibleColumns(_ u0: Float, _ v0: Float, _ t: SpriteTransform) -> (Int, Int)? {
        let a = Double(t.a)
        let b = Double(t.b)
        let qa = Double(u0) + a * 0.5 - Double(t.width - 1) / 2
        let qb = Double(v0) + b * 0.5 - Double(t.height - 1) / 2
        let r = Double(max(t.visibleRadius, 0)) + 2
        let A = a * a + b * b
        guard A > 1e-12 else { return nil }
        let B = qa * a + qb * b
        let C = qa * qa + qb * qb - r * r
        let disc = B * B - A * C
        if disc < 0 { return (1, 0) }
        let s = disc.squareRoot()
        let lo = (-B - s) / A
        let hi = (-B + s) / A
        guard lo.isFinite, hi.isFinite else { return nil }
        // Clamp before converting: the caller intersects with its own columns.
        let l = max(-1e9, min(1e9, lo.rounded(.down) - 1))
        let h = max(-1e9, min(1e9, hi.rounded(.up) + 2))
        return (Int(l), Int(h))
    }

    // MARK: - Eight pixels

    /// The lanes `first ..< end` of eight (0…7), as a mask of all-ones and zero `Int32` lanes.
    ///
    /// Built with integer arithmetic: `lane .< SIMD8(repeating: k)` compiled to a lane-by-lane loop through
    /// memory (a store-forwarding stall per lane) in the loops that build a mask per step, which made
    /// half of pass one of the magnified sprites.
    @inline(__always)
    static func laneMask(from first: Int, to end: Int) -> SIMD8<Int32> {
        let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let f = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: min(max(first, 0), 8)))
        let e = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: min(max(end, 0), 8)))
        // (lane − k) >> 31 is all ones exactly where lane < k.
        return ((lane &- e) &>> 31) & ~((lane &- f) &>> 31)
    }

    /// `laneMask(from:to:)` as the mask `sample8` takes.
    @inline(__always)
    static func lanes(from first: Int, to end: Int) -> SIMDMask<SIMD8<Int32>> {
        unsafeBitCast(laneMask(from: first, to: end), to: SIMDMask<SIMD8<Int32>>.self)
    }

    /// The padded texture as the lanes need it.
    struct Geometry {
        let pixels: UnsafePointer<UInt32>
        let stride: Int
        let width: SIMD8<Int32>, height: SIMD8<Int32>
        let strideLanes: SIMD8<Int32>

        @inline(__always)
        init(_ t: SpriteTransform) {
            pixels = t.pixels
            stride = Int(t.stride)
            width = SIMD8(repeating: t.width)
            height = SIMD8(repeating: t.height)
            strideLanes = SIMD8(repeating: t.stride)
        }
    }

    /// Bilinear samples at the 16.16 texel coordinates (u, v) of eight pixels, as even (R, B) and odd
    /// (G, A) bytes in 16-bit lanes; nil when all eight are transparent. Lanes outside `lanes` sample zero.
    // `@inline(__always)` was not honoured here (both callers made a real call per eight pixels, with the
    // result through memory); `@_transparent` forces the inlining: about 5 % on the rotated figure.
    @_transparent
    static func sample8(
        _ u: SIMD8<Int32>, _ v: SIMD8<Int32>, _ g: Geometry,
        _ lanes: SIMDMask<SIMD8<Int32>>
    ) -> (SIMD16<UInt16>, SIMD16<UInt16>)? {
        let iu = u &>> 16
        let iv = v &>> 16
        let minusOne = SIMD8<Int32>(repeating: -1)
        let valid = (iu .>= minusOne) .& (iv .>= minusOne) .& (iu .< g.width) .& (iv .< g.height) .& lanes
        if !any(valid) { return nil }
        // Clamped so that lanes outside the image still read inside the padded copy (then zeroed).
        // (`replacing` rather than `clamped`, which is not inlined.)
        let wMax = g.width &- 1
        let hMax = g.height &- 1
        let cu = iu.replacing(with: minusOne, where: iu .< minusOne).replacing(with: wMax, where: iu .> wMax)
        let cv = iv.replacing(with: minusOne, where: iv .< minusOne).replacing(with: hMax, where: iv .> hMax)
        let off = (cv &+ 1) &* g.strideLanes &+ (cu &+ 1)
        let raw = UnsafeRawPointer(g.pixels)
        let rowBytes = g.stride &* 4
        var top = SIMD8<UInt64>()
        var bottom = SIMD8<UInt64>()
        for k in 0..<8 {
            let p = raw + Int(off[k]) &* 4
            top[k] = p.loadUnaligned(as: UInt64.self)
            bottom[k] = (p + rowBytes).loadUnaligned(as: UInt64.self)
        }
        let keep = unsafeBitCast(SIMD8<Int32>(repeating: 0).replacing(with: -1, where: valid), to: SIMD8<UInt32>.self)
        let t32 = unsafeBitCast(top, to: SIMD16<UInt32>.self)
        let b32 = unsafeBitCast(bottom, to: SIMD16<UInt32>.self)
        let p00 = t32.evenHalf & keep
        let p01 = t32.oddHalf & keep
        let p10 = b32.evenHalf & keep
        let p11 = b32.oddHalf & keep

        let m8 = SIMD8<UInt32>(repeating: 0xFF)
        let wx32 = SIMD8<UInt32>(truncatingIfNeeded: u &>> 8) & m8
        let wy32 = SIMD8<UInt32>(truncatingIfNeeded: v &>> 8) & m8
        let wx = unsafeBitCast(wx32 | (wx32 &<< 16), to: SIMD16<UInt16>.self)
        let wy = unsafeBitCast(wy32 | (wy32 &<< 16), to: SIMD16<UInt16>.self)
        let sLo = lerp16(lerp16(evenBytes(p00), evenBytes(p01), wx), lerp16(evenBytes(p10), evenBytes(p11), wx), wy)
        let sHi = lerp16(lerp16(oddBytes(p00), oddBytes(p01), wx), lerp16(oddBytes(p10), oddBytes(p11), wx), wy)
        // A fixed OR of four words (SIMD `==` compiles to a lane-by-lane loop).
        let q = unsafeBitCast(sLo | sHi, to: SIMD4<UInt64>.self)
        if q[0] | q[1] | q[2] | q[3] == 0 { return nil }
        return (sLo, sHi)
    }

    /// R and B of eight pixels in 16-bit lanes.
    @inline(__always)
    static func evenBytes(_ p: SIMD8<UInt32>) -> SIMD16<UInt16> {
        unsafeBitCast(p & SIMD8(repeating: 0x00FF_00FF), to: SIMD16<UInt16>.self)
    }

    /// G and A of eight pixels in 16-bit lanes.
    @inline(__always)
    static func oddBytes(_ p: SIMD8<UInt32>) -> SIMD16<UInt16> {
        unsafeBitCast((p &>> 8) & SIMD8(repeating: 0x00FF_00FF), to: SIMD16<UInt16>.self)
    }

    /// (a·(256 − w) + b·w + 128) >> 8 per lane, computed as a·256 + (b − a)·w modulo 2¹⁶: the true value
    /// is at most 255·256 + 128, so the wrapping arithmetic is exact.
    @inline(__always)
    static func lerp16(_ a: SIMD16<UInt16>, _ b: SIMD16<UInt16>, _ w: SIMD16<UInt16>) -> SIMD16<UInt16> {
        ((a &<< 8) &+ (b &- a) &* w &+ SIMD16(repeating: 128)) &>> 8
    }

    /// dst = min(255, dst + s × tint) for eight pixels (the arithmetic of `addRow`).
    @inline(__always)
    static func add8(
        _ dst: UnsafeMutablePointer<UInt32>, _ sLo: SIMD16<UInt16>, _ sHi: SIMD16<UInt16>,
        _ tLo: SIMD16<UInt16>, _ tHi: SIMD16<UInt16>
    ) {
        let d8 = UnsafeMutableRawPointer(dst)
        let m = SIMD16<UInt16>(repeating: 0xFF)
        let r128 = SIMD16<UInt16>(repeating: 128)
        let d = d8.loadUnaligned(as: SIMD16<UInt16>.self)
        var lo = ((sLo &* tLo &+ r128) &>> 8) &+ (d & m)
        var hi = ((sHi &* tHi &+ r128) &>> 8) &+ (d &>> 8)
        lo = (lo | (lo &>> 8) &* m) & m
        hi = (hi | (hi &>> 8) &* m) & m
        d8.storeBytes(of: lo | (hi &<< 8), as: SIMD16<UInt16>.self)
    }

    /// dst = s × tint + dst × (1 − αs × αt) for eight pixels (the arithmetic of `overRow`).
    @inline(__always)
    static func over8(
        _ dst: UnsafeMutablePointer<UInt32>, _ sLo: SIMD16<UInt16>, _ sHi: SIMD16<UInt16>,
        _ tLo: SIMD16<UInt16>, _ tHi: SIMD16<UInt16>
    ) {
        let d8 = UnsafeMutableRawPointer(dst)
        let m = SIMD16<UInt16>(repeating: 0xFF)
        let r128 = SIMD16<UInt16>(repeating: 128)
        let d = d8.loadUnaligned(as: SIMD16<UInt16>.self)
        let lo = (sLo &* tLo &+ r128) &>> 8
        let hi = (sHi &* tHi &+ r128) &>> 8
        let a32 = unsafeBitCast(hi, to: SIMD8<UInt32>.self) &>> 16
        let ia = m &- unsafeBitCast(a32 | (a32 &<< 16), to: SIMD16<UInt16>.self)
        var xLo = (d & m) &* ia &+ r128
        xLo = (xLo &+ (xLo &>> 8)) &>> 8
        var xHi = (d &>> 8) &* ia &+ r128
        xHi = (xHi &+ (xHi &>> 8)) &>> 8
        d8.storeBytes(of: (lo &+ xLo) | ((hi &+ xHi) &<< 8), as: SIMD16<UInt16>.self)
    }

    // MARK: - Tail

    /// The last columns of a row (fewer than eight), pixel by pixel with the same arithmetic.
    @inline(never)
    static func tailRow(
        _ dst: UnsafeMutablePointer<UInt32>, _ x0: Int, _ x1: Int, _ uf0: Int32, _ vf0: Int32,
        _ du: Int32, _ dv: Int32, _ t: SpriteTransform, _ additive: Bool,
        _ tr: UInt32, _ tg: UInt32, _ tb: UInt32, _ ta: UInt32
    ) {
        var uf = uf0
        var vf = vf0
        let stride = Int(t.stride)
        let wi = t.width
        let hi = t.height
        for x in x0..<x1 {
            defer {
                uf = uf &+ du
                vf = vf &+ dv
            }
            let iu = uf >> 16
            let iv = vf >> 16
            if iu < -1 || iv < -1 || iu >= wi || iv >= hi { continue }
            let wx = UInt32((uf >> 8) & 0xFF)
            let wy = UInt32((vf >> 8) & 0xFF)
            let row0 = t.pixels + Int(iv + 1) * stride + Int(iu + 1)
            let row1 = row0 + stride
            let s = Sampler.lerp(Sampler.lerp(row0[0], row0[1], wx), Sampler.lerp(row1[0], row1[1], wx), wy)
            if s == 0 { continue }
            dst[x] = additive ? addPixel(dst[x], s, tr, tg, tb, ta) : overPixel(dst[x], s, tr, tg, tb, ta)
        }
    }
}
