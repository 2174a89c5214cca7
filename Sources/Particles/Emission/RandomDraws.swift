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
    /// `DeterministicMath.sinCos(longitude)` for the emission longitude of the birth being written,
    /// called once per birth after its longitude draw (prefetched draws may have it computed already).
    mutating func longitudeSinCos(_ longitude: Double) -> (sin: Double, cos: Double)
}

extension RandomDraws {
    @inline(__always)
    mutating func longitudeSinCos(_ longitude: Double) -> (sin: Double, cos: Double) {
        DeterministicMath.sinCos(longitude)
    }
}

extension SeededRandom: RandomDraws {}

// MARK: - Longitude table

/// The emission longitudes of a chunk of births and their sines and cosines, computed in one pass over
/// the prefetched draws: independent births overlap there, while inside a birth the polynomial's long
/// dependency chain would stall it.
struct LongitudeTable {
    /// Where the longitude draw lies among a birth's draws, and the cell's emission angles.
    var drawsPerBirth: Int, drawOffset: Int
    var longitude: Double, emissionRange: Double

    /// A computed table: per birth the longitude, its sine and cosine, radians.
    struct Values {
        var longitude, sin, cos: UnsafePointer<Double>
        var count: Int
    }
}

// MARK: - Prefetched draws

/// Draws read from outputs the generator wrote in advance (`DrawBuffer.prefetch`): each read is a
/// load instead of a step of the generator, so consecutive births do not wait on one another.
struct PrefetchedDraws: RandomDraws {
    /// The generator's outputs, in order.
    let words: UnsafePointer<UInt32>
    /// Per birth: longitude, its sine and cosine (nil: no table was computed).
    let longitudes: LongitudeTable.Values?
    /// For draws prefetched in planes (`DrawBuffer.prefetch(reading:)`), the births per plane: draw o
    /// of birth b is `words[o · planeLength + b]`, and only batch writers read them. Nil while the
    /// draws lie in the generator's order.
    let planeLength: Int?
    /// Draws read so far.
    private(set) var consumed = 0
    /// Births that asked for their longitude so far.
    private var birth = 0

    init(words: UnsafePointer<UInt32>, longitudes: LongitudeTable.Values? = nil, planeLength: Int? = nil) {
        self.words = words
        self.longitudes = longitudes
        self.planeLength = planeLength
    }

    /// The table's values when it was computed for this longitude (always, when callers follow the
    /// layout they prefetched with), else computed here: the result never depends on the table.
    @inline(__always)
    mutating func longitudeSinCos(_ longitude: Double) -> (sin: Double, cos: Double) {
        let b = birth
        birth += 1
        if let t = longitudes, b < t.count && t.longitude[b] == longitude { return (t.sin[b], t.cos[b]) }
        return DeterministicMath.sinCos(longitude)
    }

    /// The same conversion as `SeededRandom.nextUnitFloat`: the top 24 bits of one output, times 2⁻²⁴.
    @inline(__always)
    mutating func nextUnitFloat() -> Float {
        let w = words[consumed]
        consumed += 1
        return Self.unit(w)
    }

    @inline(__always)
    mutating func nextSignedFloat() -> Float { nextUnitFloat() * 2 - 1 }

    /// Passes over `n` draws (read by a batch writer straight from `words`).
    @inline(__always)
    mutating func skip(_ n: Int) { consumed += n }

    /// `nextUnitFloat` of output `w`.
    @inline(__always)
    static func unit(_ w: UInt32) -> Float { Float(w >> 8) * 0x1p-24 }

    /// `nextSignedFloat` of output `w`.
    @inline(__always)
    static func signed(_ w: UInt32) -> Float { unit(w) * 2 - 1 }
}

// MARK: - Birth scratch

/// Per-birth values a still batch of births is computed through (`BirthWriter.addStillBatch`): birth
/// times from the spawner, and scale, spin and packed colour when the cell has a range for them.
struct BirthScratch {
    let time: UnsafeMutablePointer<Double>
    let scale, spin: UnsafeMutablePointer<Float>
    let color: UnsafeMutablePointer<UInt64>

    /// Bytes of scratch per birth.
    static let bytesPerBirth = MemoryLayout<Double>.size + 2 * MemoryLayout<Float>.size + MemoryLayout<UInt64>.size
}

// MARK: - Draw buffer

/// Reusable storage for prefetched draws, one per simulation.
final class DrawBuffer {
    /// Births handled per prefetch: their draws stay in the L1 cache.
    static let birthsPerChunk = 256

    private var words: UnsafeMutablePointer<UInt32>?
    private var capacity = 0
    private var angles: UnsafeMutablePointer<Double>?
    private var angleCapacity = 0
    /// The jumps of the last planar fill and of the last fill in the generator's order: kept, as
    /// successive chunks and steps fill with the same ones.
    private var planarJumps: PlanarJumps?, orderedJumps: PlanarJumps?
    private let scratchStorage = UnsafeMutableRawPointer.allocate(
        byteCount: BirthScratch.bytesPerBirth * DrawBuffer.birthsPerChunk,
        alignment: 64)

