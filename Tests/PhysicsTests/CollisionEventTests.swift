import Foundation
import LayerKit
import Testing

@testable import Physics

/// Collision events after each step, and changes made while the world steps.
@Suite struct CollisionEventTests {
    /// A floor at y = 100 and a ball of mass 2, radius 10, dropped from y = 0.
    func dropBall(elasticity: Double) throws -> (PhysicsWorld, PhysicsShape, PhysicsBody) {
        let world = try makeWorld(gravity: 1000)
        let floor = try addFloor(world, y: 100, elasticity: 1)
        let ball = try PhysicsBody(mass: 2, position: CGPoint(x: 0, y: 0))
        try ball.addShape(.circle(radius: 10), elasticity: elasticity)
        try world.add(ball)
        return (world, floor, ball)
    }

    @Test func beginEventCarriesBodiesContactNormalAndImpulse() throws {
        let (world, floor, ball) = try dropBall(elasticity: 0.5)
        var events: [CollisionEvent] = []
        world.addCollisionObserver { events.append($0) }
        var speed = 0.0
        for _ in 0..<120 where events.isEmpty {
            speed = ball.velocity.dy
            try world.step(fixedStep)
        }
        let e = try #require(events.first)
        #expect(
            e.phase == .begin && e.shapeA === floor && e.bodyB === ball,
            "event \(e.phase) between #\(e.shapeA.id) and #\(e.shapeB.id)")
        #expect(close(e.normal.dx, 0) && close(e.normal.dy, -1), "normal from the floor toward the ball: \(e.normal)")
        let contact = try #require(e.contacts.first)
        #expect(
            abs(contact.pointA.y - 100) < 1e-9 && abs(contact.pointA.x) < 1e-9,
            "contact on the floor at \(contact.pointA)")
        #expect(contact.depth > 0 && contact.depth < 10, "overlap \(contact.depth)")
        // The solver removes the approach speed and adds the bounce: J ≈ m(1 + e)v, e = 0.5 × 1, plus
        // gravity's share of the step.
        let expected = 2 * (1 + 0.5) * (speed + 1000 * fixedStep)
        #expect(
            abs(-e.impulse.dy - expected) / expected < 0.05 && abs(e.impulse.dx) < 1e-9,
            "impulse \(e.impulse), expected (0, −\(expected)) on the ball (step \(e.step))")
    }

    @Test func elasticBallSeparatesAfterTheBounce() throws {
        let (world, _, ball) = try dropBall(elasticity: 1)
        var phases: [CollisionEvent.Phase] = []
        world.addCollisionObserver { phases.append($0.phase) }
        try step(world, 80)
        #expect(phases.prefix(2) == [.begin, .separate], "phases \(phases)")
        #expect(ball.velocity.dy < 0, "bouncing up: \(ball.velocity)")
    }

    @Test func removingABodyInAnObserverIsDeferredToTheEndOfTheStep() throws {
        let (world, _, ball) = try dropBall(elasticity: 0)
        var bodiesDuringCallback = -1
        var added: PhysicsBody?
        world.addCollisionObserver { [unowned world] event in
            guard event.phase == .begin else { return }
            try? world.remove(event.bodyB)
            let spark = try? PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 50))
            if let spark {
                _ = try? spark.addShape(.circle(radius: 2))
                try? world.add(spark)
            }
            added = spark
            bodiesDuringCallback = world.bodies.count
        }
        try step(world, 120)
        #expect(
            bodiesDuringCallback == 2, "the world's body list did not change during delivery: \(bodiesDuringCallback)")
        #expect(ball.world == nil && !world.bodies.contains { $0 === ball }, "ball removed after the step")
        let spark = try #require(added)
        #expect(world.bodies.contains { $0 === spark } && spark.world === world, "spark added after the step")
    }

    @Test func removingATouchingBodyReportsARemovalSeparation() throws {
        let (world, _, ball) = try dropBall(elasticity: 0)
        try step(world, 120)
        var events: [CollisionEvent] = []
        world.addCollisionObserver { events.append($0) }
        try world.remove(ball)
        try world.step(fixedStep)
        #expect(
            events.count == 1 && events[0].phase == .separate && events[0].isRemoval && events[0].bodyB === ball,
            "events after removal: \(events.map { ($0.phase, $0.isRemoval) })")
    }

    @Test func unreadEventsStayValidAfterTheirBodiesLeave() throws {
        // Events are built on first read; removing a body first must not leave them dangling.
        weak var weakBall: PhysicsBody?
        let world = try makeWorld(gravity: 1000)
        try addFloor(world, y: 100)
        do {
            let ball = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 90.5))
            try ball.addShape(.circle(radius: 10))
            try world.add(ball)
            weakBall = ball
        }
        try world.step(fixedStep)
        try world.remove(try #require(weakBall))
        let events = world.collisionEvents
        #expect(
            events.count == 1 && events[0].phase == .begin && events[0].bodyB === weakBall,
            "the step's begin event outlives the removal: \(events.map(\.phase))")
        try world.step(fixedStep)
        #expect(
            world.collisionEvents.contains { $0.isRemoval && $0.phase == .separate },
            "the removal is reported with the next step")
    }

    @Test func ignoredCollisionTypesPassThrough() throws {
        let (world, floor, ball) = try dropBall(elasticity: 0)
        floor.collisionType = 1
        ball.shapes[0].collisionType = 2
        world.ignoreCollisions(between: 2, and: 1)
        var count = 0
        world.addCollisionObserver { _ in count += 1 }
        try step(world, 120)
        #expect(ball.position.y > 200 && count == 0, "ball at \(ball.position.y), events \(count)")
    }

    @Test func eventsCanBeSwitchedOff() throws {
        let (world, _, _) = try dropBall(elasticity: 0)
        world.reportsCollisions = false
        try step(world, 120)
        #expect(world.collisionEvents.isEmpty && !world.reportsCollisions)
        world.reportsCollisions = true
        let ball2 = try PhysicsBody(mass: 1, position: CGPoint(x: 50, y: 60))
        try ball2.addShape(.circle(radius: 10))
        try world.add(ball2)
        var began = 0
        for _ in 0..<60 {
            try world.step(fixedStep)
            began += world.collisionEvents.filter { $0.phase == .begin }.count
        }
        #expect(began == 1, "events back on: \(began) begin events")
    }

    @Test func steppingFromAnObserverIsRefused() throws {
        let (world, _, _) = try dropBall(elasticity: 0)
        var error: PhysicsError?
        world.addCollisionObserver { [unowned world] _ in
            do { try world.step(fixedStep) } catch let e as PhysicsError { error = e } catch {}
        }
        try step(world, 120)
        #expect(error?.place == "PhysicsWorld.step(_:)", "\(String(describing: error))")
    }

    @Test func removedObserversAreNotCalled() throws {
        let (world, _, _) = try dropBall(elasticity: 0)
        var count = 0
        let token = world.addCollisionObserver { _ in count += 1 }
        world.removeCollisionObserver(token)
        var events = 0
        for _ in 0..<120 {
            try world.step(fixedStep)
            events += world.collisionEvents.count
        }
        #expect(count == 0 && events > 0, "observer calls \(count), events \(events)")
    }

    @Test func eventOrderIsByShapeCreation() throws {
        let world = try makeWorld(gravity: 1000)
        try addFloor(world, y: 100)
        var balls: [PhysicsBody] = []
        for i in 0..<5 {
            let b = try PhysicsBody(mass: 1, position: CGPoint(x: Double(i) * 30, y: 0))
            try b.addShape(.circle(radius: 10))
            balls.append(b)
        }
        for b in balls.reversed() { try world.add(b) }
        var begun: [Int] = []
        world.addCollisionObserver { if $0.phase == .begin { begun.append($0.bodyB.id) } }
        try step(world, 120)
        #expect(begun == balls.map(\.id), "begin order \(begun), creation order \(balls.map(\.id))")
    }
}
