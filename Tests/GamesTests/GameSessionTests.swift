import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

/// The game API itself: input per step, time control, pointer and hit testing, events, errors.
@Suite struct GameSessionTests {
    /// A probe game: a box layer, optionally a falling physics ball, and records of what it saw.
    final class Probe: Game {
        var pressesSeenBySteps = 0
        var stepsWithSpaceHeld = 0
        var frames: [GameFrame] = []
        var collisions: [CollisionEvent.Phase] = []
        var particleBirths = 0
        var failSetUp = false
        var dropBall = false
        let box = CALayer()
        let ballLayer = CALayer()
        var ball: PhysicsBody?

        func setUp(_ session: GameSession) throws {
            if failSetUp {
                throw GameError.notFound("Probe.setUp: no level file 'level1.json'; add it next to the game")
            }
            box.frame = CGRect(x: 100, y: 50, width: 40, height: 40)
            box.backgroundColor = .white
            session.rootLayer.addSublayer(box)
            if dropBall {
                try session.physicsWorld.setGravity(CGVector(dx: 0, dy: 500))
                try session.physicsWorld.staticBody.addShape(
                    .segment(from: CGPoint(x: 0, y: 200), to: CGPoint(x: 320, y: 200), radius: 0))
                let body = try PhysicsBody(mass: 1, position: CGPoint(x: 160, y: 100))
                try body.addShape(.circle(radius: 10, center: .zero), elasticity: 0.5)
                ballLayer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                ballLayer.position = CGPoint(x: 160, y: 100)
                session.rootLayer.addSublayer(ballLayer)
                try session.attach(body, to: ballLayer)
                ball = body
            }
        }

        func fixedUpdate(_ step: GameStep, _ session: GameSession) {
            if step.input.wasPressed(.space) { pressesSeenBySteps += 1 }
            if step.input.isHeld(.space) { stepsWithSpaceHeld += 1 }
        }

        func frame(_ frame: GameFrame, _ session: GameSession) { frames.append(frame) }

        func physicsEvent(_ event: PhysicsEvent, _ session: GameSession) {
            if case .collision(let collision, _, _) = event { collisions.append(collision.phase) }
        }
    }

    func runner(_ probe: Probe, fps: Double = 60, script: ScriptedInput = ScriptedInput()) throws -> HeadlessGameRunner
    {
        try HeadlessGameRunner(
            game: probe, configuration: GameConfiguration(viewSize: CGSize(width: 320, height: 240)),
            framesPerSecond: fps, script: script)
    }

    @Test func aTapIsSeenByExactlyOneFixedStepWhateverTheFrameRate() throws {
        for fps in [30.0, 60, 240] {
            let probe = Probe()
            var script = ScriptedInput()
            script.tap(.space, atFrame: 3)
            script.tap(.space, atFrame: 9)
            let r = try runner(probe, fps: fps, script: script)
            try r.run(frames: 20)
            #expect(probe.pressesSeenBySteps == 2, "\(fps) fps: presses seen by steps \(probe.pressesSeenBySteps)")
            #expect(probe.stepsWithSpaceHeld == 0, "\(fps) fps: a tap is never held")
        }
    }

    @Test func aHeldKeyIsHeldInEveryStepUntilReleased() throws {
        let probe = Probe()
        var script = ScriptedInput()
        script.add(.keyDown(.space, isRepeat: false), atFrame: 2)
        script.add(.keyUp(.space), atFrame: 12)
        try runner(probe, script: script).run(frames: 20)
        #expect(probe.pressesSeenBySteps == 1)
        #expect(probe.stepsWithSpaceHeld == 20, "10 frames × 2 steps: \(probe.stepsWithSpaceHeld)")
    }

