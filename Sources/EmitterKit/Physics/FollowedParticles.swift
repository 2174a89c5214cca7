import Foundation

/// What the coupling keeps about some of a cell's particles from one step to the next, by particle id
/// (`ParticleStepView.ids`): a body-mode particle's body (its slot in the group, and the world velocity
/// last written into it), or where a stuck particle rests (world coordinates).
///
/// Entries are kept in id order, which is slot order (ids increase in birth order and slots keep it),
/// so matching them with a step's particles is one merge of two sorted lists.
struct FollowedParticles {
    // MARK: - Entries, in id (and slot) order

    /// Each entry's particle id.
    private(set) var ids: [UInt32] = []
    /// Each entry's slot in the last view it followed.
    private(set) var slots: [Int] = []
    /// The body slot (body mode), or 1 for a stuck particle (stick).
    private(set) var tags: [Int32] = []
    /// Two Floats per entry for the owner: the world velocity last written into the body, or the world
    /// position where the particle stuck.
    var a: [Float] = [], b: [Float] = []
    /// The next list while it is built (`follow`, `merge`), kept for its storage.
    private var next = Entries()

    /// Number of entries.
    var count: Int { ids.count }

    private struct Entries {
        var ids: [UInt32] = [], slots: [Int] = [], tags: [Int32] = [], a: [Float] = [], b: [Float] = []

        mutating func removeAll() {
            ids.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
            tags.removeAll(keepingCapacity: true)
            a.removeAll(keepingCapacity: true)
            b.removeAll(keepingCapacity: true)
        }

        mutating func append(id: UInt32, slot: Int, tag: Int32, a x: Float, b y: Float) {
            ids.append(id)
            slots.append(slot)
            tags.append(tag)
            a.append(x)
            b.append(y)
        }
    }

    // MARK: - Following

    /// Whether id `p` comes before id `q` in birth order (ids wrap at 2³²; the live particles of a cell
    /// span far fewer than 2³¹ births).
    @inline(__always)
    static func precedes(_ p: UInt32, _ q: UInt32) -> Bool { Int32(bitPattern: p &- q) < 0 }

    /// Matches the entries with `view`'s particles (a view with identities) after a step: each entry
    /// whose particle is still alive learns its slot; the others are dropped, `lost` receiving their
    /// tags — first those whose particles the store removed, in id order, then those still there but
    /// dead, in slot order.
    mutating func follow(_ view: ParticleStepView, lost: (Int32) -> Void) {
        guard let particle = view.ids, count > 0 else { return }
        next.removeAll()
        var dead: [Int32] = []
        var i = 0
        for k in 0..<count {
            let id = ids[k]
            while i < view.count && Self.precedes(particle[i], id) { i += 1 }
            if i < view.count && particle[i] == id {
                if view.isAlive(i) {
                    next.append(id: id, slot: i, tag: tags[k], a: a[k], b: b[k])
                } else {
                    dead.append(tags[k])
                }
                i += 1
            } else {
                lost(tags[k])
            }
        }
        for tag in dead { lost(tag) }
        swapInNext()
    }

    /// Adds entries for the slots `added` lists (in increasing slot order, none of them followed yet),
    /// keeping slot order: (slot, tag, a, b) each.
    mutating func merge(_ added: [(slot: Int, tag: Int32, a: Float, b: Float)], ids particle: UnsafePointer<UInt32>) {
        guard !added.isEmpty else { return }
        next.removeAll()
        var k = 0
        for entry in added {
            while k < count && slots[k] < entry.slot {
                next.append(id: ids[k], slot: slots[k], tag: tags[k], a: a[k], b: b[k])
                k += 1
            }
            next.append(id: particle[entry.slot], slot: entry.slot, tag: entry.tag, a: entry.a, b: entry.b)
        }
        while k < count {
            next.append(id: ids[k], slot: slots[k], tag: tags[k], a: a[k], b: b[k])
            k += 1
        }
        swapInNext()
    }

    /// The entry of slot `i` for a walk over slots in increasing order: `cursor` starts at 0 and only
    /// moves forward.
    @inline(__always)
    func entry(ofSlot i: Int, cursor: inout Int) -> Int? {
        while cursor < count && slots[cursor] < i { cursor += 1 }
        return cursor < count && slots[cursor] == i ? cursor : nil
    }

    /// Forgets every entry.
    mutating func removeAll() {
        next.removeAll()
        swapInNext()
    }

    private mutating func swapInNext() {
        swap(&ids, &next.ids)
        swap(&slots, &next.slots)
        swap(&tags, &next.tags)
        swap(&a, &next.a)
        swap(&b, &next.b)
    }
}
