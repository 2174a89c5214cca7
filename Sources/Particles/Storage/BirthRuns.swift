// MARK: - Birth runs

/// Where each birth batch starts in a cell's storage, so that the particles of all cells can be put in
/// global birth order without a per-particle sequence number (docs/Particles.md, "Draw order").
///
/// A batch is one fixed step's births, or one `emit`/`spawn` call. Births are appended to a cell's
/// storage, so the slots of one batch form a contiguous run; the run ends where the next begins.
struct BirthRuns {
    /// Batch number of each run, strictly increasing.
    private(set) var batches: [UInt64] = []
    /// First slot of each run, strictly increasing.
    private(set) var starts: [Int] = []

    /// Number of runs.
    var count: Int { batches.count }

    /// Records that slot `slot` (the new last slot) was born in `batch`.
    mutating func noteBirth(batch: UInt64, slot: Int) {
        if let last = batches.last, last == batch { return }
        batches.append(batch)
        starts.append(slot)
    }

    /// The slots of run `r` in a store holding `slotCount` slots.
    func range(of r: Int, slotCount: Int) -> Range<Int> {
        starts[r]..<(r + 1 < starts.count ? starts[r + 1] : slotCount)
    }

    /// Replaces the starts after a stable compaction and drops runs that became empty.
    /// `newStarts[r]` is the new index of the first surviving slot at or after the old start of run r.
    mutating func compacted(newStarts: [Int], newSlotCount: Int) {
        var b: [UInt64] = [], s: [Int] = []
        b.reserveCapacity(batches.count)
        s.reserveCapacity(batches.count)
        for r in 0..<batches.count {
            let end = r + 1 < newStarts.count ? newStarts[r + 1] : newSlotCount
            if newStarts[r] < end {
                b.append(batches[r])
                s.append(newStarts[r])
            }
        }
        batches = b
        starts = s
    }

    /// Forgets every run.
    mutating func removeAll() {
        batches.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
    }
}
