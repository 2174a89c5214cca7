import Foundation
import LayerKit
import Testing

@testable import Physics

/// Force fields on particles (batches over arrays) and bodies.
@Suite struct ForceFieldTests {
    @Test func radialGravityPullsTowardTheCentreWithFalloffAndRadius() {
        let field = ForceField.radialGravity(at: .zero, strength: 50, radius: 200)
        let a = field.acceleration(at: CGPoint(x: 100, y: 0))
        #expect(close(a.dx, -50, 1e-4) && close(a.dy, 0), "uniform pull \(a)")
        #expect(field.acceleration(at: CGPoint(x: 300, y: 0)) == .zero, "outside the radius")
        let inverseSquare = ForceField.radialGravity(at: .zero, strength: 50, falloff: 2, minimumRadius: 10)
        let far = inverseSquare.acceleration(at: CGPoint(x: 0, y: 100))
        #expect(close(far.dy, -0.5, 1e-5), "50 × (10 / 100)² toward the centre: \(far)")
        let near = inverseSquare.acceleration(at: CGPoint(x: 0, y: 5))
        #expect(close(near.dy, -50, 1e-4), "full strength inside the minimum radius: \(near)")
        let repulsor = ForceField.radialGravity(at: .zero, strength: -20)
        #expect(close(repulsor.acceleration(at: CGPoint(x: 10, y: 0)).dx, 20, 1e-4))
    }

    @Test func vortexTurnsPlusXTowardPlusY() {
        let field = ForceField.vortex(at: CGPoint(x: 10, y: 10), strength: 30)
        let a = field.acceleration(at: CGPoint(x: 110, y: 10))
        #expect(close(a.dx, 0, 1e-5) && close(a.dy, 30, 1e-4), "tangential \(a)")
    }

