import Foundation
import LayerKit
import Testing

@_spi(Benchmarks) @testable import Particles

/// The per-step view (docs/Particles.md, "Boundary"): ids that follow a particle for life, the
/// positions each particle started the step from, whatever law it moves by, ages and lifetimes.
@Suite struct StepViewTests {
    /// The live particles of `cell` by id: end position, start position (when asked for), age.
    func particles(_ sim: EmitterSimulation, _ cell: CAEmitterCell, starts: Bool = false) throws -> [UInt32: (
        x: Float, y: Float, x0: Double, y0: Double, age: Float, slot: Int
    )] {
        let options: ParticleStepView.Options = starts ? [.identities, .startPositions] : .identities
        return try sim.withStepView(ofCell: cell, options) { v in
            var found: [UInt32: (x: Float, y: Float, x0: Double, y0: Double, age: Float, slot: Int)] = [:]
            for i in 0..<v.count where v.isAlive(i) {
                let id = try #require(v.ids)[i]
                #expect(found[id] == nil, "id \(id) appears twice")
                let start = starts ? v.start(i) : (x: .nan, y: .nan)
                found[id] = (v.x[i], v.y[i], start.x, start.y, v.age(i), i)
            }
            return found
        }
    }

    @Test func idsFollowEachParticleForLifeThroughRemovalAndEpochMoves() throws {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 240
            cell.lifetime = 2
            cell.lifetimeRange = 1
            cell.velocity = 30
            cell.emissionRange = 2 * .pi
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        var previous = try particles(sim, cell)
        var previousStep = -1
        var followed = 0
        // 70 s: past an epoch move (every 64 s) and hundreds of compactions and relocations.
        for step in 0..<(120 * 70) {
            sim.step(by: step120)
            guard step % 97 == 0 else { continue }
            let elapsed = Float(step - previousStep) / 120
            previousStep = step
            let now = try particles(sim, cell)
            let slotsInIdOrder = now.sorted { FollowedOrder.precedes($0.key, $1.key) }.map(\.value.slot)
            #expect(slotsInIdOrder == slotsInIdOrder.sorted(), "step \(step): ids increase in slot order")
            for (id, p) in now {
                guard let q = previous[id] else { continue }
                // The same particle: older by the steps since.
                #expect(
                    abs(p.age - q.age - elapsed) < 1e-3, "step \(step), id \(id): age \(q.age) then \(p.age)")
                followed += 1
            }
            previous = now
        }
        let store = try #require(sim.runtime(of: cell)).store
        #expect(store.compactions + store.relocations > 100, "removal ran: \(store.compactions), \(store.relocations)")
        #expect(followed > 10_000, "particles followed across steps: \(followed)")
    }

    @Test func idsSurviveRemovalBitForBitWhateverTheirPattern() throws {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 1000
            cell.lifetime = 0.1
            cell.lifetimeRange = 0.05
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 0.5)
        let store = try #require(sim.runtime(of: cell)).store
        store.ensureIdentities()
        // Ids about to run through Float infinity and NaN patterns (0x7F80_0000 …).
        store.nextID = 0x7F7F_FF00
        var seen = Set<UInt32>()
        for _ in 0..<600 {
            sim.step(by: step120)
            let ids = try particles(sim, cell).keys
            seen.formUnion(ids)
        }
        let expected = Set((0..<UInt32(600 * 1000 / 120 + 600)).map { 0x7F7F_FF00 &+ $0 })
        #expect(seen.isSubset(of: expected.union(Set(0..<1000))), "ids outside the births' range")
        #expect(
            seen.contains(0x7F80_0000) && seen.contains(0x7F80_0001) && seen.contains(0x7F80_0400),
            "infinity and NaN patterns kept")
    }

    /// A Core Animation cell, an orbiting one and one with radial and tangential acceleration: each
    /// particle's start position is where the previous step left it, or its birth point.
    @Test(arguments: ["constant acceleration", "orbit", "radial"])
    func startPositionsAreWhereTheLastStepLeftEachParticle(_ motion: String) throws {
        let (layer, cell) = makeEmitter { layer, cell in
            layer.emitterPosition = CGPoint(x: 200, y: 150)
            cell.birthRate = 120
            cell.lifetime = 3
            cell.velocity = 80
            cell.emissionRange = 2 * .pi
            cell.yAcceleration = 50
            switch motion {
            case "orbit":
                cell.orbitRadius = 60
                cell.orbitAngularVelocity = 3
                cell.orbitEndRadius = 20
            case "radial":
                cell.radialAcceleration = -200
                cell.tangentialAcceleration = 150
            default:
                break
            }
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        for step in 0..<30 {
            let before = try particles(sim, cell)
            // The emitter moves: orbits follow it.
            layer.emitterPosition.x += 1.5
            sim.step(by: step120)
            let after = try particles(sim, cell, starts: true)
            var newborn = 0
            for (id, p) in after {
                if let q = before[id] {
                    let d = hypot(p.x0 - Double(q.x), p.y0 - Double(q.y))
                    #expect(
                        d < 2e-3,
                        "\(motion), step \(step), id \(id), age \(p.age): starts \(p.x0), \(p.y0), was at \(q.x), \(q.y)"
                    )
                } else {
                    newborn += 1
                    #expect(p.age <= Float(step120) + 1e-6, "\(motion), id \(id) is new: age \(p.age)")
                    // Born this step at the emitter where it then was (orbits: on their circle round it).
                    let x = Double(layer.emitterPosition.x) - 1.5 * Double(p.age) / step120
                    let r = hypot(p.x0 - x, p.y0 - 150)
                    #expect(
                        motion == "orbit" ? abs(r - 60) < 1e-2 : r < 1e-3,
                        "\(motion), step \(step), id \(id): born \(r) pt from the emitter")
                }
            }
            #expect(newborn == 1, "\(motion), step \(step): 120/s × 1/120 s: \(newborn) births")
        }
    }
}

/// Birth order of ids as the coupling compares them (wrapping at 2³²).
enum FollowedOrder {
    static func precedes(_ p: UInt32, _ q: UInt32) -> Bool { Int32(bitPattern: p &- q) < 0 }
}
