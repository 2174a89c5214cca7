import Foundation
import LayerKit
import Testing
@testable import Particles

/// Births are spread across each step and placed by the part of the step they lived (DESIGN.md §3.6).
@Suite struct SpawnPlacementTests {
    @Test func aFastMovingEmitterLeavesAnEvenTrail() {
        // 1200 points per second, 1200 births per second, particles at rest: one particle per point.
        let (layer, cell) = makeEmitter { layer, cell in cell.birthRate = 0; cell.lifetime = 10; cell.velocity = 0 }
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
        #expect(xs.count == 600 && abs((xs.first ?? 0) + 9) < 1e-3 && abs((xs.last ?? 0) - 590) < 1e-3,
                "\(xs.count) particles from \(xs.first ?? 0) to \(xs.last ?? 0)")
        #expect(gaps.allSatisfy { abs($0 - 1) < 1e-3 }, "gaps between \(gaps.min() ?? 0) and \(gaps.max() ?? 0), expected 1")
    }

    @Test func aBirthRateChangeNeverCausesABurst() {
        let (layer, cell) = makeEmitter { _, cell in cell.birthRate = 7; cell.lifetime = 100 }
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
        let (layer, _) = makeEmitter { _, cell in cell.birthRate = 0.5; cell.lifetime = 100 }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 10)
        #expect(sim.totals.born == 5, "0.5/s for 10 s: \(sim.totals.born)")
        let ages = sim.snapshot().map(\.age).sorted()
        #expect(zip(ages.dropFirst(), ages).allSatisfy { abs($0 - $1 - 2) < 1e-4 }, "one birth every 2 s: ages \(ages)")
    }
}
