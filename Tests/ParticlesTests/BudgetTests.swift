import Foundation
import LayerKit
import Testing

@testable import Particles

/// maxParticles (docs/Design.md §3.10): births beyond it are dropped deterministically and counted; the
/// engine is told once.
@Suite struct BudgetTests {
    static func overflowing() -> EmitterSimulation {
        let (layer, _) = makeEmitter { layer, cell in
            layer.name = "sparks"
            layer.maxParticles = 100
            cell.birthRate = 1000
            cell.lifetime = 0.5
        }
        return EmitterSimulation(layer: layer)
    }

    @Test func birthsBeyondTheBudgetAreDroppedAndCounted() {
        let sim = Self.overflowing()
        var maxAlive = 0
        sim.onStep = { _ in maxAlive = max(maxAlive, sim.aliveCount) }
        run(sim, seconds: 2)
        let t = sim.totals
        #expect(maxAlive == 100, "never more than 100 alive: max \(maxAlive)")
        #expect(t.born + t.dropped == 2000 && t.dropped > 1500, "1000/s for 2 s: \(t)")
        #expect(t.born - t.died == t.alive, "\(t)")
    }

    @Test func overflowWarnsOnce() throws {
        let sim = Self.overflowing()
        #expect(sim.takeBudgetWarning() == nil && !sim.hasDroppedBirths)
        run(sim, seconds: 1)
        let warning = try #require(sim.takeBudgetWarning())
        #expect(
            warning.maxParticles == 100 && warning.description.contains("'sparks'")
                && warning.description.contains("maxParticles"),
            "\(warning)")
        run(sim, seconds: 1)
        #expect(sim.takeBudgetWarning() == nil && sim.hasDroppedBirths)
    }

    @Test func droppingIsDeterministic() {
        let a = Self.overflowing()
        let b = Self.overflowing()
        run(a, seconds: 1.3)
        run(b, seconds: 1.3)
        #expect(a.stateHash == b.stateHash && a.totals == b.totals, "\(a.totals) vs \(b.totals)")
    }

    @Test func aZeroBudgetEmitsNothing() {
        let sim = Self.overflowing()
        sim.modelLayer.maxParticles = 0
        run(sim, seconds: 0.5)
        #expect(sim.totals.born == 0 && sim.totals.dropped == 500, "\(sim.totals)")
    }

    @Test func aMistypedBudgetIsCappedByTheCeiling() {
        let (layer, _) = makeEmitter { layer, cell in
            layer.maxParticles = Int.max
            cell.birthRate = 1e13
            cell.lifetime = 1
        }
        let sim = EmitterSimulation(layer: layer)
        sim.step(by: 1e-9)
        #expect(abs(sim.aliveCount - 10_000) <= 1 && sim.totals.dropped == 0, "10¹³/s for 1 ns: \(sim.totals)")
        #expect(EmitterSimulation.budget(of: layer) == EmitterSimulation.particleCeiling)
    }

    @Test func hugeRatesStayBoundedAndFast() {
        // 10¹² particles per second must neither hang nor allocate beyond the budget.
        let (layer, _) = makeEmitter { layer, cell in
            layer.maxParticles = 1000
            cell.birthRate = 1e12
            cell.lifetime = 1
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 0.1)
        #expect(sim.aliveCount == 1000 && sim.totals.dropped > 1_000_000_000, "\(sim.totals)")
        #expect(sim.storageBytes < 200_000, "storage \(sim.storageBytes) bytes")
    }
}
