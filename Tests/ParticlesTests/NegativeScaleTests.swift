import Foundation
import LayerKit
import Testing

@testable import Particles

/// Negative sampled scales (docs/Design.md §3.8): a scaleRange larger than the scale, common in rain and snow
/// code, gives some particles a negative scale, which draws the sprite mirrored at its magnitude as a
/// transform scale does; scaleSpeed still stops a particle born with a scale ≥ 0 at 0.
@Suite struct NegativeScaleTests {
    /// `count` particles of `configure`d cell emitted at once, seed 17.
    static func emitted(_ count: Int, _ configure: (CAEmitterCell) -> Void) -> EmitterSimulation {
        let (layer, cell) = makeEmitter { layer, cell in
            layer.seed = 17
            cell.birthRate = 0
            cell.lifetime = 10
        }
        configure(cell)
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: count, cellNamed: "cell")
        return sim
    }

    @Test func rainDropsOfVKWeatherKeepTheirNegativeScales() {
        // AnnaNikolS/VKWeather, VKWeather/Views/RainEmitterLayer.swift @ 546d581: scale 0.025, scaleRange 0.16,
        // uniform in [−0.135, 0.185]: 0.135 / 0.32 = 42.2 % of the drops have a negative scale.
        let sim = Self.emitted(4000) { cell in
            cell.scale = 0.025
            cell.scaleRange = 0.16
        }
        let scales = sim.snapshot().map(\.scale)
        let negative = Double(scales.filter { $0 < 0 }.count) / Double(scales.count)
        #expect(abs(negative - 0.422) < 0.025, "seed 17: \(negative * 100) % negative, expected 42.2 %")
        #expect(
            scales.allSatisfy { $0 >= -0.135 - 1e-6 && $0 <= 0.185 + 1e-6 },
            "seed 17: scales in [\(scales.min() ?? 0), \(scales.max() ?? 0)]")
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        #expect(
            list.sprites.count == scales.filter { $0 != 0 }.count
                && list.sprites.filter { $0.scale < 0 }.count == scales.filter { $0 < 0 }.count,
            "seed 17: \(list.sprites.count) sprites for \(scales.count) drops, all drawn")
    }

    @Test func clampsNegativeScaleRaisesNegativeSamplesToZeroAsCocos2dDoes() {
        let sim = Self.emitted(4000) { cell in
            cell.scale = 0.025
            cell.scaleRange = 0.16
            cell.clampsNegativeScale = true
        }
        let scales = sim.snapshot().map(\.scale)
        let zero = Double(scales.filter { $0 == 0 }.count) / Double(scales.count)
        #expect(scales.allSatisfy { $0 >= 0 } && abs(zero - 0.422) < 0.025, "seed 17: \(zero * 100) % at 0")
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        #expect(list.sprites.count == scales.filter { $0 > 0 }.count, "seed 17: \(list.sprites.count) drawn")
    }

    /// The scale of the one particle of a cell of scale `scale` and `scaleSpeed` after `seconds`.
    static func scale(_ scale: Double, speed: Double, after seconds: Double) -> (Float, drawn: Bool) {
        let sim = Self.emitted(1) { cell in
            cell.scale = scale
            cell.scaleSpeed = speed
        }
        run(sim, seconds: seconds)
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        return (sim.snapshot().first?.scale ?? .nan, !list.sprites.isEmpty)
    }

    @Test func scaleSpeedStopsAScaleBornPositiveAtZero() {
        // 0.5 − 0.25·age: 0.25 at 1 s, 0 from 2 s on, and not drawn.
        let (s1, drawn1) = Self.scale(0.5, speed: -0.25, after: 1)
        let (s3, drawn3) = Self.scale(0.5, speed: -0.25, after: 3)
        #expect(abs(s1 - 0.25) < 1e-5 && drawn1, "at 1 s: \(s1)")
        #expect(s3 == 0 && !drawn3, "at 3 s: \(s3), drawn \(drawn3)")
    }

    @Test func aMirroredScaleFollowsItsRateThroughZero() {
        // −0.5 − 0.25·age grows mirrored: −1 at 2 s. −0.5 + 0.25·age shrinks to 0 at 2 s and grows again
        // unmirrored, as a transform scale does: +0.25 at 3 s.
        let (growing, drawnGrowing) = Self.scale(-0.5, speed: -0.25, after: 2)
        let (shrinking, drawnShrinking) = Self.scale(-0.5, speed: 0.25, after: 1)
        let (crossed, drawnCrossed) = Self.scale(-0.5, speed: 0.25, after: 3)
        #expect(abs(growing + 1) < 1e-5 && drawnGrowing, "−0.5 − 0.25·2: \(growing)")
        #expect(abs(shrinking + 0.25) < 1e-5 && drawnShrinking, "−0.5 + 0.25·1: \(shrinking)")
        #expect(abs(crossed - 0.25) < 1e-5 && drawnCrossed, "−0.5 + 0.25·3: \(crossed)")
    }

    @Test func aLayerScaleBelowZeroMirrorsEveryParticle() {
        let (layer, _) = makeEmitter { layer, cell in
            layer.scale = -2
            cell.birthRate = 0
            cell.scale = 0.5
            cell.scaleSpeed = 0.1
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1)
        let s = sim.snapshot().first?.scale ?? .nan
        #expect(abs(s + 1.2) < 1e-5, "(0.5 + 0.1·1 s) × −2 = −1.2, got \(s)")
    }
}
