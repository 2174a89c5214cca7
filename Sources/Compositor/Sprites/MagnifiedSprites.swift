import Foundation

/// Rotated (or flipped, or sheared) sprites magnified 2× or more, drawn in two passes.
///
/// Pass one turns the sprite upright once per frame: its image, rotated and sheared as on screen but at
/// the texel density of the source, is resampled bilinearly into an axis-aligned scratch image with a
/// transparent border (`upright`), which is small (about the source's size, never more than twice its
/// area), so this costs a fraction of the sprite's device pixels. Pass two magnifies that image to the
/// device, axis-aligned: per device row one vertical interpolation of two scratch rows (contiguous, eight
/// texels per step), then per pixel one horizontal interpolation and the blend, and only over the columns
/// where the two scratch rows have a non-transparent texel. This is about half the work per pixel of
/// the general rotated loop and skips the transparent corners of round sprites.
///
/// The result is the image resampled twice, which softens it by up to half a source texel (a quarter of
/// a device pixel or less at 2× magnification); the angle is exact (nothing is quantised or cached
/// between frames), so motion is as smooth as before. Minified and mildly magnified sprites keep the
/// single-pass loop.
enum MagnifiedSprites {
    /// Sprites are drawn this way when magnified at least this much along both axes (ρ ≤ ½).
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
            let tw = Float(t.width), th = Float(t.height)
            // The device centre is where the map reaches the middle of the source.
            let du = tw * 0.5 - t.tx, dv = th * 0.5 - t.ty
            let cx = (t.d * du - t.c * dv) / det, cy = (t.a * dv - t.b * du) / det
            let s = 1 / abs(det).squareRoot()
            // Half the device box of the quad, in upright pixels (device offsets of the source corners).
            let hx = (abs(t.d) * tw + abs(t.c) * th) * 0.5 / abs(det) / s
            let hy = (abs(t.b) * tw + abs(t.a) * th) * 0.5 / abs(det) / s
            guard cx.isFinite, cy.isFinite, s.isFinite, s > 0, hx.isFinite, hy.isFinite,
                  2 * hx + 5 <= MagnifiedSprites.maximumSide, 2 * hy + 5 <= MagnifiedSprites.maximumSide else { return nil }
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
            m.a = t.a * s; m.b = t.b * s; m.c = t.c * s; m.d = t.d * s
            m.tx = t.tx + t.a * originX + t.c * originY
            m.ty = t.ty + t.b * originX + t.d * originY
            return m
        }

        /// Device pixel → upright texel map (axis-aligned), for pass two.
        func deviceMap(pixels: UnsafePointer<UInt32>, extents: UnsafePointer<SIMD2<Int32>>) -> SpriteTransform {
            let k = 1 / scale
            return SpriteTransform(a: k, b: 0, c: 0, d: k, tx: -originX * k, ty: -originY * k,
                                   pixels: pixels, stride: width + 2, width: width, height: height, extents: extents)
        }
    }

    // MARK: - Pass one

    /// Fills `padded` (`layout.paddedCount` pixels) with the upright image of the sprite whose device map
    /// is `t`, and `extents` (one pair per padded row) with each row's non-transparent columns
    /// [first, end) in padded coordinates ((0, 0) for empty rows).
    static func makeUpright(_ t: SpriteTransform, _ layout: Layout, into padded: UnsafeMutablePointer<UInt32>,
                            extents: UnsafeMutablePointer<SIMD2<Int32>>) {
        let stride = Int(layout.width + 2), rows = Int(layout.height + 2)
        padded.initialize(repeating: 0, count: stride * rows)
        let map = layout.sourceMap(t)
        // Additive onto transparent pixels with a full tint is a copy of the samples.
        let full = UInt32(256) | UInt32(256) << 16
        for j in 0..<Int(layout.height) {
            SpriteKernels.bilinearRow(padded + (j + 1) * stride + 1, y: j, xs: 0, xe: Int(layout.width), map,
                                      additive: true, full, full)
        }
        for j in 0..<rows {
            let row = padded + j * stride
            var first = 0
            while first < stride && row[first] == 0 { first += 1 }
            var end = stride
            while end > first && row[end - 1] == 0 { end -= 1 }
            extents[j] = first < end ? SIMD2(Int32(first), Int32(end)) : .zero
        }
    }

    // MARK: - Pass two

    /// Draws row `y`, columns `xs ..< xe` of a sprite from its upright image (`t` from
    /// `Layout.deviceMap`, `extents` its rows' visible columns), using `scratch` (at least `t.stride`
    /// pixels) for the interpolated row.
    @inline(__always)
    static func row(_ dst: UnsafeMutablePointer<UInt32>, y: Int, xs: Int, xe: Int, _ t: SpriteTransform,
                    _ extents: UnsafePointer<SIMD2<Int32>>, scratch: UnsafeMutablePointer<UInt32>,
                    additive: Bool, _ tintRB: UInt32, _ tintGA: UInt32) {
        let v = t.d * (Float(y) + 0.5) + t.ty - 0.5
        guard v >= -1, v < Float(t.height) else { return }
        let vf = Int32(clamping: Int64((v * 65536).rounded(.down)))
        let iv = Int(vf >> 16), wy = UInt16((vf >> 8) & 0xFF)
        // Padded rows iv + 1 and iv + 2; the columns where either has a visible texel.
        let e0 = extents[iv + 1], e1 = extents[iv + 2]
        let first = Int(e0.x == e0.y ? e1.x : (e1.x == e1.y ? e0.x : min(e0.x, e1.x)))
        let end = Int(max(e0.y, e1.y))
        guard first < end else { return }
        let stride = Int(t.stride)
        let top = t.pixels + (iv + 1) * stride, bottom = top + stride
        // scratch[c] = rows interpolated at padded column c, for c in first − 1 ..< end + 1 (zero outside
        // the extents, where both rows are transparent).
        let c0 = max(0, first - 1), c1 = min(stride, end + 1)
        lerpRows(scratch + c0, top + c0, bottom + c0, c1 - c0, wy)
        // Columns whose taps (padded columns iu + 1, iu + 2) can touch [first, end): iu ∈ [first − 2, end − 1).
        let (lo, hi) = SpriteKernels.span(t.tx + 0.5 - Float(first), t.a, Float(end - first), Float(xs), Float(xe))
        guard lo < hi, lo.isFinite, hi.isFinite else { return }
        let x0 = max(xs, Int(lo)), x1 = min(xe, Int(hi))
        guard x0 < x1 else { return }
        var uf = Int32(clamping: Int64(((t.a * (Float(x0) + 0.5) + t.tx - 0.5) * 65536).rounded(.down)))
        let du = Int32(clamping: Int64((t.a * 65536).rounded()))
        // Taps iu + 1 and iu + 2 must lie in [c0, c1), where the scratch row is valid; lanes outside are
        // transparent (both rows are there) and read a clamped address.
        let lowest = Int32(c0) - 1, highest = Int32(c1) - 3
        var x = x0
        if x1 &- x0 >= 8 {
            let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
            let du8 = lane &* du
            let tLo = unsafeBitCast(SIMD8<UInt32>(repeating: tintRB), to: SIMD16<UInt16>.self)
            let tHi = unsafeBitCast(SIMD8<UInt32>(repeating: tintGA), to: SIMD16<UInt16>.self)
            let lowV = SIMD8<Int32>(repeating: lowest), highV = SIMD8<Int32>(repeating: highest)
            let raw = UnsafeRawPointer(scratch)
            while x &+ 8 <= x1 {
                let u = SIMD8<Int32>(repeating: uf) &+ du8
                let iu = u &>> 16
                let valid = (iu .>= lowV) .& (iu .<= highV)
                if any(valid) {
                    let cu = iu.replacing(with: lowV, where: iu .< lowV).replacing(with: highV, where: iu .> highV) &+ 1
                    var pair = SIMD8<UInt64>()
                    for k in 0..<8 { pair[k] = (raw + Int(cu[k]) &* 4).loadUnaligned(as: UInt64.self) }
                    let keep = unsafeBitCast(SIMD8<Int32>(repeating: 0).replacing(with: -1, where: valid), to: SIMD8<UInt32>.self)
                    let p32 = unsafeBitCast(pair, to: SIMD16<UInt32>.self)
                    let p0 = p32.evenHalf & keep, p1 = p32.oddHalf & keep
                    let wx32 = SIMD8<UInt32>(truncatingIfNeeded: u &>> 8) & SIMD8(repeating: 0xFF)
                    let wx = unsafeBitCast(wx32 | (wx32 &<< 16), to: SIMD16<UInt16>.self)
                    let sLo = SpriteKernels.lerp16(SpriteKernels.evenBytes(p0), SpriteKernels.evenBytes(p1), wx)
                    let sHi = SpriteKernels.lerp16(SpriteKernels.oddBytes(p0), SpriteKernels.oddBytes(p1), wx)
                    let q = unsafeBitCast(sLo | sHi, to: SIMD4<UInt64>.self)
                    if q[0] | q[1] | q[2] | q[3] != 0 {
                        if additive {
                            SpriteKernels.add8(dst + x, sLo, sHi, tLo, tHi)
                        } else {
                            SpriteKernels.over8(dst + x, sLo, sHi, tLo, tHi)
                        }
                    }
                }
                uf = uf &+ (du &<< 3)
                x &+= 8
            }
        }
        if x < x1 {
            tail(dst, x, x1, uf, du, scratch, lowest, highest, additive, tintRB, tintGA)
        }
    }

    /// out[i] = lerp(top[i], bottom[i], w) per channel, eight pixels per step.
    @inline(__always)
    static func lerpRows(_ out: UnsafeMutablePointer<UInt32>, _ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>,
                         _ count: Int, _ w: UInt16) {
        let wv = SIMD16<UInt16>(repeating: w)
        var i = 0
        while i &+ 8 <= count {
            let a = UnsafeRawPointer(top + i).loadUnaligned(as: SIMD8<UInt32>.self)
            let b = UnsafeRawPointer(bottom + i).loadUnaligned(as: SIMD8<UInt32>.self)
            let lo = SpriteKernels.lerp16(SpriteKernels.evenBytes(a), SpriteKernels.evenBytes(b), wv)
            let hi = SpriteKernels.lerp16(SpriteKernels.oddBytes(a), SpriteKernels.oddBytes(b), wv)
            UnsafeMutableRawPointer(out + i).storeBytes(of: lo | (hi &<< 8), as: SIMD16<UInt16>.self)
            i &+= 8
        }
        while i < count {
            out[i] = Sampler.lerp(top[i], bottom[i], UInt32(w))
            i &+= 1
        }
    }

    /// The last columns of a row (fewer than eight), pixel by pixel with the same arithmetic.
    @inline(never)
    static func tail(_ dst: UnsafeMutablePointer<UInt32>, _ x0: Int, _ x1: Int, _ uf0: Int32, _ du: Int32,
                     _ scratch: UnsafePointer<UInt32>, _ lowest: Int32, _ highest: Int32, _ additive: Bool,
                     _ tintRB: UInt32, _ tintGA: UInt32) {
        let tr = tintRB & 0xFFFF, tb = tintRB >> 16, tg = tintGA & 0xFFFF, ta = tintGA >> 16
        var uf = uf0
        for x in x0..<x1 {
            defer { uf = uf &+ du }
            let iu = uf >> 16
            if iu < lowest || iu > highest { continue }
            let s = Sampler.lerp(scratch[Int(iu + 1)], scratch[Int(iu + 2)], UInt32((uf >> 8) & 0xFF))
            if s == 0 { continue }
            dst[x] = additive ? SpriteKernels.addPixel(dst[x], s, tr, tg, tb, ta) : SpriteKernels.overPixel(dst[x], s, tr, tg, tb, ta)
        }
    }
}
