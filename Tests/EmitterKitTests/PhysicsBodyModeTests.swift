import Foundation
import Testing

@testable import EmitterKit
@_spi(Benchmarks) @testable import Particles

/// `body`-mode cells: every particle is a circle body (radius from its size, mass from the cell) that
/// pushes and is pushed, within a budget, and dies with its particle.
@Suite struct PhysicsBodyModeTests {
    func makeBodies(maxBodies: Int = 100, lifetime: Float = 20) throws -> (
        engine: Engine, emitter: CAEmitterLayer, cell: CAEmitterCell
    ) {
        let (root, emitter, cell) = PhysicsTestSupport.emitterScene { c in
            c.lifetime = lifetime
            c.velocity = 300
            c.emissionLongitude = 0
        }
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        var physics = CellPhysicsDescription()
        physics.mode = .body
        physics.mass = 2
        physics.radius = 4
        physics.elasticity = 1
        physics.maxBodies = maxBodies
        try engine.setPhysics(physics, of: cell, in: emitter)
        return (engine, emitter, cell)
    }

    @Test func headOnHitConservesMomentum() throws {
        let (engine, emitter, cell) = try makeBodies()
        let crateLayer = CALayer()
        crateLayer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        crateLayer.position = CGPoint(x: 250, y: 150)
        engine.rootLayer.addSublayer(crateLayer)
        let crate = try PhysicsBody(mass: 10)
        try crate.addShape(.box(width: 20, height: 20), elasticity: 1)
        try engine.attach(crate, to: crateLayer)
        try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 100, y: 150))
        engine.stepOnce()
        let before = try #require(try PhysicsTestSupport.particles(engine, emitter, cell).first)
        #expect(
            abs(before.vx - 300) < 1e-3 && engine.statistics.bodies == 2,
            "particle \(before), bodies \(engine.statistics.bodies)")
        for _ in 0..<90 { engine.stepOnce() }
        let after = try #require(try PhysicsTestSupport.particles(engine, emitter, cell).first)
        let momentumBefore = 2 * Double(before.vx)
        let momentumAfter = 2 * Double(after.vx) + 10 * Double(crate.velocity.dx)
        #expect(
            crate.velocity.dx > 50 && after.vx < 0,
            "the crate was pushed (\(crate.velocity)) and the particle bounced back (\(after))")
        #expect(
            abs(momentumAfter - momentumBefore) < 1e-3 * momentumBefore,
            "momentum \(momentumBefore) before, \(momentumAfter) after (particle \(after.vx), crate \(crate.velocity.dx))"
        )
        // Elastic: equal masses would swap; 2 against 10 gives the textbook speeds.
        #expect(
            abs(crate.velocity.dx - 2 * 2 * 300 / 12) < 2 && abs(Double(after.vx) - 300 * (2 - 10) / 12) < 2,
            "crate \(crate.velocity.dx) (expected 100), particle \(after.vx) (expected −200)")
    }

    @Test func particlesPushEachOtherAndEqualMassesSwapVelocities() throws {
        let (engine, emitter, cell) = try makeBodies()
        try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 100, y: 150))
        cell.velocity = 0
        try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 200, y: 150))
        for _ in 0..<60 { engine.stepOnce() }
        let p = try PhysicsTestSupport.particles(engine, emitter, cell)
        #expect(p.count == 2 && abs(p[0].vx) < 0.01 && abs(p[1].vx - 300) < 0.01, "after the hit: \(p)")
    }

    @Test func bodiesStayWithinTheBudgetAndDieWithTheirParticles() throws {
        let (engine, emitter, cell) = try makeBodies(maxBodies: 3, lifetime: 0.5)
        cell.velocity = 0
        for i in 0..<10 {
            try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 20 + 30 * i, y: 150))
        }
        engine.advance(by: 1.0 / 60)
        #expect(
            engine.statistics.bodies == 3 && engine.statistics.liveParticles == 10,
            "budget 3: \(engine.statistics.bodies) bodies for \(engine.statistics.liveParticles) particles")
        for _ in 0..<40 { engine.advance(by: 1.0 / 60) }
        #expect(
            engine.statistics.bodies == 0 && engine.statistics.liveParticles == 0,
            "after the lifetime: \(engine.statistics.bodies) bodies, \(engine.statistics.liveParticles) particles")
        // Slots come back: new particles get bodies again.
        for i in 0..<2 {
            try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 50 + 100 * i, y: 50))
        }
        engine.advance(by: 1.0 / 60)
        #expect(engine.statistics.bodies == 2, "bodies \(engine.statistics.bodies)")
    }

    @Test func bodiesFollowParticlesAcrossRemovalOfDeadOnes() throws {
        // Many short-lived particles force the store to compact while long-lived ones keep their bodies.
        let (engine, emitter, cell) = try makeBodies(maxBodies: 1000, lifetime: 0.2)
        cell.velocity = 0
        cell.lifetimeRange = 0
        for i in 0..<150 {
            try engine.burst(
                count: 1, cellNamed: "drop", in: emitter,
                at: CGPoint(x: 10 + Double(i % 30) * 12, y: 20 + Double(i / 30) * 12))
        }
        cell.lifetime = 5
        try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 200, y: 250))
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        let p = try PhysicsTestSupport.particles(engine, emitter, cell)
        #expect(
            p.count == 1 && engine.statistics.bodies == 1, "\(p.count) particles, \(engine.statistics.bodies) bodies")
        #expect(abs(Double(p[0].x) - 200) < 1e-3 && abs(Double(p[0].y) - 250) < 1e-3, "the survivor stayed put: \(p)")
    }

    @Test func bodiesFollowTheirParticlesWhenParticleIdsWrapAround() throws {
        // As above, with the cell's particle ids passing 2³² − 1 → 0 within the short-lived batch.
        let (engine, emitter, cell) = try makeBodies(maxBodies: 1000, lifetime: 0.2)
        cell.velocity = 0
        cell.lifetimeRange = 0
        engine.stepOnce()
        let sim = try #require(engine.simulation(of: emitter))
        try sim.withStepView(ofCell: cell, .identities) { _ in }
        try #require(sim.runtime(of: cell)).store.nextID = .max - 70
        for i in 0..<150 {
            try engine.burst(
                count: 1, cellNamed: "drop", in: emitter,
                at: CGPoint(x: 10 + Double(i % 30) * 12, y: 20 + Double(i / 30) * 12))
        }
        cell.lifetime = 5
        try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 200, y: 250))
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        let p = try PhysicsTestSupport.particles(engine, emitter, cell)
        #expect(
            p.count == 1 && engine.statistics.bodies == 1, "\(p.count) particles, \(engine.statistics.bodies) bodies")
        #expect(abs(Double(p[0].x) - 200) < 1e-3 && abs(Double(p[0].y) - 250) < 1e-3, "the survivor stayed put: \(p)")
    }

    @Test func bodyModeIsDeterministicAcrossFrameRates() throws {
        var hashes: [Double: String] = [:]
        for fps in [30.0, 60.0, 144.0] {
            let (engine, emitter, cell) = try makeBodies(maxBodies: 50, lifetime: 1.5)
            cell.birthRate = 40
            cell.emissionRange = 2 * .pi
            cell.velocity = 120
            emitter.emitterPosition = CGPoint(x: 200, y: 150)
            for _ in 0..<Int(2 * fps) { engine.advance(by: 1 / fps) }
            hashes[fps] = engine.stateHash().hex
        }
        #expect(Set(hashes.values).count == 1, "hashes by fps: \(hashes)")
    }
}

