import Foundation

/// Source-over blending of one row segment of a fill, a group or a shadow into a target row.
///
/// `dst` points at the first pixel of the segment; `cov` (optional) gives per-pixel coverage 0…255
/// for the same segment. All colours are premultiplied.
enum SpanBlender {
    /// Coverage 0…255 as a multiplier 0…256.
    @inline(__always)
    static func weight(_ c: UInt8) -> UInt32 { UInt32(c) &+ (UInt32(c) &>> 7) }

    /// A constant colour.
    static func solid(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, cov: UnsafePointer<UInt8>?) {
        if color == 0 { return }
        let opaque = color >> 24 == 255
        guard let cov else {
            if opaque {
                dst.update(repeating: color, count: count)
            } else {
                for i in 0..<count { dst[i] = PixelMath.over(color, dst[i]) }
            }
            return
        }
        for i in 0..<count {
            let c = cov[i]
            if c == 0 { continue }
            if c == 255 {
                dst[i] = opaque ? color : PixelMath.over(color, dst[i])
            } else {
                dst[i] = PixelMath.over(PixelMath.scale(color, by: weight(c)), dst[i])
            }
        }
    }

    /// Per-pixel colours `src`, multiplied by `tint`: eight pixels per step (`paint8`), the rest one by one.
    static func paint(
        _ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, tint: PixelTint,
        cov: UnsafePointer<UInt8>?
    ) {
        let plain = tint.isIdentity
        var i = 0
        while i + 8 <= count {
            paint8(dst + i, src: src + i, tint: tint, plain: plain, cov: cov.map { $0 + i })
            i += 8
        }
        if i < count { paintScalar(dst + i, src: src + i, count: count - i, tint: tint, cov: cov.map { $0 + i }) }
    }

    /// The per-pixel form of `paint` (the tail of a span, and the reference its eight-wide form equals).
    static func paintScalar(
        _ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, tint: PixelTint,
        cov: UnsafePointer<UInt8>?
    ) {
        let plain = tint.isIdentity
        for i in 0..<count {
            var s = src[i]
            if let cov {
                let c = cov[i]
                if c == 0 { continue }
                if c != 255 { s = PixelMath.scale(s, by: weight(c)) }
            }
            if !plain { s = tint.apply(s) }
            let a = s >> 24
            if a == 255 { dst[i] = s } else if s != 0 { dst[i] = PixelMath.over(s, dst[i]) }
        }
    }

    /// Eight pixels of `paint` with the same integer arithmetic in eight lanes. The scalar form's
    /// shortcuts are the general formula's values there: coverage 0 scales the source to 0, coverage 255
    /// (weight 256) leaves it unchanged, and `over` of a transparent source is the destination, of an
    /// opaque one the source; so every lane takes the general path.
    @inline(__always)
    static func paint8(
        _ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, tint: PixelTint, plain: Bool,
        cov: UnsafePointer<UInt8>?
    ) {
        // Written with explicit splats, `replacing` and a fixed OR of four words: the generic SIMD
        // conversions, `==` and `pointwiseMin` crash the 6.3 compiler's IR generation here.
        var s = UnsafeRawPointer(src).loadUnaligned(as: SIMD8<UInt32>.self)
        let ff = SIMD8<UInt32>(repeating: 0xFF)
        let r128 = SIMD8<UInt32>(repeating: 128)
        let lowMask = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        let highMask = SIMD8<UInt32>(repeating: 0xFF00_FF00)
        let round2 = SIMD8<UInt32>(repeating: 0x0080_0080)
        if let cov {
            let c = SIMD8<UInt32>(
                UInt32(cov[0]), UInt32(cov[1]), UInt32(cov[2]), UInt32(cov[3]),
                UInt32(cov[4]), UInt32(cov[5]), UInt32(cov[6]), UInt32(cov[7]))
            let m = c &+ (c &>> SIMD8(repeating: 7))
            let rb = ((s & lowMask) &* m &+ round2) &>> SIMD8(repeating: 8) & lowMask
            let ga = (((s &>> SIMD8(repeating: 8)) & lowMask) &* m &+ round2) & highMask
            s = rb | ga
        }
        let q = unsafeBitCast(s, to: SIMD4<UInt64>.self)
        if q[0] | q[1] | q[2] | q[3] == 0 { return }
        var sr = s & ff
        var sg = (s &>> SIMD8(repeating: 8)) & ff
        var sb = (s &>> SIMD8(repeating: 16)) & ff
        var sa = s &>> SIMD8(repeating: 24)
        if !plain {
            sr = (sr &* SIMD8(repeating: tint.r) &+ r128) &>> SIMD8(repeating: 8)
            sg = (sg &* SIMD8(repeating: tint.g) &+ r128) &>> SIMD8(repeating: 8)
            sb = (sb &* SIMD8(repeating: tint.b) &+ r128) &>> SIMD8(repeating: 8)
            sa = (sa &* SIMD8(repeating: tint.a) &+ r128) &>> SIMD8(repeating: 8)
        }
        let d = UnsafeRawPointer(dst).loadUnaligned(as: SIMD8<UInt32>.self)
        let ia = ff &- sa
        @inline(__always) func over(_ s: SIMD8<UInt32>, _ d: SIMD8<UInt32>) -> SIMD8<UInt32> {
            let t = d &* ia &+ r128
            let v = s &+ ((t &+ (t &>> SIMD8(repeating: 8))) &>> SIMD8(repeating: 8))
            return v.replacing(with: ff, where: v .> ff)
        }
        let r = over(sr, d & ff)
        let g = over(sg, (d &>> SIMD8(repeating: 8)) & ff)
        let b = over(sb, (d &>> SIMD8(repeating: 16)) & ff)
        let a = over(sa, d &>> SIMD8(repeating: 24))
        UnsafeMutableRawPointer(dst).storeBytes(
            of: r | (g &<< SIMD8(repeating: 8)) | (b &<< SIMD8(repeating: 16)) | (a &<< SIMD8(repeating: 24)),
            as: SIMD8<UInt32>.self)
    }

