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
    ///
    /// Branch-free, so that a loop over many arguments (`sinCos(_:sin:cos:count:)`) vectorises;
    /// random angles would also mispredict branches.
    @inline(__always)
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        let sc = sinCos(inside: x)
        let inside = abs(x) < 1e15
        return (inside ? sc.sin : 0, inside ? sc.cos : 1)
    }

    /// `sinCos` of an argument inside ±10¹⁵, without checking that it is (others give any values).
    @inline(__always)
    static func sinCos(inside x: Double) -> (sin: Double, cos: Double) {
        let k = (x * twoOverPi).rounded(.toNearestOrEven)
        let y = (x - k * halfPiHead) - k * halfPiTail
        let y2 = y * y
        // Taylor series on |y| ≤ π/4 up to y⁹ and y¹⁰: errors below 2e-9 and 2e-10.
        let s = y * (1 + y2 * (-1.0 / 6 + y2 * (1.0 / 120 + y2 * (-1.0 / 5040 + y2 * (1.0 / 362_880)))))
        let c = 1 + y2 * (-0.5 + y2 * (1.0 / 24 + y2 * (-1.0 / 720 + y2 * (1.0 / 40320 + y2 * (-1.0 / 3_628_800)))))
        // x = k·π/2 + y with quadrant q = k mod 4: odd quadrants swap sine and cosine, quadrants 2 and
        // 3 negate the sine, 1 and 2 the cosine. q is the two lowest bits of k + 1.5·2⁵², exact for
        // |k| < 2⁵¹ (|x| < 10¹⁵): a few integer operations where arithmetic on q took a dozen, and
        // fewer constants.
        let q = (k + 0x1.8p52).bitPattern
        let swap = q & 1 != 0
        let a = swap ? c : s
        let b = swap ? s : c
        return (
            Double(bitPattern: a.bitPattern ^ ((q & 2) << 62)),
            Double(bitPattern: b.bitPattern ^ (((q ^ (q >> 1)) & 1) << 63))
        )
    }

    /// `sinCos` of `count` arguments: `sin[i]`, `cos[i]` from `x[i]`, the same bits as one call each.
    /// `inside`: every argument is known to lie inside ±10¹⁵, so none is checked (fewer operations and
    /// constants per argument).
    static func sinCos(
        _ x: UnsafePointer<Double>, sin: UnsafeMutablePointer<Double>, cos: UnsafeMutablePointer<Double>,
        count: Int, inside: Bool = false
    ) {
        if inside {
            for i in 0..<count { (sin[i], cos[i]) = sinCos(inside: x[i]) }
        } else {
            for i in 0..<count { (sin[i], cos[i]) = sinCos(x[i]) }
        }
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
