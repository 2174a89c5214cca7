import Foundation
import LayerKit
import Testing

@testable import Physics

/// Every invalid input is refused with a `PhysicsError` before Chipmunk sees it (its debug
/// assertions would abort the process), and the world keeps working afterwards.
@Suite struct ValidationTests {
    /// Runs `body`, expecting a `PhysicsError` of `kind` whose place contains `place`.
    func expectError(
        _ kind: PhysicsError.Kind, _ place: String, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("\(label): no error", sourceLocation: sourceLocation)
        } catch let error as PhysicsError {
            #expect(
                error.kind == kind && error.place.contains(place) && !error.fix.isEmpty,
                "\(label): \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(label): unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    func dynamicBall(_ world: PhysicsWorld? = nil) throws -> PhysicsBody {
        let b = try PhysicsBody(mass: 1)
        try b.addShape(.circle(radius: 5))
        try world?.add(b)
        return b
    }

    @Test func badMassesAndBodyValues() throws {
        for mass in [0, -1, .nan, .infinity, 1e300] {
            expectError(.invalidValue, "PhysicsBody.init(mass:)", "mass \(mass)") { _ = try PhysicsBody(mass: mass) }
        }
        expectError(.wrongBodyType, "PhysicsBody.init", "static with mass") {
            _ = try PhysicsBody(type: .static, mass: 1)
        }
        expectError(.invalidValue, "moment", "moment without mass") { _ = try PhysicsBody(moment: 5) }
        expectError(.invalidValue, "moment", "zero moment") { _ = try PhysicsBody(mass: 1, moment: 0) }
        expectError(.invalidValue, "position", "NaN position") {
            _ = try PhysicsBody(position: CGPoint(x: Double.nan, y: 0))
        }
        expectError(.invalidValue, "angle", "infinite angle") { _ = try PhysicsBody(angle: .infinity) }
        let body = try dynamicBall()
        expectError(.invalidValue, "setPosition", "NaN teleport") { try body.setPosition(CGPoint(x: 0, y: Double.nan)) }
        expectError(.invalidValue, "setVelocity", "infinite velocity") {
            try body.setVelocity(CGVector(dx: Double.infinity, dy: 0))
        }
        expectError(.invalidValue, "setAngularVelocity", "NaN spin") { try body.setAngularVelocity(.nan) }
        expectError(.invalidValue, "applyForce", "NaN force") { try body.applyForce(CGVector(dx: Double.nan, dy: 0)) }
        expectError(.invalidValue, "applyImpulse", "huge impulse") { try body.applyImpulse(CGVector(dx: 1e20, dy: 0)) }
        expectError(.invalidValue, "setMass", "negative mass") { try body.setMass(-3) }
        expectError(.invalidValue, "setMoment", "negative moment") { try body.setMoment(-3) }
        let wall = try PhysicsBody(type: .static)
        expectError(.wrongBodyType, "setVelocity", "moving a static body") {
            try wall.setVelocity(CGVector(dx: 1, dy: 0))
        }
        expectError(.wrongBodyType, "setMass", "mass of a static body") { try wall.setMass(1) }
        expectError(.wrongBodyType, "setTarget", "target of a dynamic body") { try body.setTarget(position: .zero) }
    }

