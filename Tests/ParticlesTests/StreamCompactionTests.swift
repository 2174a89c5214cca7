import CStreamCompaction
import LayerKit
import Testing

/// The tombstone-removal kernel (`CStreamCompaction`): its AVX2 and scalar paths keep exactly the
/// survivors, in order, in every column, and never touch a slot they must not. (Switching the path is
/// process-wide; other suites running meanwhile take the scalar path, which makes the same copies.)
@Suite(.serialized) struct StreamCompactionTests {
    /// Three Float columns (the second is the death column) and one word column: slot k holds k, its
    /// death time, −k and k | 1 << 40; `below` and `above` slots around 0..<n hold the sentinel 7777.
    final class Columns {
        static let below = 16, above = 16
        let total: Int
        let storage: [UnsafeMutablePointer<Float>]
        let wordStorage: UnsafeMutablePointer<UInt64>

        init(deaths: [Float]) {
            let n = deaths.count
            total = Self.below + n + Self.above
            storage = (0..<3).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: Self.below + n + Self.above) }
            wordStorage = .allocate(capacity: total)
            for c in storage { c.initialize(repeating: 7777, count: total) }
            wordStorage.initialize(repeating: 7777, count: total)
            for k in 0..<n {
                storage[0][Self.below + k] = Float(k)
                storage[1][Self.below + k] = deaths[k]
                storage[2][Self.below + k] = -Float(k)
                wordStorage[Self.below + k] = UInt64(k) | 1 << 40
            }
        }

        deinit {
            for c in storage { c.deallocate() }
            wordStorage.deallocate()
        }

        /// Slot 0 of every Float column and of the words.
        var slotZero: ([UnsafeMutablePointer<Float>?], UnsafeMutablePointer<UInt64>) {
            (storage.map { $0 + Self.below }, wordStorage + Self.below)
        }

        /// Whether slot `slot` (from slot 0) holds what source slot `k` held, in every column.
        func holds(survivor k: Int, at slot: Int) -> Bool {
            let i = Self.below + slot
            return storage[0][i] == Float(k) && storage[1][i] == 5 && storage[2][i] == -Float(k) && wordStorage[i] == UInt64(k) | 1 << 40
        }

        /// Whether every slot outside `slots` (from slot 0), sentinels included, still holds 7777.
        func isUntouched(outside slots: Range<Int>) -> Bool {
            let written = (Self.below + slots.lowerBound)..<(Self.below + slots.upperBound)
            return (0..<total).allSatisfy { i in
                written.contains(i) || (storage.allSatisfy { $0[i] == 7777 } && wordStorage[i] == 7777)
            }
        }
    }

    /// Runs `body` for 0–70 slots at four survival rates (death times from `deaths`), on the AVX2 path
    /// (where the CPU has it) or the scalar one.
    static func eachPattern(seed: UInt64, avx2: Bool, _ body: (_ n: Int, _ survival: Float, _ deaths: [Float]) -> Void) {
        csc_set_avx2_enabled(avx2 ? 1 : 0)
        defer { csc_set_avx2_enabled(1) }
        var random = SeededRandom(seed: seed)
        for n in 0...70 {
            for p: Float in [0, 0.3, 0.8, 1] { body(n, p, deaths(n, survival: p, random: &random)) }
        }
    }

    /// Death times for `n` slots where each survives (death 5) with probability `p`, else is a
    /// tombstone (0, −∞ or NaN).
    static func deaths(_ n: Int, survival p: Float, random: inout SeededRandom) -> [Float] {
        (0..<n).map { _ in
            if random.nextUnitFloat() < p { return 5 }
            return [0, -.infinity, .nan][Int(random.next32() % 3)]
        }
    }

    @Test(arguments: [true, false])
    func backwardKeepsTheSurvivorsInOrderEndingAtJ(avx2: Bool) {
        Self.eachPattern(seed: 3, avx2: avx2) { n, p, deaths in
            let survivors = (0..<n).filter { deaths[$0] >= 1 }
            // The destination ends `extra` slots past the source (slots n..<n+extra are free room).
            for extra in [0, 3] {
                let columns = Columns(deaths: deaths)
                let j = n - 1 + extra
                let (floats, words) = columns.slotZero
                let result = floats.withUnsafeBufferPointer {
                    csc_keep_survivors_backward($0.baseAddress, 3, words, floats[1], 0, n, j, 1)
                }
                let context = "n \(n), survival \(p), extra \(extra), avx2 \(avx2 && csc_uses_avx2() != 0)"
                #expect(result == j - survivors.count, "\(context): returned \(result)")
                for (t, k) in survivors.enumerated() {
                    #expect(columns.holds(survivor: k, at: j - survivors.count + 1 + t), "\(context): survivor \(t) (slot \(k))")
                }
                #expect(columns.isUntouched(outside: 0..<(j + 1)), "\(context): a slot outside 0...j was written")
            }
        }
    }

    @Test(arguments: [true, false])
    func forwardKeepsTheSurvivorsInOrderFromJ(avx2: Bool) {
        Self.eachPattern(seed: 4, avx2: avx2) { n, p, deaths in
            // In place: the destination starts `offset` slots before the source's first slot.
            for offset in [0, 5, 16] where offset <= n {
                let survivors = (offset..<n).filter { deaths[$0] >= 1 }
                let columns = Columns(deaths: deaths)
                let (floats, words) = columns.slotZero
                let result = floats.withUnsafeBufferPointer {
                    csc_keep_survivors_forward($0.baseAddress, $0.baseAddress, 3, words, words, floats[1], offset, n, 0, 1)
                }
                let context = "n \(n), survival \(p), offset \(offset), avx2 \(avx2 && csc_uses_avx2() != 0)"
                #expect(result == survivors.count, "\(context): returned \(result)")
                for (t, k) in survivors.enumerated() {
                    #expect(columns.holds(survivor: k, at: t), "\(context): survivor \(t) (slot \(k))")
                }
                #expect(columns.isUntouched(outside: 0..<n), "\(context): a slot outside 0..<n was written")
            }
        }
    }
}
