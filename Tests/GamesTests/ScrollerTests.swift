import EmitterKit
import EmitterTestSupport
import Foundation
import ScrollerCore
import Testing

/// The cave flyer played headless: an autopilot made from the state each frame, its input replayed by
/// game time at other frame rates, a crash and the restart its timer asks for, the camera and the HUD.
@Suite struct ScrollerTests {
    static let view = GameConfiguration(viewSize: CGSize(width: 640, height: 480), seed: 9)

    /// A pilot that reads the game each frame: climbs when below the line it aims for (the cave's middle,
    /// or the nearest rock ahead, to shoot it), flies fast, holds fire. Its decisions are recorded as
    /// input by game time, so the same flight can be replayed at any frame rate.
    final class Autopilot {
        var recorded = ScriptedInput()
        private var climbing = false

        func decide(_ game: ScrollerGame, _ session: GameSession, atTime time: Double) -> [InputEvent] {
            guard let ship = game.ship else { return [] }
            var events: [InputEvent] = []
            if time == 0 { events += [.keyDown(.right, isRepeat: false), .keyDown(.space, isRepeat: false)] }
            let x = Double(ship.position.x)
            // Stay 45 points off the walls here and a little ahead.
            let (top1, bottom1) = game.caveOpening(at: x)
            let (top2, bottom2) = game.caveOpening(at: x + 120)
            let (low, high) = (max(top1, top2) + 45, min(bottom1, bottom2) - 45)
            var aim = (low + high) / 2
            func nearest(_ category: CollisionCategory, within range: ClosedRange<Double>) -> PhysicsBody? {
                session.attachedBodies.filter { body in
                    guard let shape = body.shapes.first, session.category(of: shape) == category else { return false }
                    return range.contains(Double(body.position.x) - x)
                }.min { $0.position.x < $1.position.x }
            }
            // A coin close ahead, else the nearest rock (to shoot it), else the middle of the cave.
            if let coin = nearest(.coin, within: 20...260) {
                aim = Double(coin.position.y)
            } else if let rock = nearest(.rock, within: 60...420) {
                aim = Double(rock.position.y)
            }
            aim = max(low, min(high, aim))
            let y = Double(ship.position.y)
            let vy = Double(ship.velocity.dy)
            let wantsClimb = y + 0.25 * vy > aim
            if wantsClimb != climbing {
                climbing = wantsClimb
                events.append(wantsClimb ? .keyDown(.up, isRepeat: false) : .keyUp(.up))
            }
            for event in events { recorded.add(event, atTime: time) }
            return events
        }
    }

    /// Flies the autopilot at 60 fps until the ship is home, crashed, or `seconds` passed. The pilot decides
    /// after each frame what the next frame delivers (`run(maxFrames:until:)` hashes the state only once).
    func flyAutopilot(seconds: Double = 20) throws -> (ScrollerGame, HeadlessGameRunner, Autopilot) {
        let game = try ScrollerGame()
        let runner = try HeadlessGameRunner(game: game, configuration: Self.view)
        let pilot = Autopilot()
        for event in pilot.decide(game, runner.session, atTime: 0) { runner.script.add(event, atFrame: 0) }
        try runner.run(maxFrames: Int(seconds * 60)) { session in
            for event in pilot.decide(game, session, atTime: session.totalTime) {
                runner.script.add(event, atFrame: session.frameCount)
            }
            return game.phase != .flying
        }
        return (game, runner, pilot)
    }

    @Test func anAutopilotFliesHomeShootingRocksAndCollectingCoins() throws {
        let (game, runner, _) = try flyAutopilot()
        let session = runner.session
        let result = runner.result
        #expect(game.phase == .home, "phase \(game.phase), score \(game.score), \(result)")
        #expect(game.rocksShot >= 5, "rocks shot \(game.rocksShot)")
        #expect(game.coinsCollected >= 3, "coins \(game.coinsCollected)")
        #expect(game.score == 10 * game.rocksShot + 5 * game.coinsCollected + 200)
        // Every rock shot exploded once, every shot and every coin sounded, and the music stopped at the exit.
        #expect(session.timesPlayed("explosion") == game.rocksShot)
        #expect(session.timesPlayed("laser") == game.shotsFired && game.shotsFired > 40)
        #expect(session.timesPlayed("pickup") == game.coinsCollected + 1)
        #expect(session.currentMusic == nil)
        #expect(session.playedSounds.first?.kind == .musicStarted)
        // The camera, kept inside the cave, stops at its right edge: 4000 − 320.
        #expect(abs(Double(session.camera.position.x) - 3680) < 1, "camera x \(session.camera.position.x)")
        Golden.expect(
            hash: result.stateHash, named: "scroller-autopilot", inTableAt: goldenHashes,
            context: "scroller autopilot at 60 fps until home: \(result), score \(game.score)")
    }

