// MARK: - Half-precision storage

/// IEEE binary16 packing for per-particle colour bases (docs/Particles.md, "Storage").
///
/// Colour is stored in half precision to keep a particle's base state within 48 bytes. Values are finite by
/// construction (clamped to ±65504 before packing), so decoding needs no infinity or NaN handling and
/// runs as a few integer operations that the compiler vectorises.
enum HalfFloat {
    /// The largest finite half value.
    static let maximum: Float = 65504

    /// Packs `x` (rounded to nearest even; clamped to the finite half range, NaN becomes 0).
    ///
    /// Integer arithmetic only (F. Giesen's float-to-half with round-to-nearest-even), so builds
    /// without F16C instructions do not call a library routine per component.
    @inline(__always)
    static func pack(_ x: Float) -> UInt16 {
        let v = x.isNaN ? 0 : min(max(x, -maximum), maximum)
        let bits = v.bitPattern
        let sign = UInt16(truncatingIfNeeded: (bits >> 16) & 0x8000)
        let magnitude = bits & 0x7FFF_FFFF
        if magnitude < 0x3880_0000 {
            // Below 2⁻¹⁴ the half is subnormal: adding 0.5 aligns its 10 bits at the bottom, rounded to
            // nearest even by the float addition itself.
            let f = Float(bitPattern: magnitude) + 0.5
            return sign | UInt16(truncatingIfNeeded: f.bitPattern &- 0x3F00_0000)
        }
        let odd = (magnitude >> 13) & 1
        let rounded = magnitude &+ 0xC800_0FFF &+ odd  // rebias the exponent (−112 << 23) and round
        return sign | UInt16(truncatingIfNeeded: rounded >> 13)
    }

    /// Packs four finite values at once (the same rounding as `pack`) into one 64-bit word, first
    /// value in the low 16 bits, as the colour column stores them.
    @inline(__always)
    static func pack4(_ v: SIMD4<Float>) -> UInt64 {
        let m = maximum
        let clamped = SIMD4(min(max(v[0], -m), m), min(max(v[1], -m), m), min(max(v[2], -m), m), min(max(v[3], -m), m))
        let bits = unsafeBitCast(clamped, to: SIMD4<UInt32>.self)
        let sign = (bits &>> 16) & 0x8000
        let magnitude = bits & 0x7FFF_FFFF
        let subnormal =
            unsafeBitCast(unsafeBitCast(magnitude, to: SIMD4<Float>.self) + 0.5, to: SIMD4<UInt32>.self) &- 0x3F00_0000
        let normal = (magnitude &+ 0xC800_0FFF &+ ((magnitude &>> 13) & 1)) &>> 13
        let h = sign | normal.replacing(with: subnormal, where: magnitude .< 0x3880_0000)
        return UInt64(h[0] & 0xFFFF) | UInt64(h[1] & 0xFFFF) << 16 | UInt64(h[2] & 0xFFFF) << 32 | UInt64(h[3] & 0xFFFF)
            << 48
    }

    /// Four packed values as the 64-bit word `pack4` makes (first value in the low 16 bits).
    @inline(__always)
    static func word(_ h: (UInt16, UInt16, UInt16, UInt16)) -> UInt64 {
        UInt64(h.0) | UInt64(h.1) << 16 | UInt64(h.2) << 32 | UInt64(h.3) << 48
    }

    /// Unpacks a finite half: the exponent and mantissa move 13 bits up and the exponent bias is
    /// corrected by a multiplication with 2¹¹² (exact, also for subnormals).
    @inline(__always)
    static func unpack(_ h: UInt16) -> Float {
        let magnitude = Float(bitPattern: UInt32(h & 0x7FFF) << 13) * 0x1p112
        return Float(bitPattern: magnitude.bitPattern | (UInt32(h & 0x8000) << 16))
    }

    /// Unpacks the four halves of slot `i` of a colour column (red, green, blue, alpha), each as
    /// `unpack` does, for the colour reads that want all four at once (the values `pack4` packed).
    @inline(__always)
    static func unpack4(_ color: SlotColumn<UInt16>, _ i: Int) -> SIMD4<Float> {
        SIMD4(unpack(color[4 * i]), unpack(color[4 * i + 1]), unpack(color[4 * i + 2]), unpack(color[4 * i + 3]))
    }
}
