import Foundation
import LayerKit
import Testing

@testable import Physics

/// Ownership: everything added to a world is freed with it; objects that outlive it stay usable.
@Suite struct LifetimeTests {
    @Test func bodiesShapesAndConstraintsAreFreedWithTheirWorld() throws {
        weak var weakWorld: PhysicsWorld?
        weak var weakBody: PhysicsBody?
        weak var weakShape: PhysicsShape?
        weak var weakJoint: PhysicsConstraint?
        weak var weakGroup: ParticleBodyGroup?
        do {
            let world = try makeWorld()
            let body = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 10))
            let shape = try body.addShape(.circle(radius: 5))
            try world.add(body)
            let joint = try PinJoint(world.staticBody, body)
            try world.add(joint)
            let group = try world.makeParticleBodyGroup(budget: 4)
            _ = try group.spawn(position: CGPoint(x: 30, y: 0), velocity: .zero, radius: 2, mass: 1)
            try step(world, 30)
            (weakWorld, weakBody, weakShape, weakJoint, weakGroup) = (world, body, shape, joint, group)
        }
        #expect(
            weakWorld == nil && weakBody == nil && weakShape == nil && weakJoint == nil && weakGroup == nil,
            "still alive: world \(weakWorld != nil), body \(weakBody != nil), shape \(weakShape != nil), joint \(weakJoint != nil), group \(weakGroup != nil)"
        )
    }

    @Test func aBodyThatOutlivesItsWorldJoinsAnother() throws {
        var survivor: PhysicsBody?
        do {
            let world = try makeWorld()
            try addFloor(world, y: 100)
            let body = try PhysicsBody(mass: 1, position: CGPoint(x: 0, y: 80))
            try body.addShape(.circle(radius: 10))
            try world.add(body)
            try world.setSleepTimeThreshold(0.2)
            try step(world, 240)
            survivor = body
        }
        let body = try #require(survivor)
        #expect(body.world == nil, "the dead world let go")
        let next = try makeWorld()
        try addFloor(next, y: 300)
        try next.add(body)
        try step(next, 240)
        #expect(abs(body.position.y - 290) < 0.2, "falls onto the new floor: \(body.position.y)")
    }

    @Test func aRemovedShapeOutlivesItsBody() throws {
        var kept: PhysicsShape?
        do {
            let world = try makeWorld()
            let body = try PhysicsBody(mass: 1)
            let shape = try body.addShape(.circle(radius: 5))
            try body.addShape(.circle(radius: 2))
            try world.add(body)
            try step(world, 2)
            try body.removeShape(shape)
            kept = shape
        }
        let shape = try #require(kept)
        #expect(shape.body == nil && shape.boundingBox.isNull, "detached shape")
        try shape.setFriction(0.3)
        #expect(shape.friction == 0.3)
    }

    @Test func manyWorldsComeAndGo() throws {
        var alive: [Int] = []
        for i in 0..<200 {
            weak var weakWorld: PhysicsWorld?
            weak var weakBody: PhysicsBody?
            do {
                let world = try makeWorld()
                let body = try PhysicsBody(mass: 1, position: CGPoint(x: Double(i), y: 0))
                try body.addShape(.box(width: 10, height: 10))
                try world.add(body)
                try addFloor(world, y: 20)
                try step(world, 3)
                #expect(body.position.y > 0 && body.position.y < 15, "world \(i): the body fell, \(body.position)")
                (weakWorld, weakBody) = (world, body)
            }
            if weakWorld != nil || weakBody != nil { alive.append(i) }
        }
        #expect(alive.isEmpty, "worlds or bodies still alive after their scope: \(alive)")
    }
}
