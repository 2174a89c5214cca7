import LayerKit

// MARK: - Random draws

/// Where births take their uniform draws from: the simulation's generator itself, or draws it produced
/// in advance (`PrefetchedDraws`). Both give the same numbers in the same order, so results do not
/// depend on which one a birth path uses (docs/Particles.md, "Random draws").
protocol RandomDraws {
    /// A Float uniformly distributed in [0, 1) (`SeededRandom.nextUnitFloat`).
    mutating func nextUnitFloat() -> Float
    /// A Float uniformly distributed in [−1, 1) (`SeededRandom.nextSignedFloat`).
    mutating func nextSignedFloat() -> Float
}

extension SeededRandom: RandomDraws {}

// MARK: - Prefetched draws

/// Draws read from outputs the generator wrote in advance (`DrawBuffer.prefetch`): each read is a
/// load instead of a step of the generator, so consecutive births do not wait on one another.
struct PrefetchedDraws: RandomDraws {
    private let words: UnsafePointer<UInt32>
    /// Draws read so far.
    private(set) var consumed = 0

    init(words: UnsafePointer<UInt32>) { self.words = words }

    /// The same conversion as `SeededRandom.nextUnitFloat`: the top 24 bits of one output, times 2⁻²⁴.
    @inline(__always)
    mutating func nextUnitFloat() -> Float {
        let w = words[consumed]
        consumed += 1
        return Float(w >> 8) * 0x1p-24
    }

    @inline(__always)
    mutating func nextSignedFloat() -> Float { nextUnitFloat() * 2 - 1 }
}

// MARK: - Draw buffer

/// Reusable storage for prefetched draws, one per simulation.
final class DrawBuffer {
    /// Births handled per prefetch: their draws stay in the L1 cache.
    static let birthsPerChunk = 256

    private var words: UnsafeMutablePointer<UInt32>?
    private var capacity = 0

    init() {}

    deinit { words?.deallocate() }

    /// Takes the next `count` outputs of `random` (leaving it where `count` draws would) and returns
    /// a reader over them. Valid until the next call.
    func prefetch(_ random: inout SeededRandom, count: Int) -> PrefetchedDraws {
        guard let words, count <= capacity else {
            words?.deallocate()
            capacity = max(count, 1024)
            words = .allocate(capacity: capacity)
            return prefetch(&random, count: count)
        }
        random.fill(words, count: count)
        return PrefetchedDraws(words: words)
    }
}
