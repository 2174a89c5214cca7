import Foundation
import LayerKit
import Testing

@testable import Physics

/// Kinematic bodies driven by targets, and interpolation between steps.
@Suite struct KinematicAndInterpolationTests {
    @Test func targetIsReachedExactlyWithVelocityDeltaOverDt() throws {
        let world = try makeWorld(gravity: 1000)
        let paddle = try PhysicsBody(type: .kinematic, position: CGPoint(x: 10, y: 20))
        try paddle.addShape(.box(width: 40, height: 10))
        try world.add(paddle)
        try paddle.setTarget(position: CGPoint(x: 13, y: 18), angle: 0.25)
        try world.step(fixedStep)
        #expect(
            paddle.position == CGPoint(x: 13, y: 18) && paddle.angle == 0.25, "at \(paddle.position), \(paddle.angle)")
        #expect(
            close(paddle.velocity.dx, 3 * 120, 1e-9) && close(paddle.velocity.dy, -2 * 120, 1e-9)
                && close(paddle.angularVelocity, 0.25 * 120, 1e-9),
            "velocity \(paddle.velocity), spin \(paddle.angularVelocity)")
        try world.step(fixedStep)
        #expect(
            paddle.position == CGPoint(x: 13, y: 18) && paddle.velocity == .zero && paddle.angularVelocity == 0,
            "without a new target the paddle stops: \(paddle.position), \(paddle.velocity)")
    }

    @Test func kinematicBodyPushesADynamicBody() throws {
        // A paddle sweeping right at 120 pt/s carries a resting box along at its speed.
        let world = try makeWorld(gravity: 0)
        let paddle = try PhysicsBody(type: .kinematic, position: CGPoint(x: 0, y: 0))
        try paddle.addShape(.box(width: 10, height: 100))
        try world.add(paddle)
        let box = try PhysicsBody(mass: 1, position: CGPoint(x: 30, y: 0))
        try box.addShape(.box(width: 20, height: 20))
        try world.add(box)
        for n in 1...120 {
            try paddle.setTarget(position: CGPoint(x: Double(n), y: 0))
            try world.step(fixedStep)
        }
        #expect(box.position.x > 120 - 5 + 10 - 1, "box pushed to \(box.position.x) by a paddle at x = 120")
        #expect(abs(box.velocity.dx - 120) < 5, "box speed \(box.velocity.dx), paddle speed 120")
    }

    @Test func interpolationLiesBetweenTheLastTwoSteps() throws {
        let world = try makeWorld(gravity: 1000)
        let ball = try PhysicsBody(mass: 1, position: .zero)
        try ball.addShape(.circle(radius: 1))
        try world.add(ball)
        try step(world, 10)
        let before = ball.previousPosition
        let after = ball.position
        #expect(before.y < after.y, "moving down: \(before) → \(after)")
        #expect(ball.interpolatedPosition(0) == before && ball.interpolatedPosition(1) == after)
        #expect(close(ball.interpolatedPosition(0.5).y, (before.y + after.y) / 2, 1e-12))
        try ball.setPosition(CGPoint(x: 5, y: 5))
        #expect(ball.interpolatedPosition(0.3) == CGPoint(x: 5, y: 5), "a teleport does not glide")
    }

    @Test func interpolatedAngleOfASpinningBody() throws {
        let world = try makeWorld(gravity: 0)
        let wheel = try PhysicsBody(mass: 1)
        try wheel.addShape(.circle(radius: 5))
        try world.add(wheel)
        try wheel.setAngularVelocity(12)
        try step(world, 2)
        #expect(
            close(wheel.previousAngle, 0.1, 1e-12) && close(wheel.angle, 0.2, 1e-12),
            "\(wheel.previousAngle) → \(wheel.angle)")
        #expect(close(wheel.interpolatedAngle(0.25), 0.125, 1e-12))
    }

    @Test func staticBodyMovedBetweenStepsMovesItsShapes() throws {
        let world = try makeWorld(gravity: 1000)
        let ground = try PhysicsBody(type: .static, position: CGPoint(x: 0, y: 100))
        try ground.addShape(.segment(from: CGPoint(x: -100, y: 0), to: CGPoint(x: 100, y: 0)))
        try world.add(ground)
        let ball = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 50))
        try ball.addShape(.circle(radius: 10))
        try world.add(ball)
        try step(world, 120)
        try ground.setPosition(CGPoint(x: 0, y: 200))
        try step(world, 240)
        #expect(abs(ball.position.y - 190) < 0.2, "ball follows the lowered ground to \(ball.position.y)")
    }

    @Test func sleepingBodiesWakeWhenTouched() throws {
        let world = try makeWorld(gravity: 1000)
        try world.setSleepTimeThreshold(0.5)
        try addFloor(world, y: 100)
        let box = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 80))
        try box.addShape(.box(width: 20, height: 20), friction: 1)
        try world.add(box)
        try step(world, 240)
        #expect(box.isSleeping, "resting box asleep after 2 s")
        try box.applyImpulse(CGVector(dx: 0, dy: -500))
        try world.step(fixedStep)
        #expect(!box.isSleeping && box.velocity.dy < 0, "woken by the impulse: \(box.velocity)")
    }
}
