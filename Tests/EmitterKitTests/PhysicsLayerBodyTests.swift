import Foundation
import Testing
@testable import EmitterKit

/// Bodies attached to layers in code: placement from the layer, layers written from bodies (in their
/// superlayer's coordinates, keeping the rest of their transform), kinematic bodies following animations.
@Suite struct PhysicsLayerBodyTests {
    func makeEngine() throws -> Engine {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        return try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
    }

    func addLayer(_ engine: Engine, at p: CGPoint, size: CGFloat, to parent: CALayer? = nil) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        l.position = p
        (parent ?? engine.rootLayer).addSublayer(l)
        return l
    }

    @Test func kinematicBodyFollowingAnAnimationPushesADynamicOne() throws {
        let engine = try makeEngine()
        let paddleLayer = addLayer(engine, at: CGPoint(x: 50, y: 150), size: 40)
        let paddle = try PhysicsBody(type: .kinematic)
        try paddle.addShape(.box(width: 40, height: 40))
        try engine.attach(paddle, to: paddleLayer)
        let boxLayer = addLayer(engine, at: CGPoint(x: 150, y: 150), size: 20)
        let box = try PhysicsBody(mass: 1)
        try box.addShape(.box(width: 20, height: 20))
        try engine.attach(box, to: boxLayer)

        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 50
        move.toValue = 350
        move.duration = 1
        paddleLayer.add(move, forKey: "move")
        engine.clock.withScope { paddleLayer.restartPendingAnimations(atMediaTime: engine.mediaTime) }

        for _ in 0..<48 { engine.advance(by: 1.0 / 60) }
        // 0.8 s into the animation: the paddle is at 290 moving at 300 pt/s and carries the box ahead.
        #expect(abs(paddle.position.x - 290) < 1e-6 && abs(paddle.velocity.dx - 300) < 1e-6,
                "paddle at \(paddle.position), velocity \(paddle.velocity)")
        #expect(box.position.x >= 319 && box.velocity.dx >= 299, "box at \(box.position), velocity \(box.velocity)")
        #expect(abs(box.position.y - 150) < 1, "pushed straight: \(box.position)")
        // The layers show it: the box layer moved, the paddle layer is left to its animation.
        #expect(boxLayer.position.x > 300 && paddleLayer.position.x == 50, "box layer \(boxLayer.position), paddle model \(paddleLayer.position)")
    }

    @Test func bodiesInAMovedContainerUseRootCoordinates() throws {
        let engine = try makeEngine()
        let container = addLayer(engine, at: CGPoint(x: 200, y: 150), size: 200)
        // The container's bounds origin sits at (100, 50) in the root.
        let crateLayer = addLayer(engine, at: CGPoint(x: 50, y: 20), size: 20, to: container)
        let crate = try PhysicsBody(mass: 1)
        try crate.addShape(.box(width: 20, height: 20))
        try engine.attach(crate, to: crateLayer)
        #expect(crate.position == CGPoint(x: 150, y: 70), "body at \(crate.position)")
        try engine.physicsWorld.setGravity(CGVector(dx: 0, dy: 100))
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        let expected = container.convert(crate.interpolatedPosition(engine.integrator.interpolationFraction), from: engine.rootLayer)
        #expect(abs(crateLayer.position.x - expected.x) < 1e-9 && abs(crateLayer.position.y - expected.y) < 1e-9 && crateLayer.position.y > 60,
                "layer at \(crateLayer.position) in the container, body at \(crate.position) in the root")
    }

    @Test func theBodysAngleReplacesOnlyTheLayersRotation() throws {
        let engine = try makeEngine()
        let l = addLayer(engine, at: CGPoint(x: 200, y: 100), size: 30)
        l.transform = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(0.3, 0, 0, 1))
        let body = try PhysicsBody(mass: 1)
        try body.addShape(.box(width: 60, height: 60))
        try engine.attach(body, to: l)
        #expect(abs(body.angle - 0.3) < 1e-12, "angle taken from the transform: \(body.angle)")
        try body.setAngularVelocity(1)
        for _ in 0..<30 { engine.advance(by: 1.0 / 60) }
        let angle = LayerBody.rotation(of: l.transform)
        let scale = hypot(Double(l.transform.m11), Double(l.transform.m12))
        #expect(abs(angle - body.interpolatedAngle(engine.integrator.interpolationFraction)) < 1e-9 && abs(scale - 2) < 1e-9,
                "layer angle \(angle), body \(body.angle), scale \(scale)")
    }

    @Test func attachingTwiceAndDetaching() throws {
        let engine = try makeEngine()
        let l = addLayer(engine, at: CGPoint(x: 10, y: 10), size: 10)
        let body = try PhysicsBody(type: .static)
        try body.addShape(.circle(radius: 5))
        try engine.attach(body, to: l)
        #expect(engine.body(of: l) === body && engine.layer(of: body) === l)
        #expect(throws: EngineError.self) { try engine.attach(try PhysicsBody(type: .static), to: l) }
        #expect(try engine.detachBody(from: l) === body)
        #expect(engine.body(of: l) == nil && body.world == nil && engine.statistics.bodies == 0)
    }
}
