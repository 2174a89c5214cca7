import Foundation
import Testing

@testable import EmitterKit

/// The Particles hooks the coupling relies on: ages (for the sweep of particles born during a step)
/// and death times (to follow particles while removal moves their slots).
@Suite struct PhysicsParticleBuffersTests {
    @Test func agesAndDeathTimesDescribeEachParticle() throws {
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = 240
        cell.lifetime = 2
        cell.lifetimeRange = 1
        emitter.emitterCells = [cell]
        let sim = EmitterSimulation(layer: emitter)
        for _ in 0..<(120 * 70) { sim.step(by: 1.0 / 120) }
        // lifetime 2 ± 1 s. Past an epoch move (every 64 s), death times stay on the simulation's clock.
        try sim.withParticleBuffers(ofCell: cell) { b in
            #expect(b.count > 300)
            var newborn = 0
            for i in 0..<b.count where b.isAlive(i) {
                let age = b.age(i)
                let death = b.deathTime(i)
                #expect(
                    age >= -1e-6 && age <= 3 + 1e-4 && death > sim.time && death <= sim.time + 3 + 1e-4,
                    "slot \(i): age \(age), death \(death), time \(sim.time)")
                let lifetime = death - (sim.time - age)
                #expect(lifetime >= 1 - 1e-3 && lifetime <= 3 + 1e-3, "slot \(i): lifetime \(lifetime)")
                if age < 1.0 / 120 { newborn += 1 }
            }
            #expect(
                newborn >= 2 && newborn <= 3,
                "240/s × 1/120 s: \(newborn) particles younger than a step (one may sit on the boundary)")
        }
    }
}