extension PhysicsBodyModeTests {
    @Test func particleBodiesLeaveWithTheirEmitter() throws {
        let (engine, emitter, _) = try makeBodies()
        for i in 0..<5 {
            try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 40 + 60 * i, y: 100))
        }
        engine.advance(by: 1.0 / 60)
        #expect(engine.statistics.bodies == 5)
        emitter.removeFromSuperlayer()
        engine.advance(by: 1.0 / 60)
        #expect(engine.statistics.bodies == 0, "bodies after the emitter left the tree: \(engine.statistics.bodies)")
    }
}

extension PhysicsBodyModeTests {
    @Test func particleBodiesFallWithTheirCellsAccelerationNotTheWorldsGravity() throws {
        func fall(physics: Bool) throws -> (x: Float, y: Float, vx: Float, vy: Float) {
            let (engine, emitter, cell) = try makeBodies()
            if !physics { try engine.removePhysics(of: cell) }
            cell.velocity = 0
            cell.yAcceleration = 200
            try engine.physicsWorld.setGravity(CGVector(dx: 0, dy: 1000))
            try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 200, y: 20))
            for _ in 0..<30 { engine.advance(by: 1.0 / 60) }
            return try #require(try PhysicsTestSupport.particles(engine, emitter, cell).first)
        }
        let body = try fall(physics: true)
        let plain = try fall(physics: false)
        // Half a second at 200 pt/s² (not 1000): the same speed as without physics; Chipmunk moves
        // a body with its velocity at the end of the emitter's step, so it falls ½·a·dt² further a step.
        #expect(
            abs(body.vy - plain.vy) < 0.01 && abs(body.y - plain.y) < 0.5 && plain.vy > 95,
            "body-mode particle \(body), plain particle \(plain)")
    }
}
