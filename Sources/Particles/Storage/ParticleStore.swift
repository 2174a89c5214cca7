// MARK: - Particle store

/// One cell's particles as a structure of arrays in a single allocation (docs/Particles.md, "Storage").
///
/// Per particle: position and velocity (6 × Float), death time and lifetime (2 × Float, seconds; the
/// death time is relative to the simulation's epoch), base scale and spin (2 × Float) and the base
/// colour (4 × binary16): 48 bytes. A cell with sub-cells adds one Float accumulator per sub-cell.
///
/// Dead particles stay in place as tombstones (their death time has passed) until a stable compaction
/// removes them, so birth order is kept and removal costs a fraction of a pass per step.
@_spi(Benchmarks)
public final class ParticleStore {
    /// The Float columns, in layout order.
    enum Column: Int, CaseIterable {
        case x, y, z, vx, vy, vz, death, life, scale, spin
    }

    /// Bytes of simulation state per particle without sub-cell accumulators.
    public static let bytesPerParticle = Column.allCases.count * 4 + 4 * 2

    /// Extra bytes added between columns: 5 cache lines, so that no two columns start at the same
    /// offset modulo 4096 (4K aliasing makes streams that share low address bits stall each other).
    static let columnStagger = 320

    /// Slots allocated.
    public private(set) var capacity = 0
    /// Slots in use: live particles and tombstones, in birth order.
    public internal(set) var count = 0
    /// Float accumulator columns, one per sub-cell.
    private(set) var accumulatorCount: Int
    /// Whether some particle may have a non-zero z velocity (z integration is skipped otherwise).
    var zMoves = false
    /// Birth batches of the slots.
    var runs = BirthRuns()

    private var base: UnsafeMutableRawPointer?
    private var allocatedBytes = 0
    public private(set) var x = UnsafeMutablePointer<Float>(bitPattern: 16)!
    public private(set) var y = UnsafeMutablePointer<Float>(bitPattern: 16)!
    public private(set) var z = UnsafeMutablePointer<Float>(bitPattern: 16)!
    public private(set) var vx = UnsafeMutablePointer<Float>(bitPattern: 16)!
    public private(set) var vy = UnsafeMutablePointer<Float>(bitPattern: 16)!
    public private(set) var vz = UnsafeMutablePointer<Float>(bitPattern: 16)!
    public private(set) var death = UnsafeMutablePointer<Float>(bitPattern: 16)!
    private(set) var life = UnsafeMutablePointer<Float>(bitPattern: 16)!
    private(set) var scale = UnsafeMutablePointer<Float>(bitPattern: 16)!
    private(set) var spin = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Base colour, 4 binary16 values (r, g, b, a) per particle.
    private(set) var color = UnsafeMutablePointer<UInt16>(bitPattern: 16)!
    /// The accumulator column of each sub-cell.
    private(set) var accumulatorColumns: [UnsafeMutablePointer<Float>] = []

    /// Creates an empty store with `accumulatorCount` sub-cell accumulators per particle.
    public init(accumulatorCount: Int = 0, capacity: Int = 0) {
        self.accumulatorCount = max(0, accumulatorCount)
        if capacity > 0 { reallocate(capacity: capacity) }
    }

    deinit { base?.deallocate() }

    // MARK: - Layout

    /// Byte offsets of the columns for a capacity: Float columns, the colour column, accumulators.
    static func layout(capacity: Int, accumulatorCount: Int) -> (offsets: [Int], total: Int) {
        var sizes = Array(repeating: capacity * 4, count: Column.allCases.count)
        sizes.append(capacity * 8)
        sizes.append(contentsOf: Array(repeating: capacity * 4, count: accumulatorCount))
        var offsets: [Int] = []
        var next = 0
        for (k, size) in sizes.enumerated() {
            let offset = next + (k == 0 ? 0 : columnStagger)
            offsets.append(offset)
            next = (offset + size + 63) & ~63
        }
        return (offsets, next)
    }

    /// The byte offset of every column from the start of the allocation (for the layout test).
    var columnOffsets: [Int] {
        guard let base else { return [] }
        let cols: [UnsafeMutableRawPointer] = [UnsafeMutableRawPointer(x), UnsafeMutableRawPointer(y),
            UnsafeMutableRawPointer(z), UnsafeMutableRawPointer(vx), UnsafeMutableRawPointer(vy),
            UnsafeMutableRawPointer(vz), UnsafeMutableRawPointer(death), UnsafeMutableRawPointer(life),
            UnsafeMutableRawPointer(scale), UnsafeMutableRawPointer(spin), UnsafeMutableRawPointer(color)]
        return cols.map { $0 - base } + accumulatorColumns.map { UnsafeMutableRawPointer($0) - base }
    }

