// MARK: - Birth runs

/// Where each birth batch starts in a cell's storage, so that the particles of all cells can be put in
/// global birth order without a per-particle sequence number (docs/Particles.md, "Draw order").
///
/// A batch is one fixed step's births, or one `burst` call. Births are appended to a cell's
/// storage, so the slots of one batch form a contiguous run; the run ends where the next begins.
struct BirthRuns {
    /// Batch number of each run, strictly increasing.
    private(set) var batches: [UInt64] = []
    /// First slot of each run, strictly increasing.
    private(set) var starts: [Int] = []
    /// Bounds of each run's death times (seconds after the epoch): no slot of run r dies before
    /// `earliestDeath[r]` or after `latestDeath[r]`. Sound after removal (bounds of the survivors),
    /// after kills (`noteKill` lowers the earliest bound to the killed slot's new death time) and after
    /// epoch shifts (applied to the bounds with the same rounding), so a pass looking for deaths in a
    /// window skips every run whose bounds miss it, and a search for tombstones every run whose
    /// earliest death is still to come.
    private(set) var earliestDeath: [Float] = [], latestDeath: [Float] = []

    /// Number of runs.
    var count: Int { batches.count }

    /// Records that slots from `slot` on (the new last slots) were born in `batch`, dying between
    /// `earliest` and `latest`.
    mutating func noteBirths(batch: UInt64, slot: Int, earliest: Float, latest: Float) {
        if let last = batches.last, last == batch {
            earliestDeath[earliestDeath.count - 1] = min(earliestDeath[earliestDeath.count - 1], earliest)
            latestDeath[latestDeath.count - 1] = max(latestDeath[latestDeath.count - 1], latest)
            return
        }
        batches.append(batch)
        starts.append(slot)
        earliestDeath.append(earliest)
        latestDeath.append(latest)
    }

    /// Records that the particle in `slot` now dies at `death` (a kill or a tombstone written in place;
    /// NaN counts as the earliest possible time).
    mutating func noteKill(slot: Int, death: Float) {
        guard let r = run(containing: slot) else { return }
        earliestDeath[r] = death.isNaN ? -.infinity : min(earliestDeath[r], death)
    }

    /// The run holding `slot`: the last one starting at or before it (nil before the first run).
    func run(containing slot: Int) -> Int? {
        var lo = 0
        var hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= slot { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    /// Subtracts `shift` from the death-time bounds (the store's death times moved by the same shift).
    mutating func shiftDeathBounds(by shift: Float) {
        for r in 0..<earliestDeath.count {
            earliestDeath[r] -= shift
            latestDeath[r] -= shift
        }
    }

    /// The slots of run `r` in a store holding `slotCount` slots.
    func range(of r: Int, slotCount: Int) -> Range<Int> {
        starts[r]..<(r + 1 < starts.count ? starts[r + 1] : slotCount)
    }

    /// Replaces the starts after a stable compaction and drops runs that became empty.
    /// `newStarts[r]` is the new index of the first surviving slot at or after the old start of run r.
    mutating func compacted(newStarts: [Int], newSlotCount: Int) {
        var kept = 0
        for r in 0..<batches.count {
            let end = r + 1 < newStarts.count ? newStarts[r + 1] : newSlotCount
            if newStarts[r] < end {
                batches[kept] = batches[r]
                starts[kept] = newStarts[r]
                earliestDeath[kept] = earliestDeath[r]
                latestDeath[kept] = latestDeath[r]
                kept += 1
            }
        }
        batches.removeLast(batches.count - kept)
        starts.removeLast(starts.count - kept)
        earliestDeath.removeLast(earliestDeath.count - kept)
        latestDeath.removeLast(latestDeath.count - kept)
    }

    /// Forgets every run.
    mutating func removeAll() {
        batches.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        earliestDeath.removeAll(keepingCapacity: true)
        latestDeath.removeAll(keepingCapacity: true)
    }
}
