import CStreamCompaction

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Particle store

/// One cell's particles as a structure of arrays in a single allocation (docs/Particles.md, "Storage").
///
/// Per particle: x and y position and velocity (4 × Float), death time and lifetime (2 × Float,
/// seconds; the death time is relative to the simulation's epoch): 24 bytes. z position and velocity
/// (Float each), base scale and spin (Float each) and the base colour (4 × binary16) add 24 bytes, but
/// each is kept once for the whole store while every particle has the same value (a planar emitter at
/// one depth; a cell without scale, spin or colour ranges), and gets a column of its own only when a
/// different value is written. A cell with sub-cells adds one Float accumulator per sub-cell, a cell
/// with extensions its extension columns, a cell whose particles someone follows across steps their
/// identities (`ensureIdentities`).
///
/// Dead particles stay in place as tombstones (their death time has passed) until a stable compaction
/// removes them, so birth order is kept and removal costs a fraction of a pass per step. After every
/// step `maintain` keeps the allocation within a fixed factor of the live count.
@_spi(Benchmarks)
public final class ParticleStore {
    /// The Float columns every store holds, in layout order.
    enum Column: Int, CaseIterable {
        case x, y, vx, vy, death, life
    }

    /// The columns that are shared while all particles agree on them.
    enum SharedColumn: Int, CaseIterable {
        case scale, spin, color, z, vz

        var bit: UInt8 { 1 << UInt8(rawValue) }
        /// Bytes per slot once stored.
        var bytes: Int { self == .color ? 8 : 4 }
        /// Where the shared value lies in the store's shared block, bytes.
        var sharedOffset: Int { [0, 4, 8, 16, 20][rawValue] }
        /// Stored shared columns follow the Float columns in this order: z and vz first, at fixed
        /// residues (`columnResidues`), then scale, spin and colour.
        static let layoutOrder: [SharedColumn] = [.z, .vz, .scale, .spin, .color]
    }

    /// Bytes of simulation state per particle with every column stored (no accumulators, no extensions).
    public static let bytesPerParticle = Column.allCases.count * 4 + SharedColumn.allCases.reduce(0) { $0 + $1.bytes }

    /// Bytes of simulation state per particle while z, vz, scale, spin and colour are shared.
    public static let minimumBytesPerParticle = Column.allCases.count * 4

    /// Where each column starts modulo 4096 bytes (4K aliasing: a load whose address matches a pending
    /// store's in the low 12 bits waits for it, so streams read and written in one loop must not trail
    /// each other closely modulo 4096). A position and its velocity, updated in the same loop, lie half
    /// a page apart in both directions; every column has a residue of its own: x, y, vx, vy, death and
    /// life, then z and vz if stored, then the other columns (`others` of them) on the odd multiples of
    /// 256, then those shifted by a cache line.
    static func columnResidues(z storesZ: Bool, vz storesVZ: Bool, others: Int) -> [Int] {
        var residues = [0, 512, 2048, 2560, 1536, 3584]  // x, y, vx, vy, death, life
        if storesZ { residues.append(1024) }
        if storesVZ { residues.append(3072) }
        return residues + (0..<others).map { m in (256 + 512 * (m % 8) + 64 * (m / 8)) % 4096 }
    }

    /// Slots allocated per column.
    public private(set) var capacity = 0
    /// Slots in use: live particles and tombstones, in birth order.
    public internal(set) var count = 0
    /// Float accumulator columns, one per sub-cell.
    private(set) var accumulatorCount: Int
    /// The extension columns present (bit k: `ExtraColumn(rawValue: k)`), 0 for Core Animation cells.
    private(set) var extraMask: UInt32 = 0
    /// Whether the store keeps a particle id per slot (`ensureIdentities`).
    private(set) var hasIdentities = false
    /// The id the next birth takes; ids count births from the first `ensureIdentities`, wrapping at 2³².
    var nextID: UInt32 = 0
    /// The shared columns that are stored per slot (bit: `SharedColumn.bit`); the others hold one value.
    private(set) var storedMask: UInt8 = 0
    /// Whether some particle may have a non-zero z velocity (z integration is skipped otherwise).
    var zMoves = false
    /// Birth batches of the slots.
    var runs = BirthRuns()
    /// Set when code outside the simulation may have written the columns (coupling buffers) or a
    /// non-finite sprite was seen: the next step scans this store for NaN and infinities.
    var needsFiniteCheck = false
    /// Slots committed since the last `maintain` (the births of the last step).
    private var recentBirths = 0
    /// Passes of each removal kind and reallocations so far (for tests and diagnostics).
    private(set) var compactions = 0, relocations = 0, reallocations = 0

    private var base: UnsafeMutableRawPointer?
    private var allocatedBytes = 0
    /// Where slot 0 lies in the columns: removal moves the older survivors forward instead of moving
    /// every younger particle back (deaths cluster among the oldest particles).
    private var head = 0
    /// Column starts in the allocation: the six Float columns, the shared columns that have room in
    /// it (nil: none), the accumulators and the extension columns.
    private var floatBases: [UnsafeMutablePointer<Float>] = []
    /// Room for each shared column (by `SharedColumn.rawValue`), nil where the allocation has none.
    private var sharedBases: [UnsafeMutableRawPointer?] = Array(repeating: nil, count: SharedColumn.allCases.count)
    private var accumulatorBases: [UnsafeMutablePointer<Float>] = []
    private var extraBases: [UnsafeMutablePointer<Float>] = []
    /// The identity column's start in the allocation, nil without identities.
    private var idBase: UnsafeMutablePointer<UInt32>?
    /// The shared values at `SharedColumn.sharedOffset`: scale, spin (Float), colour (4 × binary16),
    /// z, vz (Float).
    private let shared: UnsafeMutableRawPointer

