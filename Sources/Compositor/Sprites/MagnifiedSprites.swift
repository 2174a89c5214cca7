import Foundation

/// Rotated (or flipped, or sheared) sprites magnified 2× or more, drawn in two passes.
///
/// Pass one turns the sprite upright once per frame: its image, rotated and sheared as on screen but at
/// the texel density of the source, is resampled bilinearly into an axis-aligned scratch image with a
/// transparent border (the upright image), which is small (about the source's size, never more than
/// twice its area), so this costs a fraction of the sprite's device pixels. Pass two magnifies that
/// image to the device, axis-aligned and separably: each upright row once horizontally into a
/// device-wide row, then each device row as the vertical interpolation of two of those (contiguous, eight
/// pixels per step) and the blend, only over the columns where the rows have a non-transparent texel.
/// Per device pixel that is a fraction of the general rotated loop's work (no gather), and the
/// transparent corners of round sprites are skipped.
///
/// The result is the image resampled twice, which softens it by up to half a source texel; at multiples
/// of 90° the upright pixels fall on the texels and nothing is lost. The angle is exact (nothing is
/// quantised or cached between frames), so motion is as smooth as before. Minified and mildly magnified
/// sprites keep the single-pass loop.
enum MagnifiedSprites {
    /// Sprites are drawn this way when magnified at least 2× along both axes (ρ ≤ ½). (A threshold of ¾
    /// measured no faster on the fire's smoke: pass one then costs about what it saves.)
    static let maximumFootprint: Float = 0.5
    /// Upright images wider or taller than this (pixels) are not made; such sprites keep the single pass.
    static let maximumSide: Float = 2048

    // MARK: - Layout

    /// The upright image of one sprite: its size and where it lies on the device.
    struct Layout {
        /// Size without the border, in pixels.
        var width: Int32, height: Int32
        /// Device pixels per upright pixel (the square root of the sprite's device area per texel area).
        var scale: Float
        /// Device position of the upright image's top-left corner.
        var originX: Float, originY: Float

        /// Pixels including the transparent border.
        var paddedCount: Int { Int(width + 2) * Int(height + 2) }

        /// The layout of the sprite whose device → source map is `t` (the source level's texel units),
        /// centred on the sprite's device centre; nil when it would be degenerate or too large.
        init?(_ t: SpriteTransform) {
            let det = t.a * t.d - t.b * t.c
            guard det.isFinite, abs(det) > 1e-12 else { return nil }
            let tw = Float(t.width)
            let th = Float(t.height)
            // The device centre is where the map reaches the middle of the source.
            let du = tw * 0.5 - t.tx
            let dv = th * 0.5 - t.ty
            let cx = (t.d * du - t.c * dv) / det
            let cy = (t.a * dv - t.b * du) / det
            let s = 1 / abs(det).squareRoot()
            // Half the device box of the quad, in upright pixels (device offsets of the source corners).
            let hx = (abs(t.d) * tw + abs(t.c) * th) * 0.5 / abs(det) / s
            let hy = (abs(t.b) * tw + abs(t.a) * th) * 0.5 / abs(det) / s
            guard cx.isFinite, cy.isFinite, s.isFinite, s > 0, hx.isFinite, hy.isFinite,
                2 * hx + 5 <= MagnifiedSprites.maximumSide, 2 * hy + 5 <= MagnifiedSprites.maximumSide
            else { return nil }
            // Two pixels of margin on each side: the bilinear fringe of a stretched sprite can reach
            // more than one upright pixel beyond its quad.
            width = Int32((2 * hx).rounded(.up)) + 4
            height = Int32((2 * hy).rounded(.up)) + 4
            // The parity of the source side along each axis, so that at multiples of 90° (and 2×, 3×, …
            // magnification of an upright grid) the upright pixels fall on texel centres and pass one
            // is an exact copy.
            let parityX = Int32(abs(t.a) >= abs(t.b) ? t.width : t.height) & 1
            let parityY = Int32(abs(t.d) >= abs(t.c) ? t.height : t.width) & 1
            if width & 1 != parityX { width += 1 }
            if height & 1 != parityY { height += 1 }
            scale = s
            originX = cx - s * Float(width) * 0.5
            originY = cy - s * Float(height) * 0.5
        }

