import Foundation
import LayerKit
import Testing

@testable import Particles

/// What every step does to a particle (docs/Design.md §3.8): accelerations, colour and scale speeds with
/// their clamps, spin, and death at the end of the lifetime.
@Suite struct ParticleMotionTests {
    /// One particle emitted at t = 0 and followed for `seconds`.
    static func follow(seconds: Double, _ configure: (CAEmitterLayer, CAEmitterCell) -> Void) -> (
        EmitterSimulation, ParticleRecord?
    ) {
        let (layer, cell) = makeEmitter { layer, cell in
            cell.birthRate = 0
            cell.lifetime = 100
            configure(layer, cell)
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        _ = cell
        run(sim, seconds: seconds)
        return (sim, sim.snapshot().first)
    }

    @Test func accelerationGivesTheExactBallisticPath() {
        let (sim, p) = Self.follow(seconds: 2) { layer, cell in
            layer.emitterPosition = CGPoint(x: 10, y: 20)
            cell.velocity = 50
            cell.emissionLongitude = 0
            cell.xAcceleration = -3
            cell.yAcceleration = 75
            cell.zAcceleration = 4
        }
        guard let p else {
            Issue.record("the particle is gone")
            return
        }
        // p = p0 + v0·t + ½a·t², v = v0 + a·t at t = 2 s.
        #expect(
            abs(p.x - (10 + 100 - 6)) < 1e-3 && abs(p.y - (20 + 150)) < 1e-3 && abs(p.z - 8) < 1e-3,
            "t = \(sim.time): (\(p.x), \(p.y), \(p.z)), expected (104, 170, 8)")
        #expect(
            abs(p.vx - 44) < 1e-3 && abs(p.vy - 150) < 1e-3 && abs(p.vz - 8) < 1e-3,
            "velocity (\(p.vx), \(p.vy), \(p.vz))")
        #expect(abs(p.age - 2) < 1e-5, "age \(p.age)")
    }

    @Test func colourSpeedsChangeEachComponentPerSecondAndClamp() {
        let configure: (CAEmitterLayer, CAEmitterCell) -> Void = { _, cell in
            cell.color = CGColor(red: 0.2, green: 0.9, blue: 0.5, alpha: 1)
            cell.redSpeed = 0.5
            cell.greenSpeed = -0.2
            cell.blueSpeed = 0.1
            cell.alphaSpeed = -0.4
        }
        let (_, one) = Self.follow(seconds: 1, configure)
        let (_, three) = Self.follow(seconds: 3, configure)
        guard let one, let three else {
            Issue.record("the particle is gone")
            return
        }
        #expect(
            abs(one.red - 0.7) < 1e-3 && abs(one.green - 0.7) < 1e-3 && abs(one.blue - 0.6) < 1e-3
                && abs(one.alpha - 0.6) < 1e-3,
            "t = 1 s: \(one.red), \(one.green), \(one.blue), \(one.alpha)")
        // At 3 s: red 1.7 → 1, green 0.3, blue 0.8, alpha −0.2 → 0.
        #expect(
            three.red == 1 && abs(three.green - 0.3) < 1e-3 && abs(three.blue - 0.8) < 1e-3 && three.alpha == 0,
            "t = 3 s: \(three.red), \(three.green), \(three.blue), \(three.alpha)")
    }

    @Test func scaleSpeedChangesTheScaleAndClampsAtZero() {
        let (_, one) = Self.follow(seconds: 1) { _, cell in
            cell.scale = 1
            cell.scaleSpeed = -0.3
        }
        let (_, four) = Self.follow(seconds: 4) { _, cell in
            cell.scale = 1
            cell.scaleSpeed = -0.3
        }
        #expect(abs((one?.scale ?? -1) - 0.7) < 1e-5, "t = 1 s: scale \(one?.scale ?? -1)")
        #expect(four?.scale == 0, "t = 4 s: scale \(four?.scale ?? -1), expected clamp at 0")
    }

    @Test func spinTurnsInRadiansPerSecondFromZero() {
        let (_, p) = Self.follow(seconds: 1.5) { _, cell in cell.spin = 2 }
        #expect(abs((p?.rotation ?? 0) - 3) < 1e-4, "rotation \(p?.rotation ?? 0) after 1.5 s at 2 rad/s")
        let (_, start) = Self.follow(seconds: 0) { _, cell in cell.spin = 2 }
        #expect(start?.rotation == 0, "initial rotation 0")
    }

    @Test func particlesDieAtTheEndOfTheirLifetime() {
        let (layer, _) = makeEmitter { _, cell in
            cell.birthRate = 0
            cell.lifetime = 1
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 10, cellNamed: "cell")
        run(sim, seconds: 118.0 / 120)
        #expect(sim.aliveCount == 10, "t = \(sim.time): \(sim.aliveCount) alive before 1 s")
        run(sim, seconds: 2.0 / 120)
        #expect(sim.aliveCount == 0 && sim.totals.died == 10, "t = \(sim.time): \(sim.totals)")
        #expect(sim.lastStepEvents.deaths == 10, "deaths reported in the step that reached 1 s: \(sim.lastStepEvents)")
    }

    @Test func birthsWithinAStepAreAgedAndMovedByTheRestOfTheStep() {
        // 120 births/s = one per step; each is born at its own moment, so ages after one step differ.
        let (layer, _) = makeEmitter { _, cell in
            cell.birthRate = 360
            cell.velocity = 120
            cell.lifetime = 10
        }
        let sim = EmitterSimulation(layer: layer)
        sim.step(by: step120)
        let p = sim.snapshot()
        #expect(p.count == 3, "360/s × 1/120 s = 3 births, got \(p.count)")
        // Born at 1/3, 2/3 and 3/3 of the step: aged 2/3, 1/3 and 0 of it, and moved accordingly.
        let expectedAges: [Float] = [2, 1, 0].map { Float($0) / 360 }
        for (q, age) in zip(p, expectedAges) {
            #expect(
                abs(q.age - age) < 1e-6 && abs(q.speed * q.age - (q.x * q.x + q.y * q.y).squareRoot()) < 1e-4,
                "age \(q.age), expected \(age); distance \((q.x * q.x + q.y * q.y).squareRoot())")
        }
    }
}
