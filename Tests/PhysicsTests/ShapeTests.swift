import Foundation
import LayerKit
import Testing

@testable import Physics

/// Shapes: mass, moment and area against hand-computed values, and how each shape rests on a floor.
@Suite struct ShapeTests {
    @Test func freeFallMatchesChipmunksIntegrator() throws {
        // Chipmunk moves positions with the previous step's velocity: y(n) = y0 + g·dt²·n(n−1)/2.
        let world = try makeWorld(gravity: 1000)
        let ball = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 0))
        try ball.addShape(.circle(radius: 5))
        try world.add(ball)
        try step(world, 60)
        let expected = 1000 * fixedStep * fixedStep * 60 * 59 / 2
        #expect(close(ball.position.y, expected, 1e-9), "y after 60 steps: \(ball.position.y), expected \(expected)")
        #expect(close(ball.velocity.dy, 1000 * 60 * fixedStep, 1e-9), "vy \(ball.velocity.dy)")
    }

    @Test func explicitMassGivesTheBookCrateMoment() throws {
        // cpMomentForBox(100, 32, 32) = 100·(32² + 32²)/12.
        let crate = try PhysicsBody(mass: 100)
        try crate.addShape(.box(width: 32, height: 32))
        #expect(crate.mass == 100)
        let expected: Double = 100 * (32 * 32 + 32 * 32) / 12
        #expect(close(crate.moment, expected, 1e-9), "moment \(crate.moment)")
    }

    @Test func densityGivesMassAreaAndCentreOfGravity() throws {
        let world = try makeWorld()
        let body = try PhysicsBody()
        try body.addShape(.circle(radius: 10, center: CGPoint(x: 20, y: 0)), density: 2)
        #expect(close(body.mass, 2 * Double.pi * 100, 1e-9), "mass before adding \(body.mass)")
        try world.add(body)
        #expect(close(body.mass, 2 * Double.pi * 100, 1e-9), "mass in the world \(body.mass)")
        #expect(close(body.centerOfGravity, CGPoint(x: 20, y: 0), 1e-9), "cog \(body.centerOfGravity)")
        // A disc about its own centre: m·r²/2.
        #expect(close(body.moment, 2 * Double.pi * 100 * 100 / 2, 1e-6), "moment \(body.moment)")
    }

    @Test func areasMatchTheirFormulas() {
        #expect(close(ShapeGeometry.circle(radius: 3).area, 9 * Double.pi))
        #expect(close(ShapeGeometry.box(width: 10, height: 20).area, 200))
        #expect(close(ShapeGeometry.box(width: 10, height: 20, cornerRadius: 2).area, 200 - (4 - Double.pi) * 4, 1e-9))
        #expect(
            close(ShapeGeometry.segment(from: .zero, to: CGPoint(x: 10, y: 0), radius: 1).area, Double.pi + 20, 1e-12))
        let triangle = ShapeGeometry.polygon(vertices: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 0, y: 3)])
        #expect(close(triangle.area, 6))
    }

    @Test func circleRestsOnAFloorAtItsRadius() throws {
        let world = try makeWorld()
        try addFloor(world, y: 100)
        let ball = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 50))
        try ball.addShape(.circle(radius: 10))
        try world.add(ball)
        try step(world, 240)
        // Resting contact keeps about the collision slop (0.1) of overlap.
        #expect(abs(ball.position.y - 90) < 0.15, "ball centre \(ball.position.y), expected 90 (floor 100 − radius 10)")
    }

    @Test func boxWithRoundedCornersRestsAtHalfItsHeight() throws {
        let world = try makeWorld()
        try addFloor(world, y: 100, friction: 1)
        let box = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 40))
        try box.addShape(.box(width: 40, height: 20, cornerRadius: 4), friction: 1)
        try world.add(box)
        try step(world, 240)
        #expect(abs(box.position.y - 90) < 0.15, "box centre \(box.position.y), expected 90 (outer height 20)")
        #expect(abs(box.angle) < 1e-3, "box angle \(box.angle)")
        let bb = box.shapes[0].boundingBox
        #expect(abs(bb.width - 40) < 1e-6 && abs(bb.height - 20) < 1e-6, "outer bounds \(bb)")
    }

    @Test func segmentRadiusThickensTheFloor() throws {
        let world = try makeWorld()
        try world.staticBody.addShape(.segment(from: CGPoint(x: -100, y: 100), to: CGPoint(x: 100, y: 100), radius: 5))
        let ball = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 0))
        try ball.addShape(.circle(radius: 10))
        try world.add(ball)
        try step(world, 240)
        #expect(abs(ball.position.y - 85) < 0.15, "ball centre \(ball.position.y), expected 85 (100 − 5 − 10)")
    }

    @Test func triangleRestsOnItsLongestFlatSide() throws {
        let world = try makeWorld()
        try addFloor(world, y: 100, friction: 1)
        // Vertices given clockwise on screen; the body origin is the triangle's corner (0, 0).
        let vertices = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 0, y: -30)]
        let body = try PhysicsBody(position: CGPoint(x: 0, y: 60))
        try body.addShape(.polygon(vertices: vertices), friction: 1)
        try world.add(body)
        try step(world, 240)
        // Resting on the edge y = 0 (body coordinates): the origin sits on the floor.
        #expect(
            abs(body.position.y - 100) < 0.15 && abs(body.angle) < 1e-3, "origin \(body.position), angle \(body.angle)")
    }

    @Test func polygonWindingIsNormalised() throws {
        let clockwise = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)]
        let a = try ShapeGeometry.polygon(vertices: clockwise).validated("test")
        let b = try ShapeGeometry.polygon(vertices: clockwise.reversed()).validated("test")
        guard case .polygon(let va, _) = a, case .polygon(let vb, _) = b else {
            Issue.record("not polygons")
            return
        }
        #expect(ConvexPolygon.signedArea(va) > 0 && ConvexPolygon.signedArea(vb) > 0, "\(va) / \(vb)")
    }

    @Test func surfaceVelocityCarriesABoxLikeAConveyor() throws {
        let world = try makeWorld()
        let belt = try addFloor(world, y: 100, friction: 1)
        try belt.setSurfaceVelocity(CGVector(dx: -50, dy: 0))
        let box = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 89.9))
        try box.addShape(.box(width: 20, height: 20), friction: 1)
        try world.add(box)
        try step(world, 240)
        #expect(abs(box.velocity.dx + 50) < 1, "box speed \(box.velocity.dx) on a belt of surface velocity −50")
    }

    @Test func boundingBoxOfARotatedBox() throws {
        let body = try PhysicsBody(mass: 1, position: CGPoint(x: 100, y: 100), angle: .pi / 4)
        let shape = try body.addShape(.box(width: 20, height: 20))
        let half = 10 * 2.0.squareRoot()
        let bb = shape.boundingBox
        #expect(close(bb.minX, 100 - half, 1e-9) && close(bb.maxY, 100 + half, 1e-9), "bounds \(bb)")
    }

    @Test func sensorsReportButDoNotPush() throws {
        let world = try makeWorld()
        let sensor = try addFloor(world, y: 100)
        sensor.isSensor = true
        var began = 0
        world.addCollisionObserver { if $0.phase == .begin { began += 1 } }
        let ball = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 50))
        try ball.addShape(.circle(radius: 10))
        try world.add(ball)
        try step(world, 60)
        #expect(ball.position.y > 150, "ball fell through the sensor: y \(ball.position.y)")
        #expect(began == 1, "sensor begin events: \(began)")
    }

    @Test func collisionFiltersKeepGroupsAndCategoriesApart() throws {
        let world = try makeWorld()
        let floor = try addFloor(world, y: 100)
        floor.filter = CollisionFilter(categories: 0b01, mask: 0b01)
        let passes = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 50))
        try passes.addShape(.circle(radius: 10)).filter = CollisionFilter(categories: 0b10, mask: 0b10)
        let stops = try PhysicsBody(mass: 1, position: CGPoint(x: 50, y: 50))
        try stops.addShape(.circle(radius: 10)).filter = CollisionFilter(categories: 0b01, mask: 0b11)
        try world.add(passes)
        try world.add(stops)
        try step(world, 120)
        #expect(
            passes.position.y > 150 && abs(stops.position.y - 90) < 0.2,
            "passes \(passes.position), stops \(stops.position)")
        #expect(CollisionFilter(group: 3).allows(CollisionFilter(group: 3)) == false)
    }
}
