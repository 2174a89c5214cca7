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

    /// Slots allocated per column.
    public private(set) var capacity = 0
    /// Slots in use: live particles and tombstones, in birth order.
    public internal(set) var count = 0
    /// Float accumulator columns, one per sub-cell.
    private(set) var accumulatorCount: Int
    /// The extension columns present (bit k: `ExtraColumn(rawValue: k)`), 0 for Core Animation cells.
    private(set) var extraMask: UInt32 = 0
    /// Whether some particle may have a non-zero z velocity (z integration is skipped otherwise).
    var zMoves = false
    /// Birth batches of the slots.
    var runs = BirthRuns()
    /// Set when code outside the simulation may have written the columns (coupling buffers) or a
    /// non-finite sprite was seen: the next step scans this store for NaN and infinities.
    var needsFiniteCheck = false

    private var base: UnsafeMutableRawPointer?
    private var allocatedBytes = 0
    /// Where slot 0 lies in the columns: removal moves the older survivors forward instead of moving
    /// every younger particle back (deaths cluster among the oldest particles).
    private var head = 0
    /// Column starts in the allocation: the ten Float columns, the colour column, the accumulators.
    private var floatBases: [UnsafeMutablePointer<Float>] = []
    private var colorBase = UnsafeMutablePointer<UInt16>(bitPattern: 16)!
    private var accumulatorBases: [UnsafeMutablePointer<Float>] = []
    private var extraBases: [UnsafeMutablePointer<Float>] = []

    /// Slot 0 of the x positions (points); slots 0..<count are valid.
    public private(set) var x = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Slot 0 of the y positions, points.
    public private(set) var y = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Slot 0 of the z positions, points.
    public private(set) var z = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Slot 0 of the x velocities, points per second.
    public private(set) var vx = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Slot 0 of the y velocities, points per second.
    public private(set) var vy = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Slot 0 of the z velocities, points per second.
    public private(set) var vz = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Slot 0 of the death times, seconds relative to the simulation's epoch.
    public private(set) var death = UnsafeMutablePointer<Float>(bitPattern: 16)!
    private(set) var life = UnsafeMutablePointer<Float>(bitPattern: 16)!
    private(set) var scale = UnsafeMutablePointer<Float>(bitPattern: 16)!
    private(set) var spin = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Base colour, 4 binary16 values (r, g, b, a) per particle.
    private(set) var color = UnsafeMutablePointer<UInt16>(bitPattern: 16)!
    /// The accumulator column of each sub-cell.
    private(set) var accumulatorColumns: [UnsafeMutablePointer<Float>] = []
    /// Slot 0 of each extension column by `ExtraColumn.rawValue` (nil: not present).
    private(set) var extras: [UnsafeMutablePointer<Float>?] = Array(repeating: nil, count: ExtraColumn.allCases.count)
    /// The present extension columns in layout order.
    private(set) var extraColumns: [UnsafeMutablePointer<Float>] = []

    /// Creates an empty store with `accumulatorCount` sub-cell accumulators per particle.
    public init(accumulatorCount: Int = 0, capacity: Int = 0) {
        self.accumulatorCount = max(0, accumulatorCount)
        if capacity > 0 { reallocate(capacity: capacity, keeping: 0) }
    }

    deinit { base?.deallocate() }

    // MARK: - Layout

    /// Byte offsets of the columns for a capacity: Float columns, the colour column, accumulators.
    static func layout(capacity: Int, accumulatorCount: Int, extraCount: Int = 0) -> (offsets: [Int], total: Int) {
        var sizes = Array(repeating: capacity * 4, count: Column.allCases.count)
        sizes.append(capacity * 8)
        sizes.append(contentsOf: Array(repeating: capacity * 4, count: accumulatorCount + extraCount))
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
        return floatBases.map { UnsafeMutableRawPointer($0) - base } + [UnsafeMutableRawPointer(colorBase) - base]
            + accumulatorBases.map { UnsafeMutableRawPointer($0) - base }
    }

    /// Points the slot-0 pointers at `head`.
    private func updateViews() {
        let f = floatBases.map { $0 + head }
        (x, y, z, vx, vy, vz) = (f[0], f[1], f[2], f[3], f[4], f[5])
        (death, life, scale, spin) = (f[6], f[7], f[8], f[9])
        color = colorBase + 4 * head
        accumulatorColumns = accumulatorBases.map { $0 + head }
        extraColumns = extraBases.map { $0 + head }
        var k = 0
        for column in ExtraColumn.allCases {
            if extraMask & column.bit != 0 { extras[column.rawValue] = extraColumns[k]; k += 1 } else { extras[column.rawValue] = nil }
        }
    }

    /// Moves slots 0..<keep into a new allocation of `capacity` slots, at its start.
    private func reallocate(capacity newCapacity: Int, keeping keep: Int, accumulatorMapping: [Int?]? = nil,
                            newAccumulatorCount: Int? = nil, newExtraMask: UInt32? = nil) {
        let accCount = newAccumulatorCount ?? accumulatorCount
        let mask = newExtraMask ?? extraMask
        let present = ExtraColumn.allCases.filter { mask & $0.bit != 0 }
        let (offsets, total) = Self.layout(capacity: newCapacity, accumulatorCount: accCount, extraCount: present.count)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(total, 64), alignment: 4096)
        let newFloats = (0..<Column.allCases.count).map { (raw + offsets[$0]).assumingMemoryBound(to: Float.self) }
        let newColor = (raw + offsets[Column.allCases.count]).assumingMemoryBound(to: UInt16.self)
        let newAcc = (0..<accCount).map { (raw + offsets[Column.allCases.count + 1 + $0]).assumingMemoryBound(to: Float.self) }
        let newExtras = (0..<present.count).map { (raw + offsets[Column.allCases.count + 1 + accCount + $0]).assumingMemoryBound(to: Float.self) }
        if keep > 0 {
            let old = [x, y, z, vx, vy, vz, death, life, scale, spin]
            for (dst, src) in zip(newFloats, old) { dst.update(from: src, count: keep) }
            newColor.update(from: color, count: keep * 4)
            for k in 0..<accCount {
                if let from = accumulatorMapping.map({ $0[k] }) ?? (k < accumulatorCount ? k : nil), from < accumulatorCount {
                    newAcc[k].update(from: accumulatorColumns[from], count: keep)
                } else {
                    newAcc[k].initialize(repeating: 0, count: keep)
                }
            }
            for (k, column) in present.enumerated() {
                if let old = extras[column.rawValue] {
                    newExtras[k].update(from: old, count: keep)
                } else {
                    newExtras[k].initialize(repeating: 0, count: keep)
                }
            }
        }
        base?.deallocate()
        base = raw
        allocatedBytes = total
        capacity = newCapacity
        accumulatorCount = accCount
        floatBases = newFloats
        colorBase = newColor
        accumulatorBases = newAcc
        extraBases = newExtras
        extraMask = mask
        head = 0
        updateViews()
    }

    /// Moves slots 0..<keep to the start of the allocation (head 0).
    private func moveToFront(keeping keep: Int) {
        guard head > 0 else { return }
        for b in floatBases { b.update(from: b + head, count: keep) }
        colorBase.update(from: colorBase + 4 * head, count: 4 * keep)
        for b in accumulatorBases { b.update(from: b + head, count: keep) }
        for b in extraBases { b.update(from: b + head, count: keep) }
        head = 0
        updateViews()
    }

    /// Slots addressable from slot 0 without moving or growing.
    private var room: Int { capacity - head }

    /// Makes slots up to `minimumSlots` addressable, keeping slots 0..<keep: moves the data to the front
    /// when that frees at least a quarter of the allocation, else doubles the allocation (at least 64).
    private func makeRoom(for minimumSlots: Int, keeping keep: Int) {
        guard minimumSlots > room else { return }
        if minimumSlots <= capacity && head >= capacity / 4 {
            moveToFront(keeping: keep)
            return
        }
        var c = max(64, capacity)
        while c < minimumSlots || c - minimumSlots < c / 4 { c *= 2 }
        reallocate(capacity: c, keeping: keep)
    }

    /// Makes room for at least `minimumCapacity` slots.
    public func reserve(_ minimumCapacity: Int) {
        makeRoom(for: minimumCapacity, keeping: count)
    }

    /// Changes the number of accumulator columns; `mapping[k]` is the old column of new column k
    /// (nil: starts at zero).
    func remapAccumulators(count newCount: Int, mapping: [Int?]) {
        reallocate(capacity: max(capacity, 64), keeping: count, accumulatorMapping: mapping, newAccumulatorCount: newCount)
    }

    /// Adds the extension columns of `mask` that are missing (live particles get 0 in them); columns
    /// already present stay, so toggling a feature never loses particle state.
    func ensureExtraColumns(_ mask: UInt32) {
        guard mask & ~extraMask != 0 else { return }
        reallocate(capacity: max(capacity, 64), keeping: count, newExtraMask: extraMask | mask)
    }

    /// Bytes of state per particle of this store: the 48 base bytes, sub-cell accumulators and extensions.
    var bytesPerParticleInUse: Int { Self.bytesPerParticle + 4 * (accumulatorCount + extraBases.count) }

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
                color: color, capacity: room)
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

    /// Makes slots up to `end` addressable, keeping slots below `written` (which may lie past `count`:
    /// births written but not yet committed). Returns the new column pointers.
    func reserveForBirths(through end: Int, written: Int) -> Columns {
        makeRoom(for: end, keeping: written)
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
        for column in extraColumns { column[i] = 0 }
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

    /// Whether any slot's position is NaN or infinite (a non-finite velocity makes its position
    /// non-finite within the step, so positions alone tell). A separate pass, run only for stores at
    /// risk (`EmitterSimulation`), so the update loop itself carries no test.
    func hasNonFinitePositions() -> Bool {
        let n = count
        let largest = Float.greatestFiniteMagnitude
        var bad: Int32 = 0
        for column in zMoves ? [x, y, z] : [x, y] {
            for i in 0..<n {
                let outside: Int32 = column[i].magnitude <= largest ? 0 : 1
                bad |= outside
            }
        }
        return bad != 0
    }

    /// Turns every live slot (death ≥ aliveFrom) whose position or velocity is NaN or infinite into a
    /// tombstone (death −∞, motion zeroed) and returns how many.
    func removeNonFinite(aliveFrom: Float) -> Int {
        var removed = 0
        let moves = zMoves
        for i in 0..<count where death[i] >= aliveFrom {
            let finite = x[i].isFinite && y[i].isFinite && vx[i].isFinite && vy[i].isFinite
                && (!moves || (z[i].isFinite && vz[i].isFinite))
            if finite { continue }
            death[i] = -.infinity
            x[i] = 0; y[i] = 0; z[i] = 0; vx[i] = 0; vy[i] = 0; vz[i] = 0
            removed += 1
        }
        return removed
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
    ///
    /// The survivors up to the last tombstone move forward against the younger particles, which stay
    /// in place; slot 0 then starts further into the columns. Deaths cluster among the oldest particles,
    /// so this moves a fraction of the store.
    @discardableResult
    func compact(aliveFrom: Float) -> Int {
        let n = count
        let d = death
        var last = n - 1
        while last >= 0 && d[last] >= aliveFrom { last -= 1 }
        if last < 0 { return 0 }
        // New run starts: survivors before each start (runs after `last` only shift).
        var newStarts = runs.starts
        var deadBefore = 0, i = 0
        for r in 0..<newStarts.count where newStarts[r] <= last + 1 {
            while i < newStarts[r] { if d[i] < aliveFrom { deadBefore += 1 }; i += 1 }
            newStarts[r] -= deadBefore
        }
        let c = columns
        let rgba = UnsafeMutableRawPointer(c.color).assumingMemoryBound(to: UInt64.self)
        let accumulators = accumulatorColumns
        // Branch-free: every slot is copied to j (j ≥ k, so nothing unread is overwritten) and j moves
        // only past survivors; a tombstone's copy is overwritten by the next survivor.
        // (The accumulators of cells with sub-cells move in the same pass; the death time of slot k is
        // read before slot k can be overwritten.)
        var j = last
        var k = last
        let withAccumulators = !accumulators.isEmpty
        let extraCols = extraColumns
        let withExtras = !extraCols.isEmpty
        while k >= 0 {
            let keep = d[k] >= aliveFrom
            c.x[j] = c.x[k]; c.y[j] = c.y[k]; c.z[j] = c.z[k]
            c.vx[j] = c.vx[k]; c.vy[j] = c.vy[k]; c.vz[j] = c.vz[k]
            c.death[j] = c.death[k]; c.life[j] = c.life[k]; c.scale[j] = c.scale[k]; c.spin[j] = c.spin[k]
            rgba[j] = rgba[k]
            if withAccumulators { for a in accumulators { a[j] = a[k] } }
            if withExtras { for a in extraCols { a[j] = a[k] } }
            j -= keep ? 1 : 0
            k -= 1
        }
        let removed = j + 1
        for r in 0..<newStarts.count where runs.starts[r] > last + 1 { newStarts[r] -= removed }
        head += removed
        updateViews()
        count = n - removed
        runs.compacted(newStarts: newStarts, newSlotCount: count)
        if count == 0 { zMoves = false }
        return removed
    }

    /// Empties the store, keeping its allocation.
    func removeAll() {
        count = 0
        head = 0
        updateViews()
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

// MARK: - Extension columns

/// The per-particle columns of the cell extensions (docs/Particles.md, "Extensions"); a store holds
/// only those its cell uses.
enum ExtraColumn: Int, CaseIterable {
    /// Radial and tangential acceleration, points per second².
    case radial, tangential
    /// Colour change per second toward the particle's end colour.
    case redSpeed, greenSpeed, blueSpeed, alphaSpeed
    /// Scale change per second toward the particle's end scale.
    case scaleSpeed
    /// Rotation at birth, radians.
    case rotation
    /// Orbit: angle at birth (radians), angular velocity (rad/s), radius at birth (points), radius change (points/s).
    case orbitAngle, orbitAngularVelocity, orbitRadius, orbitRadiusSpeed

    var bit: UInt32 { 1 << UInt32(rawValue) }

    static func mask(_ columns: [ExtraColumn]) -> UInt32 { columns.reduce(0) { $0 | $1.bit } }
}
