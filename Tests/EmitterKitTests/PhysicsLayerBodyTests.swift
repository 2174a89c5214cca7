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
        #expect(
            abs(paddle.position.x - 290) < 1e-6 && abs(paddle.velocity.dx - 300) < 1e-6,
            "paddle at \(paddle.position), velocity \(paddle.velocity)")
        #expect(box.position.x >= 319 && box.velocity.dx >= 299, "box at \(box.position), velocity \(box.velocity)")
        #expect(abs(box.position.y - 150) < 1, "pushed straight: \(box.position)")
        // The layers show it: the box layer moved, the paddle layer is left to its animation.
        #expect(
            boxLayer.position.x > 300 && paddleLayer.position.x == 50,
            "box layer \(boxLayer.position), paddle model \(paddleLayer.position)")
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
        let expected = container.convert(
            crate.interpolatedPosition(engine.integrator.interpolationFraction), from: engine.rootLayer)
        #expect(
            abs(crateLayer.position.x - expected.x) < 1e-9 && abs(crateLayer.position.y - expected.y) < 1e-9
                && crateLayer.position.y > 60,
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
        #expect(
            abs(angle - body.interpolatedAngle(engine.integrator.interpolationFraction)) < 1e-9
                && abs(scale - 2) < 1e-9,
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
        try engine.detach(body)
        #expect(engine.body(of: l) == nil && body.world == nil && engine.statistics.bodies == 0)
    }
}

extension PhysicsLayerBodyTests {
    @Test func anUntouchedKinematicBodyMovesByItsVelocityAndMovesItsLayer() throws {
        let engine = try makeEngine()
        let l = addLayer(engine, at: CGPoint(x: 100, y: 100), size: 20)
        let body = try PhysicsBody(type: .kinematic)
        try body.addShape(.box(width: 20, height: 20))
        try engine.attach(body, to: l)
        try body.setVelocity(CGVector(dx: 60, dy: 0))
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        let shown = body.interpolatedPosition(engine.integrator.interpolationFraction)
        #expect(
            abs(body.position.x - 160) < 1e-9 && l.position == shown && shown.x > 159,
            "body \(body.position), layer \(l.position)")
        // Moving the layer in code takes the body along (and stops it there).
        CATransaction.performWithoutActions { l.position = CGPoint(x: 300, y: 200) }
        engine.advance(by: 1.0 / 60)
        #expect(body.position == CGPoint(x: 300, y: 200), "body \(body.position)")
    }
}

extension PhysicsLayerBodyTests {
    @Test func movingADynamicBodysLayerInCodeMovesAndThrowsTheBody() throws {
        let engine = try makeEngine()
        let l = addLayer(engine, at: CGPoint(x: 100, y: 100), size: 20)
        let body = try PhysicsBody(mass: 1)
        try body.addShape(.box(width: 20, height: 20))
        try engine.attach(body, to: l)
        for _ in 0..<3 { engine.advance(by: 1.0 / 60) }
        #expect(body.position == CGPoint(x: 100, y: 100) && body.velocity == .zero)
        // A drag moves the layer 30 points right during one 60 Hz frame (two steps).
        CATransaction.performWithoutActions { l.position = CGPoint(x: 130, y: 100) }
        engine.advance(by: 1.0 / 60)
        #expect(
            abs(body.velocity.dx - 1800) < 1e-6 && abs(body.position.x - 160) < 1e-6,
            "thrown at 30 points per frame: velocity \(body.velocity), position \(body.position)")
        // Left alone, it flies on and the layer shows it.
        engine.advance(by: 1.0 / 60)
        #expect(
            abs(body.position.x - 190) < 1e-6
                && l.position == body.interpolatedPosition(engine.integrator.interpolationFraction),
            "body \(body.position), layer \(l.position)")
    }
}

extension PhysicsLayerBodyTests {
    /// The book's crates view flips its container (y up, as in Chipmunk's demos): the crate layers'
    /// positions are measured from the container's bottom, and their rotations turn the other way.
    @Test func bodiesInAGeometryFlippedContainerFallDownTheScreen() throws {
        let engine = try makeEngine()
        let container = addLayer(engine, at: CGPoint(x: 200, y: 150), size: 300)
        container.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        container.isGeometryFlipped = true
        let crateLayer = addLayer(engine, at: CGPoint(x: 100, y: 250), size: 32, to: container)
        crateLayer.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
        let crate = try PhysicsBody(mass: 100)
        try crate.addShape(.box(width: 32, height: 32))
        try engine.attach(crate, to: crateLayer)
        // y = 250 from the bottom of a 300-point container is 50 from the top of the screen.
        #expect(
            abs(crate.position.x - 100) < 1e-9 && abs(crate.position.y - 50) < 1e-9 && abs(crate.angle + 0.2) < 1e-12,
            "body at \(crate.position), angle \(crate.angle)")
        try engine.physicsWorld.setGravity(CGVector(dx: 0, dy: 1000))
        try crate.setAngularVelocity(1)
        for _ in 0..<30 { engine.advance(by: 1.0 / 60) }
        let alpha = engine.integrator.interpolationFraction
        let shown = crate.interpolatedPosition(alpha)
        #expect(
            crateLayer.position.y < 250 && abs(crateLayer.position.y - (300 - shown.y)) < 1e-9
                && abs(crateLayer.position.x - shown.x) < 1e-9,
            "falling down the screen is falling in the flipped container: layer \(crateLayer.position), body \(shown)")
        #expect(
            abs(LayerBody.rotation(of: crateLayer.transform) + crate.interpolatedAngle(alpha)) < 1e-9,
            "rotations mirror: layer \(LayerBody.rotation(of: crateLayer.transform)), body \(crate.interpolatedAngle(alpha))"
        )
    }
}
