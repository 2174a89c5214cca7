import Foundation
import LayerKit
import Testing

@testable import Particles

/// Births are spread across each step and placed by the part of the step they lived (docs/Design.md §3.6).
@Suite struct SpawnPlacementTests {
    @Test func aFastMovingEmitterLeavesAnEvenTrail() {
        // 1200 points per second, 1200 births per second, particles at rest: one particle per point.
        let (layer, cell) = makeEmitter { layer, cell in
            cell.birthRate = 0
            cell.lifetime = 10
            cell.velocity = 0
        }
        let sim = EmitterSimulation(layer: layer)
        layer.emitterPosition = CGPoint(x: -10, y: 0)
        sim.step(by: step120)
        cell.birthRate = 1200
        for k in 0..<60 {
            layer.emitterPosition = CGPoint(x: Double(k) * 10, y: 0)
            sim.step(by: step120)
        }
        let xs = sim.snapshot().map(\.x).sorted()
        let gaps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        #expect(
            xs.count == 600 && abs((xs.first ?? 0) + 9) < 1e-3 && abs((xs.last ?? 0) - 590) < 1e-3,
            "\(xs.count) particles from \(xs.first ?? 0) to \(xs.last ?? 0)")
        #expect(
            gaps.allSatisfy { abs($0 - 1) < 1e-3 }, "gaps between \(gaps.min() ?? 0) and \(gaps.max() ?? 0), expected 1"
        )
    }

    @Test func stillEmitterPlacementEqualsTheGeneralWindowFormula() {
        // The one-pass placement of a still emitter must give the general loop's birth times bit for
        // bit: always-open windows and windows whose one interval holds the step, at rates and
        // accumulator values that put births on and near the step's ends, in chunks of any length.
        let windows: [(String, EmissionWindow)] = [
            ("always", .always),
            (
                "begin 0.5, duration 3",
                EmissionWindow(
                    beginTime: 0.5, duration: 3, speed: 1, timeOffset: 0, repeatCount: 0,
                    repeatDuration: 0, autoreverses: false, fillMode: .removed)
            ),
        ]
        let buffer = DrawBuffer()
        defer { withExtendedLifetime(buffer) {} }
        let scratch = buffer.scratch
        var rng = SeededRandom(seed: 9)
        for (name, window) in windows {
            for trial in 0..<200 {
                let l0 = 1 + Double(rng.nextUnitFloat())
                let h = [1.0 / 120, 1.0 / 60, 1.0 / 7][trial % 3]
                let l1 = l0 + h
                let t0 = 10 + l0
                let t1 = t0 + h
                // Every fifth trial starts from an accumulator above 1: its first births lie before the
                // step and are placed at its start.
                let rate = [120.0, 1000, 12_345.678, 1e6][trial % 4]
                let before = Double(rng.nextUnitFloat()) + (trial % 5 == 4 ? 2 : 0)
                #expect(window.isOpenThroughout(from: l0, to: l1), "\(name): open through [\(l0), \(l1)]")
                let n = min(DrawBuffer.birthsPerChunk, Int((before + rate * h).rounded(.down)))
                guard n > 0 else { continue }
                EmitterSimulation.placeStillBirths(
                    scratch, first: 0, last: n, before: before, rate: rate, l0: l0, l1: l1,
                    alwaysOpen: window.isAlwaysOpen, t0: t0, t1: t1)
                for k in 0..<n {
                    let at = window.time(afterOpen: (Double(k + 1) - before) / rate, from: l0, to: l1)
                    let f = min(1, max(0, (at - l0) / (l1 - l0)))
                    let expected = t0 + (t1 - t0) * f
                    #expect(
                        scratch.time[k].bitPattern == expected.bitPattern,
                        "\(name) trial \(trial) birth \(k): time \(scratch.time[k]) expected \(expected)")
                }
            }
        }
    }

    @Test func aBirthRateChangeNeverCausesABurst() {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 7
            cell.lifetime = 100
        }
        let sim = EmitterSimulation(layer: layer)
        var perStep: [Int] = []
        sim.onStep = { perStep.append($0.births) }
        run(sim, seconds: 1)
        cell.birthRate = 1000
        run(sim, seconds: 0.5)
        cell.birthRate = 3
        run(sim, seconds: 1)
        #expect(perStep.allSatisfy { $0 <= 9 }, "births per step at most ⌈1000/120⌉: max \(perStep.max() ?? 0)")
        #expect(abs(sim.totals.born - (7 + 500 + 3)) <= 1, "∫ rate dt = 510: \(sim.totals.born)")
    }

    @Test func aRateBelowOnePerStepAccumulatesAcrossSteps() {
        let (layer, _) = makeEmitter { _, cell in
            cell.birthRate = 0.5
            cell.lifetime = 100
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 10)
        #expect(sim.totals.born == 5, "0.5/s for 10 s: \(sim.totals.born)")
        let ages = sim.snapshot().map(\.age).sorted()
        #expect(zip(ages.dropFirst(), ages).allSatisfy { abs($0 - $1 - 2) < 1e-4 }, "one birth every 2 s: ages \(ages)")
    }
}
