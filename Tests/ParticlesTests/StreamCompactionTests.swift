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
            return storage[0][i] == Float(k) && storage[1][i] == 5 && storage[2][i] == -Float(k)
                && wordStorage[i] == UInt64(k) | 1 << 40
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
    static func eachPattern(seed: UInt64, avx2: Bool, _ body: (_ n: Int, _ survival: Float, _ deaths: [Float]) -> Void)
    {
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
                    #expect(
                        columns.holds(survivor: k, at: j - survivors.count + 1 + t),
                        "\(context): survivor \(t) (slot \(k))")
                }
                #expect(columns.isUntouched(outside: 0..<(j + 1)), "\(context): a slot outside 0...j was written")
            }
        }
    }

    /// `count` Float columns, the death times in column `deathColumn` (or, when nil, in a column of their
    /// own), and a word column if `withWords`: slot k of column c holds 16 k + c (its death time in the
    /// death column) and its word k | 1 << 40; `below` and `above` slots around 0..<n hold the sentinel −1.
    final class ManyColumns {
        static let below = 16, above = 16
        let n: Int, total: Int, deathColumn: Int?
        let storage: [UnsafeMutablePointer<Float>]
        let deathStorage: UnsafeMutablePointer<Float>
        let wordStorage: UnsafeMutablePointer<UInt64>?

        init(count: Int, deathColumn: Int?, withWords: Bool, deaths: [Float]) {
            let total = Self.below + deaths.count + Self.above
            n = deaths.count
            self.total = total
            self.deathColumn = deathColumn
            let columns = (0..<count).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: total) }
            storage = columns
            deathStorage = deathColumn.map { columns[$0] } ?? .allocate(capacity: total)
            wordStorage = withWords ? .allocate(capacity: total) : nil
            for column in storage { column.initialize(repeating: -1, count: total) }
            if deathColumn == nil { deathStorage.initialize(repeating: -1, count: total) }
            wordStorage?.initialize(repeating: .max, count: total)
            for k in 0..<n {
                for c in 0..<count { storage[c][Self.below + k] = Float(16 * k + c) }
                deathStorage[Self.below + k] = deaths[k]
                wordStorage?[Self.below + k] = UInt64(k) | 1 << 40
            }
        }

        deinit {
            for column in storage { column.deallocate() }
            if deathColumn == nil { deathStorage.deallocate() }
            wordStorage?.deallocate()
        }

        /// Runs the backward kernel over slots 0..<n with the destination ending at slot `j`.
        func keepSurvivorsBackward(j: Int, aliveFrom: Float) -> Int {
            let floats: [UnsafeMutablePointer<Float>?] = storage.map { $0 + Self.below }
            return floats.withUnsafeBufferPointer {
                csc_keep_survivors_backward(
                    $0.baseAddress, Int32(storage.count), wordStorage.map { $0 + Self.below },
                    deathStorage + Self.below, 0, n, j, aliveFrom)
            }
        }

        /// Whether slot `slot` (from slot 0) holds what source slot `k` held, in every column that moves.
        func holds(survivor k: Int, at slot: Int) -> Bool {
            let i = Self.below + slot
            let floatsHold = storage.indices.allSatisfy { c in
                storage[c][i] == (c == deathColumn ? 5 : Float(16 * k + c))
            }
            return floatsHold && (wordStorage.map { $0[i] == UInt64(k) | 1 << 40 } ?? true)
        }

        /// Whether every slot outside `slots` (from slot 0), sentinels included, still holds −1, and the
        /// death times in a column of their own are all unchanged.
        func isUntouched(outside slots: Range<Int>, deaths: [Float]) -> Bool {
            let written = (Self.below + slots.lowerBound)..<(Self.below + slots.upperBound)
            let outsideUntouched = (0..<total).allSatisfy { i in
                written.contains(i)
                    || (storage.allSatisfy { $0[i] == -1 } && (wordStorage.map { $0[i] == .max } ?? true))
            }
            let ownDeathsUntouched =
                deathColumn != nil
                || (0..<n).allSatisfy { deathStorage[Self.below + $0].bitPattern == deaths[$0].bitPattern }
            return outsideUntouched && ownDeathsUntouched
        }
    }

    /// Death times for `n` slots in alternating runs of survivors and tombstones, each 1–300 slots long.
    static func runDeaths(_ n: Int, random: inout SeededRandom) -> [Float] {
        var deaths: [Float] = []
        var survive = random.next32() % 2 == 0
        while deaths.count < n {
            let length = min(n - deaths.count, 1 + Int(random.next32() % 300))
            deaths += repeatElement(survive ? 5 : -.infinity, count: length)
            survive.toggle()
        }
        return deaths
    }

    /// The AVX2 path moves a chunk of blocks at a time, a group of up to four columns after another, and
    /// finds the keep masks of a chunk before moving it: every column count from 1 to 9 (whole groups and
    /// each remainder), lengths around and across chunk boundaries, long runs, the death times first, last
    /// or in a column of their own, with and without words.
    @Test(arguments: [true, false])
    func backwardKeepsTheSurvivorsForAnyColumnCountAndLength(avx2: Bool) {
        csc_set_avx2_enabled(avx2 ? 1 : 0)
        defer { csc_set_avx2_enabled(1) }
        var random = SeededRandom(seed: 6)
        var trial = 0
        for count in 1...9 {
            for n in [63, 64, 65, 72, 130, 519, 1024, 3001] {
                for pattern in 0..<5 {
                    trial += 1
                    let deaths =
                        pattern == 4
                        ? Self.runDeaths(n, random: &random)
                        : Self.deaths(n, survival: [0, 0.3, 0.87, 1][pattern], random: &random)
                    let survivors = (0..<n).filter { deaths[$0] >= 1 }
                    let deathColumn = [0, count - 1, nil][trial % 3]
                    for extra in [0, 5] {
                        let columns = ManyColumns(
                            count: count, deathColumn: deathColumn, withWords: trial % 2 == 0, deaths: deaths)
                        let j = n - 1 + extra
                        let result = columns.keepSurvivorsBackward(j: j, aliveFrom: 1)
                        let context =
                            "\(count) columns, n \(n), pattern \(pattern), death column \(String(describing: deathColumn)), "
                            + "words \(trial % 2 == 0), extra \(extra), avx2 \(avx2 && csc_uses_avx2() != 0)"
                        #expect(result == j - survivors.count, "\(context): returned \(result)")
                        let misplaced = survivors.enumerated().first { t, k in
                            !columns.holds(survivor: k, at: j - survivors.count + 1 + t)
                        }
                        #expect(misplaced == nil, "\(context): survivor \(String(describing: misplaced))")
                        #expect(
                            columns.isUntouched(outside: 0..<(j + 1), deaths: deaths),
                            "\(context): a slot outside 0...j was written")
                    }
                }
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
                    csc_keep_survivors_forward(
                        $0.baseAddress, $0.baseAddress, 3, words, words, floats[1], offset, n, 0, 1)
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
