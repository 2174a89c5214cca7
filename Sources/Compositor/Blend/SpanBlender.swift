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
            if opaque { dst.update(repeating: color, count: count) } else {
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

    /// Per-pixel colours `src`, multiplied by `tint`.
    static func paint(_ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, tint: PixelTint, cov: UnsafePointer<UInt8>?) {
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

    /// An offscreen group row: `src × opacity × coverage × mask alpha`.
    static func composite(_ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, opacity: UInt32,
                          cov: UnsafePointer<UInt8>?, mask: UnsafePointer<UInt32>?) {
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
