import Foundation
import Testing

@testable import EmitterKit

/// Force fields through the engine: on particles (in root coordinates), on bodies (by category),
/// carried by layers, and built from scene descriptions.
@Suite struct PhysicsFieldTests {
    /// A ring of resting particles around (200, 150).
    func makeRing() throws -> (engine: Engine, emitter: CAEmitterLayer, cell: CAEmitterCell) {
        let (root, emitter, cell) = PhysicsTestSupport.emitterScene { _ in }
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        for k in 0..<8 {
            let a = Double(k) * .pi / 4
            try engine.burst(
                count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 200 + 100 * cos(a), y: 150 + 100 * sin(a)))
        }
        return (engine, emitter, cell)
    }

    @Test func radialGravityPullsParticlesTowardTheCentre() throws {
        let (engine, emitter, cell) = try makeRing()
        try engine.addField(PhysicsField(.radialGravity(at: CGPoint(x: 200, y: 150), strength: 400)))
        for _ in 0..<30 { engine.advance(by: 1.0 / 60) }
        let p = try PhysicsTestSupport.particles(engine, emitter, cell)
        #expect(p.count == 8)
        for q in p {
            let d = hypot(Double(q.x) - 200, Double(q.y) - 150)
            // ½·a·t² = ½·400·0.25 = 50 points in half a second.
            #expect(abs(d - 50) < 2, "particle at \(q): distance \(d) from the centre, expected about 50")
        }
    }

    @Test func vortexTurnsParticlesClockwiseOnScreen() throws {
        let (engine, emitter, cell) = try makeRing()
        try engine.addField(PhysicsField(.vortex(at: CGPoint(x: 200, y: 150), strength: 200)))
        for _ in 0..<6 { engine.advance(by: 1.0 / 60) }
        let p = try PhysicsTestSupport.particles(engine, emitter, cell)
        // Particle 0 sits at +x of the centre: clockwise on screen (y down) moves it toward +y.
        #expect(p[0].vy > 15 && abs(p[0].vx) < 2, "particle at +x: \(p[0])")
        // Particle 2 sits at +y: it moves toward −x.
        #expect(p[2].vx < -15 && abs(p[2].vy) < 2, "particle at +y: \(p[2])")
    }

    @Test func fieldsPushBodiesOfTheirCategoriesOnly() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        var bodies: [PhysicsBody] = []
        for (i, category) in [UInt32(1), 2].enumerated() {
            let l = CALayer()
            l.position = CGPoint(x: 100 + 200 * i, y: 150)
            root.addSublayer(l)
            let b = try PhysicsBody(mass: 3)
            let shape = try b.addShape(.circle(radius: 5))
            shape.filter = CollisionFilter(categories: category)
            try engine.attach(b, to: l)
            bodies.append(b)
        }
        try engine.addField(
            PhysicsField(.linearGravity(CGVector(dx: 0, dy: -100)), affectsParticles: false, categoryMask: 1))
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        #expect(
            abs(bodies[0].velocity.dy + 100) < 1e-6 && bodies[1].velocity == .zero,
            "category 1: \(bodies[0].velocity), category 2: \(bodies[1].velocity)")
    }

    @Test func aFieldAttachedToALayerFollowsIt() throws {
        let (engine, emitter, cell) = try makeRing()
        let well = CALayer()
        well.position = CGPoint(x: 300, y: 150)
        engine.rootLayer.addSublayer(well)
        try engine.addField(
            PhysicsField(.radialGravity(at: .zero, strength: 1000, radius: 20), name: "well", attachedTo: well))
        engine.advance(by: 1.0 / 60)
        let field = try #require(engine.field(named: "well"))
        #expect(field.field.position == CGPoint(x: 300, y: 150), "field at \(field.field.position)")
        let p = try PhysicsTestSupport.particles(engine, emitter, cell)
        // Only particle 0, at (300, 150), is inside the 20-point region (at the centre: no direction).
        #expect(p.dropFirst().allSatisfy { $0.vx == 0 && $0.vy == 0 }, "\(p)")
        well.position = CGPoint(x: 290, y: 150)
        engine.advance(by: 1.0 / 60)
        let q = try PhysicsTestSupport.particles(engine, emitter, cell)
        #expect(q[0].vx < -10, "the well moved left of particle 0 and pulls it: \(q[0])")
    }

    @Test func sceneFieldsMapToForceFields() throws {
        var d = FieldDescription()
        d.type = .linearGravity
        d.direction = CGVector(dx: 3, dy: 4)
        d.strength = 50
        let linear = try PhysicsField.make(from: d, index: 0)
        #expect(
            linear.field.kind == .linearGravity && abs(linear.field.vector.dx - 30) < 1e-12
                && abs(linear.field.vector.dy - 40) < 1e-12)
        d = FieldDescription()
        d.type = .noise
        d.smoothness = 0.5
        d.animationSpeed = 2
        d.affects = .particles
        let noise = try PhysicsField.make(from: d, index: 1)
        #expect(
            noise.field.kind == .turbulence && noise.field.noiseScale == 100 && noise.field.noiseSpeed == 2
                && !noise.affectsBodies)
        d = FieldDescription()
        d.type = .drag
        d.strength = -1
        #expect(throws: EngineError.self) { try PhysicsField.make(from: d, index: 2) }
        d.type = .spring
        d.strength = 4
        d.position = CGPoint(x: 10, y: 0)
        let spring = try PhysicsField.make(from: d, index: 3)
        let a = spring.field.acceleration(at: CGPoint(x: 20, y: 0))
        #expect(abs(a.dx + 40) < 1e-4 && a.dy == 0, "spring pull at 10 points: \(a)")
        d.type = .turbulence
        d.strength = 1
        let turbulence = try PhysicsField.make(from: d, index: 4)
        #expect(
            turbulence.field.acceleration(at: CGPoint(x: 37, y: 11)) == .zero, "turbulence leaves still objects alone")
        #expect(turbulence.field.acceleration(at: CGPoint(x: 37, y: 11), velocity: CGVector(dx: 100, dy: 0)) != .zero)
    }
}
