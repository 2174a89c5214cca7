import Foundation
import LayerKit
import Testing

@testable import Particles

/// Emission direction from emissionLongitude, emissionLatitude and emissionRange (docs/Design.md §3.2).
@Suite struct EmissionDirectionTests {
    static func velocities(_ configure: (CAEmitterCell) -> Void) -> [ParticleRecord] {
        let (layer, cell) = makeEmitter { layer, cell in
            layer.seed = 9
            cell.birthRate = 0
            cell.velocity = 100
        }
        configure(cell)
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 2000, cellNamed: "cell")
        return sim.snapshot()
    }

    @Test func longitudeMinusHalfPiPointsUpTheScreen() {
        let p = Self.velocities { $0.emissionLongitude = -.pi / 2 }
        #expect(
            p.allSatisfy { abs($0.vx) < 1e-3 && abs($0.vy + 100) < 1e-3 && $0.vz == 0 },
            "(0, −100, 0): \(p[0].vx), \(p[0].vy)")
    }

    @Test func longitudeTurnsFromPlusXTowardPlusY() {
        let p = Self.velocities { $0.emissionLongitude = .pi / 6 }
        #expect(p.allSatisfy { abs($0.vx - 100 * Float(cos(Double.pi / 6))) < 1e-3 && abs($0.vy - 50) < 1e-3 })
    }

    @Test func latitudeLiftsTheDirectionOutOfThePlaneTowardPlusZ() {
        let p = Self.velocities {
            $0.emissionLongitude = 0
            $0.emissionLatitude = .pi / 3
        }
        #expect(
            p.allSatisfy {
                abs($0.vx - 50) < 1e-3 && abs($0.vy) < 1e-3 && abs($0.vz - 100 * Float(sin(Double.pi / 3))) < 1e-3
            },
            "(50, 0, 86.6): \(p[0].vx), \(p[0].vy), \(p[0].vz)")
    }

    @Test func rangeSpreadsTheLongitudeOverTheFullApexAngle() {
        let p = Self.velocities {
            $0.emissionLongitude = .pi / 2
            $0.emissionRange = .pi / 2
        }
        let angles = p.map { atan2($0.vy, $0.vx) }
        #expect(
            (angles.min() ?? 0) >= Float.pi / 4 - 1e-4 && (angles.max() ?? 0) <= 3 * Float.pi / 4 + 1e-4,
            "seed 9: angles [\(angles.min() ?? 0), \(angles.max() ?? 0)] outside [π/4, 3π/4]")
        #expect(abs(mean(angles) - .pi / 2) < 0.03, "seed 9: mean angle \(mean(angles))")
    }

    @Test func fullCircleRangeIsIsotropic() {
        let p = Self.velocities { $0.emissionRange = 2 * .pi }
        let mx = mean(p.map(\.vx))
        let my = mean(p.map(\.vy))
        #expect(abs(mx) < 4 && abs(my) < 4, "seed 9: mean velocity (\(mx), \(my)) of speed-100 particles")
        var sectors = Array(repeating: 0, count: 8)
        for q in p { sectors[Int((atan2(Double(q.vy), Double(q.vx)) + .pi) / (2 * .pi) * 8) % 8] += 1 }
        #expect(sectors.allSatisfy { abs($0 - 250) < 60 }, "seed 9: octant counts \(sectors)")
    }

    @Test func negativeSpeedsFlyBackwards() {
        // velocity 10 ± 30: a third of the samples are negative and move against the longitude.
        let p = Self.velocities {
            $0.velocity = 10
            $0.velocityRange = 30
            $0.emissionLongitude = 0
        }
        let backwards = p.filter { $0.vx < 0 }.count
        #expect(
            abs(Double(backwards) / Double(p.count) - 1.0 / 3) < 0.04,
            "seed 9: \(backwards) of \(p.count) move toward −x")
    }
}
