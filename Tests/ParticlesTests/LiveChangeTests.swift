import Foundation
import LayerKit
import Testing

@testable import Particles

/// Live changes of any cell or layer property, also by key path, take effect at the next step without
/// resetting live particles; `enabled` hides a cell's particles but keeps simulating them.
@Suite struct LiveChangeTests {
    @Test func keyPathChangeOfASubCellBirthRateTakesEffectAtTheNextStep() throws {
        let fw = makeFireworks()
        let sim = EmitterSimulation(layer: fw.layer)
        run(sim, seconds: 2.2)
        let before = sim.snapshot()
        let sparksBefore = sim.counters(for: fw.spark)!.born
        try fw.layer.setLayerValue(
            .number(0), forKeyPath: "emitterCells.rocket.emitterCells.burst.emitterCells.spark.birthRate")
        #expect(fw.spark.birthRate == 0)
        sim.step(by: step120)
        #expect(sim.counters(for: fw.spark)!.born == sparksBefore, "no more sparks after the change")
        // Live particles carry on: everyone alive before is still there, one step older.
        let after = sim.snapshot()
        #expect(after.count == before.count - sim.lastStepEvents.deaths, "\(before.count) → \(after.count)")
        #expect(
            zip(before, after).allSatisfy { abs($1.age - $0.age - Float(step120)) < 1e-5 }, "ages advance by one step")
    }

    @Test func keyPathChangeOfATopLevelCell() throws {
        let (layer, _) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        try layer.setLayerValue(.number(880), forKeyPath: "emitterCells.spark.birthRate")
        run(sim, seconds: 1)
        #expect(abs(sim.totals.born - 968) <= 2, "88 then 880 per second: \(sim.totals)")
    }

    @Test func changingAColourSpeedKeepsTheColourContinuous() {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 0
            cell.alphaSpeed = -0.4
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1)
        let a1 = sim.snapshot()[0].alpha
        cell.alphaSpeed = 0.2
        run(sim, seconds: 1)
        let a2 = sim.snapshot()[0].alpha
        #expect(abs(a1 - 0.6) < 1e-3 && abs(a2 - 0.8) < 1e-3, "alpha 1 → 0.6 (−0.4/s) → 0.8 (+0.2/s): \(a1), \(a2)")
        // A clamped value starts moving again from the clamp.
        cell.alphaSpeed = -2
        run(sim, seconds: 1)
        cell.alphaSpeed = 0.5
        run(sim, seconds: 1)
        let a3 = sim.snapshot()[0].alpha
        #expect(abs(a3 - 0.5) < 2e-3, "clamped at 0 then +0.5/s for 1 s: \(a3)")
    }

    @Test func changingScaleSpeedKeepsTheScaleContinuous() {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 0
            cell.scaleSpeed = 1
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1)
        cell.scaleSpeed = -0.5
        run(sim, seconds: 1)
        #expect(abs(sim.snapshot()[0].scale - 1.5) < 1e-4, "1 → 2 → 1.5: \(sim.snapshot()[0].scale)")
    }

    @Test func changingAccelerationBendsLiveParticles() {
        let (layer, cell) = makeEmitter { _, cell in cell.birthRate = 0 }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1)
        cell.yAcceleration = 10
        run(sim, seconds: 1)
        #expect(abs(sim.snapshot()[0].vy - 10) < 1e-4 && abs(sim.snapshot()[0].y - 5) < 1e-4)
    }

    @Test func disabledCellsAreSimulatedButNotDrawn() {
        let (layer, cell) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        cell.isEnabled = false
        run(sim, seconds: 1)
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        #expect(list.sprites.isEmpty && list.appearances.isEmpty, "\(list.sprites.count) sprites")
        #expect(abs(sim.aliveCount - 176) <= 2, "still simulated: \(sim.aliveCount)")
        try? layer.setLayerValue(.bool(true), forKeyPath: "emitterCells.spark.enabled")
        sim.step(by: step120)
        sim.makeDrawList(into: &list)
        #expect(list.sprites.count == sim.aliveCount, "\(list.sprites.count) sprites for \(sim.aliveCount) particles")
    }

    @Test func presentationCopiesDriveTheSameParticlesAsTheModel() {
        let modelA = makeFireworks().layer
        let modelB = makeFireworks().layer
        let a = EmitterSimulation(layer: modelA)
        let b = EmitterSimulation(layer: modelB)
        for _ in 0..<300 {
            a.step(by: step120)
            // A fresh presentation copy every frame, as the animation engine makes them.
            b.step(by: step120, layer: CAEmitterLayer(layer: modelB))
        }
        #expect(a.stateHash == b.stateHash && a.totals == b.totals, "model \(a.totals) vs presentation \(b.totals)")
    }

    @Test func addingAndRemovingCellsKeepsTheOthersParticles() {
        let (layer, cell) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        let extra = CAEmitterCell()
        extra.name = "extra"
        extra.birthRate = 50
        extra.lifetime = 10
        layer.emitterCells = [cell, extra]
        run(sim, seconds: 1)
        #expect(
            sim.counters(for: cell)!.alive == 176 && abs(sim.counters(for: extra)!.alive - 50) <= 1, "\(sim.totals)")
        layer.emitterCells = [extra]
        sim.step(by: step120)
        #expect(
            sim.counters(for: cell) == nil && sim.counters(for: extra)!.alive >= 50
                && sim.totals.alive == sim.aliveCount,
            "removed cell's particles are gone: \(sim.totals)")
    }

    @Test func changingTheSeedRestartsTheGenerator() {
        let (a, _) = makeS1()
        let (b, _) = makeS1()
        b.seed = 99
        let sa = EmitterSimulation(layer: a)
        let sb = EmitterSimulation(layer: b)
        run(sa, seconds: 0.5)
        run(sb, seconds: 0.5)
        #expect(sa.stateHash != sb.stateHash, "seeds 0 and 99 differ")
        // Setting the seed again restarts the stream: both now draw the same numbers.
        a.seed = 5
        b.seed = 5
        run(sa, seconds: 0.5)
        run(sb, seconds: 0.5)
        let newA = sa.snapshot().filter { $0.age < 0.5 }.map { [$0.x, $0.y, $0.vx, $0.vy, $0.age] }
        let newB = sb.snapshot().filter { $0.age < 0.5 }.map { [$0.x, $0.y, $0.vx, $0.vy, $0.age] }
        #expect(newA == newB && !newA.isEmpty, "particles born after the reseed match: \(newA.count) vs \(newB.count)")
    }
}