    @Test func badShapes() throws {
        let body = try PhysicsBody(mass: 1)
        let cases: [(String, ShapeGeometry, PhysicsError.Kind)] = [
            ("zero radius", .circle(radius: 0), .invalidValue),
            ("NaN radius", .circle(radius: .nan), .invalidValue),
            ("infinite centre", .circle(radius: 1, center: CGPoint(x: Double.infinity, y: 0)), .invalidValue),
            ("point segment", .segment(from: .zero, to: .zero), .invalidValue),
            ("negative segment radius", .segment(from: .zero, to: CGPoint(x: 1, y: 0), radius: -1), .invalidValue),
            ("flat box", .box(width: 0, height: 10), .invalidValue),
            ("corner radius too large", .box(width: 10, height: 10, cornerRadius: 5), .invalidValue),
            ("two vertices", .polygon(vertices: [.zero, CGPoint(x: 1, y: 0)]), .invalidPolygon),
            (
                "repeated vertex", .polygon(vertices: [.zero, .zero, CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)]),
                .invalidPolygon
            ),
            ("collinear", .polygon(vertices: [.zero, CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)]), .invalidPolygon),
            (
                "concave",
                .polygon(vertices: [
                    .zero, CGPoint(x: 10, y: 0), CGPoint(x: 5, y: 2), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10),
                ]),
                .invalidPolygon
            ),
            (
                "NaN vertex", .polygon(vertices: [.zero, CGPoint(x: Double.nan, y: 0), CGPoint(x: 0, y: 1)]),
                .invalidValue
            ),
        ]
        for (label, geometry, kind) in cases {
            expectError(kind, "PhysicsBody.addShape", label) { try body.addShape(geometry) }
        }
        // A pentagram turns the same way at every vertex but winds twice.
        let star = (0..<5).map { k in CGPoint(x: cos(Double(k) * 4 * .pi / 5), y: sin(Double(k) * 4 * .pi / 5)) }
        expectError(.invalidPolygon, "polygon", "pentagram") { try body.addShape(.polygon(vertices: star)) }
        expectError(.invalidValue, "friction", "negative friction") {
            try body.addShape(.circle(radius: 1), friction: -1)
        }
        expectError(.invalidValue, "elasticity", "NaN elasticity") {
            try body.addShape(.circle(radius: 1), elasticity: .nan)
        }
        expectError(.invalidValue, "density", "negative density") { try body.addShape(.circle(radius: 1), density: -1) }
        #expect(body.shapes.isEmpty, "refused shapes are not attached: \(body.shapes.count)")
        let shape = try body.addShape(.circle(radius: 1))
        expectError(.invalidValue, "setSurfaceVelocity", "infinite belt") {
            try shape.setSurfaceVelocity(CGVector(dx: 0, dy: -Double.infinity))
        }
        expectError(.invalidValue, "setElasticity", "negative elasticity") { try shape.setElasticity(-0.1) }
    }

    @Test func badConstraints() throws {
        let world = try makeWorld()
        let a = try dynamicBall(world)
        let b = try dynamicBall(world)
        let wall = try PhysicsBody(type: .static)
        try world.add(wall)
        let makers: [(String, (PhysicsBody, PhysicsBody) throws -> PhysicsConstraint)] = [
            ("PinJoint", { try PinJoint($0, $1, anchorB: CGPoint(x: 1, y: 0)) }),
            ("SlideJoint", { try SlideJoint($0, $1, min: 0, max: 1) }),
            ("PivotJoint", { try PivotJoint($0, $1, pivot: .zero) }),
            ("GrooveJoint", { try GrooveJoint($0, $1, grooveFrom: .zero, grooveTo: CGPoint(x: 1, y: 0)) }),
            ("DampedSpring", { try DampedSpring($0, $1, restLength: 1, stiffness: 1, damping: 0) }),
            ("DampedRotarySpring", { try DampedRotarySpring($0, $1, restAngle: 0, stiffness: 1, damping: 0) }),
            ("RotaryLimitJoint", { try RotaryLimitJoint($0, $1, min: 0, max: 1) }),
            ("RatchetJoint", { try RatchetJoint($0, $1, phase: 0, ratchet: 1) }),
            ("GearJoint", { try GearJoint($0, $1, phase: 0, ratio: 1) }),
            ("SimpleMotor", { try SimpleMotor($0, $1, rate: 1) }),
        ]
        for (name, make) in makers {
            expectError(.sameBody, name, "\(name) on one body") { _ = try make(a, a) }
            expectError(.unsolvable, name, "\(name) between static bodies") { _ = try make(wall, world.staticBody) }
            #expect((try? make(a, b)) != nil, "\(name) between two dynamic bodies is fine")
        }
        expectError(.invalidValue, "PinJoint", "zero-length pin") { _ = try PinJoint(a, b) }
        expectError(.invalidValue, "SlideJoint", "min > max") { _ = try SlideJoint(a, b, min: 2, max: 1) }
        expectError(.invalidValue, "GrooveJoint", "point groove") {
            _ = try GrooveJoint(a, b, grooveFrom: .zero, grooveTo: .zero)
        }
        expectError(.invalidValue, "DampedSpring", "negative stiffness") {
            _ = try DampedSpring(a, b, restLength: 1, stiffness: -5, damping: 0)
        }
        expectError(.invalidValue, "RatchetJoint", "zero click") { _ = try RatchetJoint(a, b, phase: 0, ratchet: 0) }
        expectError(.invalidValue, "GearJoint", "zero ratio") { _ = try GearJoint(a, b, phase: 0, ratio: 0) }
        expectError(.invalidValue, "RotaryLimitJoint", "NaN limit") {
            _ = try RotaryLimitJoint(a, b, min: .nan, max: 1)
        }
        expectError(.invalidValue, "setMaxForce", "negative max force") {
            try SimpleMotor(a, b, rate: 1).setMaxForce(-1)
        }
        expectError(.invalidValue, "setErrorBias", "bias above 1") { try SimpleMotor(a, b, rate: 1).setErrorBias(2) }

        // A rotary joint needs a body that can turn.
        let slider = try PhysicsBody(mass: 1, moment: .infinity)
        try world.add(slider)
        expectError(.unsolvable, "PhysicsWorld.add", "motor on a body that cannot turn") {
            try world.add(SimpleMotor(world.staticBody, slider, rate: 1))
        }
        let motor = try SimpleMotor(world.staticBody, a, rate: 1)
        try world.add(motor)
        expectError(.unsolvable, "setMoment", "taking away the only turning body") { try a.setMoment(.infinity) }

        // Bodies must be in the world first.
        let outside = try dynamicBall()
        expectError(.notAdded, "PhysicsWorld.add", "body not in a world") {
            try world.add(PinJoint(a, outside, anchorB: CGPoint(x: 1, y: 0)))
        }
        let other = try makeWorld()
        let elsewhere = try dynamicBall(other)
        expectError(.differentWorlds, "PhysicsWorld.add", "body in another world") {
            try world.add(PinJoint(a, elsewhere, anchorB: CGPoint(x: 1, y: 0)))
        }
        expectError(.alreadyAdded, "PhysicsWorld.add", "constraint twice") { try world.add(motor) }
        try world.remove(motor)
        expectError(.notAdded, "PhysicsWorld.remove", "constraint twice removed") { try world.remove(motor) }
        try step(world, 10)
    }

    @Test func badWorldMembership() throws {
        let world = try makeWorld()
        let ball = try dynamicBall(world)
        expectError(.alreadyAdded, "PhysicsWorld.add", "body twice") { try world.add(ball) }
        let other = try makeWorld()
        expectError(.alreadyAdded, "PhysicsWorld.add", "body in two worlds") { try other.add(ball) }
        try world.remove(ball)
        expectError(.notAdded, "PhysicsWorld.remove", "body removed twice") { try world.remove(ball) }
        expectError(.notAdded, "PhysicsWorld.remove", "body never added") { try other.remove(ball) }
        let massless = try PhysicsBody()
        try massless.addShape(.circle(radius: 5), density: 0)
        expectError(.unsolvable, "PhysicsWorld.add", "dynamic body without mass") { try world.add(massless) }
        expectError(.unsolvable, "PhysicsWorld.add", "dynamic body without shapes") { try world.add(PhysicsBody()) }
        let dense = try PhysicsBody()
        let only = try dense.addShape(.circle(radius: 5))
        try world.add(dense)
        expectError(.unsolvable, "setDensity", "density to zero in a world") { try only.setDensity(0) }
        expectError(.unsolvable, "removeShape", "removing the only massive shape") { try dense.removeShape(only) }
        let stranger = try PhysicsBody(mass: 1).addShape(.circle(radius: 1))
        expectError(.notAdded, "removeShape", "someone else's shape") { try dense.removeShape(stranger) }
        try step(world, 10)
        #expect(dense.mass > 0 && dense.position.y > 0, "the world still steps: \(dense.position)")
    }

    @Test func badWorldSettingsAndSteps() throws {
        let world = try makeWorld()
        expectError(.invalidValue, "PhysicsWorld.init", "NaN gravity") {
            _ = try PhysicsWorld(gravity: CGVector(dx: Double.nan, dy: 0))
        }
        expectError(.invalidValue, "setGravity", "infinite gravity") {
            try world.setGravity(CGVector(dx: 0, dy: Double.infinity))
        }
        expectError(.invalidValue, "setIterations", "zero iterations") { try world.setIterations(0) }
        expectError(.invalidValue, "setDamping", "damping above 1") { try world.setDamping(2) }
        expectError(.invalidValue, "setIdleSpeedThreshold", "negative idle speed") {
            try world.setIdleSpeedThreshold(-1)
        }
        expectError(.invalidValue, "setSleepTimeThreshold", "NaN sleep time") { try world.setSleepTimeThreshold(.nan) }
        expectError(.invalidValue, "setCollisionSlop", "negative slop") { try world.setCollisionSlop(-0.1) }
        expectError(.invalidValue, "setCollisionBias", "bias above 1") { try world.setCollisionBias(1.5) }
        expectError(.invalidValue, "setCollisionPersistence", "zero persistence") {
            try world.setCollisionPersistence(0)
        }
        for dt in [0, -1, .nan, .infinity, 2] {
            expectError(.invalidValue, "PhysicsWorld.step", "step \(dt)") { try world.step(dt) }
        }
        expectError(.invalidValue, "nearestPoint", "negative distance") {
            _ = try world.nearestPoint(to: .zero, maxDistance: -1)
        }
        expectError(.invalidValue, "firstHit", "NaN segment") {
            _ = try world.firstHit(from: CGPoint(x: Double.nan, y: 0), to: .zero)
        }
        expectError(.invalidValue, "makeParticleBodyGroup", "zero budget") {
            _ = try world.makeParticleBodyGroup(budget: 0)
        }
        try world.setSleepTimeThreshold(.infinity)
        try world.step(fixedStep)
    }

    @Test func errorsNameThePlaceTheProblemAndTheFix() {
        do {
            _ = try PhysicsBody(mass: -1)
        } catch let error as PhysicsError {
            #expect(
                error.description == "PhysicsBody.init(mass:): expected a finite number > 0, got -1.0. "
                    + "Give a positive mass, or nil to take the mass from the shapes' densities.", "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func divergingSimulationIsStoppedNotAborted() throws {
        // A stiff spring on a light body explodes numerically; the guard stops the body before
        // Chipmunk's NaN assertions could fire.
        let world = try makeWorld(gravity: 0)
        let light = try PhysicsBody(mass: 1e-6, position: CGPoint(x: 100, y: 0))
        try light.addShape(.circle(radius: 1))
        try world.add(light)
        try world.add(DampedSpring(world.staticBody, light, restLength: 0, stiffness: 1e12, damping: 0))
        var diverged = 0
        for _ in 0..<400 {
            try world.step(fixedStep)
            diverged += world.divergedBodies.count
        }
        #expect(diverged > 0, "the guard caught the explosion")
        #expect(
            light.position.x.isFinite && abs(light.position.x) < PhysicsLimits.divergenceThreshold,
            "position \(light.position)")
    }
}
