import Foundation
import LayerKit
import Testing

@testable import Physics

/// `collide`-mode particles: swept against the world's shapes, bounced with the cell's elasticity and
/// friction, contacts reported.
@Suite struct ParticleColliderTests {
    /// Particles in structure-of-arrays form, integrated here the way the particle engine does it
    /// (velocity, then position), then swept by the collider.
    struct Batch {
        var x: [Float], y: [Float], vx: [Float], vy: [Float]
        var px: [Float] = [], py: [Float] = []

        init(_ particles: [(Float, Float, Float, Float)]) {
            x = particles.map(\.0)
            y = particles.map(\.1)
            vx = particles.map(\.2)
            vy = particles.map(\.3)
        }

        mutating func step(_ collider: ParticleCollider, gravity: Float, options: ParticleCollisionOptions) throws
            -> [ParticleContact]
        {
            px = x
            py = y
            let dt = Float(options.dt)
            for i in x.indices {
                vy[i] += gravity * dt
                x[i] += vx[i] * dt
                y[i] += vy[i] * dt
            }
            var contacts: [ParticleContact] = []
            try collider.collide(
                count: x.count, previousX: px, previousY: py, x: &x, y: &y, vx: &vx, vy: &vy,
                options: options, contacts: &contacts)
            return contacts
        }
    }

    /// The highest point (smallest y) after the first bounce of a particle dropped from 100 points
    /// above a floor.
    func apexAfterBounce(elasticity: Float) throws -> Float {
        let world = try makeWorld()
        try addFloor(world, y: 100)
        var batch = Batch([(0, 0, 0, 0)])
        let options = ParticleCollisionOptions(radius: 0, elasticity: elasticity)
        var bounced = false
        var apex: Float = 100
        for _ in 0..<600 {
            let contacts = try batch.step(world.particleCollider, gravity: 1000, options: options)
            if !contacts.isEmpty {
                if bounced { break }
                bounced = true
            }
            if bounced { apex = min(apex, batch.y[0]) }
        }
        return 100 - apex
    }

    @Test func bounceHeightIsElasticitySquaredTimesTheDropHeight() throws {
        // Discrete steps put the impact anywhere within a step: allow one step of travel at the
        // impact speed (√(2·1000·100) / 120 ≈ 3.7 points).
        for e: Float in [0.3, 0.5, 0.8, 1] {
            let h = try apexAfterBounce(elasticity: e)
            let expected = e * e * 100
            #expect(abs(h - expected) < 3.7, "elasticity \(e): bounced to \(h) points, expected \(expected)")
        }
        #expect(try apexAfterBounce(elasticity: 0) < 0.5, "no bounce without elasticity")
    }

