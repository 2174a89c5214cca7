import Foundation
import LayerKit
import Testing

@testable import Physics

/// `body`-mode particles: real circle bodies within a budget.
@Suite struct ParticleBodyGroupTests {
    @Test func particlesTransferMomentumToABody() throws {
        let world = try makeWorld(gravity: 0)
        let crate = try PhysicsBody(mass: 10, position: CGPoint(x: 100, y: 0))
        try crate.addShape(.box(width: 20, height: 20), elasticity: 0.5)
        try world.add(crate)
        let group = try world.makeParticleBodyGroup(budget: 16, elasticity: 0.5)
        for i in 0..<5 {
            _ = try group.spawn(
                position: CGPoint(x: Double(i) * -20, y: Double(i % 3 - 1) * 4), velocity: CGVector(dx: 100, dy: 0),
                radius: 2, mass: 1)
        }
        try step(world, 240)
        var momentum = crate.mass * crate.velocity.dx
        for slot in 0..<5 { momentum += group.velocity(ofSlot: slot)!.dx }
        #expect(abs(momentum - 500) < 1e-6, "total momentum \(momentum), expected 5 × 1 × 100")
        #expect(crate.velocity.dx > 20, "the crate was pushed: \(crate.velocity.dx)")
    }

    @Test func equalMassesSwapVelocitiesInAnElasticHeadOnHit() throws {
        let world = try makeWorld(gravity: 0)
        let group = try world.makeParticleBodyGroup(budget: 2, elasticity: 1)
        let a = try #require(try group.spawn(position: .zero, velocity: CGVector(dx: 60, dy: 0), radius: 5, mass: 2))
        let b = try #require(try group.spawn(position: CGPoint(x: 30, y: 0), velocity: .zero, radius: 5, mass: 2))
        try step(world, 120)
        let va = group.velocity(ofSlot: a)!.dx
        let vb = group.velocity(ofSlot: b)!.dx
        #expect(abs(va) < 0.5 && abs(vb - 60) < 0.5, "after the hit: \(va), \(vb)")
    }

    @Test func theBudgetLimitsLiveBodiesAndSlotsAreReusedLowestFirst() throws {
        let world = try makeWorld()
        let group = try world.makeParticleBodyGroup(budget: 3)
        let slots = try (0..<4).map { _ in try group.spawn(position: .zero, velocity: .zero, radius: 1, mass: 1) }
        #expect(slots == [0, 1, 2, nil] && group.liveCount == 3, "slots \(slots)")
        try group.despawn(2)
        try group.despawn(0)
        #expect(try group.spawn(position: .zero, velocity: .zero, radius: 3, mass: 1) == 0)
        #expect(try group.spawn(position: .zero, velocity: .zero, radius: 3, mass: 1) == 2)
        #expect(throws: PhysicsError.self) { try group.despawn(7) }
        try group.despawn(1)
        #expect(throws: PhysicsError.self) { try group.despawn(1) }
    }

    @Test func batchReadBackMatchesTheBodies() throws {
        let world = try makeWorld(gravity: 1000)
        let group = try world.makeParticleBodyGroup(budget: 8)
        for i in 0..<4 {
            _ = try group.spawn(
                position: CGPoint(x: Double(i) * 10, y: 0), velocity: CGVector(dx: 5, dy: 0), radius: 1, mass: 1)
        }
        try step(world, 12)
        let slots: [Int32] = [3, 1, 6]
        var x = [Float](repeating: -1, count: 3)
        var y = x
        var vx = x
        var vy = x
        group.read(slots: slots, count: 3, x: &x, y: &y, vx: &vx, vy: &vy)
        let expectedY = Float(1000 * fixedStep * fixedStep * 12 * 11 / 2)
        #expect(
            x[0] == Float(30 + 5 * 12 * fixedStep) && abs(y[1] - expectedY) < 1e-4 && vx[2] == 0 && vy[2] == 0,
            "x \(x), y \(y); slot 6 is free")
        var dvx: [Float] = [1, 1, 1]
        var dvy: [Float] = [0, 0, 0]
        try group.addVelocity(slots: slots, count: 3, dvx: &dvx, dvy: &dvy)
        #expect(abs(group.velocity(ofSlot: 3)!.dx - 6) < 1e-12)
        dvx[0] = .nan
        #expect(throws: PhysicsError.self) { try group.addVelocity(slots: slots, count: 3, dvx: &dvx, dvy: &dvy) }
    }

    @Test func groupsAreInTheStateHashAndDeterministic() throws {
        func run() throws -> String {
            let world = try makeWorld(gravity: 1000)
            try addFloor(world, y: 100)
            let group = try world.makeParticleBodyGroup(budget: 64, friction: 0.3, elasticity: 0.2)
            var random = SeededRandom(seed: 3)
            for _ in 0..<40 {
                _ = try group.spawn(
                    position: CGPoint(
                        x: Double(random.nextSignedFloat()) * 50, y: Double(random.nextUnitFloat()) * -100),
                    velocity: .zero, radius: 3, mass: 1)
            }
            try step(world, 120)
            return world.stateHash
        }
        let first = try run()
        #expect(first == (try run()), "same spawns, same hash")
        let empty = try makeWorld(gravity: 1000)
        #expect(first != empty.stateHash)
    }

    @Test func spawnAndDespawnDuringAStepAreDeferred() throws {
        let world = try makeWorld(gravity: 1000)
        try addFloor(world, y: 100)
        let ball = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 50))
        try ball.addShape(.circle(radius: 5))
        try world.add(ball)
        let group = try world.makeParticleBodyGroup(budget: 4)
        var spawned: Int?
        world.addCollisionObserver { _ in
            if spawned == nil {
                spawned = try? group.spawn(position: CGPoint(x: 0, y: 0), velocity: .zero, radius: 1, mass: 1)
            }
        }
        try step(world, 120)
        let slot = try #require(spawned)
        #expect(group.position(ofSlot: slot)!.y > 0, "the spawned particle fell: \(group.position(ofSlot: slot)!)")
        try group.despawn(slot)
        try world.removeParticleBodyGroup(group)
        try step(world, 2)
        #expect(throws: PhysicsError.self) { _ = try group.spawn(position: .zero, velocity: .zero, radius: 1, mass: 1) }
    }
}
