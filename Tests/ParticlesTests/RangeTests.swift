import Foundation
import LayerKit
import Testing

@testable import Particles

/// Every ranged cell property is uniform in [M − R, M + R] (docs/Design.md §3.1), or [M − R/2, M + R/2]
/// with `rangeSemantics = .halfWidth`; the layer multipliers apply after sampling.
@Suite struct RangeTests {
    /// Samples of one property over 20 000 particles emitted at once.
    static func samples(
        _ semantics: CAEmitterRangeSemantics, _ configure: (CAEmitterCell) -> Void,
        _ value: (ParticleRecord) -> Float
    ) -> [Float] {
        let (layer, cell) = makeEmitter { layer, cell in
            layer.rangeSemantics = semantics
            layer.seed = 11
            cell.birthRate = 0
            cell.lifetime = 100
            cell.velocity = 10
        }
        configure(cell)
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 20_000, cellNamed: "cell")
        return sim.snapshot().map(value)
    }

    /// Checks bounds, that both ends are reached, and the mean.
    static func expectUniform(_ v: [Float], mean m: Float, halfWidth w: Float, _ what: String) {
        let lo = v.min() ?? .nan
        let hi = v.max() ?? .nan
        let avg = mean(v)
        #expect(v.count == 20_000, "\(what): \(v.count) samples")
        #expect(lo >= m - w - 1e-3 && hi <= m + w + 1e-3, "seed 11, \(what): range [\(lo), \(hi)] outside \(m) ± \(w)")
        #expect(
            lo < m - 0.98 * w && hi > m + 0.98 * w, "seed 11, \(what): range [\(lo), \(hi)] does not fill \(m) ± \(w)")
        #expect(abs(avg - Double(m)) < 0.02 * Double(w), "seed 11, \(what): mean \(avg), expected \(m)")
    }

    @Test(arguments: [CAEmitterRangeSemantics.fullWidth, .halfWidth])
    func lifetimeTenRangeThreeGivesSevenToThirteen(_ semantics: CAEmitterRangeSemantics) {
        let k: Float = semantics == .halfWidth ? 0.5 : 1
        let v = Self.samples(
            semantics,
            {
                $0.lifetime = 10
                $0.lifetimeRange = 3
            }, \.lifetime)
        Self.expectUniform(v, mean: 10, halfWidth: 3 * k, "lifetime 10 ± 3 (\(semantics.rawValue))")
    }

    @Test(arguments: [CAEmitterRangeSemantics.fullWidth, .halfWidth])
    func velocityIsUniformAroundTheMean(_ semantics: CAEmitterRangeSemantics) {
        let k: Float = semantics == .halfWidth ? 0.5 : 1
        let v = Self.samples(
            semantics,
            {
                $0.velocity = 100
                $0.velocityRange = 40
            }, \.speed)
        Self.expectUniform(v, mean: 100, halfWidth: 40 * k, "velocity 100 ± 40 (\(semantics.rawValue))")
    }

    @Test(arguments: [CAEmitterRangeSemantics.fullWidth, .halfWidth])
    func scaleIsUniformAroundTheMean(_ semantics: CAEmitterRangeSemantics) {
        let k: Float = semantics == .halfWidth ? 0.5 : 1
        let v = Self.samples(
            semantics,
            {
                $0.scale = 1
                $0.scaleRange = 0.5
            }, \.scale)
        Self.expectUniform(v, mean: 1, halfWidth: 0.5 * k, "scale 1 ± 0.5 (\(semantics.rawValue))")
    }

    @Test(arguments: [CAEmitterRangeSemantics.fullWidth, .halfWidth])
    func spinIsUniformAroundTheMean(_ semantics: CAEmitterRangeSemantics) {
        let k: Float = semantics == .halfWidth ? 0.5 : 1
        let v = Self.samples(
            semantics,
            {
                $0.spin = 2
                $0.spinRange = 1.5
            }, \.spin)
        Self.expectUniform(v, mean: 2, halfWidth: 1.5 * k, "spin 2 ± 1.5 (\(semantics.rawValue))")
    }

    @Test(arguments: [CAEmitterRangeSemantics.fullWidth, .halfWidth])
    func everyColourComponentIsUniformAroundTheMean(_ semantics: CAEmitterRangeSemantics) {
        let k: Float = semantics == .halfWidth ? 0.5 : 1
        let configure: (CAEmitterCell) -> Void = {
            $0.color = CGColor(red: 0.5, green: 0.4, blue: 0.6, alpha: 0.5)
            $0.redRange = 0.3
            $0.greenRange = 0.2
            $0.blueRange = 0.25
            $0.alphaRange = 0.4
        }
        // Colours are stored in half precision: bounds hold to 1e-3.
        Self.expectUniform(Self.samples(semantics, configure, \.red), mean: 0.5, halfWidth: 0.3 * k, "red 0.5 ± 0.3")
        Self.expectUniform(
            Self.samples(semantics, configure, \.green), mean: 0.4, halfWidth: 0.2 * k, "green 0.4 ± 0.2")
        Self.expectUniform(
            Self.samples(semantics, configure, \.blue), mean: 0.6, halfWidth: 0.25 * k, "blue 0.6 ± 0.25")
        Self.expectUniform(
            Self.samples(semantics, configure, \.alpha), mean: 0.5, halfWidth: 0.4 * k, "alpha 0.5 ± 0.4")
    }

    @Test func colourSamplesBeyondOneAreClampedAtBirth() {
        let v = Self.samples(
            .fullWidth,
            {
                $0.color = CGColor(red: 0.9, green: 0.1, blue: 0.5, alpha: 1)
                $0.redRange = 0.5
                $0.greenRange = 0.5
            }, \.red)
        #expect(
            (v.max() ?? 0) == 1 && (v.min() ?? 0) >= 0.4 - 1e-3,
            "red 0.9 ± 0.5 clamped to [0.4, 1]: [\(v.min() ?? .nan), \(v.max() ?? .nan)]")
        let fraction = Double(v.filter { $0 == 1 }.count) / Double(v.count)
        #expect(abs(fraction - 0.4) < 0.03, "seed 11: 40 % of red samples lie above 1 and clamp, got \(fraction)")
    }

    @Test func emissionRangeIsTheFullApexAngle() {
        // Longitude 0.5 rad, range 1 rad: angles uniform in [0, 1] whatever the range semantics.
        for semantics in [CAEmitterRangeSemantics.fullWidth, .halfWidth] {
            let configure: (CAEmitterCell) -> Void = {
                $0.emissionLongitude = 0.5
                $0.emissionRange = 1
            }
            let v = Self.samples(semantics, configure, { atan2($0.vy, $0.vx) })
            Self.expectUniform(v, mean: 0.5, halfWidth: 0.5, "longitude 0.5, emissionRange 1 (\(semantics.rawValue))")
        }
    }

    @Test func layerMultipliersApplyAfterSampling() {
        let (layer, cell) = makeEmitter { layer, cell in
            layer.seed = 3
            layer.lifetime = 2
            layer.velocity = 3
            layer.scale = 0.5
            layer.spin = -1
            cell.lifetime = 10
            cell.lifetimeRange = 3
            cell.velocity = 100
            cell.velocityRange = 40
            cell.scale = 1
            cell.scaleRange = 0.5
            cell.spin = 2
            cell.spinRange = 1
        }
        _ = cell
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 20_000, cellNamed: "cell")
        let p = sim.snapshot()
        Self.expectUniform(p.map(\.lifetime), mean: 20, halfWidth: 6, "lifetime (10 ± 3) × 2")
        Self.expectUniform(p.map(\.speed), mean: 300, halfWidth: 120, "speed (100 ± 40) × 3")
        Self.expectUniform(p.map(\.scale), mean: 0.5, halfWidth: 0.25, "scale (1 ± 0.5) × 0.5")
        Self.expectUniform(p.map(\.spin), mean: -2, halfWidth: 1, "spin (2 ± 1) × −1")
    }
}