    @Test func contactReportsIndexPointNormalAndSpeed() throws {
        let world = try makeWorld()
        let floor = try addFloor(world, y: 100)
        let collider = world.particleCollider
        var batch = Batch([(0, 0, 0, 0), (10, 95, 0, 600), (20, 0, 0, 0)])
        let contacts = try batch.step(
            collider, gravity: 0, options: ParticleCollisionOptions(radius: 2, elasticity: 0.5))
        #expect(contacts.count == 1, "one particle reaches the floor: \(contacts)")
        let c = try #require(contacts.first)
        #expect(
            c.index == 1 && abs(c.y - 100) < 1e-4 && abs(c.x - 10) < 1e-4 && c.normalY == -1 && c.normalX == 0
                && abs(c.normalSpeed - 600) < 1e-3, "contact \(c)")
        #expect(collider.shape(at: c.shapeIndex) === floor)
        #expect(abs(batch.vy[1] + 300) < 1e-3 && batch.y[1] < 98, "bounced: vy \(batch.vy[1]), y \(batch.y[1])")
    }

    @Test func frictionRemovesTangentialSpeedUpToItsCoulombLimit() throws {
        // vx 100, vy 300 into the floor; e 0.5 gives Δvn = 450; friction 0.2 removes 0.2 × 450 = 90.
        let world = try makeWorld()
        try addFloor(world, y: 100)
        var batch = Batch([(0, 99, 100, 300)])
        _ = try batch.step(
            world.particleCollider, gravity: 0, options: ParticleCollisionOptions(elasticity: 0.5, friction: 0.2))
        #expect(
            abs(batch.vx[0] - 10) < 1e-3 && abs(batch.vy[0] + 150) < 1e-3,
            "after the bounce (\(batch.vx[0]), \(batch.vy[0]))")
        var sticky = Batch([(0, 99, 100, 300)])
        _ = try sticky.step(
            world.particleCollider, gravity: 0, options: ParticleCollisionOptions(elasticity: 0.5, friction: 1))
        #expect(sticky.vx[0] == 0, "friction 1 stops the slide: \(sticky.vx[0])")
    }

    @Test func particlesBounceOffBoxesFromOutsideAndLeaveThemFromInside() throws {
        let world = try makeWorld()
        let crate = try PhysicsBody(type: .static, position: CGPoint(x: 0, y: 100), angle: 0.2)
        try crate.addShape(.box(width: 60, height: 60))
        try world.add(crate)
        // Falling onto the tilted top face; starting inside and flying out.
        var batch = Batch([(0, 0, 0, 900), (0, 100, 0, -900)])
        var contacts: [ParticleContact] = []
        for _ in 0..<20 {
            contacts += try batch.step(
                world.particleCollider, gravity: 0, options: ParticleCollisionOptions(elasticity: 1))
        }
        #expect(contacts.allSatisfy { $0.index == 0 }, "the particle inside is not trapped: \(contacts.map(\.index))")
        #expect(
            batch.vy[0] < 0 && batch.vx[0] > 0,
            "bounced up and to the right off the top face tilted by +0.2 rad: (\(batch.vx[0]), \(batch.vy[0]))")
        let c = try #require(contacts.first)
        #expect(
            abs(c.normalX - Float(sin(0.2))) < 1e-4 && abs(c.normalY + Float(cos(0.2))) < 1e-4,
            "face normal (\(c.normalX), \(c.normalY))")
        #expect(batch.y[1] < 0, "the inner particle left upward: \(batch.y[1])")
    }

    @Test func aMovingBodyPushesParticlesInsteadOfPassingThem() throws {
        let world = try makeWorld(gravity: 0)
        let paddle = try PhysicsBody(type: .kinematic, position: CGPoint(x: 0, y: 100))
        try paddle.addShape(.box(width: 200, height: 20))
        try world.add(paddle)
        var batch = Batch([(0, 70, 0, 0)])
        var contacts: [ParticleContact] = []
        // The paddle rises 5 points per step, far more than the particle's speed: it must not tunnel.
        for n in 1...10 {
            try paddle.setTarget(position: CGPoint(x: 0, y: 100 - 5 * Double(n)))
            try world.step(fixedStep)
            contacts += try batch.step(
                world.particleCollider, gravity: 0, options: ParticleCollisionOptions(elasticity: 0, dt: fixedStep))
        }
        #expect(
            !contacts.isEmpty && batch.y[0] < 40 + 1e-3,
            "particle above the paddle top (y = 40): y \(batch.y[0]), contacts \(contacts.count)")
        #expect(abs(batch.vy[0] + 600) < 1, "carried at the paddle's speed −600: \(batch.vy[0])")
    }

    @Test func filtersAndSensorsLetParticlesThrough() throws {
        let world = try makeWorld()
        let floor = try addFloor(world, y: 100)
        floor.filter = CollisionFilter(categories: 0b10)
        let sensor = try addFloor(world, y: 50)
        sensor.isSensor = true
        var batch = Batch([(0, 0, 0, 0)])
        var contacts: [ParticleContact] = []
        for _ in 0..<120 {
            contacts += try batch.step(
                world.particleCollider, gravity: 1000,
                options: ParticleCollisionOptions(filter: CollisionFilter(mask: 0b01)))
        }
        #expect(contacts.isEmpty && batch.y[0] > 200, "passed through: y \(batch.y[0])")
    }

    @Test func resultsAreDeterministicAndRadiusKeepsParticlesOffTheSurface() throws {
        func run() throws -> [Float] {
            let world = try makeWorld()
            try world.staticBody.addShape(.segment(from: CGPoint(x: -200, y: 100), to: CGPoint(x: 200, y: 140)))
            try world.staticBody.addShape(.circle(radius: 20, center: CGPoint(x: 30, y: 60)))
            var seed = SeededRandom(seed: 7)
            var batch = Batch(
                (0..<200).map { _ in
                    (seed.nextSignedFloat() * 150, seed.nextUnitFloat() * -50, seed.nextSignedFloat() * 100, 0)
                })
            for _ in 0..<240 {
                _ = try batch.step(
                    world.particleCollider, gravity: 1000,
                    options: ParticleCollisionOptions(radius: 3, elasticity: 0.4, friction: 0.3))
            }
            for i in batch.x.indices where abs(batch.x[i]) < 190 {
                let floorY = 100 + (batch.x[i] + 200) / 400 * 40
                #expect(
                    batch.y[i] <= floorY - 3 * 0.9,
                    "particle \(i) at (\(batch.x[i]), \(batch.y[i])) sank into the slope at \(floorY)")
            }
            return batch.x + batch.y
        }
        #expect(try run() == run(), "same inputs, same particles")
    }

    @Test func invalidOptionsAreRefused() throws {
        let world = try makeWorld()
        var batch = Batch([(0, 0, 0, 0)])
        for options in [
            ParticleCollisionOptions(radius: -1), ParticleCollisionOptions(elasticity: .nan),
            ParticleCollisionOptions(dt: 0), ParticleCollisionOptions(maximumBounces: 99),
        ] {
            #expect(throws: PhysicsError.self) {
                _ = try batch.step(world.particleCollider, gravity: 0, options: options)
            }
        }
    }
}
