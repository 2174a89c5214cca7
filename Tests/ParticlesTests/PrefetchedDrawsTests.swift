import LayerKit
import Testing

@testable import Particles

/// Draws taken in advance give births exactly what the generator would.
@Suite struct PrefetchedDrawsTests {
    @Test func prefetchedDrawsEqualTheGeneratorsOwn() {
        let buffer = DrawBuffer()
        for count in [1, 7, 9 * 256, 5000] {
            var direct = SeededRandom(seed: 99)
            var ahead = direct
            var draws = buffer.prefetch(&ahead, count: count)
            for i in 0..<count {
                let expected = i % 2 == 0 ? direct.nextUnitFloat() : direct.nextSignedFloat()
                let got = i % 2 == 0 ? draws.nextUnitFloat() : draws.nextSignedFloat()
                #expect(got.bitPattern == expected.bitPattern, "count \(count), draw \(i): \(got) vs \(expected)")
            }
            #expect(draws.consumed == count && ahead == direct, "count \(count): generator left at the same place")
        }
    }

    @Test func anOrderedFillGivesTheSameNumbersAsSingleDraws() {
        // Every count around the eight-stream stride, then a draw after the batch: same stream position.
        for seed: UInt64 in [0, 42, 0xDEAD_BEEF] {
            for count in [0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 37, 1000] {
                var single = SeededRandom(seed: seed)
                var batched = single
                let expected = (0..<count).map { _ in single.next32() }
                var got = [UInt32](repeating: 0, count: count)
                got.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { batched.fill(p, count: count) } }
                #expect(
                    got == expected,
                    "seed \(seed), count \(count): first difference at \(got.indices.first { got[$0] != expected[$0] } ?? -1)"
                )
                #expect(
                    batched == single && batched.next32() == single.next32(),
                    "seed \(seed), count \(count): state after the batch")
            }
        }
    }

    @Test func aPlanarFillWritesTheFullFillsWordsOfItsOffsetsOnlyAndEndsWhereItWould() {
        var masks = SeededRandom(seed: 3)
        for births in [0, 1, 7, 8, 9, 17, 256] {
            for stride in [1, 3, 9, 13, 64] {
                let all: UInt64 = stride == 64 ? .max : (1 << UInt64(stride)) - 1
                for offsets in [all, 1, 1 << UInt64(stride - 1), masks.next() & all] where offsets != 0 {
                    let count = births * stride
                    var full = SeededRandom(seed: 77)
                    var planar = full
                    var expected = [UInt32](repeating: 0, count: max(count, 1))
                    var got = [UInt32](repeating: 0xDEAD_BEEF, count: max(count, 1))
                    expected.withUnsafeMutableBufferPointer { full.fill($0.baseAddress!, count: count) }
                    got.withUnsafeMutableBufferPointer {
                        planar.fill(planes: $0.baseAddress!, births: births, stride: stride, offsets: offsets)
                    }
                    for o in 0..<stride {
                        for b in 0..<births {
                            let want = offsets >> UInt64(o) & 1 == 1 ? expected[b * stride + o] : 0xDEAD_BEEF
                            #expect(
                                got[o * births + b] == want,
                                "seed 77, \(births) births, stride \(stride), offsets \(String(offsets, radix: 2)), draw \(o) of birth \(b): \(got[o * births + b]) vs \(want)"
                            )
                            if got[o * births + b] != want { break }
                        }
                    }
                    #expect(
                        planar == full,
                        "\(births) births, stride \(stride): the generator ends where \(count) draws leave it")
                }
            }
        }
    }

    @Test func aDrawBufferReusesItsJumpsOnlyForTheSameStrideOffsetsAndStream() {
        // Successive prefetches through one buffer change the stride, the offsets or the generator's
        // stream (seed) one at a time, and come back: each must equal a fill computed afresh. Nil
        // offsets: draws in the generator's order.
        let steps: [(seed: UInt64, stride: Int, offsets: UInt64?)] = [
            (1, 9, 0b111), (1, 9, 0b111), (2, 9, 0b111), (2, 9, 0b1_1111_1111), (2, 11, 0b1_1111_1111), (2, 11, 0b110),
            (2, 11, nil), (2, 11, nil), (3, 11, nil), (3, 9, 0b111), (1, 9, 0b111), (1, 9, nil),
        ]
        let buffer = DrawBuffer()
        let births = 37
        for (k, step) in steps.enumerated() {
            let count = births * step.stride
            var random = SeededRandom(seed: step.seed)
            for _ in 0..<k { _ = random.next32() }
            var fresh = random
            var expected = [UInt32](repeating: 0, count: count)
            expected.withUnsafeMutableBufferPointer {
                if let offsets = step.offsets {
                    fresh.fill(planes: $0.baseAddress!, births: births, stride: step.stride, offsets: offsets)
                } else {
                    fresh.fill($0.baseAddress!, count: count)
                }
            }
            let table = LongitudeTable(
                drawsPerBirth: step.stride, drawOffset: (step.offsets ?? 1).trailingZeroBitCount,
                longitude: 0, emissionRange: 1)
            let draws = buffer.prefetch(&random, count: count, births: births, table: table, reading: step.offsets)
            let computed = (0..<count).filter { i in step.offsets.map { $0 >> UInt64(i / births) & 1 == 1 } ?? true }
            let wrong = computed.filter { draws.words[$0] != expected[$0] }
            #expect(
                wrong.isEmpty,
                "step \(k) (seed \(step.seed), stride \(step.stride), offsets \(step.offsets.map { String($0, radix: 2) } ?? "all in order")): words \(wrong.prefix(5)) differ"
            )
            #expect(random == fresh, "step \(k): the generator ends where a fresh fill leaves it")
        }
    }

    /// An ordinary cell, and one whose longitudes reach beyond ±10¹⁵ (their sines are checked).
    @Test(arguments: [(0.3, 2 * Double.pi), (3e14, 4e15)])
    func longitudeTableGivesTheSameSinesAndFallsBackWhenAskedForAnotherAngle(_ cell: (longitude: Double, range: Double))
    {
        let buffer = DrawBuffer()
        let table = LongitudeTable(
            drawsPerBirth: 11, drawOffset: 2, longitude: cell.longitude, emissionRange: cell.range)
        var random = SeededRandom(seed: 5)
        var replay = random
        var draws = buffer.prefetch(&random, count: 11 * 40, births: 40, table: table)
        for b in 0..<40 {
            for _ in 0..<2 { _ = replay.nextUnitFloat() }
            let u = Double(replay.nextUnitFloat())
            for _ in 0..<8 { _ = replay.nextUnitFloat() }
            let longitude = cell.longitude + cell.range * (u - 0.5)
            // Every third birth asks for a different angle: the table must not answer for it.
            let asked = b % 3 == 0 ? longitude + 1 : longitude
            let got = draws.longitudeSinCos(asked)
            let expected = DeterministicMath.sinCos(asked)
            #expect(
                got.sin.bitPattern == expected.sin.bitPattern && got.cos.bitPattern == expected.cos.bitPattern,
                "longitude \(cell.longitude) ± \(cell.range / 2), birth \(b), longitude \(asked): \(got) vs \(expected)"
            )
        }
    }
}
