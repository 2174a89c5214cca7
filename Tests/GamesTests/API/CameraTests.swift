import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

/// The camera: drawing and pointer through it, the HUD fixed on screen, physics in world coordinates,
/// following with smoothing, bounds, determinism.
@Suite struct CameraTests {
    /// A wide world: a red marker at world (1000, 240), a falling ball attached to a layer, a HUD bar.
    final class World: Game {
        var ball: PhysicsBody?
        let ballLayer = CALayer()
        let marker = CALayer()
        let bar = CALayer()
        var configure: (World, GameSession) throws -> Void = { _, _ in }

        func setUp(_ session: GameSession) throws {
            marker.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            marker.position = CGPoint(x: 1000, y: 240)
            marker.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            session.rootLayer.addSublayer(marker)
            let body = try PhysicsBody(mass: 1, position: CGPoint(x: 900, y: 230))
            try body.addShape(.circle(radius: 8, center: .zero))
            ballLayer.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
            ballLayer.position = CGPoint(x: 900, y: 230)
            ballLayer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            try session.add(ballLayer, body: body)
            try body.setVelocity(CGVector(dx: 60, dy: 0))
            ball = body
            bar.frame = CGRect(x: 10, y: 10, width: 100, height: 8)
            bar.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            session.hudLayer.addSublayer(bar)
            try configure(self, session)
        }
    }

    let view = CGSize(width: 320, height: 240)

    func runner(_ game: World, fps: Double = 60) throws -> HeadlessGameRunner {
        try HeadlessGameRunner(game: game, configuration: GameConfiguration(viewSize: view), framesPerSecond: fps)
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = image.pixel(x: x, y: y)
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    @Test func theCameraMovesTheWorldNotTheHUDAndPhysicsStaysInWorldCoordinates() throws {
        let game = World()
        game.configure = { _, session in session.camera.position = CGPoint(x: 1000, y: 240) }
        let r = try runner(game)
        try r.run(frames: 60)
        let image = try r.session.snapshot()
        // World (1000, 240) is at the view's centre (160, 120); the HUD bar stays at (10…110, 10…18).
        #expect(pixel(image, 160, 120) == (255, 0, 0), "marker at the centre: \(pixel(image, 160, 120))")
        #expect(pixel(image, 60, 14) == (0, 0, 255), "HUD bar: \(pixel(image, 60, 14))")
        // The ball flew 60 pt/s for 1 s from (900, 230): world x 960, drawn at about (160 + 960 − 1000, 120 + 230 − 240).
        let ball = try #require(game.ball)
        #expect(abs(Double(ball.position.x) - 960) < 1e-6, "body x \(ball.position.x)")
        // At 60 fps every frame ends on a step: the layer shows the body interpolated at fraction 0, which is
        // its place one step earlier (the engine draws between the last two steps).
        #expect(
            game.ballLayer.position == ball.previousPosition, "layer \(game.ballLayer.position), body \(ball.position)")
        #expect(pixel(image, 120, 110) == (0, 255, 0), "ball drawn at view (120, 110): \(pixel(image, 120, 110))")
    }

    @Test func zoomAndRotationTurnTheViewAboutItsCentreAndPointersFollow() throws {
        let game = World()
        game.configure = { _, session in
            session.camera.position = CGPoint(x: 1000, y: 240)
            session.camera.zoom = 2
            session.camera.rotation = .pi / 2
        }
        var script = ScriptedInput()
        script.add(.mouseMoved(to: CGPoint(x: 160, y: 100)), atFrame: 0)
        let r = try HeadlessGameRunner(game: game, configuration: GameConfiguration(viewSize: view), script: script)
        try r.run(frames: 1)
        let camera = r.session.camera
        // 20 view points above the centre, zoomed 2×, with the camera turned a quarter turn clockwise (the
        // world a quarter counter-clockwise, so its +x points up): 10 world points right of the marker.
        let world = try #require(r.session.pointerInWorld)
        #expect(abs(Double(world.x) - 1010) < 1e-9 && abs(Double(world.y) - 240) < 1e-9, "\(world)")
        let back = camera.viewPoint(fromWorld: world)
        #expect(abs(Double(back.x) - 160) < 1e-9 && abs(Double(back.y) - 100) < 1e-9, "\(back)")
        #expect(r.session.pointer(in: r.session.rootLayer).map { abs(Double($0.x) - 1010) < 1e-6 } == true)
        // The layer tree agrees with the camera's arithmetic.
        let viaLayers = r.session.rootLayer.convert(CGPoint(x: 160, y: 100), from: nil)
        #expect(abs(Double(viaLayers.x) - 1010) < 1e-6 && abs(Double(viaLayers.y) - 240) < 1e-6, "\(viaLayers)")
        // The marker (20×20 world points) is 40×40 view points at the centre; the HUD is unturned.
        let image = try r.session.snapshot()
        #expect(pixel(image, 160 + 18, 120 - 18) == (255, 0, 0))
        #expect(pixel(image, 100, 14) == (0, 0, 255), "HUD bar unturned: \(pixel(image, 100, 14))")
        // Hit testing goes through the camera: the HUD bar first, then the world.
        #expect(r.session.hitTest(CGPoint(x: 50, y: 14)) === game.bar)
        #expect(r.session.hitTest(CGPoint(x: 165, y: 125)) === game.marker)
        #expect(r.session.hitTest(CGPoint(x: 300, y: 200)) === r.session.rootLayer)
    }

