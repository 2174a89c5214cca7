import Foundation

/// Growable Float and Int32 columns in one allocation each, reused every step, for gathering a cell's
/// live particles into contiguous world-coordinate arrays (no allocation in the steady state).
final class ScratchColumns {
    // MARK: - Columns

    /// Previous positions, positions and velocities, world coordinates.
    private(set) var px: UnsafeMutablePointer<Float>
    private(set) var py: UnsafeMutablePointer<Float>
    private(set) var x: UnsafeMutablePointer<Float>
    private(set) var y: UnsafeMutablePointer<Float>
    private(set) var vx: UnsafeMutablePointer<Float>
    private(set) var vy: UnsafeMutablePointer<Float>
    /// The particle slot of each gathered entry.
    private(set) var slot: UnsafeMutablePointer<Int32>
    private(set) var capacity = 0
    private var floats: UnsafeMutablePointer<Float>

    init() {
        floats = .allocate(capacity: 6)
        px = floats
        py = floats + 1
        x = floats + 2
        y = floats + 3
        vx = floats + 4
        vy = floats + 5
        slot = .allocate(capacity: 1)
        capacity = 1
    }

    deinit {
        floats.deallocate()
        slot.deallocate()
    }

    // MARK: - Growing

    /// Makes room for `n` entries, keeping the first `keep` (0: contents are not kept).
    func reserve(_ n: Int, keeping keep: Int = 0) {
        guard n > capacity else { return }
        let c = max(n, capacity * 2)
        let newFloats = UnsafeMutablePointer<Float>.allocate(capacity: 6 * c)
        let newSlot = UnsafeMutablePointer<Int32>.allocate(capacity: c)
        let kept = min(keep, capacity)
        for (k, old) in [px, py, x, y, vx, vy].enumerated() { (newFloats + k * c).update(from: old, count: kept) }
        newSlot.update(from: slot, count: kept)
        floats.deallocate()
        slot.deallocate()
        floats = newFloats
        px = floats
        py = floats + c
        x = floats + 2 * c
        y = floats + 3 * c
        vx = floats + 4 * c
        vy = floats + 5 * c
        slot = newSlot
        capacity = c
    }
}