    @Test func theAutopilotsFlightReplayedByTimeIsTheSameAt30And60And120FramesPerSecond() throws {
        let (recorded, runner, pilot) = try flyAutopilot(seconds: 6)
        let seconds = runner.session.simulatedTime
        var hashes = [runner.result.stateHash]
        for fps in [30.0, 120] {
            let game = try ScrollerGame()
            let replay = try HeadlessGameRunner(
                game: game, configuration: Self.view, framesPerSecond: fps, script: pilot.recorded)
            try replay.run(frames: Int((seconds * fps).rounded()))
            #expect(game.score == recorded.score && game.shotsFired == recorded.shotsFired, "\(fps) fps")
            #expect(
                replay.session.playedSounds == runner.session.playedSounds,
                "\(fps) fps: the same sounds at the same steps")
            hashes.append(replay.result.stateHash)
        }
        #expect(Set(hashes).count == 1, "hashes at 60 (recorded), 30 and 120 fps: \(hashes)")
    }

    @Test func withoutInputTheShipFallsCrashesAndTheGameRestartsItself() throws {
        let game = try ScrollerGame()
        let runner = try HeadlessGameRunner(game: game, configuration: Self.view)
        try runner.run(maxFrames: 600) { _ in game.phase == .crashed }
        #expect(game.phase == .crashed && game.ship == nil)
        #expect(runner.session.timesPlayed("explosion") == 1)
        #expect(runner.session.currentMusic == nil)
        #expect(game.statusText == "CRASHED  0")
        let crashedAt = runner.session.simulatedTime
        // The crash's timer restarts the game 2.5 s later.
        try runner.run(frames: 149)
        #expect(runner.session.restartCount == 0, "crashed at \(crashedAt) s")
        try runner.run(frames: 2)
        #expect(runner.session.restartCount == 1 && game.phase == .flying && game.ship != nil)
        #expect(runner.session.currentMusic == "music")
    }

    @Test func theCameraFollowsTheShipAheadAndTheHUDStaysOnScreen() throws {
        let (game, runner, _) = try flyAutopilot(seconds: 5)
        let session = runner.session
        let ship = try #require(game.ship)
        // Locked 140 points ahead of the ship, less what the 0.15 s smoothing still lags.
        let lead = Double(session.camera.position.x - ship.position.x)
        #expect(lead > 100 && lead < 140, "camera lead \(lead)")
        let onScreen = session.camera.viewPoint(fromWorld: ship.position)
        #expect(onScreen.x > 180 && onScreen.x < 220, "ship on screen at \(onScreen)")
        let image = try session.snapshot()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scroller-5s.png").path
        try image.writePNG(to: path)
        if ProcessInfo.processInfo.environment["WRITE_DOC_IMAGES"] == "1" {
            try image.writePNG(
                to: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("docs/images/scroller.png").path)
        }
        // The HUD's progress bar (green) at the top right, whatever the camera did.
        let progress = image.pixel(x: 640 - 212, y: 18)
        #expect(progress.g > 200 && progress.r < 120, "progress bar pixel \(progress), \(path)")
        // The ship (pale blue-white) where the camera says it is.
        let hull = image.pixel(x: Int(onScreen.x.rounded()) + 2, y: Int(onScreen.y.rounded()))
        #expect(hull.r > 180 && hull.b > 200, "ship pixel \(hull) at \(onScreen), \(path)")
        #expect(game.scoreLabel.superlayer === session.hudLayer)
    }

    @Test func aMissingSoundFileIsAClearError() throws {
        let folder = try TestSupport.temporaryFolder("scroller-sounds")
        #expect(throws: SoundError.fileNotFound(folder + "/explosion.wav")) { try ScrollerGame(soundFolder: folder) }
    }
}
