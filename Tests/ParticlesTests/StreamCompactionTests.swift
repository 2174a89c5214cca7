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

        /// Every element of the Float columns and of the words, sentinels included.
        var floats: [[Float]] { storage.map { Array(UnsafeBufferPointer(start: $0, count: total)) } }
        var words: [UInt64] { Array(UnsafeBufferPointer(start: wordStorage, count: total)) }
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
        csc_set_avx2_enabled(avx2 ? 1 : 0)
        defer { csc_set_avx2_enabled(1) }
        var random = SeededRandom(seed: 3)
        for n in 0...70 {
            for p: Float in [0, 0.3, 0.8, 1] {
                for extra in [0, 3] {
                    let deaths = Self.deaths(n, survival: p, random: &random)
                    let survivors = (0..<n).filter { deaths[$0] >= 1 }
                    let columns = Columns(deaths: deaths)
                    // The destination ends `extra` slots past the source (slots n..<n+extra are free room).
                    let j = n - 1 + extra
                    let (floats, words) = columns.slotZero
                    let result = floats.withUnsafeBufferPointer {
                        csc_keep_survivors_backward($0.baseAddress, 3, words, floats[1], 0, n, j, 1)
                    }
                    let b = Columns.below, f = columns.floats, w = columns.words
                    let context = "n \(n), survival \(p), extra \(extra), avx2 \(avx2 && csc_uses_avx2() != 0)"
                    #expect(result == j - survivors.count, "\(context): returned \(result)")
                    for (t, k) in survivors.enumerated() {
                        let slot = b + j - survivors.count + 1 + t
                        #expect(f[0][slot] == Float(k) && f[1][slot] == 5 && f[2][slot] == -Float(k)
                                && w[slot] == UInt64(k) | 1 << 40, "\(context): survivor \(t) (slot \(k))")
                    }
                    // Nothing below slot 0 or past j is written.
                    #expect(f.allSatisfy { $0[..<b].allSatisfy { $0 == 7777 } && $0[(b + j + 1)...].allSatisfy { $0 == 7777 } }
                            && w[..<b].allSatisfy { $0 == 7777 } && w[(b + j + 1)...].allSatisfy { $0 == 7777 },
                            "\(context): a slot outside 0...j was written")
                }
            }
        }
    }

    @Test(arguments: [true, false])
    func forwardKeepsTheSurvivorsInOrderFromJ(avx2: Bool) {
        csc_set_avx2_enabled(avx2 ? 1 : 0)
        defer { csc_set_avx2_enabled(1) }
        var random = SeededRandom(seed: 4)
        for n in 0...70 {
            for p: Float in [0, 0.3, 0.8, 1] {
                for offset in [0, 5, 16] where offset <= n {
                    // In place: the destination starts `offset` slots before the source's first slot.
                    let deaths = Self.deaths(n, survival: p, random: &random)
                    let survivors = (offset..<n).filter { deaths[$0] >= 1 }
                    let columns = Columns(deaths: deaths)
                    let (floats, words) = columns.slotZero
                    let result = floats.withUnsafeBufferPointer {
                        csc_keep_survivors_forward($0.baseAddress, $0.baseAddress, 3, words, words, floats[1], offset, n, 0, 1)
                    }
                    let b = Columns.below, f = columns.floats, w = columns.words
                    let context = "n \(n), survival \(p), offset \(offset), avx2 \(avx2 && csc_uses_avx2() != 0)"
                    #expect(result == survivors.count, "\(context): returned \(result)")
                    for (t, k) in survivors.enumerated() {
                        #expect(f[0][b + t] == Float(k) && f[2][b + t] == -Float(k)
                                && w[b + t] == UInt64(k) | 1 << 40, "\(context): survivor \(t) (slot \(k))")
                    }
                    // Nothing outside the source slots is written.
                    #expect(f.allSatisfy { $0[..<b].allSatisfy { $0 == 7777 } && $0[(b + n)...].allSatisfy { $0 == 7777 } }
                            && w[..<b].allSatisfy { $0 == 7777 } && w[(b + n)...].allSatisfy { $0 == 7777 },
                            "\(context): a slot outside 0..<n was written")
                }
            }
        }
    }
}