    @Test func frameCallbackGetsTheDisplayLinkTimingAndMeasuredDeltas() throws {
        let probe = Probe()
        let r = try HeadlessGameRunner(game: probe, scriptedDeltas: [1.0 / 60, 1.0 / 30])
        let result = try r.run(frames: 4)
        #expect(probe.frames.map(\.index) == [0, 1, 2, 3])
        let deltas = probe.frames.map(\.measuredDelta)
        // The first frame reports the nominal period; then the scripted deltas cycle: 1/30, 1/60, 1/30.
        #expect(abs(deltas[1] - 1.0 / 30) < 1e-9 && abs(deltas[2] - 1.0 / 60) < 1e-9, "deltas \(deltas)")
        #expect(
            abs(probe.frames[1].targetTimestamp - probe.frames[1].timestamp - 1.0 / 60) < 1e-9,
            "target \(probe.frames[1].targetTimestamp), timestamp \(probe.frames[1].timestamp)")
        // 1/60 + 1/30 + 1/60 + 1/30 s = 0.1 s = 12 steps.
        #expect(result.steps == 12, "\(result)")
    }

    @Test func timeScaleOutsideItsRangeIsRefusedWithTheFix() throws {
        let session = try GameSession(game: Probe())
        #expect(throws: GameError.self) { try session.setTimeScale(0) }
        do { try session.setTimeScale(.nan) } catch {
            #expect("\(error)".contains("1/16...16"), "message: \(error)")
        }
        try session.setTimeScale(2)
        #expect(session.timeScale == 2)
    }

    @Test func badConfigurationAndFailingSetUpAreClearErrors() throws {
        #expect(throws: GameError.self) {
            try GameSession(game: Probe(), configuration: GameConfiguration(viewSize: .zero))
        }
        #expect(throws: GameError.self) {
            try GameSession(game: Probe(), configuration: GameConfiguration(fixedStep: 1))
        }
        let probe = Probe()
        probe.failSetUp = true
        do {
            _ = try GameSession(game: probe)
            Issue.record("setUp's error was swallowed")
        } catch {
            #expect("\(error)".contains("level1.json"), "message: \(error)")
        }
    }

    @Test func pointerIsReportedInLayerCoordinatesAndHitTestFindsTheLayer() throws {
        let probe = Probe()
        var script = ScriptedInput()
        script.add(.mouseMoved(to: CGPoint(x: 110, y: 60)), atFrame: 1)
        let r = try runner(probe, script: script)
        try r.run(frames: 2)
        #expect(r.session.pointer(in: probe.box) == CGPoint(x: 10, y: 10))
        #expect(r.session.layerUnderPointer === probe.box)
        #expect(r.session.hitTest(CGPoint(x: 10, y: 10)) === r.session.rootLayer)
    }

    @Test func attachedBodyDrivesItsLayerAndCollisionsReachTheGame() throws {
        let probe = Probe()
        probe.dropBall = true
        let r = try runner(probe)
        try r.run(frames: 60)
        let ball = try #require(probe.ball)
        #expect(probe.collisions.first == .begin, "collisions \(probe.collisions)")
        // The layer shows the body interpolated within the last step: within one step of travel.
        let shown = probe.ballLayer.position
        let travel = abs(ball.position.y - ball.previousPosition.y)
        #expect(
            abs(shown.y - ball.position.y) <= travel + 1e-9 && shown.x == ball.position.x,
            "layer \(shown), body \(ball.position), previous \(ball.previousPosition)")
    }

    @Test func restartRebuildsTheRunAndCountsIt() throws {
        let probe = Probe()
        probe.dropBall = true
        let r = try runner(probe)
        let first = try r.run(frames: 30)
        r.session.restart()
        try r.run(frames: 30)
        let second = r.result
        #expect(second.restarts == 1 && second.steps == 60, "\(second)")
        #expect(second.stateHash == first.stateHash, "a restarted run replays: \(first) vs \(second)")
    }

    @Test func burstEmitsNowAndRefusesUnknownCells() throws {
        final class Sparkler: Game {
            let emitter = CAEmitterLayer()
            func setUp(_ session: GameSession) throws {
                let cell = CAEmitterCell()
                cell.name = "spark"
                cell.lifetime = 1
                cell.velocity = 50
                emitter.frame = session.rootLayer.bounds
                emitter.emitterCells = [cell]
                session.rootLayer.addSublayer(emitter)
            }
        }
        let game = Sparkler()
        let r = try HeadlessGameRunner(game: game)
        try r.run(frames: 1)
        #expect(try r.session.burst(count: 25, cellNamed: "spark", in: game.emitter, at: CGPoint(x: 100, y: 100)) == 25)
        #expect(r.session.liveParticles(of: game.emitter) == 25)
        do {
            try r.session.burst(count: 5, cellNamed: "smoke", in: game.emitter)
            Issue.record("an unknown cell was accepted")
        } catch {
            #expect("\(error)".contains("smoke"), "message: \(error)")
        }
        #expect(throws: GameError.self) { try r.session.burst(count: -1, cellNamed: "spark", in: game.emitter) }
    }

    @Test func sceneFileStartsTheGame() throws {
        final class Viewer: Game {
            func setUp(_ session: GameSession) throws {}
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("Scenes/fire.json").path
        let r = try HeadlessGameRunner(game: Viewer(), configuration: GameConfiguration(scenePath: path))
        try r.run(frames: 30)
        #expect(
            r.session.engine.statistics.liveParticles > 0,
            "fire.json emits: \(r.session.engine.statistics.liveParticles)")
        #expect(throws: (any Error).self) {
            try GameSession(game: Viewer(), configuration: GameConfiguration(scenePath: "/nonexistent.json"))
        }
    }

    @Test func physicsSceneFileBringsItsBodiesAndTheirCollisions() throws {
        final class Watcher: Game {
            var collisions = 0
            func setUp(_ session: GameSession) throws {}
            func physicsEvent(_ event: PhysicsEvent, _ session: GameSession) {
                if case .collision(let c, _, _) = event, c.phase == .begin { collisions += 1 }
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let game = Watcher()
        let r = try HeadlessGameRunner(
            game: game,
            configuration: GameConfiguration(scenePath: root.appendingPathComponent("Scenes/crates.json").path))
        let result = try r.run(frames: 120)
        #expect(
            r.session.attachedBodies.count >= 5,
            "bodies attached to the scene's layers: \(r.session.attachedBodies.count)")
        #expect(
            game.collisions > 5, "crates falling on each other and the floor: \(game.collisions) collisions, \(result)")
    }

    @Test func aSceneWithItsOwnPhysicsStepStartsWithTheDefaultConfiguration() throws {
        final class Viewer: Game {
            func setUp(_ session: GameSession) throws {}
        }
        let folder = URL(fileURLWithPath: try TestSupport.temporaryFolder("game-step"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("scene.json").path
        let scene =
            #"{"schemaVersion": 1, "display": {"size": [200, 100]}, "physics": {"gravity": [0, 100], "step": 0.016666666666666666}, "layers": []}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
        let session = try GameSession(game: Viewer(), configuration: GameConfiguration(scenePath: path))
        #expect(
            abs(session.engine.fixedStep - 1.0 / 60) < 1e-12, "the scene's step is used: \(session.engine.fixedStep)")
        let fromCode = try GameSession(game: Viewer(), configuration: GameConfiguration())
        #expect(
            abs(fromCode.engine.fixedStep - 1.0 / 120) < 1e-12,
            "without a scene the step is 1/120: \(fromCode.engine.fixedStep)")
        #expect(throws: (any Error).self, "an explicit step that contradicts the scene is an error") {
            try GameSession(game: Viewer(), configuration: GameConfiguration(fixedStep: 1.0 / 120, scenePath: path))
        }
    }

    @Test func commandLineOptionsBecomeAScriptAndBadOnesAreReported() {
        let good = GameCommandLine([
            "game", "--png", "/tmp/x.png", "--frames", "90", "--hold", "up:10-20", "--tap", "space:5",
        ])
        #expect(good.problems.isEmpty && good.pngPath == "/tmp/x.png" && good.frames == 90)
        var script = good.script
        #expect(script.takeEvents(forFrame: 5) == [.keyDown(.space, isRepeat: false), .keyUp(.space)])
        #expect(script.takeEvents(forFrame: 10) == [.keyDown(.up, isRepeat: false)])
        let bad = GameCommandLine(["game", "--frames", "-3", "--hold", "jump:1-2", "--tap", "up:x", "--bogus", "--png"])
        #expect(bad.problems.count == 5, "problems: \(bad.problems)")
    }
}