    @Test func aFollowingCameraApproachesItsTargetWithSmoothingAndStaysInBounds() throws {
        let game = World()
        game.configure = { game, session in
            session.camera.follow(try #require(game.ball), smoothing: 0.2)
            session.camera.bounds = CGRect(x: 0, y: 0, width: 1200, height: 480)
        }
        let r = try runner(game)
        try r.run(frames: 1)
        // The camera starts at the view's centre (160, 120) and approaches (900, 230) by 1 − e^(−dt/0.2)
        // per step: after 2 steps it has covered 1 − e^(−2/120/0.2) ≈ 8 % of the way.
        let k = 1 - exp(-(2.0 / 120) / 0.2)
        let p = r.session.camera.position
        #expect(abs(Double(p.x) - (160 + (900.5 - 160) * k)) < 2, "x \(p.x)")
        try r.run(frames: 600)
        let q = r.session.camera.position
        let ball = try #require(game.ball)
        // After 10 s the ball is at x 1500, beyond the bounds: the camera stops at 1200 − 160.
        #expect(abs(Double(q.x) - 1040) < 1e-6, "x \(q.x), ball \(ball.position.x)")
        #expect(abs(Double(r.session.camera.visibleRect.maxX) - 1200) < 1e-6)
    }

    @Test func aFollowingCameraHashesTheSameAt30And60And120FramesPerSecond() throws {
        var hashes: [String] = []
        var positions: [CGPoint] = []
        for fps in [30.0, 60, 120] {
            let game = World()
            game.configure = { game, session in
                session.camera.follow(try #require(game.ball), smoothing: 0.3, offset: CGVector(dx: 40, dy: 0))
                session.camera.zoom = 1.5
            }
            let r = try runner(game, fps: fps)
            try r.run(frames: Int(2 * fps))
            hashes.append(r.result.stateHash)
            positions.append(r.session.camera.position)
        }
        #expect(Set(hashes).count == 1, "\(hashes)")
        #expect(Set(positions.map { "\($0)" }).count == 1, "\(positions)")
    }

    @Test func between144HzFramesTheCameraIsDrawnInterpolatedWithTheBody() throws {
        let game = World()
        game.configure = { game, session in session.camera.follow(try #require(game.ball)) }
        let r = try runner(game, fps: 144)
        try r.run(frames: 100)
        // Locked on: the body's interpolated layer stays at the view's centre, frame after frame.
        for _ in 0..<5 {
            try r.run(frames: 1)
            let onScreen = r.session.rootLayer.convert(game.ballLayer.position, to: nil)
            #expect(abs(Double(onScreen.x) - 160) < 1e-6 && abs(Double(onScreen.y) - 120) < 1e-6, "\(onScreen)")
        }
    }

    @Test func aGameThatNeverTouchesTheCameraLeavesTheRootAlone() throws {
        final class Plain: Game {
            func setUp(_ session: GameSession) throws {}
        }
        let r = try HeadlessGameRunner(game: Plain(), configuration: GameConfiguration(viewSize: view))
        try r.run(frames: 10)
        let root = r.session.rootLayer
        #expect(root.bounds == CGRect(origin: .zero, size: view))
        #expect(CATransform3DIsIdentity(root.transform))
        #expect(root.sublayers == nil || root.sublayers?.isEmpty == true)
    }

    @Test func refusedValuesAreReportedAndLeaveTheCameraAlone() throws {
        var messages: [String] = []
        let session = try GameSession(game: Plain2())
        session.log = { messages.append($0) }
        session.camera.zoom = 0
        session.camera.position = CGPoint(x: CGFloat.nan, y: 0)
        #expect(session.camera.zoom == 1)
        #expect(messages.count == 2 && messages[0].contains("GameCamera.zoom: 0.0 refused"), "\(messages)")
    }

    final class Plain2: Game {
        func setUp(_ session: GameSession) throws {}
    }
}
