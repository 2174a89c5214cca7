import Foundation
import LayerKit

/// Emitters of large, soft sprites drawn at half the device resolution, then magnified into the frame.
///
/// When every visible sprite of an emitter is soft at the size it is drawn (bilinear filtering, and at
/// least 2 ÷ `Texture.softness` device pixels per texel, so a pixel of the half-resolution buffer spans no
/// more texels than the image is smooth over), large (`minimumSize`) and not a blit at the image's own
/// size, and the sprites cover much more than their bounding box,
/// the sprites are drawn before the band pass into a transparent buffer of half the width and height
/// (every sprite inverse-mapped, with sub-pixel positions), in parallel bands. The band pass then magnifies
/// that buffer 2× bilinearly (fixed weights ¾ and ¼ per axis, one rounding) and blends it over the frame:
/// source-over for ordered emitters, a saturating sum for additive ones (the same as blending the sprites
/// one by one, up to rounding, since both blends are associative). A quarter of the sprite pixels are
/// drawn, and the frame's pixels are blended once.
///
/// **Approximation.** The picture is the sprites' picture smoothed over two device pixels: within a few
/// levels of the full-resolution frame for images that pass the softness test (see `MagnifiedSprites`
/// and docs/Compositor.md for the measured differences). Pixels do not depend on the thread count.
enum HalfResolutionSprites {
    /// Device pixels per buffer pixel along each axis.
    static let factor: Float = 2
    /// Device coordinates → buffer coordinates (pixel centres map to pixel centres of the 2× grid: buffer
    /// pixel i covers device pixels 2i and 2i + 1).
    static let deviceToLow = PlaneTransform(m11: 0.5, m12: 0, m13: 0, m21: 0, m22: 0.5, m23: 0, m31: 0, m32: 0, m33: 1)
    /// Sprite areas (device pixels) below this are drawn at full resolution: too little to save.
    static let minimumArea: Float = 16_384
    /// Sprites narrower or shorter than this (device pixels) keep the full resolution: the magnification
    /// smooths a sprite's edge by about a device pixel, a visible part of a small sprite (and dense small
    /// sprites are the blit kernels' work, which the sprite benchmarks measure against C).
    static let minimumSize: Float = 64

    /// Whether drawing at half resolution keeps the sprites' look and saves work: every sprite is soft,
    /// and the sprite pixels saved (three quarters) exceed the pixels of `box` that the magnification
    /// blends.
    static func pays(_ p: SpriteBatchBuilder.Placement, box: IntRect) -> Bool {
        guard p.allSoft, p.area >= minimumArea, !box.isEmpty else { return false }
        return p.area * 0.75 > Float(box.width) * Float(box.height)
    }

    /// The buffer pixels a device clip needs, with one more on every side (the magnification's taps at
    /// the clip's edge read their neighbours outside it).
    static func lowClip(_ clip: IntRect) -> IntRect {
        IntRect(
            x0: floorDiv(clip.x0, 2) - 1, y0: floorDiv(clip.y0, 2) - 1,
            x1: -floorDiv(-clip.x1, 2) + 1, y1: -floorDiv(-clip.y1, 2) + 1)
    }

    // MARK: - Magnification

    /// Extra buffer columns beyond the sprites' box: one before (the left taps of the first pixels) plus
    /// one for the vertical pass's left neighbour, and after it room for the last eight-pixel block and
    /// its right neighbour.
    static let marginBefore = 2, marginAfter = 10

