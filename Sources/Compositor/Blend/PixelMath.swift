import Foundation
import LayerKit

/// Fixed-point helpers shared by the blend kernels. Pixels are premultiplied RGBA8 stored as `UInt32`
/// in memory order R, G, B, A (little-endian: R is the low byte).
enum PixelMath {
    /// `x / 255` rounded to nearest, exact for 0 ≤ x ≤ 65 025 (the product of two bytes).
    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Packs four channels (each 0…255) into a pixel.
    @inline(__always)
    static func pack(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        r | (g &<< 8) | (b &<< 16) | (a &<< 24)
    }

    /// The premultiplied pixel of a straight colour after clamping (what `CGColor.premultipliedRGBA8` gives).
    static func pixel(_ c: CGColor) -> UInt32 {
        let p = c.premultipliedRGBA8
        return pack(UInt32(p.r), UInt32(p.g), UInt32(p.b), UInt32(p.a))
    }

    /// Multiplies every channel of a premultiplied pixel by `m` (0…256, 256 = unchanged).
    @inline(__always)
    static func scale(_ p: UInt32, by m: UInt32) -> UInt32 {
        let rb = ((p & 0x00FF_00FF) &* m &+ 0x0080_0080) &>> 8 & 0x00FF_00FF
        let ga = (((p &>> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }

    /// Source-over of premultiplied pixels: `s + d·(1 − sα)`.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let ia = 255 &- (s &>> 24)
        if ia == 0 { return s }
        let r = (s & 0xFF) &+ div255((d & 0xFF) &* ia)
        let g = ((s &>> 8) & 0xFF) &+ div255(((d &>> 8) & 0xFF) &* ia)
        let b = ((s &>> 16) & 0xFF) &+ div255(((d &>> 16) & 0xFF) &* ia)
        let a = (s &>> 24) &+ div255((d &>> 24) &* ia)
        return pack(min(r, 255), min(g, 255), min(b, 255), min(a, 255))
    }

    /// Saturating per-channel sum (ONE/ONE blending).
    @inline(__always)
    static func add(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let r = min((s & 0xFF) &+ (d & 0xFF), 255)
        let g = min(((s &>> 8) & 0xFF) &+ ((d &>> 8) & 0xFF), 255)
        let b = min(((s &>> 16) & 0xFF) &+ ((d &>> 16) & 0xFF), 255)
        let a = min((s &>> 24) &+ (d &>> 24), 255)
        return pack(r, g, b, a)
    }
}

/// A colour multiplier applied to premultiplied source pixels: per-channel factors in 0…256 with the
/// alpha factor already folded into the colour factors (so a premultiplied pixel stays premultiplied).
struct PixelTint: Equatable {
    var r: UInt32, g: UInt32, b: UInt32, a: UInt32

    /// No change.
    static let identity = PixelTint(r: 256, g: 256, b: 256, a: 256)

    var isIdentity: Bool { self == .identity }
    var isTransparent: Bool { a == 0 }

    /// From straight multipliers in 0…1 (clamped).
    init(red: Double, green: Double, blue: Double, alpha: Double) {
        func c(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        let a = c(alpha)
        func q(_ v: Double) -> UInt32 { UInt32((v * 256).rounded()) }
        self.init(r: q(c(red) * a), g: q(c(green) * a), b: q(c(blue) * a), a: q(a))
    }

    init(r: UInt32, g: UInt32, b: UInt32, a: UInt32) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    /// Applies the tint to one premultiplied pixel.
    @inline(__always)
    func apply(_ p: UInt32) -> UInt32 {
        let r = ((p & 0xFF) &* self.r &+ 128) &>> 8
        let g = (((p &>> 8) & 0xFF) &* self.g &+ 128) &>> 8
        let b = (((p &>> 16) & 0xFF) &* self.b &+ 128) &>> 8
        let a = ((p &>> 24) &* self.a &+ 128) &>> 8
        return PixelMath.pack(r, g, b, a)
    }
}

/// A straight colour multiplier in 0…1 per channel, composed down the tree (replicator instance colours,
/// inherited opacity) and turned into a `PixelTint` where something is drawn.
struct ColorMultiplier: Equatable {
    var r: Double = 1, g: Double = 1, b: Double = 1, a: Double = 1

    static let identity = ColorMultiplier()

    func multiplied(by o: ColorMultiplier) -> ColorMultiplier {
        ColorMultiplier(r: r * o.r, g: g * o.g, b: b * o.b, a: a * o.a)
    }

    func withAlpha(times k: Double) -> ColorMultiplier { ColorMultiplier(r: r, g: g, b: b, a: a * k) }

    var pixelTint: PixelTint { PixelTint(red: r, green: g, blue: b, alpha: a) }

    /// The premultiplied pixel of `c` multiplied by this.
    func pixel(of c: CGColor) -> UInt32 {
        PixelMath.pixel(CGColor(red: c.red * r, green: c.green * g, blue: c.blue * b, alpha: c.alpha * a))
    }
}
