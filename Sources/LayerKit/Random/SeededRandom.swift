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

    // Stored as usable-from-inline so that `next32` inlines into callers in other modules (the
    // particle spawner draws nine numbers per birth).
    @usableFromInline var _state: UInt64
    @usableFromInline var _increment: UInt64

    private static let multiplier: UInt64 = 6_364_136_223_846_793_005

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

    /// The next 32 random bits.
    @inlinable @inline(__always)
    public mutating func next32() -> UInt32 {
        let old = _state
        _state = old &* 6_364_136_223_846_793_005 &+ _increment
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

    // MARK: - Batches

    /// Writes the next `count` outputs of `next32()` to `out[0..<count]`, in order, and leaves the
    /// generator where `count` calls of `next32()` would: the planar fill with one plane.
    public mutating func fill(_ out: UnsafeMutablePointer<UInt32>, count: Int) {
        fill(planes: out, births: count, stride: 1, offsets: 1)
    }

    /// Writes, for every birth b in 0..<births and every offset o whose bit is set in `offsets`
    /// (o < stride ≤ 64), the output that `fill(out, count: births · stride)` would write at
    /// `b·stride + o`, to `planes[o·births + b]`: one plane per offset, computing only those outputs.
    /// The planes of unset offsets are left as they were. Leaves the generator where
    /// `births · stride` calls of `next32()` would.
    public mutating func fill(planes: UnsafeMutablePointer<UInt32>, births: Int, stride: Int, offsets: UInt64) {
        fill(
            planes: planes, births: births, jumps: PlanarJumps(stride: stride, offsets: offsets, increment: _increment))
    }

    /// `fill(planes:births:stride:offsets:)` with the jumps of its stride and offsets computed in
    /// advance, for callers that fill with the same ones again and again; they must be this
    /// generator's (`PlanarJumps.fits`).
    ///
    /// Faster than the calls themselves: each offset is a stream of its own, held as eight interleaved
    /// streams in two vectors of four states (the LCG jumps any number of steps in one multiply-add),
    /// so the multiplies do not wait on one another, the output permutation runs four lanes at a time
    /// and each plane is written whole vectors at a time. For draws taken in groups of which only some
    /// are read (a birth whose cell has no colour range reads three of its nine), only those are
    /// computed.
    public mutating func fill(planes: UnsafeMutablePointer<UInt32>, births: Int, jumps: PlanarJumps) {
        precondition(jumps.increment == _increment, "jumps computed for another stream")
        guard births > 0 else { return }
        let s0 = _state
        let stride = jumps.stride
        let perBirth = jumps.perBirth
        let m8 = SIMD4<UInt64>(repeating: jumps.eight.multiplier)
        let c8 = SIMD4<UInt64>(repeating: jumps.eight.increment)
        let m4 = SIMD4<UInt64>(repeating: jumps.four.multiplier)
        let c4 = SIMD4<UInt64>(repeating: jumps.four.increment)
        // The plane of offset 0 runs on to the first draw after the last birth: where the generator ends.
        var end: UInt64?
        var remaining = jumps.offsets
        var k = 0
        while remaining != 0 {
            let o = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            let first = jumps.firsts[k]
            k += 1
            let b0 = first.multiplier &* s0 &+ first.increment
            let b1 = perBirth.multiplier &* b0 &+ perBirth.increment
            let b2 = perBirth.multiplier &* b1 &+ perBirth.increment
            let b3 = perBirth.multiplier &* b2 &+ perBirth.increment
            var low = SIMD4<UInt64>(b0, b1, b2, b3)
            var high = low &* m4 &+ c4
            let plane = planes + o * births
            var b = 0
            while b &+ 8 <= births {
                UnsafeMutableRawPointer(plane + b).storeBytes(of: Self.output(low), as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(plane + (b &+ 4)).storeBytes(of: Self.output(high), as: SIMD4<UInt32>.self)
                low = low &* m8 &+ c8
                high = high &* m8 &+ c8
                b &+= 8
            }
            var state = low[0]
            while b < births {
                plane[b] = Self.output(state)
                state = perBirth.multiplier &* state &+ perBirth.increment
                b &+= 1
            }
            if o == 0 { end = state }
        }
        _state = end ?? Self.jump(births * stride, increment: jumps.increment).apply(to: s0)
    }

    // MARK: - Jumps

    /// An LCG jump: s₊ₖ = M·s + C (mod 2⁶⁴) for some number of steps k.
    public struct Jump: Sendable {
        /// M and C.
        public let multiplier: UInt64, increment: UInt64

        /// The state k steps after `state`.
        @inline(__always)
        public func apply(to state: UInt64) -> UInt64 { multiplier &* state &+ increment }
    }

    /// The jumps a planar fill takes for one stride, set of offsets and stream (increment): computed
    /// once, where every fill computed them again (a few hundred instructions per fill).
    public struct PlanarJumps: Sendable {
        /// Draws per birth, the offsets filled (bit o: offset o), and the stream's increment.
        public let stride: Int, offsets: UInt64, increment: UInt64
        /// One birth, four and eight births ahead.
        let perBirth, four, eight: Jump
        /// From a birth's first draw to each filled offset, in increasing order of offset.
        let firsts: [Jump]

        /// The jumps of a fill with `stride` draws per birth that computes the offsets set in `offsets`
        /// (each below the stride, stride ≤ 64), for the stream with this `increment`.
        public init(stride: Int, offsets: UInt64, increment: UInt64) {
            precondition(
                stride > 0 && stride <= 64 && (stride == 64 || offsets >> UInt64(stride) == 0),
                "offsets must lie below the stride")
            self.stride = stride
            self.offsets = offsets
            self.increment = increment
            perBirth = SeededRandom.jump(stride, increment: increment)
            four = SeededRandom.jump(4 * stride, increment: increment)
            eight = SeededRandom.jump(8 * stride, increment: increment)
            firsts = (0..<stride).filter { offsets >> UInt64($0) & 1 == 1 }.map {
                SeededRandom.jump($0, increment: increment)
            }
        }

        /// Whether these are the jumps for this stride, these offsets and `random`'s stream.
        @inline(__always)
        public func fits(stride: Int, offsets: UInt64, _ random: SeededRandom) -> Bool {
            self.stride == stride && self.offsets == offsets && increment == random._increment
        }
    }

    /// The jump that advances the LCG `steps` steps at once, by squaring (Brown, "Random number
    /// generation with arbitrary strides", 1994).
    static func jump(_ steps: Int, increment c: UInt64) -> Jump {
        var accumulatedMultiplier: UInt64 = 1
        var accumulatedIncrement: UInt64 = 0
        var m = multiplier
        var a = c
        var k = steps
        while k > 0 {
            if k & 1 == 1 {
                accumulatedMultiplier = accumulatedMultiplier &* m
                accumulatedIncrement = accumulatedIncrement &* m &+ a
            }
            a = (m &+ 1) &* a
            m = m &* m
            k >>= 1
        }
        return Jump(multiplier: accumulatedMultiplier, increment: accumulatedIncrement)
    }

    /// The outputs of four states, lane by lane (`output(_:)` four times). The 32-bit rotation is
    /// done in the 64-bit lanes, before narrowing: bits r..<r+32 of the value written twice in a row
    /// are the value rotated right by r, one shift where 32-bit lanes take two and an or.
    @inline(__always)
    static func output(_ old: SIMD4<UInt64>) -> SIMD4<UInt32> {
        let xorshifted = ((old &>> 18) ^ old) &>> 27
        let twice = (xorshifted & 0xFFFF_FFFF) | (xorshifted &<< 32)
        return SIMD4<UInt32>(truncatingIfNeeded: twice &>> (old &>> 59))
    }

    /// The output (XSH-RR permutation) of state `old`.
    @inlinable @inline(__always)
    static func output(_ old: UInt64) -> UInt32 {
        let xorshifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rot = UInt32(truncatingIfNeeded: old >> 59)
        return (xorshifted >> rot) | (xorshifted << ((~rot &+ 1) & 31))
    }
}