    /// Magnifies the buffer `low` and blends it over `target` (a saturating sum when `additive`, else
    /// source-over) for device rows `rows`, columns `cols`. `low` must hold the buffer pixels those device
    /// pixels read, plus `marginBefore` columns before and `marginAfter` after them (`HalfResolutionOp`).
    /// With `spans`, each device row is limited to the columns its two buffer rows' spans can reach (the
    /// others magnify to transparent pixels, which leave the frame unchanged); without, every row takes
    /// all of `cols` (the reference the spans are tested against).
    static func composite(
        _ low: RenderTarget, spans: RowSpans? = nil, additive: Bool, target: RenderTarget, rows: Range<Int>,
        cols: Range<Int>
    ) {
        guard !rows.isEmpty, !cols.isEmpty else { return }
        // The widest row: buffer columns kA ... kB feed the device columns, plus one on each side.
        let widest = ((((cols.upperBound - 1) >> 1) - (cols.lowerBound >> 1) + 1) + 7) >> 3
        let capacity = 8 * widest + 2
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * capacity + 16 * widest) { buffer in
            guard let base = buffer.baseAddress else { return }
            let vRB = base
            let vGA = base + capacity
            let out = base + 2 * capacity
            for y in rows {
                let k = y >> 1
                let farRow = y & 1 == 0 ? k - 1 : k + 1
                var c0 = cols.lowerBound
                var c1 = cols.upperBound
                if let spans {
                    // Device pixel x reads buffer columns x ÷ 2 and its neighbour on x's side, so buffer
                    // columns [a, b) reach device columns [2a − 1, 2b + 1).
                    let s = spans.union(k, farRow)
                    c0 = max(c0, 2 * Int(s.x) - 1)
                    c1 = min(c1, 2 * Int(s.y) + 1)
                    if c0 >= c1 { continue }
                }
                let kA = c0 >> 1
                let blocks = ((((c1 - 1) >> 1) - kA + 1) + 7) >> 3
                // Vertical blend of two buffer rows (`3·near + far` per channel, in two 16-bit halves of a
                // word: red and blue, green and alpha), for columns kA − 1 ..< kA + 8·blocks + 1.
                let near = low.row(k) + (kA - 1)
                let far = low.row(farRow) + (kA - 1)
                if !verticalBlend(near, far, count: 8 * blocks + 2, rb: vRB, ga: vGA) { continue }
                // Device pixel 2j takes ¾ of buffer column j and ¼ of j − 1; pixel 2j + 1 ¾ of j and ¼ of j + 1.
                horizontal(vRB + 1, vGA + 1, blocks: blocks, into: out)
                let first = c0 - 2 * kA
                let dst = target.row(y) + c0
                if additive {
                    SpriteKernels.addRow(dst, out + first, c1 - c0, plainTint, plainTint)
                } else {
                    SpriteKernels.overRow(dst, out + first, c1 - c0, plainTint, plainTint)
                }
            }
        }
    }

    /// Per buffer row, the columns [x, y) that may hold non-transparent pixels: the union of the boxes of
    /// the sprites on that row (a sprite draws nothing outside its box, and the buffer starts transparent).
    struct RowSpans {
        /// The buffer row of `spans[0]`.
        let firstRow: Int
        let spans: [SIMD2<Int32>]
        /// The span of a row without sprites.
        static let none = SIMD2<Int32>(Int32.max, Int32.min)

        init(firstRow: Int, spans: [SIMD2<Int32>]) {
            self.firstRow = firstRow
            self.spans = spans
        }

        /// The spans of `batch`'s sprites (placed in buffer pixels) on buffer rows `rows`.
        init(_ batch: SpriteBatch, rows: Range<Int>) {
            firstRow = rows.lowerBound
            var spans = [SIMD2<Int32>](repeating: RowSpans.none, count: rows.count)
            let r0 = Int32(clamping: rows.lowerBound)
            let r1 = Int32(clamping: rows.upperBound)
            spans.withUnsafeMutableBufferPointer { out in
                for i in 0..<batch.count {
                    let s = batch.sprites[i]
                    let y0 = max(s.y0, r0)
                    let y1 = min(s.y1, r1)
                    if s.kind == SpriteKind.none.rawValue || s.x0 >= s.x1 || y0 >= y1 { continue }
                    for y in Int(y0 &- r0)..<Int(y1 &- r0) {
                        out[y] = SIMD2(min(out[y].x, s.x0), max(out[y].y, s.x1))
                    }
                }
            }
            self.spans = spans
        }

        /// The union of rows `a`'s and `b`'s spans (`none` outside the rows).
        @inline(__always)
        func union(_ a: Int, _ b: Int) -> SIMD2<Int32> {
            let sa = a - firstRow
            let sb = b - firstRow
            let pa = sa >= 0 && sa < spans.count ? spans[sa] : RowSpans.none
            let pb = sb >= 0 && sb < spans.count ? spans[sb] : RowSpans.none
            return SIMD2(min(pa.x, pb.x), max(pa.y, pb.y))
        }
    }

    /// The blit loops' tint that leaves a source unchanged (256 in every lane).
    static let plainTint = SIMD16<UInt16>(repeating: 256)

    /// `rb[i]`, `ga[i]` = 3·near[i] + far[i] per channel, for `count` (a multiple of 8, plus 2) pixels;
    /// false when both rows are transparent there.
    @inline(__always)
    static func verticalBlend(
        _ near: UnsafePointer<UInt32>, _ far: UnsafePointer<UInt32>, count: Int,
        rb: UnsafeMutablePointer<UInt32>, ga: UnsafeMutablePointer<UInt32>
    ) -> Bool {
        let mask = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        var any = SIMD8<UInt32>(repeating: 0)
        var i = 0
        while i &+ 8 <= count {
            let a = UnsafeRawPointer(near + i).loadUnaligned(as: SIMD8<UInt32>.self)
            let b = UnsafeRawPointer(far + i).loadUnaligned(as: SIMD8<UInt32>.self)
            any |= a | b
            let aRB = a & mask
            let aGA = (a &>> 8) & mask
            let vRB = (aRB &<< 1) &+ aRB &+ (b & mask)
            let vGA = (aGA &<< 1) &+ aGA &+ ((b &>> 8) & mask)
            UnsafeMutableRawPointer(rb + i).storeBytes(of: vRB, as: SIMD8<UInt32>.self)
            UnsafeMutableRawPointer(ga + i).storeBytes(of: vGA, as: SIMD8<UInt32>.self)
            i &+= 8
        }
        while i < count {
            let a = near[i]
            let b = far[i]
            any[0] |= a | b
            rb[i] = 3 &* (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)
            ga[i] = 3 &* ((a &>> 8) & 0x00FF_00FF) &+ ((b &>> 8) & 0x00FF_00FF)
            i &+= 1
        }
        let q = unsafeBitCast(any, to: SIMD4<UInt64>.self)
        return q[0] | q[1] | q[2] | q[3] != 0
    }

    /// Device pixels 2j and 2j + 1 for `8·blocks` columns j of a vertical blend (`rb[j]`, `ga[j]`, whose
    /// neighbours j − 1 and j + 1 are readable): (3·v[j] + v[j ∓ 1] + 8) ÷ 16 per channel.
    @inline(__always)
    static func horizontal(
        _ rb: UnsafePointer<UInt32>, _ ga: UnsafePointer<UInt32>, blocks: Int, into out: UnsafeMutablePointer<UInt32>
    ) {
        let mask = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        let round = SIMD8<UInt32>(repeating: 0x0008_0008)
        for b in 0..<blocks {
            let j = b &* 8
            let c = UnsafeRawPointer(rb + j).loadUnaligned(as: SIMD8<UInt32>.self)
            let l = UnsafeRawPointer(rb + (j &- 1)).loadUnaligned(as: SIMD8<UInt32>.self)
            let r = UnsafeRawPointer(rb + (j &+ 1)).loadUnaligned(as: SIMD8<UInt32>.self)
            let cg = UnsafeRawPointer(ga + j).loadUnaligned(as: SIMD8<UInt32>.self)
            let lg = UnsafeRawPointer(ga + (j &- 1)).loadUnaligned(as: SIMD8<UInt32>.self)
            let rg = UnsafeRawPointer(ga + (j &+ 1)).loadUnaligned(as: SIMD8<UInt32>.self)
            let o = UnsafeMutableRawPointer(out + (2 &* j))
            let any = unsafeBitCast(c | l | r | cg | lg | rg, to: SIMD4<UInt64>.self)
            if any[0] | any[1] | any[2] | any[3] == 0 {
                o.storeBytes(of: SIMD16<UInt32>(repeating: 0), as: SIMD16<UInt32>.self)
                continue
            }
            let c3 = (c &<< 1) &+ c &+ round
            let cg3 = (cg &<< 1) &+ cg &+ round
            let even = (((c3 &+ l) &>> 4) & mask) | ((((cg3 &+ lg) &>> 4) & mask) &<< 8)
            let odd = (((c3 &+ r) &>> 4) & mask) | ((((cg3 &+ rg) &>> 4) & mask) &<< 8)
            let pixels = SIMD16<UInt32>(
                even[0], odd[0], even[1], odd[1], even[2], odd[2], even[3], odd[3],
                even[4], odd[4], even[5], odd[5], even[6], odd[6], even[7], odd[7])
            o.storeBytes(of: pixels, as: SIMD16<UInt32>.self)
        }
    }

    /// The device pixel (x, y) of the magnification, one pixel at a time: the reference the row loops are
    /// tested against. `low` must hold the buffer pixels around (x ÷ 2, y ÷ 2).
    static func referencePixel(_ low: RenderTarget, x: Int, y: Int) -> UInt32 {
        let k = y >> 1
        let far = y & 1 == 0 ? k - 1 : k + 1
        let j = x >> 1
        let side = x & 1 == 0 ? j - 1 : j + 1
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
            func c(_ col: Int, _ row: Int) -> UInt32 { (low.row(row)[col] >> shift) & 0xFF }
            let v = 9 * c(j, k) + 3 * c(side, k) + 3 * c(j, far) + c(side, far)
            out |= ((v + 8) >> 4) << shift
        }
        return out
    }
}

