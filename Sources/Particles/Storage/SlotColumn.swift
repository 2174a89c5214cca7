// MARK: - Slot column

/// A per-slot column of a `ParticleStore` that may be shared: while every slot holds the same value
/// (a cell whose scale, spin or colour has no range), the store keeps that value once instead of a
/// column (docs/Particles.md, "Storage").
///
/// Reading is branch-free: slot `i` is element `i & mask`, where `mask` is all ones for a stored
/// column and 0 (3 for the colour halves, four per slot) for a shared value.
@usableFromInline
struct SlotColumn<Element> {
    /// Element 0 of the column, or the shared value.
    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// All ones for a stored column; 0 (or 3 for colour halves) for a shared value.
    @usableFromInline let mask: Int

    /// Element `i`. Writing a shared column changes every slot; writers check `isShared` first.
    @inlinable @inline(__always)
    subscript(i: Int) -> Element {
        get { base[i & mask] }
        nonmutating set { base[i & mask] = newValue }
    }

    /// Whether every slot shares one stored value.
    var isShared: Bool { mask != ~0 }
}