    /// Slot 0 of the x positions (points); slots 0..<count are valid.
    public private(set) var x = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Slot 0 of the y positions, points.
    public private(set) var y = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// z positions, points (shared while all are equal).
    private(set) var z: SlotColumn<Float>
    /// Slot 0 of the x velocities, points per second.
    public private(set) var vx = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Slot 0 of the y velocities, points per second.
    public private(set) var vy = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// z velocities, points per second (shared while all are equal).
    private(set) var vz: SlotColumn<Float>
    /// Slot 0 of the death times, seconds relative to the simulation's epoch.
    public private(set) var death = UnsafeMutablePointer<Float>(bitPattern: 16)!
    private(set) var life = UnsafeMutablePointer<Float>(bitPattern: 16)!
    /// Base scale per slot (shared while all are equal).
    private(set) var scale: SlotColumn<Float>
    /// Spin per slot, radians per second (shared while all are equal).
    private(set) var spin: SlotColumn<Float>
    /// Base colour, 4 binary16 values (r, g, b, a) per slot: element 4i + k (shared while all are equal).
    private(set) var color: SlotColumn<UInt16>
    /// The accumulator column of each sub-cell.
    private(set) var accumulatorColumns: [UnsafeMutablePointer<Float>] = []
    /// Slot 0 of each extension column by `ExtraColumn.rawValue` (nil: not present).
    private(set) var extras: [UnsafeMutablePointer<Float>?] = Array(repeating: nil, count: ExtraColumn.allCases.count)
    /// The present extension columns in layout order.
    private(set) var extraColumns: [UnsafeMutablePointer<Float>] = []
    /// Slot 0 of the particle ids (nil until `ensureIdentities`): stable for a particle's life, increasing
    /// in birth order (modulo 2³²).
    private(set) var ids: UnsafeMutablePointer<UInt32>?