    /// Room for one chunk of births (`birthsPerChunk`).
    let scratch: BirthScratch

    init() {
        let n = DrawBuffer.birthsPerChunk
        scratch = BirthScratch(
            time: scratchStorage.assumingMemoryBound(to: Double.self),
            scale: (scratchStorage + 8 * n).assumingMemoryBound(to: Float.self),
            spin: (scratchStorage + 12 * n).assumingMemoryBound(to: Float.self),
            color: (scratchStorage + 16 * n).assumingMemoryBound(to: UInt64.self))
    }

    deinit {
        words?.deallocate()
        angles?.deallocate()
        scratchStorage.deallocate()
    }

    /// Takes the next `count` outputs of `random` (leaving it where `count` draws would) and returns
    /// a reader over them, with the longitudes of `births` births laid out as `table` says computed in
    /// advance. Valid until the next call.
    ///
    /// With `reading`, only the draws of each birth whose bit is set are computed, each kind in a plane
    /// of its own (`PrefetchedDraws.planeLength`), for a batch writer that reads no others
    /// (`BirthWriter.stillBatchDraws`); the longitude draw must be among them.
    func prefetch(
        _ random: inout SeededRandom, count: Int, births: Int = 0, table: LongitudeTable? = nil,
        reading offsets: UInt64? = nil
    ) -> PrefetchedDraws {
        guard let words, count <= capacity else {
            words?.deallocate()
            capacity = max(count, 1024)
            words = .allocate(capacity: capacity)
            return prefetch(&random, count: count, births: births, table: table, reading: offsets)
        }
        let planar = offsets != nil && table != nil && births > 0
        if planar, let offsets, let table {
            precondition(
                count == births * table.drawsPerBirth && offsets >> UInt64(table.drawOffset) & 1 == 1,
                "a planar prefetch covers whole births and their longitude draws")
            // Draws nobody computed must never be read: debug builds make them stand out.
            #if DEBUG
                words.update(repeating: 0xDEAD_BEEF, count: count)
            #endif
            let jumps = Self.jumps(&planarJumps, stride: table.drawsPerBirth, offsets: offsets, random)
            random.fill(planes: words, births: births, jumps: jumps)
        } else {
            // In the generator's order: one plane of one draw per "birth".
            random.fill(planes: words, births: count, jumps: Self.jumps(&orderedJumps, stride: 1, offsets: 1, random))
        }
        guard let table, births > 0, table.drawOffset + (births - 1) * table.drawsPerBirth < count else {
            return PrefetchedDraws(words: words)
        }
        if births > angleCapacity {
            angles?.deallocate()
            angleCapacity = max(births, DrawBuffer.birthsPerChunk)
            angles = .allocate(capacity: 3 * angleCapacity)
        }
        let lon = angles!
        let sin = lon + angleCapacity
        let cos = sin + angleCapacity
        if planar {
            Self.computeLongitudes(
                words + table.drawOffset * births, stride: 1, births: births,
                longitude: table.longitude, range: table.emissionRange, into: lon)
        } else {
            Self.computeLongitudes(
                words + table.drawOffset, stride: table.drawsPerBirth, births: births,
                longitude: table.longitude, range: table.emissionRange, into: lon)
        }
        // A longitude lies within |longitude| + |range|/2 of zero (up to roundings): with a margin, the
        // sines need no check for huge or non-finite arguments.
        let inside = table.longitude.magnitude + table.emissionRange.magnitude < 1e14
        DeterministicMath.sinCos(lon, sin: sin, cos: cos, count: births, inside: inside)
        return PrefetchedDraws(
            words: words, longitudes: .init(longitude: lon, sin: sin, cos: cos, count: births),
            planeLength: planar ? births : nil)
    }

    /// The jumps kept in `cache` when they are those of this stride, these offsets and `random`'s
    /// stream, else new ones, kept there for the next chunk.
    private static func jumps(
        _ cache: inout PlanarJumps?, stride: Int, offsets: UInt64,
        _ random: SeededRandom
    ) -> PlanarJumps {
        if let kept = cache, kept.fits(stride: stride, offsets: offsets, random) { return kept }
        let jumps = PlanarJumps(stride: stride, offsets: offsets, increment: random.increment)
        cache = jumps
        return jumps
    }

    /// The longitude of each birth from its longitude draw (`BirthWriter.add`'s formula: the cell's
    /// longitude plus the range times the unit draw − ½).
    @inline(__always)
    private static func computeLongitudes(
        _ u: UnsafePointer<UInt32>, stride: Int, births: Int, longitude: Double,
        range: Double, into out: UnsafeMutablePointer<Double>
    ) {
        for b in 0..<births {
            out[b] = longitude + range * (Double(PrefetchedDraws.unit(u[b * stride])) - 0.5)
        }
    }
}