    @Test func linearGravityAndDrag() throws {
        #expect(
            ForceField.linearGravity(CGVector(dx: 3, dy: -4)).acceleration(at: CGPoint(x: 1e4, y: 0))
                == CGVector(dx: 3, dy: -4))
        let drag = ForceField.drag(2)
        let x: [Float] = [0]
        let y: [Float] = [0]
        var vx: [Float] = [100]
        var vy: [Float] = [-50]
        try drag.apply(count: 1, x: x, y: y, vx: &vx, vy: &vy, dt: 0.1, time: 0)
        #expect(
            abs(vx[0] - 100 * Float(exp(-0.2))) < 1e-3 && abs(vy[0] + 50 * Float(exp(-0.2))) < 1e-3,
            "decayed to (\(vx[0]), \(vy[0]))")
    }

    @Test func batchApplyMatchesThePointFormula() throws {
        let fields: [ForceField] = [
            .radialGravity(at: CGPoint(x: 50, y: 40), strength: 300, radius: 150, falloff: 1.5, minimumRadius: 5),
            .vortex(at: CGPoint(x: -20, y: 10), strength: 80, falloff: 2, minimumRadius: 20),
            .linearGravity(CGVector(dx: 0, dy: 500), at: .zero, radius: 100),
            .turbulence(strength: 200, scale: 40, speed: 2, seed: 9),
        ]
        var random = SeededRandom(seed: 1)
        let n = 64
        let x = (0..<n).map { _ in random.nextSignedFloat() * 200 }
        let y = (0..<n).map { _ in random.nextSignedFloat() * 200 }
        for field in fields {
            var vx = [Float](repeating: 0, count: n)
            var vy = vx
            try field.apply(count: n, x: x, y: y, vx: &vx, vy: &vy, dt: 0.01, time: 1.5)
            for i in 0..<n {
                let a = field.acceleration(at: CGPoint(x: Double(x[i]), y: Double(y[i])), time: 1.5)
                #expect(
                    abs(Double(vx[i]) - a.dx * 0.01) < 1e-4 && abs(Double(vy[i]) - a.dy * 0.01) < 1e-4,
                    "\(field.kind) particle \(i): (\(vx[i]), \(vy[i])) vs \(a)")
            }
        }
    }

    @Test func turbulenceIsSmoothSeededAndDeterministic() {
        let t = ForceField.turbulence(strength: 100, scale: 50, seed: 42)
        let a = t.acceleration(at: CGPoint(x: 123, y: 456), time: 0.5)
        #expect(a == t.acceleration(at: CGPoint(x: 123, y: 456), time: 0.5), "deterministic")
        let nearby = t.acceleration(at: CGPoint(x: 123.5, y: 456), time: 0.5)
        #expect(abs(a.dx - nearby.dx) < 5 && abs(a.dy - nearby.dy) < 5, "smooth: \(a) vs \(nearby) half a point away")
        var other = t
        other.seed = 43
        #expect(other.acceleration(at: CGPoint(x: 123, y: 456), time: 0.5) != a, "another seed, another field")
        var maximum = 0.0
        var sum = 0.0
        for i in 0..<2000 {
            let v = t.acceleration(at: CGPoint(x: Double(i % 50) * 7.3, y: Double(i / 50) * 11.1), time: 0)
            maximum = max(maximum, abs(v.dx), abs(v.dy))
            sum += v.dx
        }
        #expect(maximum <= 100 * 1.05 && maximum > 30, "bounded by the strength and not flat: max \(maximum)")
        #expect(abs(sum / 2000) < 15, "no drift: mean \(sum / 2000)")
    }

    @Test func gradientNoiseIsZeroOnTheLatticeAndGolden() {
        let noise = GradientNoise(seed: 0)
        #expect(noise.value(x: 3, y: 7, z: 1) == 0)
        // Golden values recorded from an inspected run (the permutation and the fade are fixed).
        let samples = [noise.value(x: 0.5, y: 0.25, z: 0.75), noise.value(x: 10.3, y: -4.7, z: 2.2)]
        #expect(
            samples.map(\.bitPattern) == [3_177_498_624, 3_193_360_301],
            "noise samples \(samples) (−0.0558548, −0.2097766)")
        #expect(NaNSafe.ok(noise.value(x: Float.nan, y: 0, z: 0)))
    }

    @Test func fieldsPushBodiesWithMassTimesAcceleration() throws {
        let world = try makeWorld(gravity: 0)
        var pull = ForceField.linearGravity(CGVector(dx: 0, dy: 100))
        pull.appliesToBodies = true
        world.forceFields = [pull, ForceField.linearGravity(CGVector(dx: 1000, dy: 0))]
        let heavy = try PhysicsBody(mass: 50)
        try heavy.addShape(.circle(radius: 5))
        try world.add(heavy)
        try step(world, 120)
        #expect(
            close(heavy.velocity.dy, 100, 1e-9) && heavy.velocity.dx == 0,
            "1 s of 100 pt/s² whatever the mass; the particle-only field is ignored: \(heavy.velocity)")
    }

    @Test func invalidFieldsAreRefused() {
        let x: [Float] = [0]
        var vx: [Float] = [0]
        var vy: [Float] = [0]
        for field in [
            ForceField.radialGravity(at: CGPoint(x: Double.nan, y: 0), strength: 1), .drag(-1),
            .turbulence(strength: 1, scale: 0), .radialGravity(at: .zero, strength: 1, radius: -5),
        ] {
            #expect(throws: PhysicsError.self) {
                try field.apply(count: 1, x: x, y: x, vx: &vx, vy: &vy, dt: 0.01, time: 0)
            }
        }
        #expect(throws: PhysicsError.self) {
            try ForceField.drag(1).apply(count: 1, x: x, y: x, vx: &vx, vy: &vy, dt: .nan, time: 0)
        }
    }
}

/// NaN inputs produce NaN or finite noise, never a trap.
enum NaNSafe {
    static func ok(_ v: Float) -> Bool { v.isNaN || v.isFinite }
}