    /// Moves the columns into a new allocation of `capacity` slots (≥ count), keeping their contents.
    private func reallocate(capacity newCapacity: Int, accumulatorMapping: [Int?]? = nil, newAccumulatorCount: Int? = nil) {
        let accCount = newAccumulatorCount ?? accumulatorCount
        let (offsets, total) = Self.layout(capacity: newCapacity, accumulatorCount: accCount)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(total, 64), alignment: 4096)
        func floats(_ k: Int) -> UnsafeMutablePointer<Float> { (raw + offsets[k]).assumingMemoryBound(to: Float.self) }
        let nx = floats(0), ny = floats(1), nz = floats(2), nvx = floats(3), nvy = floats(4), nvz = floats(5)
        let nDeath = floats(6), nLife = floats(7), nScale = floats(8), nSpin = floats(9)
        let nColor = (raw + offsets[10]).assumingMemoryBound(to: UInt16.self)
        let nAcc = (0..<accCount).map { floats(11 + $0) }
        if count > 0 {
            for (dst, src) in [(nx, x), (ny, y), (nz, z), (nvx, vx), (nvy, vy), (nvz, vz),
                               (nDeath, death), (nLife, life), (nScale, scale), (nSpin, spin)] {
                dst.update(from: src, count: count)
            }
            nColor.update(from: color, count: count * 4)
            for k in 0..<accCount {
                let dst = nAcc[k]
                if let old = accumulatorMapping.map({ $0[k] }) ?? (k < accumulatorCount ? k : nil), old < accumulatorCount {
                    dst.update(from: accumulatorColumns[old], count: count)
                } else {
                    dst.initialize(repeating: 0, count: count)
                }
            }
        }
        base?.deallocate()
        base = raw
        allocatedBytes = total
        capacity = newCapacity
        accumulatorCount = accCount
        (x, y, z, vx, vy, vz) = (nx, ny, nz, nvx, nvy, nvz)
        (death, life, scale, spin, color, accumulatorColumns) = (nDeath, nLife, nScale, nSpin, nColor, nAcc)
    }

    /// Makes room for at least `minimumCapacity` slots (doubling, at least 64).
    public func reserve(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        var c = max(64, capacity)
        while c < minimumCapacity { c *= 2 }
        reallocate(capacity: c)
    }

    /// Changes the number of accumulator columns; `mapping[k]` is the old column of new column k
    /// (nil: starts at zero).
    func remapAccumulators(count newCount: Int, mapping: [Int?]) {
        reallocate(capacity: max(capacity, 64), accumulatorMapping: mapping, newAccumulatorCount: newCount)
    }

    /// Bytes allocated for the columns.
    var bytesAllocated: Int { allocatedBytes }

    // MARK: - Births

    /// The column pointers of the current allocation, valid until the store grows.
    struct Columns {
        let x, y, z, vx, vy, vz, death, life, scale, spin: UnsafeMutablePointer<Float>
        let color: UnsafeMutablePointer<UInt16>
        let capacity: Int
    }

    /// The column pointers of the current allocation.
    var columns: Columns {
        Columns(x: x, y: y, z: z, vx: vx, vy: vy, vz: vz, death: death, life: life, scale: scale, spin: spin,
                color: color, capacity: capacity)
    }

    /// Makes slots `start..<end` part of the store after a caller wrote their columns (through
    /// `columns`, past `count`): zeroes their accumulators and records their birth batch.
    func commitBirths(from start: Int, to end: Int, batch: UInt64, movesInZ: Bool) {
        guard end > start else { return }
        for column in accumulatorColumns {
            (column + start).initialize(repeating: 0, count: end - start)
        }
        if movesInZ { zMoves = true }
        count = end
        runs.noteBirth(batch: batch, slot: start)
    }

    /// Grows the allocation so that slots up to `end` exist, keeping slots below `written` (which may
    /// lie past `count`: births written but not yet committed). Returns the new column pointers.
    func reserveForBirths(through end: Int, written: Int) -> Columns {
        if end > capacity {
            let committed = count
            count = written
            reserve(end)
            count = committed
        }
        return columns
    }

    /// Appends one particle and returns its slot; its accumulators start at zero.
    @discardableResult
    func append(batch: UInt64, x px: Float, y py: Float, z pz: Float, vx pvx: Float, vy pvy: Float, vz pvz: Float,
                death pDeath: Float, life pLife: Float, scale pScale: Float, spin pSpin: Float,
                color c: (UInt16, UInt16, UInt16, UInt16)) -> Int {
        let i = count
        let cols = reserveForBirths(through: i + 1, written: i)
        cols.x[i] = px; cols.y[i] = py; cols.z[i] = pz
        cols.vx[i] = pvx; cols.vy[i] = pvy; cols.vz[i] = pvz
        cols.death[i] = pDeath; cols.life[i] = pLife; cols.scale[i] = pScale; cols.spin[i] = pSpin
        cols.color[4 * i] = c.0; cols.color[4 * i + 1] = c.1; cols.color[4 * i + 2] = c.2; cols.color[4 * i + 3] = c.3
        commitBirths(from: i, to: i + 1, batch: batch, movesInZ: pvz != 0)
        return i
    }

    // MARK: - Update

    /// Advances every slot by `dt` seconds under constant acceleration (exact for constant
    /// acceleration: p += v·dt + ½a·dt², v += a·dt) and returns how many death times lie in
    /// [diedFrom, diedThrough] (the particles that died during this step).
    ///
    /// Tombstones are advanced too: branch-free streaming beats skipping them. z is advanced only when
    /// some particle may move in z.
    @inline(never)
    public func integrate(dt: Float, ax: Float, ay: Float, az: Float, diedFrom: Float, diedThrough: Float) -> Int {
        let n = count
        if n == 0 { return 0 }
        Self.advance(x, vx, n, ax, dt)
        Self.advance(y, vy, n, ay, dt)
        if zMoves || az != 0 {
            Self.advance(z, vz, n, az, dt)
            if az != 0 { zMoves = true }
        }
        return Self.countDeaths(death, n, diedFrom, diedThrough)
    }

    /// p += v·dt + ½a·dt², v += a·dt over one axis (velocity untouched when a = 0).
    @inline(__always)
    static func advance(_ p: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, _ n: Int, _ a: Float, _ dt: Float) {
        if a == 0 {
            for i in 0..<n { p[i] += v[i] * dt }
        } else {
            let dv = a * dt
            let dp = 0.5 * a * dt * dt
            for i in 0..<n {
                let vi = v[i]
                p[i] += vi * dt + dp
                v[i] = vi + dv
            }
        }
    }

    /// The number of values in [lo, hi].
    @inline(__always)
    static func countDeaths(_ d: UnsafeMutablePointer<Float>, _ n: Int, _ lo: Float, _ hi: Float) -> Int {
        // Both comparisons are evaluated (no short circuit), so the loop has no branch and vectorises.
        var c: Int32 = 0
        for i in 0..<n {
            let t = d[i]
            let above: Int32 = t >= lo ? 1 : 0
            let below: Int32 = t <= hi ? 1 : 0
            c &+= above & below
        }
        return Int(c)
    }

    /// Subtracts `shift` seconds from every death time (the simulation moved its epoch; exact for the
    /// power-of-two shifts used).
    func shiftDeathTimes(by shift: Float) {
        let d = death
        for i in 0..<count { d[i] -= shift }
    }

    // MARK: - Removal

    /// Removes the tombstones (death time < aliveFrom), keeping birth order. Returns the number removed.
    @discardableResult
    func compact(aliveFrom: Float) -> Int {
        let n = count
        var first = 0
        while first < n && death[first] >= aliveFrom { first += 1 }
        if first == n { return 0 }
        var newStarts = runs.starts
        var r = 0
        while r < newStarts.count && newStarts[r] < first { r += 1 }
        var j = first
        for i in first..<n {
            while r < newStarts.count && runs.starts[r] == i { newStarts[r] = j; r += 1 }
            if death[i] >= aliveFrom {
                if i != j { moveSlot(from: i, to: j) }
                j += 1
            }
        }
        while r < newStarts.count { newStarts[r] = j; r += 1 }
        runs.compacted(newStarts: newStarts, newSlotCount: j)
        count = j
        if j == 0 { zMoves = false }
        return n - j
    }

    /// Copies every column of slot `i` to slot `j`.
    @inline(__always)
    private func moveSlot(from i: Int, to j: Int) {
        x[j] = x[i]; y[j] = y[i]; z[j] = z[i]
        vx[j] = vx[i]; vy[j] = vy[i]; vz[j] = vz[i]
        death[j] = death[i]; life[j] = life[i]; scale[j] = scale[i]; spin[j] = spin[i]
        color[4 * j] = color[4 * i]; color[4 * j + 1] = color[4 * i + 1]
        color[4 * j + 2] = color[4 * i + 2]; color[4 * j + 3] = color[4 * i + 3]
        for column in accumulatorColumns { column[j] = column[i] }
    }

    /// Empties the store, keeping its allocation.
    func removeAll() {
        count = 0
        zMoves = false
        runs.removeAll()
    }
}

// MARK: - Benchmark access

@_spi(Benchmarks)
extension ParticleStore {
    /// Appends a particle with zero spin, unit scale and white colour (benchmark setup only).
    public func appendForBenchmark(x: Float, y: Float, z: Float, vx: Float, vy: Float, vz: Float,
                                   death: Float, life: Float, batch: UInt64) {
        let white = HalfFloat.pack(1)
        append(batch: batch, x: x, y: y, z: z, vx: vx, vy: vy, vz: vz, death: death, life: life,
                   scale: 1, spin: 0, color: (white, white, white, white))
    }

    /// Whether the store integrates z (so a reference loop can do the same work).
    public var zMovesForBenchmark: Bool { zMoves }
}
