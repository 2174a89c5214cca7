import Foundation
import LayerKit
import Testing

@testable import Particles

/// The hooks the engine and the physics coupling use: contiguous buffers, kill, burst at a point,
/// one-shot emission by name, and step events.
@Suite struct CouplingTests {
    @Test func buffersExposeEveryLiveParticleForReadingAndWriting() throws {
        let (layer, cell) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        let live = try sim.withStepView(ofCell: cell) { b -> Int in
            var n = 0
            for i in 0..<b.count where b.isAlive(i) {
                b.vx[i] = 0
                b.vy[i] = -100
                n += 1
            }
            return n
        }
        #expect(live == sim.aliveCount)
        let before = sim.snapshot()
        sim.step(by: step120)
        let after = sim.snapshot()
        for (p, q) in zip(before, after) {
            #expect(abs(q.y - (p.y - 100 * Float(step120))) < 1e-3 && q.x == p.x, "moved by the new velocity")
        }
    }

    @Test func killRemovesAParticleAndCountsIt() throws {
        let (layer, cell) = makeEmitter { _, cell in cell.birthRate = 0 }
        let sim = EmitterSimulation(layer: layer)
        _ = try sim.burst(count: 3, cellNamed: "cell")
        sim.step(by: step120)
        #expect(try sim.kill(slot: 1, ofCell: cell))
        #expect(try !sim.kill(slot: 1, ofCell: cell), "a dead slot is not killed twice")
        #expect(sim.aliveCount == 2 && sim.totals.died == 1)
        #expect(throws: EmitterSimulationError.slotOutOfRange(slot: 7, count: 3)) {
            try sim.kill(slot: 7, ofCell: cell)
        }
        sim.step(by: step120)
        #expect(sim.lastStepEvents.deaths == 1 && sim.snapshot().count == 2, "\(sim.lastStepEvents)")
    }

    @Test func burstAtAPointEmitsASubCellAlongADirection() throws {
        let (layer, parent) = makeEmitter { _, cell in cell.birthRate = 0 }
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 0
        spark.lifetime = 1
        spark.velocity = 30
        spark.emissionLongitude = 0
        spark.color = CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)
        parent.emitterCells = [spark]
        let sim = EmitterSimulation(layer: layer)
        let n = try sim.burst(
            count: 4, ofCell: spark, at: (x: 10, y: 20, z: 0), direction: (dx: 0, dy: -1, dz: 0),
            inheritedColor: CGColor(red: 0.5, green: 1, blue: 1, alpha: 1))
        let p = sim.snapshot()
        #expect(n == 4 && p.count == 4)
        #expect(
            p.allSatisfy { $0.x == 10 && $0.y == 20 && abs($0.vx) < 1e-4 && abs($0.vy + 30) < 1e-4 },
            "\(p.first as Any)")
        #expect(p.allSatisfy { abs($0.red - 0.5) < 1e-3 && abs($0.green - 0.5) < 1e-3 }, "inherited colour")
        #expect(throws: EmitterSimulationError.self) { try sim.burst(count: 1, ofCell: CAEmitterCell(), at: (0, 0, 0)) }
    }

    @Test func burstByNameEmitsNowAndReportsUnknownNames() throws {
        let fw = makeFireworks()
        let sim = EmitterSimulation(layer: fw.layer)
        #expect(try sim.burst(count: 5, cellNamed: "rocket") == 5)
        #expect(try sim.burst(count: 2, cellNamed: "rocket.burst") == 2)
        #expect(sim.counters(for: fw.rocket)?.alive == 5 && sim.counters(for: fw.burst)?.alive == 2)
        do {
            _ = try sim.burst(count: 1, cellNamed: "rockett")
            Issue.record("expected an error")
        } catch let e as EmitterSimulationError {
            #expect("\(e)".contains("'rockett'") && "\(e)".contains("rocket.burst.spark"), "\(e)")
        }
        #expect(throws: EmitterSimulationError.negativeCount(-1)) { try sim.burst(count: -1, cellNamed: "rocket") }
    }

    @Test func stepEventsAddUpToTheCounters() {
        let fw = makeFireworks()
        let sim = EmitterSimulation(layer: fw.layer)
        var births = 0
        var deaths = 0
        var steps = 0
        sim.onStep = { e in
            births += e.births
            deaths += e.deaths
            steps += 1
        }
        run(sim, seconds: 5)
        #expect(
            steps == 600 && births == sim.totals.born && deaths == sim.totals.died,
            "events \(births)/\(deaths), counters \(sim.totals)")
    }
}
