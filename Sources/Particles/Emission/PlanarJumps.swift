import LayerKit

// MARK: - LCG jumps

/// A jump of `SeededRandom`'s LCG: sₖ = M·s + C (mod 2⁶⁴) for some number of steps k, so that any
/// draw ahead is one multiply-add away (Brown, "Random number generation with arbitrary strides", 1994).
struct LCGJump: Sendable, Equatable {
    /// M and C.
    let multiplier: UInt64, increment: UInt64

    /// The jump of `steps` steps (≥ 0) of the stream with LCG increment `c`, by squaring.
    init(steps: Int, increment c: UInt64) {
        var accumulatedMultiplier: UInt64 = 1
        var accumulatedIncrement: UInt64 = 0
        var m = SeededRandom.multiplier
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
        multiplier = accumulatedMultiplier
        increment = accumulatedIncrement
    }

    /// The state k steps after `state`.
    @inline(__always)
    func apply(to state: UInt64) -> UInt64 { multiplier &* state &+ increment }
}

// MARK: - Planar jumps

/// The jumps a planar fill (`SeededRandom.fill(planes:births:jumps:)`) takes for one stride, set of
/// offsets and stream: computed once and kept (`DrawBuffer`), as successive chunks and steps fill with
/// the same ones.
struct PlanarJumps: Sendable {
    /// Draws per birth, the offsets filled (bit o: offset o), and the stream's LCG increment.
    let stride: Int, offsets: UInt64, increment: UInt64
    /// One birth, four and eight births ahead.
    let perBirth, four, eight: LCGJump
    /// From a birth's first draw to each filled offset, in increasing order of offset.
    let firsts: [LCGJump]

    /// The jumps of a fill with `stride` draws per birth that computes the offsets set in `offsets`
    /// (each below the stride, stride ≤ 64), for the stream with this `increment`.
    init(stride: Int, offsets: UInt64, increment: UInt64) {
        precondition(
            stride > 0 && stride <= 64 && (stride == 64 || offsets >> UInt64(stride) == 0),
            "offsets must lie below the stride")
        self.stride = stride
        self.offsets = offsets
        self.increment = increment
        perBirth = LCGJump(steps: stride, increment: increment)
        four = LCGJump(steps: 4 * stride, increment: increment)
        eight = LCGJump(steps: 8 * stride, increment: increment)
        firsts = (0..<stride).filter { offsets >> UInt64($0) & 1 == 1 }.map {
            LCGJump(steps: $0, increment: increment)
        }
    }

    /// Whether these are the jumps for this stride, these offsets and `random`'s stream.
    @inline(__always)
    func fits(stride: Int, offsets: UInt64, _ random: SeededRandom) -> Bool {
        self.stride == stride && self.offsets == offsets && increment == random.increment
    }
}

// MARK: - Planar fills

extension SeededRandom {
    /// Writes the next `count` outputs of `next32()` to `out[0..<count]`, in order, and leaves the
    /// generator where `count` calls of `next32()` would: the planar fill with one plane.
    mutating func fill(_ out: UnsafeMutablePointer<UInt32>, count: Int) {
        fill(planes: out, births: count, stride: 1, offsets: 1)
    }

    /// Writes, for every birth b in 0..<births and every offset o whose bit is set in `offsets`
    /// (o < stride ≤ 64), the output that `fill(out, count: births · stride)` would write at
    /// `b·stride + o`, to `planes[o·births + b]`: one plane per offset, computing only those outputs.
    /// The planes of unset offsets are left as they were. Leaves the generator where
    /// `births · stride` calls of `next32()` would.
    mutating func fill(planes: UnsafeMutablePointer<UInt32>, births: Int, stride: Int, offsets: UInt64) {
        fill(planes: planes, births: births, jumps: PlanarJumps(stride: stride, offsets: offsets, increment: increment))
    }

    /// `fill(planes:births:stride:offsets:)` with the jumps of its stride and offsets computed in
    /// advance; they must be this generator's (`PlanarJumps.fits`).
    ///
    /// Faster than the calls themselves: each offset is a stream of its own, held as eight interleaved
    /// streams in two vectors of four states (`LCGJump`), so the multiplies do not wait on one another,
    /// the output permutation runs four lanes at a time and each plane is written whole vectors at a
    /// time. For draws taken in groups of which only some are read (a birth whose cell has no colour
    /// range reads only some of its draws: `BirthWriter.stillBatchDraws`), only those are computed.
    mutating func fill(planes: UnsafeMutablePointer<UInt32>, births: Int, jumps: PlanarJumps) {
        precondition(jumps.increment == increment, "jumps computed for another stream")
        guard births > 0 else { return }
        let s0 = state
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
            let b0 = first.apply(to: s0)
            let b1 = perBirth.apply(to: b0)
            let b2 = perBirth.apply(to: b1)
            let b3 = perBirth.apply(to: b2)
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
                state = perBirth.apply(to: state)
                b &+= 1
            }
            if o == 0 { end = state }
        }
        self = SeededRandom(
            state: end ?? LCGJump(steps: births * stride, increment: jumps.increment).apply(to: s0),
            increment: increment)
    }

    /// The outputs of four states, lane by lane (`SeededRandom.output(_:)` four times). The 32-bit
    /// rotation is done in the 64-bit lanes, before narrowing: bits r..<r+32 of the value written twice
    /// in a row are the value rotated right by r, one shift where 32-bit lanes take two and an or.
    @inline(__always)
    static func output(_ old: SIMD4<UInt64>) -> SIMD4<UInt32> {
        let xorshifted = ((old &>> 18) ^ old) &>> 27
        let twice = (xorshifted & 0xFFFF_FFFF) | (xorshifted &<< 32)
        return SIMD4<UInt32>(truncatingIfNeeded: twice &>> (old &>> 59))
    }
}
