import Foundation

/// Follows a cell's particles across steps while their slots move (removal compacts the store), with
/// one `Int32` tag and two Floats per particle (a particle body's slot and the velocity last written,
/// or the place where a particle stuck).
///
/// Slots keep birth order and removal drops only tombstones, so after a step the survivors of the
/// recorded slots appear in the same order, followed by new births. A particle keeps its death time
/// for life and a tombstone's death time is below every survivor's, so walking both lists and matching
/// death times pairs every survivor with its old entry exactly (equal death times meet the same fate).
struct ParticleTracker {
    // MARK: - Entries, in slot order

    /// Death time of each recorded slot (simulation clock, seconds).
    private(set) var death: [Double] = []
    /// The tag of each slot; -1 for none.
    var tag: [Int32] = []
    /// Two Floats per slot for the owner's use.
    var a: [Float] = []
    var b: [Float] = []

    /// Number of entries.
    var count: Int { death.count }

    // MARK: - Following

    /// Re-aligns the entries with the store after a step: survivors keep their tags, new births get -1.
    /// `lost` receives the tag of every tagged entry whose particle was removed or is dead.
    mutating func follow(_ buffers: ParticleBuffers, lost: (Int32) -> Void) {
        let n = buffers.count
        var newTag = [Int32](repeating: -1, count: n)
        var newA = [Float](repeating: 0, count: n)
        var newB = [Float](repeating: 0, count: n)
        var k = 0
        for j in 0..<death.count {
            if k < n && buffers.deathTime(k) == death[j] {
                newTag[k] = tag[j]
                newA[k] = a[j]
                newB[k] = b[j]
                k += 1
            } else if tag[j] >= 0 {
                lost(tag[j])
            }
        }
        for i in 0..<n where newTag[i] >= 0 && !buffers.isAlive(i) {
            lost(newTag[i])
            newTag[i] = -1
        }
        tag = newTag
        a = newA
        b = newB
        record(buffers)
    }

    /// Remembers the current death times (after the coupling's own kills, so killed particles match).
    mutating func record(_ buffers: ParticleBuffers) {
        let n = buffers.count
        if death.count != n { death = [Double](repeating: 0, count: n) }
        for i in 0..<n { death[i] = buffers.deathTime(i) }
        if tag.count != n {
            tag += [Int32](repeating: -1, count: max(0, n - tag.count))
            a += [Float](repeating: 0, count: max(0, n - a.count))
            b += [Float](repeating: 0, count: max(0, n - b.count))
            tag.removeLast(max(0, tag.count - n))
            a.removeLast(max(0, a.count - n))
            b.removeLast(max(0, b.count - n))
        }
    }
}