        /// Upright pixel (column, row) → source texel map, for pass one.
        func sourceMap(_ t: SpriteTransform) -> SpriteTransform {
            let s = scale
            var m = t
            m.a = t.a * s
            m.b = t.b * s
            m.c = t.c * s
            m.d = t.d * s
            m.tx = t.tx + t.a * originX + t.c * originY
            m.ty = t.ty + t.b * originX + t.d * originY
            return m
        }

        /// Device pixel → upright texel map (axis-aligned), for pass two.
        func deviceMap(pixels: UnsafePointer<UInt32>) -> SpriteTransform {
            let k = 1 / scale
            return SpriteTransform(
                a: k, b: 0, c: 0, d: k, tx: -originX * k, ty: -originY * k,
                pixels: pixels, stride: width + 2, width: width, height: height)
        }
    }

    // MARK: - Pass one

    /// Fills `padded` (`layout.paddedCount` pixels) with the upright image of the sprite whose device map
    /// is `t`, and `extents` (one pair per padded row) with each row's non-transparent columns
    /// [first, end) in padded coordinates ((0, 0) for empty rows).
    static func makeUpright(
        _ t: SpriteTransform, _ layout: Layout, into padded: UnsafeMutablePointer<UInt32>,
        extents: UnsafeMutablePointer<SIMD2<Int32>>
    ) {
        let stride = Int(layout.width + 2)
        let rows = Int(layout.height + 2)
        padded.initialize(repeating: 0, count: stride * rows)
        let map = layout.sourceMap(t)
        extents[0] = .zero
        extents[rows - 1] = .zero
        for j in 0..<Int(layout.height) {
            let e = uprightRow(padded + (j + 1) * stride + 1, y: j, width: Int(layout.width), map)
            // Image columns → padded columns.
            extents[j + 1] = e.x < e.y ? e &+ 1 : .zero
        }
    }

    /// Writes row `y` (columns 0 ..< width) of the upright image: the bilinear samples of the source
    /// (the arithmetic of `SpriteKernels.bilinearRow`), stored rather than blended. The row's memory is
    /// transparent beforehand and may be written up to 7 pixels past `width` (with zeros: the row's
    /// border and the next, not yet drawn, row). Returns the columns [first, end) that are not
    /// transparent ((0, 0) when none).
    @inline(__always)
    static func uprightRow(_ dst: UnsafeMutablePointer<UInt32>, y: Int, width: Int, _ t: SpriteTransform) -> SIMD2<
        Int32
    > {
        let py = Float(y) + 0.5
        let u0 = t.c * py + t.tx - 0.5
        let v0 = t.d * py + t.ty - 0.5
        var (lo, hi) = SpriteKernels.span(u0, t.a, Float(t.width), 0, Float(width))
        (lo, hi) = SpriteKernels.span(v0, t.b, Float(t.height), lo, hi)
        guard lo < hi, lo.isFinite, hi.isFinite else { return .zero }
        let x0 = max(0, Int(lo))
        let x1 = min(width, Int(hi))
        guard x0 < x1 else { return .zero }
        let px0 = Float(x0) + 0.5
        var uf = Int32(clamping: Int64(((u0 + t.a * px0) * 65536).rounded(.down)))
        var vf = Int32(clamping: Int64(((v0 + t.b * px0) * 65536).rounded(.down)))
        let du = Int32(clamping: Int64((t.a * 65536).rounded()))
        let dv = Int32(clamping: Int64((t.b * 65536).rounded()))
        let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let du8 = lane &* du
        let dv8 = lane &* dv
        let geo = SpriteKernels.Geometry(t)
        var first = Int.max
        var end = Int.min
        var x = x0
        while x < x1 {
            let u = SIMD8<Int32>(repeating: uf) &+ du8
            let v = SIMD8<Int32>(repeating: vf) &+ dv8
            // Lanes past the row's end sample zero: the last block stores zeros there.
            let inRow = SpriteKernels.lanes(from: 0, to: x1 &- x)
            if let (sLo, sHi) = SpriteKernels.sample8(u, v, geo, inRow) {
                let p = unsafeBitCast(sLo | (sHi &<< 8), to: SIMD8<UInt32>.self)
                UnsafeMutableRawPointer(dst + x).storeBytes(of: p, as: SIMD8<UInt32>.self)
                first = min(first, x)
                end = max(end, min(x1, x &+ 8))
            }
            uf = uf &+ (du &<< 3)
            vf = vf &+ (dv &<< 3)
            x &+= 8
        }
        // Narrow the blocks to the pixels.
        while first < end && dst[first] == 0 { first += 1 }
        while end > first && dst[end - 1] == 0 { end -= 1 }
        return first < end ? SIMD2(Int32(first), Int32(end)) : .zero
    }

