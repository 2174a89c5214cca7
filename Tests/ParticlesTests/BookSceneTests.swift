import Foundation
import LayerKit
import Testing

@testable import Particles

/// The Core Animation book's emitters (core-animation-notes.md §18, scenes S1 and S2).
@Suite struct BookSceneTests {
    @Test func sceneS1HoldsAbout440ParticlesNoneOlderThanFiveSeconds() {
        let (layer, _) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 10)
        let particles = sim.snapshot()
        // birthRate 88 × lifetime 5 = 440 at steady state.
        #expect(
            abs(particles.count - 440) <= 2, "seed 0, t = \(sim.time) s: \(particles.count) particles, expected ≈ 440")
        #expect(sim.aliveCount == particles.count, "counter \(sim.aliveCount) vs snapshot \(particles.count)")
        let oldest = particles.map(\.age).max() ?? 0
        #expect(oldest < 5, "seed 0, t = \(sim.time) s: oldest particle is \(oldest) s old")
        #expect(oldest > 4.95, "seed 0: the oldest particle should be close to 5 s old, got \(oldest)")
    }

    @Test func sceneS1AlphaFallsByPointFourPerSecondAndVanishesAtTwoAndAHalfSeconds() {
        let (layer, _) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 6)
        for p in sim.snapshot() {
            let expected = max(0, 1 - 0.4 * p.age)
            #expect(
                abs(p.alpha - expected) < 2e-3,
                "seed 0, t = \(sim.time) s, age \(p.age): alpha \(p.alpha), expected \(expected)")
        }
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        // Sprites are only the visible particles: born in the last 2.5 s (88 × 2.5 = 220).
        #expect(abs(list.sprites.count - 220) <= 2, "seed 0: \(list.sprites.count) visible sprites, expected ≈ 220")
        #expect(list.renderMode == .additive)
        #expect(list.sprites.allSatisfy { $0.r == 255 && $0.g == 128 && $0.b == 0 }, "orange tint (1, 0.5, 0)")
    }

    @Test func sceneS1DirectionsAreIsotropicAndSpeedsSpan39PlusMinus50() {
        let (layer, _) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 10)
        let particles = sim.snapshot()
        var sx = 0.0
        var sy = 0.0
        var quadrants = [0, 0, 0, 0]
        var signedSpeeds: [Float] = []
        for p in particles {
            let dx = Double(p.x) - 160
            let dy = Double(p.y) - 240
            let r = (dx * dx + dy * dy).squareRoot()
            guard r > 1e-3 else { continue }
            sx += dx / r
            sy += dy / r
            quadrants[(dx >= 0 ? 0 : 1) + (dy >= 0 ? 0 : 2)] += 1
            // Displacement over the age gives the signed initial speed along the emission direction.
            signedSpeeds.append(p.speed)
        }
        let n = Double(particles.count)
        #expect(abs(sx / n) < 0.1 && abs(sy / n) < 0.1, "seed 0: mean direction (\(sx / n), \(sy / n)) should be ≈ 0")
        for q in quadrants { #expect(abs(Double(q) - n / 4) < n / 8, "seed 0: quadrant counts \(quadrants)") }
        // |39 ± 50| lies in [0, 89].
        #expect((signedSpeeds.max() ?? 0) <= 89.01, "max speed \(signedSpeeds.max() ?? 0)")
    }

    @Test func sceneS2HoldsAbout750Particles() {
        let (layer, _) = makeS2()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 10)
        #expect(
            abs(sim.aliveCount - 750) <= 2, "seed 0, t = \(sim.time) s: \(sim.aliveCount) particles, expected ≈ 750")
        for p in sim.snapshot() {
            #expect(p.red == 1 && abs(p.green - 0.5) < 1e-3 && abs(p.blue - 0.1) < 1e-3, "colour (1, 0.5, 0.1): \(p)")
        }
    }

    @Test func sceneS2LayerBirthRateTwoDoublesTheEmission() {
        let (single, _) = makeS2()
        let (double, _) = makeS2()
        double.birthRate = 2
        let a = EmitterSimulation(layer: single)
        let b = EmitterSimulation(layer: double)
        run(a, seconds: 2)
        run(b, seconds: 2)
        let bornA = a.totals.born
        let bornB = b.totals.born
        // 150/s × 2 s = 300 (the fractional accumulator may carry the last one into the next step).
        #expect(
            abs(bornA - 300) <= 1 && abs(bornB - 2 * bornA) <= 1,
            "seed 0, 2 s: born \(bornA) at ×1 and \(bornB) at ×2, expected 300 and 600")
        run(b, seconds: 8)
        #expect(abs(b.aliveCount - 1500) <= 2, "seed 0, 10 s: \(b.aliveCount) particles at ×2, expected ≈ 1500")
    }
}
