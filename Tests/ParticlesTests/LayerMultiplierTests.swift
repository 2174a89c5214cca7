import Foundation
import LayerKit
import Testing

@testable import Particles

/// The layer's birthRate, lifetime, velocity, scale and spin multiply every cell at every depth
/// (docs/Design.md §3.4); lifetime 0 stops births; the seed is per layer (§3.9).
@Suite struct LayerMultiplierTests {
    @Test func layerBirthRateMultipliesSubCellRatesToo() {
        func born(_ multiplier: Float) -> (Int, Int) {
            let (layer, cell) = makeEmitter { _, cell in
                cell.birthRate = 10
                cell.lifetime = 2
            }
            let child = CAEmitterCell()
            child.name = "child"
            child.birthRate = 20
            child.lifetime = 1
            cell.emitterCells = [child]
            layer.birthRate = multiplier
            let sim = EmitterSimulation(layer: layer)
            run(sim, seconds: 1)
            return (sim.counters(for: cell)?.born ?? -1, sim.counters(for: child)?.born ?? -1)
        }
        let (p1, c1) = born(1)
        let (p3, c3) = born(3)
        #expect(abs(p3 - 3 * p1) <= 1, "parents born: \(p1) at ×1, \(p3) at ×3")
        // Children: 3× the parents, each emitting 3× as fast: about 9×.
        #expect(abs(Double(c3) / Double(c1) - 9) < 1, "children born: \(c1) at ×1, \(c3) at ×3")
    }

    @Test func layerScaleAlsoMultipliesScaleSpeed() {
        let (layer, _) = makeEmitter { layer, cell in
            cell.birthRate = 0
            cell.scale = 1
            cell.scaleSpeed = -0.1
            layer.scale = 2
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1)
        let s = sim.snapshot().first?.scale ?? -1
        #expect(abs(s - 1.8) < 1e-5, "scale (1 − 0.1·1 s) × 2 = 1.8, got \(s)")
    }

    @Test func layerLifetimeZeroStopsBirths() {
        let (layer, _) = makeEmitter { layer, cell in
            cell.birthRate = 100
            layer.lifetime = 0
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        #expect(sim.totals.born == 0, "\(sim.totals)")
        layer.lifetime = 1
        run(sim, seconds: 1)
        #expect(abs(sim.totals.born - 100) <= 1, "after lifetime 1: \(sim.totals)")
        layer.lifetime = 0
        let before = sim.totals.born
        run(sim, seconds: 1)
        #expect(sim.totals.born == before && sim.aliveCount == 100, "births stop, live particles stay: \(sim.totals)")
    }

    @Test func layerVelocityAndSpinMultiplyInitialValues() {
        let (layer, _) = makeEmitter { layer, cell in
            cell.birthRate = 0
            cell.velocity = 10
            cell.spin = 1
            layer.velocity = 4
            layer.spin = 0.5
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        let p = sim.snapshot()[0]
        #expect(abs(p.speed - 40) < 1e-4 && p.spin == 0.5, "speed \(p.speed), spin \(p.spin)")
    }

    @Test func eachLayerHasItsOwnSeed() {
        func positions(seed: UInt32) -> [Float] {
            let (layer, _) = makeS1()
            layer.seed = seed
            let sim = EmitterSimulation(layer: layer)
            run(sim, seconds: 1)
            return sim.snapshot().map(\.x)
        }
        #expect(positions(seed: 1) == positions(seed: 1), "same seed, same particles")
        #expect(positions(seed: 1) != positions(seed: 2), "different seeds, different particles")
    }
}