    // MARK: - Pass two

    /// Draws rows `ys ..< ye`, columns `xs ..< xe` of a sprite from its upright image (`t` from
    /// `Layout.deviceMap`, `extents` its rows' visible columns) into `target`.
    ///
    /// Each upright row the rows need is first magnified horizontally into a device-wide scratch row
    /// (gathering texel pairs, once per upright row rather than once per device row); each device row is
    /// then the vertical interpolation of two such rows, contiguous eight pixels at a time, and the blend.
    static func draw(
        _ target: RenderTarget, ys: Int, ye: Int, xs: Int, xe: Int, _ t: SpriteTransform,
        _ extents: UnsafePointer<SIMD2<Int32>>, additive: Bool, _ tintRB: UInt32, _ tintGA: UInt32
    ) {
        let n = xe - xs
        guard n > 0, ys < ye else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * n) { buffer in
            guard let scratch = buffer.baseAddress else { return }
            var rows = ScratchRows(a: scratch, b: scratch + n)
            for y in ys..<ye {
                let v = t.d * (Float(y) + 0.5) + t.ty - 0.5
                guard v >= -1, v < Float(t.height) else { continue }
                let vf = Int32(clamping: Int64((v * 65536).rounded(.down)))
                let top = Int32(vf >> 16) + 1
                if rows.bRow == top {
                    swap(&rows.a, &rows.b)
                    swap(&rows.aRow, &rows.bRow)
                    swap(&rows.aSpan, &rows.bSpan)
                }
                if rows.aRow != top {
                    rows.aSpan = magnify(row: Int(top), into: rows.a, xs: xs, xe: xe, t, extents)
                    rows.aRow = top
                }
                if rows.bRow != top + 1 {
                    rows.bSpan = magnify(row: Int(top) + 1, into: rows.b, xs: xs, xe: xe, t, extents)
                    rows.bRow = top + 1
                }
                // Columns where either row is visible (relative to xs); the other is zero there.
                let (a, b) = (rows.aSpan, rows.bSpan)
                let lo = a.x == a.y ? b.x : (b.x == b.y ? a.x : min(a.x, b.x))
                let hi = max(a.y, b.y)
                guard lo < hi else { continue }
                blendRow(
                    target.row(y) + xs, rows.a, rows.b, Int(lo), Int(hi), UInt16((vf >> 8) & 0xFF), additive, tintRB,
                    tintGA)
            }
        }
    }

    /// The two magnified upright rows a device row interpolates: padded row numbers (−1 for none) and
    /// the columns (relative to xs) each holds, zero elsewhere in [0, n).
    struct ScratchRows {
        var a: UnsafeMutablePointer<UInt32>, b: UnsafeMutablePointer<UInt32>
        var aRow: Int32 = -1, bRow: Int32 = -1
        var aSpan = SIMD2<Int32>.zero, bSpan = SIMD2<Int32>.zero
    }

    /// Magnifies padded upright row `row` horizontally for device columns `xs ..< xe` into `out`
    /// (`xe − xs` pixels, zero where the row is transparent); returns the columns written (relative to
    /// xs), empty when none.
    @inline(__always)
    static func magnify(
        row: Int, into out: UnsafeMutablePointer<UInt32>, xs: Int, xe: Int, _ t: SpriteTransform,
        _ extents: UnsafePointer<SIMD2<Int32>>
    ) -> SIMD2<Int32> {
        let n = xe - xs
        out.update(repeating: 0, count: n)
        let e = extents[row]
        guard e.x < e.y else { return .zero }
        // Columns whose taps (padded columns iu + 1, iu + 2) can touch [e.x, e.y): iu ∈ [e.x − 2, e.y − 1).
        let (lo, hi) = SpriteKernels.span(t.tx + 0.5 - Float(e.x), t.a, Float(e.y - e.x), Float(xs), Float(xe))
        guard lo < hi, lo.isFinite, hi.isFinite else { return .zero }
        let x0 = max(xs, Int(lo))
        let x1 = min(xe, Int(hi))
        guard x0 < x1 else { return .zero }
        var uf = Int32(clamping: Int64(((t.a * (Float(x0) + 0.5) + t.tx - 0.5) * 65536).rounded(.down)))
        let du = Int32(clamping: Int64((t.a * 65536).rounded()))
        let src = t.pixels + row * Int(t.stride)
        // Taps must stay in the padded row: iu ∈ [−1, width − 1]; other lanes are transparent.
        let lowest: Int32 = -1
        let highest = t.width - 1
        var x = x0
        if x1 &- x0 >= 8 {
            let du8 = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &* du
            let lowV = SIMD8<Int32>(repeating: lowest)
            let highV = SIMD8<Int32>(repeating: highest)
            let raw = UnsafeRawPointer(src)
            while x &+ 8 <= x1 {
                let u = SIMD8<Int32>(repeating: uf) &+ du8
                let iu = u &>> 16
                let valid = (iu .>= lowV) .& (iu .<= highV)
                let cu = iu.replacing(with: lowV, where: iu .< lowV).replacing(with: highV, where: iu .> highV) &+ 1
                var pair = SIMD8<UInt64>()
                for k in 0..<8 { pair[k] = (raw + Int(cu[k]) &* 4).loadUnaligned(as: UInt64.self) }
                let keep = unsafeBitCast(
                    SIMD8<Int32>(repeating: 0).replacing(with: -1, where: valid), to: SIMD8<UInt32>.self)
                let p32 = unsafeBitCast(pair, to: SIMD16<UInt32>.self)
                let p0 = p32.evenHalf & keep
                let p1 = p32.oddHalf & keep
                let wx32 = SIMD8<UInt32>(truncatingIfNeeded: u &>> 8) & SIMD8(repeating: 0xFF)
                let wx = unsafeBitCast(wx32 | (wx32 &<< 16), to: SIMD16<UInt16>.self)
                let lo = SpriteKernels.lerp16(SpriteKernels.evenBytes(p0), SpriteKernels.evenBytes(p1), wx)
                let hi = SpriteKernels.lerp16(SpriteKernels.oddBytes(p0), SpriteKernels.oddBytes(p1), wx)
                UnsafeMutableRawPointer(out + (x &- xs)).storeBytes(of: lo | (hi &<< 8), as: SIMD16<UInt16>.self)
                uf = uf &+ (du &<< 3)
                x &+= 8
            }
        }
        while x < x1 {
            let iu = uf >> 16
            if iu >= lowest && iu <= highest {
                out[x - xs] = Sampler.lerp(src[Int(iu + 1)], src[Int(iu + 2)], UInt32((uf >> 8) & 0xFF))
            }
            uf = uf &+ du
            x += 1
        }
        return SIMD2(Int32(x0 - xs), Int32(x1 - xs))
    }

    /// Blends columns lo ..< hi of the vertical interpolation of `top` and `bottom` (weight `w` of
    /// bottom) into `dst`.
    @inline(__always)
    static func blendRow(
        _ dst: UnsafeMutablePointer<UInt32>, _ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>,
        _ lo: Int, _ hi: Int, _ w: UInt16, _ additive: Bool, _ tintRB: UInt32, _ tintGA: UInt32
    ) {
        var x = lo
        if hi &- lo >= 8 {
            let wv = SIMD16<UInt16>(repeating: w)
            let tLo = unsafeBitCast(SIMD8<UInt32>(repeating: tintRB), to: SIMD16<UInt16>.self)
            let tHi = unsafeBitCast(SIMD8<UInt32>(repeating: tintGA), to: SIMD16<UInt16>.self)
            while x &+ 8 <= hi {
                let a = UnsafeRawPointer(top + x).loadUnaligned(as: SIMD8<UInt32>.self)
                let b = UnsafeRawPointer(bottom + x).loadUnaligned(as: SIMD8<UInt32>.self)
                let sLo = SpriteKernels.lerp16(SpriteKernels.evenBytes(a), SpriteKernels.evenBytes(b), wv)
                let sHi = SpriteKernels.lerp16(SpriteKernels.oddBytes(a), SpriteKernels.oddBytes(b), wv)
                let q = unsafeBitCast(sLo | sHi, to: SIMD4<UInt64>.self)
                if q[0] | q[1] | q[2] | q[3] != 0 {
                    if additive {
                        SpriteKernels.add8(dst + x, sLo, sHi, tLo, tHi)
                    } else {
                        SpriteKernels.over8(dst + x, sLo, sHi, tLo, tHi)
                    }
                }
                x &+= 8
            }
        }
        if x < hi && hi >= 8 {
            // The last columns as one eight-pixel block ending at hi (the scratch rows hold [0, n) with
            // n ≥ hi): the lanes before x, already blended, are zeroed and so leave their pixels unchanged.
            let start = hi &- 8
            let keep = unsafeBitCast(SpriteKernels.laneMask(from: x &- start, to: 8), to: SIMD8<UInt32>.self)
            let a = UnsafeRawPointer(top + start).loadUnaligned(as: SIMD8<UInt32>.self) & keep
            let b = UnsafeRawPointer(bottom + start).loadUnaligned(as: SIMD8<UInt32>.self) & keep
            let wv = SIMD16<UInt16>(repeating: w)
            let sLo = SpriteKernels.lerp16(SpriteKernels.evenBytes(a), SpriteKernels.evenBytes(b), wv)
            let sHi = SpriteKernels.lerp16(SpriteKernels.oddBytes(a), SpriteKernels.oddBytes(b), wv)
            let tLo = unsafeBitCast(SIMD8<UInt32>(repeating: tintRB), to: SIMD16<UInt16>.self)
            let tHi = unsafeBitCast(SIMD8<UInt32>(repeating: tintGA), to: SIMD16<UInt16>.self)
            if additive {
                SpriteKernels.add8(dst + start, sLo, sHi, tLo, tHi)
            } else {
                SpriteKernels.over8(dst + start, sLo, sHi, tLo, tHi)
            }
        } else if x < hi {
            let tr = tintRB & 0xFFFF
            let tb = tintRB >> 16
            let tg = tintGA & 0xFFFF
            let ta = tintGA >> 16
            while x < hi {
                let s = Sampler.lerp(top[x], bottom[x], UInt32(w))
                if s != 0 {
                    dst[x] =
                        additive
                        ? SpriteKernels.addPixel(dst[x], s, tr, tg, tb, ta)
                        : SpriteKernels.overPixel(dst[x], s, tr, tg, tb, ta)
                }
                x += 1
            }
        }
    }
}