    /// Creates an empty store with `accumulatorCount` sub-cell accumulators per particle.
    public init(accumulatorCount: Int = 0, capacity: Int = 0) {
        self.accumulatorCount = max(0, accumulatorCount)
        shared = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 16)
        shared.initializeMemory(as: UInt64.self, repeating: 0, count: 3)
        scale = SlotColumn(base: shared.assumingMemoryBound(to: Float.self), mask: 0)
        spin = SlotColumn(base: (shared + 4).assumingMemoryBound(to: Float.self), mask: 0)
        color = SlotColumn(base: (shared + 8).assumingMemoryBound(to: UInt16.self), mask: 3)
        z = SlotColumn(base: (shared + 16).assumingMemoryBound(to: Float.self), mask: 0)
        vz = SlotColumn(base: (shared + 20).assumingMemoryBound(to: Float.self), mask: 0)
        if capacity > 0 { reallocate(capacity: capacity, keeping: 0) }
    }

    deinit {
        base?.deallocate()
        shared.deallocate()
    }

    // MARK: - Layout

    /// Byte offsets of the columns for a capacity: the Float columns, the stored shared columns
    /// (`stored`, in `SharedColumn.layoutOrder`), accumulators, extensions and the identities.
    static func layout(
        capacity: Int, accumulatorCount: Int, extraCount: Int = 0,
        stored: UInt8 = 0, identities: Bool = false
    ) -> (offsets: [Int], total: Int) {
        var sizes = Array(repeating: capacity * 4, count: Column.allCases.count)
        let storedShared = SharedColumn.layoutOrder.filter { stored & $0.bit != 0 }
        sizes += storedShared.map { capacity * $0.bytes }
        sizes.append(
            contentsOf: Array(repeating: capacity * 4, count: accumulatorCount + extraCount + (identities ? 1 : 0)))
        let residues = columnResidues(
            z: stored & SharedColumn.z.bit != 0, vz: stored & SharedColumn.vz.bit != 0,
            others: sizes.count - Column.allCases.count - (stored & SharedColumn.z.bit != 0 ? 1 : 0)
                - (stored & SharedColumn.vz.bit != 0 ? 1 : 0))
        var offsets: [Int] = []
        var next = 0
        for (k, size) in sizes.enumerated() {
            let offset = next + (residues[k] - next % 4096 + 4096) % 4096
            offsets.append(offset)
            next = (offset + size + 63) & ~63
        }
        return (offsets, next)
    }

    /// The start of the column allocation (for the alignment test).
    var allocationStart: UnsafeMutableRawPointer? { base }

    /// The byte offset of every column from the start of the allocation (for the layout test).
    var columnOffsets: [Int] {
        guard let base else { return [] }
        let sharedStarts = SharedColumn.layoutOrder.compactMap { sharedBases[$0.rawValue] }
        return floatBases.map { UnsafeMutableRawPointer($0) - base } + sharedStarts.map { $0 - base }
            + accumulatorBases.map { UnsafeMutableRawPointer($0) - base }
            + extraBases.map { UnsafeMutableRawPointer($0) - base }
            + [idBase].compactMap { $0.map { UnsafeMutableRawPointer($0) - base } }
    }

    /// Whether `column` is stored per slot.
    func isStored(_ column: SharedColumn) -> Bool { storedMask & column.bit != 0 }

    /// Points the slot-0 pointers at `head`.
    private func updateViews() {
        let f = floatBases.map { $0 + head }
        (x, y, vx, vy, death, life) = (f[0], f[1], f[2], f[3], f[4], f[5])
        scale = view(.scale)
        spin = view(.spin)
        z = view(.z)
        vz = view(.vz)
        if isStored(.color), let b = sharedBases[SharedColumn.color.rawValue] {
            color = SlotColumn(base: b.assumingMemoryBound(to: UInt16.self) + 4 * head, mask: ~0)
        } else {
            color = SlotColumn(base: (shared + 8).assumingMemoryBound(to: UInt16.self), mask: 3)
        }
        accumulatorColumns = accumulatorBases.map { $0 + head }
        extraColumns = extraBases.map { $0 + head }
        ids = idBase.map { $0 + head }
        var k = 0
        for column in ExtraColumn.allCases {
            if extraMask & column.bit != 0 {
                extras[column.rawValue] = extraColumns[k]
                k += 1
            } else {
                extras[column.rawValue] = nil
            }
        }
    }

    /// The view of a Float shared column: its slots from `head` if stored, else its shared value.
    private func view(_ column: SharedColumn) -> SlotColumn<Float> {
        if isStored(column), let b = sharedBases[column.rawValue] {
            return SlotColumn(base: b.assumingMemoryBound(to: Float.self) + head, mask: ~0)
        }
        return SlotColumn(base: (shared + column.sharedOffset).assumingMemoryBound(to: Float.self), mask: 0)
    }

    /// Moves slots 0..<keep into a new allocation of `capacity` slots, at its start. Shared columns
    /// in `newStored` that are not stored yet start with the shared value in every kept slot.
    private func reallocate(
        capacity newCapacity: Int, keeping keep: Int, accumulatorMapping: [Int?]? = nil,
        newAccumulatorCount: Int? = nil, newExtraMask: UInt32? = nil, newStored: UInt8? = nil,
        identities newIdentities: Bool? = nil
    ) {
        let accCount = newAccumulatorCount ?? accumulatorCount
        let mask = newExtraMask ?? extraMask
        let stored = newStored ?? storedMask
        let identities = newIdentities ?? hasIdentities
        let present = ExtraColumn.allCases.filter { mask & $0.bit != 0 }
        let (offsets, total) = Self.layout(
            capacity: newCapacity, accumulatorCount: accCount, extraCount: present.count,
            stored: stored, identities: identities)
        let raw = Self.allocateColumns(byteCount: max(total, 64))
        var next = 0
        func take<T>(_: T.Type) -> UnsafeMutablePointer<T> {
            defer { next += 1 }
            return (raw + offsets[next]).assumingMemoryBound(to: T.self)
        }
        let newFloats = Column.allCases.map { _ in take(Float.self) }
        var newShared: [UnsafeMutableRawPointer?] = Array(repeating: nil, count: SharedColumn.allCases.count)
        for column in SharedColumn.layoutOrder where stored & column.bit != 0 {
            newShared[column.rawValue] = UnsafeMutableRawPointer(take(UInt8.self))
        }
        let newAcc = (0..<accCount).map { _ in take(Float.self) }
        let newExtras = present.map { _ in take(Float.self) }
        let newIDs = identities ? take(UInt32.self) : nil
        if keep > 0 {
            let old = [x, y, vx, vy, death, life]
            for (dst, src) in zip(newFloats, old) { dst.update(from: src, count: keep) }
            // A shared column reads its one value for every slot, so these copies also fill new columns.
            for (column, view) in [(SharedColumn.scale, scale), (.spin, spin), (.z, z), (.vz, vz)] {
                if let d = newShared[column.rawValue]?.assumingMemoryBound(to: Float.self) {
                    for i in 0..<keep { d[i] = view[i] }
                }
            }
            if let d = newShared[SharedColumn.color.rawValue]?.assumingMemoryBound(to: UInt16.self) {
                for i in 0..<(4 * keep) { d[i] = color[i] }
            }
            for k in 0..<accCount {
                if let from = accumulatorMapping.map({ $0[k] }) ?? (k < accumulatorCount ? k : nil),
                    from < accumulatorCount
                {
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
            if let newIDs {
                if let old = ids {
                    newIDs.update(from: old, count: keep)
                } else {
                    Self.number(newIDs, count: keep, from: nextID)
                    nextID &+= UInt32(truncatingIfNeeded: keep)
                }
            }
        }
        base?.deallocate()
        base = raw
        reallocations += 1
        allocatedBytes = total
        capacity = newCapacity
        accumulatorCount = accCount
        floatBases = newFloats
        sharedBases = newShared
        accumulatorBases = newAcc
        extraBases = newExtras
        idBase = newIDs
        hasIdentities = identities
        extraMask = mask
        storedMask = stored
        head = 0
        updateViews()
    }

    /// Allocations from this size on are aligned to 2 MB and advised to use transparent huge pages.
    static let hugePageThreshold = 4 << 20

    /// Allocates `byteCount` bytes for columns: 4096-aligned, or for large stores 2 MB-aligned and
    /// advised to use transparent huge pages, so a pass over a million particles does not miss the TLB
    /// on every 4 KB page (the advice is a hint; where the kernel ignores it nothing changes).
    static func allocateColumns(byteCount: Int) -> UnsafeMutableRawPointer {
        guard byteCount >= hugePageThreshold else { return .allocate(byteCount: byteCount, alignment: 4096) }
        let huge = 2 << 20
        let rounded = (byteCount + huge - 1) / huge * huge
        let raw = UnsafeMutableRawPointer.allocate(byteCount: rounded, alignment: huge)
        #if canImport(Glibc)
            _ = madvise(raw, rounded, MADV_HUGEPAGE)
        #endif
        return raw
    }

    /// Gives `column` a slot of its own per particle, slots 0..<written taking the shared value.
    /// Reuses room the allocation still has for it, else reallocates (same capacity).
    func store(_ column: SharedColumn, written: Int) {
        guard !isStored(column) else { return }
        guard sharedBases[column.rawValue] != nil else {
            reallocate(capacity: max(capacity, 64), keeping: written, newStored: storedMask | column.bit)
            return
        }
        let value = columns[shared: column]?[0] ?? 0
        let word = columns.colorWords[0]
        storedMask |= column.bit
        updateViews()
        let stored = columns
        if let view = stored[shared: column] {
            for i in 0..<written { view[i] = value }
        } else {
            for i in 0..<written { stored.colorWords[i] = word }
        }
    }

    /// Gives z and vz a slot of their own per particle (slots 0..<written keep their values): z
    /// integration streams them as plain columns.
    func storeZ(written: Int) {
        store(.z, written: written)
        store(.vz, written: written)
    }

    /// Once no slot is in use, z, vz, scale, spin and colour go back to being shared (the allocation
    /// keeps its room for them until it is next replaced).
    private func shareColumnsWhenEmpty() {
        guard count == 0 && storedMask != 0 else { return }
        storedMask = 0
        updateViews()
    }

    /// Moves slots 0..<keep to the start of the allocation (head 0).
    private func moveToFront(keeping keep: Int) {
        guard head > 0 else { return }
        let src = removalColumns(head: head)
        head = 0
        updateViews()
        Self.moveBlock(removalColumns(head: 0), src, from: 0, to: 0, count: keep)
    }

    /// Slots addressable from slot 0 without moving or growing.
    private var room: Int { capacity - head }

    /// The capacity to allocate for `slots` slots: 40 % more (at least 64), in whole cache lines of
    /// Floats, so growth is geometric but the allocation stays within 1.4× of what is needed.
    static func grownCapacity(for slots: Int) -> Int {
        let c = slots + max(64, slots / 5 * 2)
        return (c + 15) & ~15
    }

    /// Makes slots up to `minimumSlots` addressable, keeping slots 0..<keep: moves the data to the front
    /// when that leaves at least a fifth of `minimumSlots` free, else reallocates to `grownCapacity`.
    private func makeRoom(for minimumSlots: Int, keeping keep: Int) {
        guard minimumSlots > room else { return }
        if head > 0 && capacity - minimumSlots >= max(64, minimumSlots / 5) {
            moveToFront(keeping: keep)
            return
        }
        reallocate(capacity: Self.grownCapacity(for: minimumSlots), keeping: keep)
    }

    /// Makes room for at least `minimumCapacity` slots.
    public func reserve(_ minimumCapacity: Int) {
        makeRoom(for: minimumCapacity, keeping: count)
    }

    /// Changes the number of accumulator columns; `mapping[k]` is the old column of new column k
    /// (nil: starts at zero).
    func remapAccumulators(count newCount: Int, mapping: [Int?]) {
        reallocate(
            capacity: max(capacity, 64), keeping: count, accumulatorMapping: mapping, newAccumulatorCount: newCount)
    }

    /// Adds the extension columns of `mask` that are missing (live particles get 0 in them); columns
    /// already present stay, so toggling a feature never loses particle state.
    func ensureExtraColumns(_ mask: UInt32) {
        guard mask & ~extraMask != 0 else { return }
        reallocate(capacity: max(capacity, 64), keeping: count, newExtraMask: extraMask | mask)
    }

    /// Gives every slot a particle id from now on: the slots in use are numbered in birth order, and
    /// every birth takes the next id (`commitBirths`). Does nothing once the store has identities.
    func ensureIdentities() {
        guard !hasIdentities else { return }
        reallocate(capacity: max(capacity, 64), keeping: count, identities: true)
    }

    /// Writes the ids `first`, `first + 1`, … (wrapping) to `p[0..<count]`.
    private static func number(_ p: UnsafeMutablePointer<UInt32>, count: Int, from first: UInt32) {
        for k in 0..<count { p[k] = first &+ UInt32(truncatingIfNeeded: k) }
    }

    /// Bytes of state per particle of this store: `minimumBytesPerParticle`, the stored shared columns,
    /// sub-cell accumulators, extensions and identities.
    var bytesPerParticleInUse: Int {
        let sharedBytes = SharedColumn.allCases.reduce(0) { $0 + (isStored($1) ? $1.bytes : 0) }
        return Self.minimumBytesPerParticle + sharedBytes
            + 4 * (accumulatorCount + extraBases.count + (hasIdentities ? 1 : 0))
    }

    /// Bytes allocated for the columns.
    var bytesAllocated: Int { allocatedBytes }

    // MARK: - Births

    /// The column pointers of the current allocation, valid until the store grows or stores a
    /// shared column.
    struct Columns {
        let x, y, vx, vy, death, life: UnsafeMutablePointer<Float>
        let z, vz, scale, spin: SlotColumn<Float>
        let color: SlotColumn<UInt16>
        let capacity: Int

        /// The view of a Float shared column (nil for the colour, which `colorWords` views).
        subscript(shared column: SharedColumn) -> SlotColumn<Float>? {
            switch column {
            case .z: z
            case .vz: vz
            case .scale: scale
            case .spin: spin
            case .color: nil
            }
        }

        /// The colour of slot `i` as one 64-bit word (four binary16 values).
        var colorWords: SlotColumn<UInt64> {
            SlotColumn(
                base: UnsafeMutableRawPointer(color.base).assumingMemoryBound(to: UInt64.self),
                mask: color.isShared ? 0 : ~0)
        }
    }

    /// The column pointers of the current allocation.
    var columns: Columns {
        Columns(
            x: x, y: y, vx: vx, vy: vy, death: death, life: life, z: z, vz: vz, scale: scale, spin: spin,
            color: color, capacity: room)
    }

    /// Makes sure slot `i` can take these z, vz, scale, spin and colour values: a shared column whose
    /// value differs (and that slots before `i` use) becomes stored. Slots 0...i are kept (slot i's
    /// other columns may already be written). Returns whether the columns moved (callers re-read
    /// `columns`).
    func prepareSlot(_ i: Int, z pz: Float, vz pvz: Float, scale s: Float, spin r: Float, color c: UInt64) -> Bool {
        guard i > 0 else { return false }
        let current = columns
        var moved = false
        for (column, value) in [(SharedColumn.z, pz), (.vz, pvz), (.scale, s), (.spin, r)] {
            guard let view = current[shared: column], view.isShared && view[0].bitPattern != value.bitPattern else {
                continue
            }
            store(column, written: i + 1)
            moved = true
        }
        if current.color.isShared && current.colorWords[0] != c {
            store(.color, written: i + 1)
            moved = true
        }
        return moved
    }

    /// Makes slots `start..<end` part of the store after a caller wrote their columns (through
    /// `columns`, past `count`): zeroes their accumulators and records their birth batch with the
    /// bounds of their death times (`DeathBounds` of what the caller wrote).
    func commitBirths(from start: Int, to end: Int, batch: UInt64, movesInZ: Bool, deaths: DeathBounds) {
        guard end > start else { return }
        for column in accumulatorColumns {
            (column + start).initialize(repeating: 0, count: end - start)
        }
        if let ids {
            Self.number(ids + start, count: end - start, from: nextID)
            nextID &+= UInt32(truncatingIfNeeded: end - start)
        }
        if movesInZ { startMovingInZ(written: end) }
        count = end
        recentBirths += end - start
        runs.noteBirths(batch: batch, slot: start, earliest: deaths.earliest, latest: deaths.latest)
    }

    /// Makes slots up to `end` addressable, keeping slots below `written` (which may lie past `count`:
    /// births written but not yet committed). Returns the new column pointers.
    func reserveForBirths(through end: Int, written: Int) -> Columns {
        makeRoom(for: end, keeping: written)
        return columns
    }

    /// Appends one particle and returns its slot; its accumulators start at zero.
    @discardableResult
    func append(
        batch: UInt64, x px: Float, y py: Float, z pz: Float, vx pvx: Float, vy pvy: Float, vz pvz: Float,
        death pDeath: Float, life pLife: Float, scale pScale: Float, spin pSpin: Float,
        color c: (UInt16, UInt16, UInt16, UInt16)
    ) -> Int {
        let i = count
        _ = reserveForBirths(through: i + 1, written: i)
        let word = HalfFloat.word(c)
        _ = prepareSlot(i, z: pz, vz: pvz, scale: pScale, spin: pSpin, color: word)
        let cols = columns
        cols.x[i] = px
        cols.y[i] = py
        cols.z[i] = pz
        cols.vx[i] = pvx
        cols.vy[i] = pvy
        cols.vz[i] = pvz
        cols.death[i] = pDeath
        cols.life[i] = pLife
        cols.scale[i] = pScale
        cols.spin[i] = pSpin
        cols.colorWords[i] = word
        for column in extraColumns { column[i] = 0 }
        var deaths = DeathBounds()
        deaths.include(pDeath)
        commitBirths(from: i, to: i + 1, batch: batch, movesInZ: pvz != 0, deaths: deaths)
        return i
    }

    // MARK: - Update

    /// Advances every slot by `dt` seconds under constant acceleration (exact for constant
    /// acceleration: p += v·dt + ½a·dt², v += a·dt) and returns how many death times lie in
    /// [diedFrom, diedThrough] (the particles that died during this step).
    ///
    /// Tombstones are advanced too: branch-free streaming beats skipping them. z is advanced only when
    /// some particle may move in z (z and vz are then stored: `zMoves`).
    @inline(never)
    public func integrate(dt: Float, ax: Float, ay: Float, az: Float, diedFrom: Float, diedThrough: Float) -> Int {
        let n = count
        if n == 0 { return 0 }
        Self.advance(x, vx, n, ax, dt)
        Self.advance(y, vy, n, ay, dt)
        if zMoves || az != 0 {
            if az != 0 { startMovingInZ(written: n) }
            Self.advance(z.base, vz.base, n, az, dt)
        }
        return countDeaths(from: diedFrom, through: diedThrough)
    }

    /// Marks the store as moving in z, giving z and vz their columns first (slots 0..<written keep
    /// their values).
    func startMovingInZ(written: Int) {
        guard !zMoves else { return }
        zMoves = true
        storeZ(written: written)
    }

    /// The number of slots whose death time lies in [lo, hi], reading only the runs whose death-time
    /// bounds meet the window (at steady state the particles born within one lifetime range of it).
    func countDeaths(from lo: Float, through hi: Float) -> Int {
        let n = count
        let d = death
        let earliest = runs.earliestDeath
        let latest = runs.latestDeath
        let starts = runs.starts
        var total = 0
        var r = 0
        while r < starts.count {
            guard latest[r] >= lo && earliest[r] <= hi else {
                r += 1
                continue
            }
            // Neighbouring runs that meet the window are counted in one pass.
            let first = starts[r]
            while r + 1 < starts.count && latest[r + 1] >= lo && earliest[r + 1] <= hi { r += 1 }
            let end = r + 1 < starts.count ? starts[r + 1] : n
            total += Self.countDeaths(d + first, end - first, lo, hi)
            r += 1
        }
        return total
    }

    /// p += v·dt + ½a·dt², v += a·dt over one axis (velocity untouched when a = 0).
    @inline(__always)
    static func advance(
        _ p: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, _ n: Int, _ a: Float, _ dt: Float
    ) {
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
        for column in zMoves ? [x, y, z.base] : [x, y] {
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
            let finite =
                x[i].isFinite && y[i].isFinite && vx[i].isFinite && vy[i].isFinite
                && (!moves || (z[i].isFinite && vz[i].isFinite))
            if finite { continue }
            kill(i, deathTime: -.infinity)
            x[i] = 0
            y[i] = 0
            vx[i] = 0
            vy[i] = 0
            if !z.isShared { z[i] = 0 }
            if !vz.isShared { vz[i] = 0 }
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
        runs.shiftDeathBounds(by: shift)
    }

    // MARK: - Removal

    /// After every step, with the number of live slots: removes tombstones and keeps the allocation
    /// close to the live count (docs/Particles.md, "Storage"). Returns the number of tombstones removed.
    ///
    /// - When the room left at the end of the allocation would not hold two more steps of births (at
    ///   most a quarter of the live count), the
    ///   survivors move to the front (tombstones dropped in the same pass); the allocation grows to
    ///   `grownCapacity` if that would leave less than a quarter of the live count free.
    /// - When the allocation exceeds twice what is needed (a burst died), it shrinks to `grownCapacity`.
    /// - Otherwise tombstones are removed once they reach 1/`compactionDivisor` of the live count (at
    ///   least 64): the update streams tombstones too, and at a million particles a few percent more
    ///   slots push its working set out of the last-level cache (docs/Particles.md, "Storage").
    @discardableResult
    func maintain(aliveFrom: Float, alive: Int) -> Int {
        guard capacity > 0 else { return 0 }
        // Room for two steps of births, but a one-off burst does not make the store grow for more.
        let margin = max(64, min(2 * recentBirths, alive / 4))
        recentBirths = 0
        let dead = count - alive
        let needed = alive + margin
        let oversized = capacity > 2 * needed
        if oversized || capacity - head - count < margin {
            let tooSmall = capacity - alive < max(margin, alive / 4)
            return relocate(
                capacity: oversized || tooSmall ? Self.grownCapacity(for: needed) : capacity, aliveFrom: aliveFrom)
        }
        if dead > 0 && (alive == 0 || (dead >= 64 && dead * Self.compactionDivisor >= alive)) {
            return compact(aliveFrom: aliveFrom)
        }
        return 0
    }

    /// The last slot whose death time is before `aliveFrom` (or NaN), or −1 if every slot is alive.
    ///
    /// Reads only the runs whose earliest death has come (from the last run back): the young
    /// survivors after the last tombstone are most of the store, and their runs' bounds vouch for them.
    func lastTombstone(aliveFrom: Float) -> Int {
        let starts = runs.starts
        let earliest = runs.earliestDeath
        var end = count
        var r = starts.count - 1
        while r >= 0 {
            if !(earliest[r] >= aliveFrom) {
                let last = Self.lastTombstone(death, from: starts[r], to: end, aliveFrom: aliveFrom)
                if last >= 0 { return last }
            }
            end = starts[r]
            r -= 1
        }
        return Self.lastTombstone(death, from: 0, to: end, aliveFrom: aliveFrom)
    }

    /// The last slot of from..<to whose death time is before `aliveFrom` (or NaN), or −1: sixteen
    /// death times at a time from the end.
    static func lastTombstone(_ d: UnsafeMutablePointer<Float>, from: Int, to: Int, aliveFrom: Float) -> Int {
        let limit = SIMD16<Float>(repeating: aliveFrom)
        var end = to
        while end - from >= 16 && all(UnsafeRawPointer(d + end - 16).loadUnaligned(as: SIMD16<Float>.self) .>= limit) {
            end -= 16
        }
        var last = end - 1
        while last >= from && d[last] >= aliveFrom { last -= 1 }
        return last >= from ? last : -1
    }

    /// Makes slot `i` a tombstone dying at `deathTime` (a kill: a time already passed), keeping its
    /// run's death-time bounds sound.
    func kill(_ i: Int, deathTime: Float) {
        death[i] = deathTime
        runs.noteKill(slot: i, death: deathTime)
    }

    /// Removes the tombstones (death time < aliveFrom), keeping birth order. Returns the number removed.
    ///
    /// The survivors up to the last tombstone move forward against the younger particles, which stay
    /// in place; slot 0 then starts further into the columns. Deaths cluster among the oldest particles,
    /// so this moves a fraction of the store. Slot 0 stays on a cache line: when the tombstones removed
    /// are not a multiple of `slotAlignment`, the oldest few (at most 15) stay as tombstones.
    @discardableResult
    func compact(aliveFrom: Float) -> Int {
        let n = count
        let last = lastTombstone(aliveFrom: aliveFrom)
        if last < 0 { return 0 }
        compactions += 1
        let moved = removalColumns(head: head)
        // Run by run from the back, so each run's new start is known without a separate pass: after
        // run r's slots, the first survivor at or after its start sits at j + 1 (before the head moves).
        let starts = runs.starts
        var positions = starts
        var j = last
        var end = last + 1
        for r in stride(from: starts.count - 1, through: 0, by: -1) where starts[r] <= last + 1 {
            j = Self.keepSurvivorsBackward(moved, from: starts[r], to: end, j: j, aliveFrom: aliveFrom)
            positions[r] = j + 1
            end = starts[r]
        }
        j = Self.keepSurvivorsBackward(moved, from: 0, to: end, j: j, aliveFrom: aliveFrom)
        // Slot 0 stays on a cache-line boundary: up to 15 slots before the oldest survivor are kept
        // as tombstones, so the update's vector loads and stores never straddle two lines.
        var removed = j + 1
        let pad = n > removed ? (head + removed) % Self.slotAlignment : 0
        if pad > 0 {
            removed -= pad
            clearTombstones(moved, from: removed, count: pad)
        }
        // Runs after `last` only shift with slot 0; the padding tombstones join the first run.
        var newStarts = (0..<starts.count).map {
            starts[$0] > last + 1 ? starts[$0] - removed : positions[$0] - removed
        }
        for r in newStarts.indices where newStarts[r] <= pad { newStarts[r] = 0 }
        head += removed
        updateViews()
        count = n - removed
        runs.compacted(newStarts: newStarts, newSlotCount: count)
        if pad > 0 { runs.noteKill(slot: 0, death: -.infinity) }
        finishRemoval()
        return removed
    }

    /// Moves the survivors of slots from..<to, last first, to the slots ending at `j` (j ≥ every
    /// source slot, so nothing unread is overwritten); returns the slot before the last one written.
    /// Slots below the written survivors may receive copies of other slots (`CStreamCompaction`).
    @inline(__always)
    private static func keepSurvivorsBackward(
        _ moved: RemovalColumns, from: Int, to: Int, j start: Int,
        aliveFrom: Float
    ) -> Int {
        guard to > from else { return start }
        return moved.floats.withUnsafeBufferPointer { floats in
            csc_keep_survivors_backward(
                floats.baseAddress, Int32(floats.count), moved.words, moved.death,
                from, to, start, aliveFrom)
        }
    }

    /// Removes the tombstones and moves the survivors to slot 0, keeping birth order (one pass over the
    /// slots in use), then reallocates to `newCapacity` slots if that differs. Returns the number removed.
    @discardableResult
    func relocate(capacity newCapacity: Int, aliveFrom: Float) -> Int {
        let n = count
        relocations += 1
        // Slots after the last tombstone all survive: they move as whole blocks, column by column.
        // (Found before slot 0 moves: the views then point at the destination.)
        let tail = lastTombstone(aliveFrom: aliveFrom) + 1
        let src = removalColumns(head: head)
        let dst = removalColumns(head: 0)
        head = 0
        updateViews()
        // Run by run up to there, so each run's new start is the number of survivors before it.
        let starts = runs.starts
        var newStarts = starts
        var j = 0
        var begin = 0
        var r = 0
        while r < starts.count && starts[r] <= tail {
            j = Self.keepSurvivorsForward(dst, src, from: begin, to: starts[r], j: j, aliveFrom: aliveFrom)
            newStarts[r] = j
            begin = starts[r]
            r += 1
        }
        j = Self.keepSurvivorsForward(dst, src, from: begin, to: tail, j: j, aliveFrom: aliveFrom)
        let shift = tail - j
        while r < starts.count {
            newStarts[r] = starts[r] - shift
            r += 1
        }
        if tail < n {
            Self.moveBlock(dst, src, from: tail, to: j, count: n - tail)
            j += n - tail
        }
        count = j
        runs.compacted(newStarts: newStarts, newSlotCount: count)
        if newCapacity != capacity { reallocate(capacity: newCapacity, keeping: count) }
        finishRemoval()
        return n - j
    }

    /// Moves source slots from..<from + count to destination slots from `to` in every column (the
    /// destination lies before the source; the blocks may overlap).
    private static func moveBlock(_ dst: RemovalColumns, _ src: RemovalColumns, from: Int, to: Int, count: Int) {
        for case (let d?, let s?) in zip(dst.floats, src.floats) { (d + to).update(from: s + from, count: count) }
        if let d = dst.words, let s = src.words { (d + to).update(from: s + from, count: count) }
    }

    /// Moves the survivors of source slots from..<to, first first, to destination slots from `j`
    /// (the destination lies `offset` slots before the source, so nothing unread is overwritten);
    /// returns the next destination slot. Up to 7 destination slots after it may receive copies.
    @inline(__always)
    private static func keepSurvivorsForward(
        _ dst: RemovalColumns, _ src: RemovalColumns,
        from: Int, to: Int, j start: Int, aliveFrom: Float
    ) -> Int {
        guard to > from else { return start }
        return dst.floats.withUnsafeBufferPointer { d in
            src.floats.withUnsafeBufferPointer { s in
                csc_keep_survivors_forward(
                    d.baseAddress, s.baseAddress, Int32(d.count), dst.words, src.words, src.death,
                    from, to, start, aliveFrom)
            }
        }
    }

    /// Tombstones are removed once they reach this fraction (1/n) of the live count: compaction is a
    /// vector kernel (`CStreamCompaction`), so removing often costs less than streaming tombstones
    /// (docs/PerformanceHistory.md, "Removal").
    static let compactionDivisor = 32

    /// Slots per 64-byte cache line of a Float column: slot 0 is kept at a multiple of it.
    static let slotAlignment = 16

    /// Makes slots from..<from + count tombstones with zero motion (death −∞), in every moved column.
    private func clearTombstones(_ moved: RemovalColumns, from: Int, count: Int) {
        for case let column? in moved.floats { (column + from).update(repeating: 0, count: count) }
        moved.words.map { ($0 + from).update(repeating: 0, count: count) }
        (moved.death + from).update(repeating: -.infinity, count: count)
    }

    /// Every column removal moves, as pointers to slot 0 of a view that starts `head` slots into the
    /// allocation: the Float columns (death among them; then stored scale and spin, accumulators and
    /// extensions) and the 8-byte colour words if stored.
    private struct RemovalColumns {
        let floats: [UnsafeMutablePointer<Float>?]
        let words: UnsafeMutablePointer<UInt64>?
        let death: UnsafeMutablePointer<Float>
    }

    /// The columns removal moves, seen from `h` slots into the allocation.
    private func removalColumns(head h: Int) -> RemovalColumns {
        // Identities move as Float bit patterns: the kernels copy and permute, never compute.
        var floats = floatBases + accumulatorBases + extraBases
        if let idBase { floats.append(UnsafeMutableRawPointer(idBase).assumingMemoryBound(to: Float.self)) }
        for column in [SharedColumn.z, .vz, .scale, .spin] where isStored(column) {
            if let b = sharedBases[column.rawValue] { floats.append(b.assumingMemoryBound(to: Float.self)) }
        }
        let words =
            isStored(.color)
            ? sharedBases[SharedColumn.color.rawValue].map { $0.assumingMemoryBound(to: UInt64.self) + h } : nil
        return RemovalColumns(
            floats: floats.map { Optional($0 + h) }, words: words, death: floatBases[Column.death.rawValue] + h)
    }

    /// Bookkeeping after tombstones were removed.
    private func finishRemoval() {
        if count == 0 {
            zMoves = false
            head = 0
            updateViews()
            shareColumnsWhenEmpty()
        }
    }

    /// Empties the store, keeping its allocation.
    func removeAll() {
        count = 0
        head = 0
        updateViews()
        zMoves = false
        runs.removeAll()
        shareColumnsWhenEmpty()
    }
}

// MARK: - Benchmark access

@_spi(Benchmarks)
extension ParticleStore {
    /// Appends a particle with zero spin, unit scale and white colour (benchmark setup only).
    public func appendForBenchmark(
        x: Float, y: Float, z: Float, vx: Float, vy: Float, vz: Float,
        death: Float, life: Float, batch: UInt64
    ) {
        let white = HalfFloat.pack(1)
        append(
            batch: batch, x: x, y: y, z: z, vx: vx, vy: vy, vz: vz, death: death, life: life,
            scale: 1, spin: 0, color: (white, white, white, white))
    }

    /// Whether the store integrates z (so a reference loop can do the same work).
    public var zMovesForBenchmark: Bool { zMoves }

    /// Slot 0 of the z positions and velocities while they are stored (`zMovesForBenchmark`); else
    /// their shared values.
    public var zColumnsForBenchmark: (z: UnsafeMutablePointer<Float>, vz: UnsafeMutablePointer<Float>) {
        (z.base, vz.base)
    }

    /// A new store holding only the live slots (death time ≥ `aliveFrom`) in birth order, with their
    /// birth runs, at exactly the capacity they need: the same particles without tombstones or free room.
    public func liveCopy(aliveFrom: Float) -> ParticleStore {
        var alive = 0
        for i in 0..<count where death[i] >= aliveFrom { alive += 1 }
        let copy = ParticleStore(accumulatorCount: accumulatorCount, capacity: alive)
        for r in 0..<runs.count {
            for i in runs.range(of: r, slotCount: count) where death[i] >= aliveFrom {
                copy.append(
                    batch: runs.batches[r], x: x[i], y: y[i], z: z[i], vx: vx[i], vy: vy[i], vz: vz[i],
                    death: death[i], life: life[i], scale: scale[i], spin: spin[i],
                    color: (color[4 * i], color[4 * i + 1], color[4 * i + 2], color[4 * i + 3]))
            }
        }
        return copy
    }
}

// MARK: - Death-time bounds

/// The earliest and latest death times of a batch of births, gathered while they are written so the
/// run's bounds (`BirthRuns`) need no second pass.
struct DeathBounds {
    /// The lowest and highest death times included that are not NaN, seconds after the epoch; +∞ / −∞
    /// while there is none.
    private(set) var lowest = Float.infinity, highest = -Float.infinity
    /// Whether a NaN was included.
    private(set) var sawNaN = false

    /// The earliest death time, −∞ if a NaN (never alive) was included: tombstone searches trust it.
    var earliest: Float { sawNaN ? -.infinity : lowest }
    /// The latest death time.
    var latest: Float { highest }

    /// Widens the bounds to `death`.
    @inline(__always)
    mutating func include(_ death: Float) {
        if death.isNaN {
            sawNaN = true
        } else {
            lowest = min(lowest, death)
            highest = max(highest, death)
        }
    }

    /// Widens the bounds to another batch's.
    mutating func include(_ other: DeathBounds) {
        sawNaN = sawNaN || other.sawNaN
        lowest = min(lowest, other.lowest)
        highest = max(highest, other.highest)
    }

    /// The bounds of the `n` death times at `d` (a batch just written) and how many of them are at
    /// least `threshold` (NaN is not), in one pass eight lanes at a time: the compiler keeps a scalar
    /// min/max chain in order (its NaN rules are not associative), so the lanes are explicit. A NaN
    /// never wins a comparison and is tallied apart; the sign of a zero bound may depend on the lanes,
    /// which no comparison of death times can see.
    @inline(__always)
    static func of(_ d: UnsafePointer<Float>, count n: Int, livingFrom threshold: Float) -> (
        bounds: DeathBounds, living: Int
    ) {
        var living = SIMD8<Int32>()
        var lo = SIMD8<Float>(repeating: .infinity)
        var hi = SIMD8<Float>(repeating: -.infinity)
        var nan = SIMDMask<SIMD8<Int32>>()
        var j = 0
        while j &+ 8 <= n {
            let t = UnsafeRawPointer(d + j).loadUnaligned(as: SIMD8<Float>.self)
            living &-= SIMD8<Int32>().replacing(with: -1, where: t .>= threshold)
            nan .|= t .!= t
            lo.replace(with: t, where: t .< lo)
            hi.replace(with: t, where: t .> hi)
            j &+= 8
        }
        var b = DeathBounds(sawNaN: any(nan))
        var count = Int(living.wrappedSum())
        for lane in 0..<8 {
            b.lowest = lo[lane] < b.lowest ? lo[lane] : b.lowest
            b.highest = hi[lane] > b.highest ? hi[lane] : b.highest
        }
        while j < n {
            let t = d[j]
            count += t >= threshold ? 1 : 0
            b.sawNaN = b.sawNaN || t != t
            b.lowest = t < b.lowest ? t : b.lowest
            b.highest = t > b.highest ? t : b.highest
            j &+= 1
        }
        return (b, count)
    }
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
    /// Flipbook start frame drawn at birth (`randomStartFrame`), a whole number stored as a Float.
    case frameStart

    var bit: UInt32 { 1 << UInt32(rawValue) }

    static func mask(_ columns: [ExtraColumn]) -> UInt32 { columns.reduce(0) { $0 | $1.bit } }
}
