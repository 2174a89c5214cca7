import Foundation
import LayerKit
import Testing

@testable import Physics

/// Each of the ten joints against a hand-computed result.
@Suite struct ConstraintTests {
    /// A ball of mass `mass` and radius 5 in `world`.
    func ball(_ world: PhysicsWorld, at p: CGPoint, mass: Double = 1) throws -> PhysicsBody {
        let b = try PhysicsBody(mass: mass, position: p)
        try b.addShape(.circle(radius: 5))
        try world.add(b)
        return b
    }

    /// The times at which `value` changes sign from positive to non-positive or back, over `steps`.
    func signChanges(_ world: PhysicsWorld, steps: Int, _ value: () -> Double) throws -> [Double] {
        var times: [Double] = []
        var previous = value()
        for n in 1...steps {
            try world.step(fixedStep)
            let v = value()
            if (previous > 0) != (v > 0) { times.append(Double(n) * fixedStep) }
            previous = v
        }
        return times
    }

    @Test func pinJointKeepsThePendulumLengthAndPeriod() throws {
        // Small swings of a 100-point pendulum in gravity 1000: T = 2π√(L/g) ≈ 1.987 s.
        let world = try makeWorld(gravity: 1000)
        let bob = try ball(world, at: CGPoint(x: 100 * sin(0.05), y: 100 * cos(0.05)))
        try bob.setMoment(.infinity)
        let pin = try PinJoint(world.staticBody, bob)
        try world.add(pin)
        #expect(close(pin.distance, 100, 1e-9), "pin length \(pin.distance)")
        let crossings = try signChanges(world, steps: 600) { bob.position.x }
        let length = hypot(bob.position.x, bob.position.y)
        #expect(abs(length - 100) < 0.05, "rod length after 5 s: \(length)")
        #expect(crossings.count >= 3, "crossings \(crossings)")
        let period = 2 * (crossings[2] - crossings[1])
        let expected = 2 * Double.pi * (100.0 / 1000).squareRoot()
        #expect(abs(period - expected) / expected < 0.01, "period \(period) s, expected \(expected) s")
    }

