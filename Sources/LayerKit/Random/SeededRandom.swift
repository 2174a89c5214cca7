/// The engine's random generator: PCG-XSH-RR 64/32 (O'Neill, 2014), seeded through SplitMix64.
///
/// The algorithm is fixed and documented (docs/Determinism.md) so that the same seed gives the same
/// numbers on every machine and in every build. Only integer arithmetic is involved; the float
/// conversions below use exact power-of-two scaling.
public struct SeededRandom: RandomNumberGenerator, Sendable, Equatable {
    /// The 64-bit LCG state.
    public var state: UInt64 { _state }
    /// The LCG increment (always odd).
    public var increment: UInt64 { _increment }

    // Stored as usable-from-inline so that `next32` inlines into callers in other modules (a particle's
    // birth takes several draws).
    @usableFromInline var _state: UInt64
    @usableFromInline var _increment: UInt64

    /// The LCG multiplier (Knuth's MMIX constant, the one PCG uses): state₊₁ = multiplier·state + increment
    /// (mod 2⁶⁴). Computed and inlinable, so that `next32()` inlined into another module multiplies by a
    /// constant rather than loading a global.
    @inlinable public static var multiplier: UInt64 { 6_364_136_223_846_793_005 }

    /// Creates a generator for `seed`. State and stream are two SplitMix64 outputs of the seed.
    public init(seed: UInt64) {
        var sm = seed
        func splitMix() -> UInt64 {
            sm &+= 0x9E37_79B9_7F4A_7C15
            var z = sm
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let initState = splitMix()
        _increment = (splitMix() << 1) | 1
        _state = 0
        _ = next32()
        _state &+= initState
        _ = next32()
    }

    /// The generator at a given `state` of the stream with this `increment` (odd): the one whose
    /// `state` and `increment` these are. For code that advances the LCG itself and hands the
    /// position back (batched draws, a saved position).
    public init(state: UInt64, increment: UInt64) {
        precondition(increment & 1 == 1, "a PCG stream's increment is odd, got \(increment)")
        _state = state
        _increment = increment
    }

    /// The next 32 random bits.
    @inlinable @inline(__always)
    public mutating func next32() -> UInt32 {
        let old = _state
        _state = old &* Self.multiplier &+ _increment
        return Self.output(old)
    }

    /// The next 64 random bits: two 32-bit outputs, high word first.
    @inlinable
    public mutating func next() -> UInt64 {
        let hi = UInt64(next32())
        return hi << 32 | UInt64(next32())
    }

    /// A Float uniformly distributed in [0, 1): the top 24 bits of one output, times 2⁻²⁴.
    @inlinable @inline(__always)
    public mutating func nextUnitFloat() -> Float { Float(next32() >> 8) * 0x1p-24 }

    /// A Float uniformly distributed in [−1, 1): `2·u − 1` for one unit draw.
    @inlinable @inline(__always)
    public mutating func nextSignedFloat() -> Float { nextUnitFloat() * 2 - 1 }

    /// A Double uniformly distributed in [0, 1): the top 53 bits of `next()`, times 2⁻⁵³.
    @inlinable
    public mutating func nextUnitDouble() -> Double { Double(next() >> 11) * 0x1p-53 }

    // MARK: - Output

    /// The output (XSH-RR permutation) of state `old`: what `next32()` returns from that state.
    @inlinable @inline(__always)
    public static func output(_ old: UInt64) -> UInt32 {
        let xorshifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rot = UInt32(truncatingIfNeeded: old >> 59)
        return (xorshifted >> rot) | (xorshifted << ((~rot &+ 1) & 31))
    }
}