/// The particles of one emitter drawn at half resolution (`HalfResolutionSprites`): a sprite batch placed
/// in the buffer's pixels, drawn before the band pass (`prepare`), then magnified band by band.
final class HalfResolutionOp {
    /// The device pixels the magnification writes.
    let bounds: IntRect
    /// The sprites, in buffer pixels.
    let batch: SpriteBatch
    let additive: Bool
    /// The buffer's pixels: the sprites' box, with a transparent margin for the magnification's taps.
    let lowRect: IntRect
    let buffer: PixelBuffer
    /// Per buffer row, the columns its sprites can draw: the magnification skips the rest of each row.
    let spans: HalfResolutionSprites.RowSpans

    /// Nil when the batch draws nothing inside `deviceClip`.
    init?(batch: SpriteBatch, deviceClip: IntRect, pool: BufferPool) {
        let b = batch.bounds
        guard !b.isEmpty else { return nil }
        let device = IntRect(x0: 2 * b.x0 - 1, y0: 2 * b.y0 - 1, x1: 2 * b.x1 + 1, y1: 2 * b.y1 + 1)
        bounds = device.intersection(deviceClip)
        guard !bounds.isEmpty else { return nil }
        self.batch = batch
        additive = batch.additive
        lowRect = IntRect(
            x0: b.x0 - HalfResolutionSprites.marginBefore, y0: b.y0 - 1,
            x1: b.x1 + HalfResolutionSprites.marginAfter, y1: b.y1 + 1)
        buffer = pool.borrow(lowRect.width * lowRect.height)
        spans = HalfResolutionSprites.RowSpans(batch, rows: lowRect.y0..<lowRect.y1)
    }

    var target: RenderTarget { buffer.target(lowRect) }

    /// Draws the sprites into the buffer (cleared first), in bands on the executor's threads.
    func prepare(executor: BandExecutor) {
        executor.run([.sprites(batch)], into: target, clear: 0, bandHeight: batch.bandHeight)
    }
}