    /// An offscreen group row: `src × opacity × coverage × mask alpha`, eight pixels per step
    /// (`composite8`), the rest one by one.
    static func composite(
        _ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, opacity: UInt32,
        cov: UnsafePointer<UInt8>?, mask: UnsafePointer<UInt32>?
    ) {
        var i = 0
        while i + 8 <= count {
            composite8(dst + i, src: src + i, opacity: opacity, cov: cov.map { $0 + i }, mask: mask.map { $0 + i })
            i += 8
        }
        if i < count {
            compositeScalar(
                dst + i, src: src + i, count: count - i, opacity: opacity, cov: cov.map { $0 + i },
                mask: mask.map { $0 + i })
        }
    }

    /// Eight pixels of `composite` with the same integer arithmetic in eight lanes (the scalar form's
    /// shortcuts are the general formula's values, as in `paint8`).
    @inline(__always)
    static func composite8(
        _ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, opacity: UInt32,
        cov: UnsafePointer<UInt8>?, mask: UnsafePointer<UInt32>?
    ) {
        var s = UnsafeRawPointer(src).loadUnaligned(as: SIMD8<UInt32>.self)
        let q0 = unsafeBitCast(s, to: SIMD4<UInt64>.self)
        if q0[0] | q0[1] | q0[2] | q0[3] == 0 { return }
        let ff = SIMD8<UInt32>(repeating: 0xFF)
        let r128 = SIMD8<UInt32>(repeating: 128)
        let lowMask = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        let highMask = SIMD8<UInt32>(repeating: 0xFF00_FF00)
        let round2 = SIMD8<UInt32>(repeating: 0x0080_0080)
        var m = SIMD8<UInt32>(repeating: opacity)
        if let cov {
            let c = SIMD8<UInt32>(
                UInt32(cov[0]), UInt32(cov[1]), UInt32(cov[2]), UInt32(cov[3]),
                UInt32(cov[4]), UInt32(cov[5]), UInt32(cov[6]), UInt32(cov[7]))
            m = (m &* (c &+ (c &>> SIMD8(repeating: 7)))) &>> SIMD8(repeating: 8)
        }
        if let mask {
            let c = UnsafeRawPointer(mask).loadUnaligned(as: SIMD8<UInt32>.self) &>> SIMD8(repeating: 24)
            m = (m &* (c &+ (c &>> SIMD8(repeating: 7)))) &>> SIMD8(repeating: 8)
        }
        let rb = ((s & lowMask) &* m &+ round2) &>> SIMD8(repeating: 8) & lowMask
        let ga = (((s &>> SIMD8(repeating: 8)) & lowMask) &* m &+ round2) & highMask
        s = rb | ga
        let q = unsafeBitCast(s, to: SIMD4<UInt64>.self)
        if q[0] | q[1] | q[2] | q[3] == 0 { return }
        let sa = s &>> SIMD8(repeating: 24)
        let d = UnsafeRawPointer(dst).loadUnaligned(as: SIMD8<UInt32>.self)
        let ia = ff &- sa
        @inline(__always) func over(_ s: SIMD8<UInt32>, _ d: SIMD8<UInt32>) -> SIMD8<UInt32> {
            let t = d &* ia &+ r128
            let v = s &+ ((t &+ (t &>> SIMD8(repeating: 8))) &>> SIMD8(repeating: 8))
            return v.replacing(with: ff, where: v .> ff)
        }
        let r = over(s & ff, d & ff)
        let g = over((s &>> SIMD8(repeating: 8)) & ff, (d &>> SIMD8(repeating: 8)) & ff)
        let b = over((s &>> SIMD8(repeating: 16)) & ff, (d &>> SIMD8(repeating: 16)) & ff)
        let a = over(sa, d &>> SIMD8(repeating: 24))
        UnsafeMutableRawPointer(dst).storeBytes(
            of: r | (g &<< SIMD8(repeating: 8)) | (b &<< SIMD8(repeating: 16)) | (a &<< SIMD8(repeating: 24)),
            as: SIMD8<UInt32>.self)
    }

    /// The per-pixel form of `composite` (the tail of a row, and the reference its eight-wide form equals).
    static func compositeScalar(
        _ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, opacity: UInt32,
        cov: UnsafePointer<UInt8>?, mask: UnsafePointer<UInt32>?
    ) {
        for i in 0..<count {
            var s = src[i]
            if s == 0 { continue }
            var m = opacity
            if let cov { m = (m &* weight(cov[i])) &>> 8 }
            if let mask { m = (m &* weight(UInt8(mask[i] &>> 24))) &>> 8 }
            if m == 0 { continue }
            if m != 256 { s = PixelMath.scale(s, by: m) }
            let a = s >> 24
            dst[i] = a == 255 ? s : PixelMath.over(s, dst[i])
        }
    }

    /// A shadow row: a constant colour times per-pixel alpha.
    static func shadow(_ dst: UnsafeMutablePointer<UInt32>, alpha: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        for i in 0..<count {
            let a = alpha[i]
            if a == 0 { continue }
            let s = a == 255 ? color : PixelMath.scale(color, by: weight(a))
            dst[i] = PixelMath.over(s, dst[i])
        }
    }
}
