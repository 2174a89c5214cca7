// MARK: - Deterministic elementary functions

/// Sine, cosine and cube root built from IEEE-754 basic operations only (+, −, ×, ÷, sqrt), so that
/// the same inputs give the same bits on every machine and C library (docs/Particles.md, "Determinism").
///
/// The C library's `sin`, `cos` and `cbrt` are not required to be correctly rounded and differ between
/// glibc versions; the particle spawner must not depend on them.
enum DeterministicMath {
    /// π/2 split into a head exactly representable with 33 bits and a tail (Cody–Waite reduction).
    private static let halfPiHead: Double = 1.5707963267341256
    private static let halfPiTail: Double = 6.077100506506192e-11
    private static let twoOverPi: Double = 0.6366197723675814

    /// Sine and cosine of `x` radians, accurate to about 2e-9 (ample for Float directions). Arguments
    /// beyond ±10¹⁵ (and non-finite ones) give (0, 1).
    @inline(__always)
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard abs(x) < 1e15 else { return (0, 1) }
        let k = (x * twoOverPi).rounded(.toNearestOrEven)
        let y = (x - k * halfPiHead) - k * halfPiTail
        let y2 = y * y
        // Taylor series on |y| ≤ π/4 up to y⁹ and y¹⁰: errors below 2e-9 and 2e-10.
        let s = y * (1 + y2 * (-1.0 / 6 + y2 * (1.0 / 120 + y2 * (-1.0 / 5040 + y2 * (1.0 / 362_880)))))
        let c = 1 + y2 * (-0.5 + y2 * (1.0 / 24 + y2 * (-1.0 / 720 + y2 * (1.0 / 40320 + y2 * (-1.0 / 3_628_800)))))
        // x = k·π/2 + y: quadrant q swaps sine and cosine when odd and flips signs; selected without
        // branches (random angles would mispredict them).
        let q = Int(k) & 3
        let swap = q & 1 == 1
        let a = swap ? c : s, b = swap ? s : c
        return (q & 2 == 0 ? a : -a, (q + 1) & 2 == 0 ? b : -b)
    }

    /// The real cube root of `u` for u ≥ 0 (Newton's method from a bit-level first guess).
    static func cubeRoot(_ u: Double) -> Double {
        guard u > 0, u.isFinite else { return u.isFinite ? 0 : u }
        // First guess: divide the exponent by three through the bit pattern, then refine.
        let bits = u.bitPattern
        var r = Double(bitPattern: bits / 3 + 0x2A9F_7893_782D_A1CE)
        for _ in 0..<5 { r -= (r * r * r - u) / (3 * r * r) }
        return r
    }
}