    @Test func slideJointStopsAtItsMaximum() throws {
        let world = try makeWorld(gravity: 1000)
        let bob = try ball(world, at: CGPoint(x: 0, y: 20))
        try world.add(SlideJoint(world.staticBody, bob, min: 10, max: 50))
        try step(world, 240)
        #expect(
            abs(bob.position.y - 50) < 0.1 && abs(bob.position.x) < 1e-9, "hanging at \(bob.position), expected (0, 50)"
        )
    }

    @Test func pivotJointHoldsTheRodAtItsHinge() throws {
        let world = try makeWorld(gravity: 1000)
        let rod = try PhysicsBody(mass: 1, position: CGPoint(x: 50, y: 0))
        try rod.addShape(.box(width: 100, height: 4))
        try world.add(rod)
        try world.add(PivotJoint(world.staticBody, rod, pivot: CGPoint(x: 0, y: 0)))
        try step(world, 60)
        // Chipmunk's joints are soft (errors are corrected over time by the bias), so a fast swing
        // opens the hinge slightly: well under 1 % of the rod.
        let hinge = rod.convertToWorld(CGPoint(x: -50, y: 0))
        #expect(hypot(hinge.x, hinge.y) < 1, "hinge at \(hinge) after 0.5 s of swinging")
        #expect(rod.angle > 0.5, "the rod swings down (+x toward +y): angle \(rod.angle)")
    }

    @Test func grooveJointKeepsTheAnchorOnTheGroove() throws {
        let world = try makeWorld(gravity: 1000)
        let slider = try ball(world, at: .zero)
        try slider.setVelocity(CGVector(dx: 50, dy: 0))
        try world.add(
            GrooveJoint(world.staticBody, slider, grooveFrom: CGPoint(x: -100, y: 0), grooveTo: CGPoint(x: 100, y: 0)))
        try step(world, 120)
        #expect(abs(slider.position.y) < 0.05, "left the groove: \(slider.position)")
        #expect(abs(slider.position.x - 50) < 1, "slid to \(slider.position.x), expected 50 after 1 s at 50 pt/s")
        try step(world, 360)
        #expect(abs(slider.position.x - 100) < 0.1, "stops at the groove's end: \(slider.position.x)")
    }

    @Test func dampedSpringOscillatesAtItsNaturalPeriod() throws {
        // m = 1, k = 100: T = 2π√(m/k) ≈ 0.628 s about the rest length 50.
        let world = try makeWorld(gravity: 0)
        let bob = try ball(world, at: CGPoint(x: 60, y: 0))
        try world.add(DampedSpring(world.staticBody, bob, restLength: 50, stiffness: 100, damping: 0))
        let crossings = try signChanges(world, steps: 240) { bob.position.x - 50 }
        #expect(crossings.count >= 3, "crossings \(crossings)")
        let period = 2 * (crossings[2] - crossings[1])
        let expected = 2 * Double.pi * (1.0 / 100).squareRoot()
        #expect(abs(period - expected) / expected < 0.03, "period \(period) s, expected \(expected) s")
    }

    @Test func dampedSpringWithDampingSettlesAtRest() throws {
        let world = try makeWorld(gravity: 0)
        let bob = try ball(world, at: CGPoint(x: 80, y: 0))
        try world.add(DampedSpring(world.staticBody, bob, restLength: 50, stiffness: 100, damping: 5))
        try step(world, 1200)
        #expect(abs(bob.position.x - 50) < 0.01, "settled at \(bob.position.x), expected 50")
    }

    @Test func dampedRotarySpringOscillatesAtItsNaturalPeriod() throws {
        // Disc m = 1, r = 5: I = 12.5; k = 1250: T = 2π√(I/k) ≈ 0.628 s.
        let world = try makeWorld(gravity: 0)
        let wheel = try ball(world, at: .zero)
        try wheel.setAngle(0.5)
        try world.add(PivotJoint(world.staticBody, wheel, pivot: .zero))
        try world.add(DampedRotarySpring(world.staticBody, wheel, restAngle: 0, stiffness: 1250, damping: 0))
        #expect(close(wheel.moment, 12.5, 1e-12), "disc moment \(wheel.moment)")
        let crossings = try signChanges(world, steps: 240) { wheel.angle }
        #expect(crossings.count >= 3, "crossings \(crossings)")
        let period = 2 * (crossings[2] - crossings[1])
        let expected = 2 * Double.pi * (12.5 / 1250).squareRoot()
        #expect(abs(period - expected) / expected < 0.03, "period \(period) s, expected \(expected) s")
    }

    @Test func rotaryLimitStopsTheSpin() throws {
        let world = try makeWorld(gravity: 0)
        let wheel = try ball(world, at: .zero)
        try world.add(PivotJoint(world.staticBody, wheel, pivot: .zero))
        try world.add(RotaryLimitJoint(world.staticBody, wheel, min: -1, max: 1))
        try wheel.setAngularVelocity(10)
        // The joint acts once the limit is passed: at most one step of spin (10 × 1/120) beyond it,
        // then the bias pushes the wheel back inside.
        var highest = 0.0
        for _ in 0..<120 {
            try world.step(fixedStep)
            highest = max(highest, wheel.angle)
        }
        #expect(highest >= 1 && highest <= 1 + 10 * fixedStep + 1e-9, "highest angle \(highest), limited to 1")
        #expect(wheel.angularVelocity < 0, "pushed back: spin \(wheel.angularVelocity)")
    }

    @Test func ratchetTurnsOneWayOnly() throws {
        func spin(_ rate: Double) throws -> Double {
            let world = try makeWorld(gravity: 0)
            let wheel = try ball(world, at: .zero)
            try world.add(PivotJoint(world.staticBody, wheel, pivot: .zero))
            try world.add(RatchetJoint(world.staticBody, wheel, phase: 0, ratchet: .pi / 8))
            try wheel.setAngularVelocity(rate)
            try step(world, 60)
            return wheel.angle
        }
        let forward = try spin(2)
        let backward = try spin(-2)
        #expect(abs(forward - 1) < 0.02, "free direction (+) turned to \(forward), expected 1 rad in 0.5 s")
        #expect(abs(backward) < 0.05, "blocked direction (−) turned to \(backward)")
    }

    @Test func gearJointTurnsAtTheRatio() throws {
        let world = try makeWorld(gravity: 0)
        let a = try ball(world, at: .zero)
        let b = try ball(world, at: CGPoint(x: 20, y: 0))
        try world.add(PivotJoint(world.staticBody, a, pivot: a.position))
        try world.add(PivotJoint(world.staticBody, b, pivot: b.position))
        try world.add(GearJoint(a, b, phase: 0, ratio: 2))
        try a.setAngularVelocity(4)
        try step(world, 60)
        #expect(abs(a.angle - 2 * b.angle) < 0.005, "angles \(a.angle) and \(b.angle): A turns twice as far as B")
        #expect(b.angle > 0, "same direction for a positive ratio: \(b.angle)")
    }

    @Test func simpleMotorDrivesTheRelativeRate() throws {
        let world = try makeWorld(gravity: 0)
        let wheel = try ball(world, at: .zero)
        try world.add(PivotJoint(world.staticBody, wheel, pivot: .zero))
        let motor = try SimpleMotor(wheel, world.staticBody, rate: 3)
        try world.add(motor)
        try step(world, 30)
        #expect(abs(wheel.angularVelocity - 3) < 1e-9, "spin \(wheel.angularVelocity), motor rate 3")
        try motor.setMaxForce(0)
        try wheel.setAngularVelocity(0)
        try step(world, 30)
        #expect(wheel.angularVelocity == 0, "a motor without torque leaves the wheel at rest")
    }

    @Test func collideBodiesCanBeSwitchedOff() throws {
        let world = try makeWorld(gravity: 0)
        let a = try ball(world, at: .zero)
        let b = try ball(world, at: CGPoint(x: 8, y: 0))
        let joint = try SlideJoint(a, b, min: 0, max: 20)
        joint.collideBodies = false
        try world.add(joint)
        try step(world, 10)
        #expect(
            a.position == .zero && b.position == CGPoint(x: 8, y: 0),
            "overlapping balls stay put: \(a.position), \(b.position)")
    }

    @Test func removingABodyRemovesItsConstraints() throws {
        let world = try makeWorld()
        let bob = try ball(world, at: CGPoint(x: 0, y: 50))
        let pin = try PinJoint(world.staticBody, bob)
        try world.add(pin)
        try world.remove(bob)
        #expect(pin.world == nil && world.constraints.isEmpty, "constraints left: \(world.constraints.count)")
        try step(world, 2)
    }
}
