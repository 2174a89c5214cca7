import Foundation

/// A growable buffer of plain values in one allocation, for the hot loops of the particle code: its
/// `pointer` is stable between mutations and carries no bounds checks or reference counting.
final class PodBuffer<Element: BitwiseCopyable> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit { pointer.deallocate() }

    /// Makes room for `n` elements in total, keeping the contents.
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        let newCapacity = max(n, capacity * 2)
        let p = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        p.update(from: pointer, count: count)
        pointer.deallocate()
        pointer = p
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ e: Element) {
        if count == capacity { reserve(count + 1) }
        (pointer + count).initialize(to: e)
        count += 1
    }

    /// Sets the count to `n`, every element to `value`.
    func reset(count n: Int, to value: Element) {
        reserve(n)
        pointer.update(repeating: value, count: n)
        count = n
    }

    func removeAll() { count = 0 }

    /// Removes element `i`, shifting the later ones down.
    func remove(at i: Int) {
        guard i >= 0, i < count else { return }
        for j in i..<(count - 1) { pointer[j] = pointer[j + 1] }
        count -= 1
    }

    @inline(__always)
    subscript(i: Int) -> Element {
        get { pointer[i] }
        set { pointer[i] = newValue }
    }
}
