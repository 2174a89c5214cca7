import LayerKit
import Testing
@testable import Particles

/// Draws taken in advance give births exactly what the generator would.
@Suite struct PrefetchedDrawsTests {
    @Test func prefetchedDrawsEqualTheGeneratorsOwn() {
        let buffer = DrawBuffer()
        for count in [1, 7, 9 * 256, 5000] {
            var direct = SeededRandom(seed: 99), ahead = direct
            var draws = buffer.prefetch(&ahead, count: count)
            for i in 0..<count {
                let expected = i % 2 == 0 ? direct.nextUnitFloat() : direct.nextSignedFloat()
                let got = i % 2 == 0 ? draws.nextUnitFloat() : draws.nextSignedFloat()
                #expect(got.bitPattern == expected.bitPattern, "count \(count), draw \(i): \(got) vs \(expected)")
            }
            #expect(draws.consumed == count && ahead == direct, "count \(count): generator left at the same place")
        }
    }

    @Test func longitudeTableGivesTheSameSinesAndFallsBackWhenAskedForAnotherAngle() {
        let buffer = DrawBuffer()
        let table = LongitudeTable(drawsPerBirth: 11, drawOffset: 2, longitude: 0.3, emissionRange: 2 * .pi)
        var random = SeededRandom(seed: 5), replay = random
        var draws = buffer.prefetch(&random, count: 11 * 40, births: 40, table: table)
        for b in 0..<40 {
            for _ in 0..<2 { _ = replay.nextUnitFloat() }
            let u = Double(replay.nextUnitFloat())
            for _ in 0..<8 { _ = replay.nextUnitFloat() }
            let longitude = 0.3 + 2 * .pi * (u - 0.5)
            // Every third birth asks for a different angle: the table must not answer for it.
            let asked = b % 3 == 0 ? longitude + 1 : longitude
            let got = draws.longitudeSinCos(asked), expected = DeterministicMath.sinCos(asked)
            #expect(got.sin.bitPattern == expected.sin.bitPattern && got.cos.bitPattern == expected.cos.bitPattern,
                    "birth \(b), longitude \(asked): \(got) vs \(expected)")
        }
    }
}
