import EmitterKit
import EmitterTestSupport
import Foundation
import LanderCore
import Testing

/// The lander played headless from scripted input, through the same `GameSession` a window uses.
@Suite struct LanderTests {
    /// Free fall from the start for 3.15 s, then full thrust for 2 s (frames at 60 per second): the
    /// ship slows to a few points per second just above the pad.
    static func burnScript() -> ScriptedInput {
        var script = ScriptedInput()
        script.hold(.up, fromFrame: 189, toFrame: 309)
        return script
    }

    func play(_ script: ScriptedInput, frames: Int = 600, fps: Double = 60) throws -> (
        LanderGame, HeadlessGameRunner, GameRunResult
    ) {
        let game = LanderGame()
        let runner = try HeadlessGameRunner(game: game, framesPerSecond: fps, script: script)
        let result = try runner.run(frames: frames)
        return (game, runner, result)
    }

    @Test func scriptedBurnLandsOnThePadAndScoresTheFuelLeft() throws {
        let (game, _, result) = try play(Self.burnScript())
        #expect(game.phase == .landed, "phase \(game.phase) impact \(game.impactSpeed) pt/s, \(result)")
        #expect(game.impactSpeed < LanderGame.safeSpeed, "impact \(game.impactSpeed)")
        // 120 frames of thrust at 1/60 s burn 10 units per second: 20 of 100.
        #expect(abs(game.fuel - 80) < 0.01, "fuel \(game.fuel)")
        #expect(game.score == 180, "score \(game.score)")
        #expect(game.statusText == "LANDED  score 180", "status label \(game.statusText)")
        Golden.expect(
            hash: result.stateHash, named: "lander-burn-script", inTableAt: goldenHashes,
            context: "lander after 600 frames of the burn script at 60 fps: \(result)")
    }

    @Test func freeFallCrashesIntoDebrisAndSparks() throws {
        let (game, runner, result) = try play(ScriptedInput(), frames: 300)
        #expect(game.phase == .crashed, "phase \(game.phase), \(result)")
        #expect(game.impactSpeed > 150, "a 338-point fall at 40 pt/s² hits at about 164 pt/s; got \(game.impactSpeed)")
        #expect(game.ship == nil && game.shipLayer.isHidden)
        #expect(game.debris.count == 10, "debris \(game.debris.count)")
        let sparks = runner.session.liveParticles(of: game.explosion)
        #expect(sparks > 100, "live sparks \(sparks) after the crash")
        #expect(
            game.sparkContacts > 50, "sparks bounced off the terrain (collide mode): \(game.sparkContacts) contacts")
        // Debris falls and comes to rest on the terrain (never below the lowest ground point, y = 430).
        for body in game.debris {
            #expect(body.position.y < 431 && body.position.y > 300, "debris at \(body.position), \(result)")
        }
        Golden.expect(
            hash: result.stateHash, named: "lander-free-fall", inTableAt: goldenHashes,
            context: "lander after 300 frames of free fall at 60 fps: \(result)")
    }

    @Test func stateAtEqualSimulatedTimeDoesNotDependOnTheFrameRate() throws {
        let (_, _, at60) = try play(ScriptedInput(), frames: 300, fps: 60)
        let (_, _, at30) = try play(ScriptedInput(), frames: 150, fps: 30)
        let (_, _, at120) = try play(ScriptedInput(), frames: 600, fps: 120)
        #expect(
            at60.steps == 600 && at30.steps == 600 && at120.steps == 600,
            "steps \(at30.steps) \(at60.steps) \(at120.steps)")
        #expect(
            at30.stateHash == at60.stateHash && at120.stateHash == at60.stateHash,
            "hashes at 30/60/120 fps: \(at30.stateHash) \(at60.stateHash) \(at120.stateHash)")
    }

    @Test func restartReplaysTheGameExactly() throws {
        var script = Self.burnScript()
        script.tap(.r, atFrame: 600)
        script.add(.keyDown(.up, isRepeat: false), atFrame: 601 + 189)
        script.add(.keyUp(.up), atFrame: 601 + 309)
        let (game, runner, result) = try play(script, frames: 1201)
        let (_, _, fresh) = try play(Self.burnScript(), frames: 600)
        #expect(result.restarts == 1 && game.phase == .landed, "\(result), phase \(game.phase)")
        #expect(
            result.steps == fresh.steps && result.stateHash == fresh.stateHash,
            "after restart: \(result); fresh run: \(fresh)")
        #expect(runner.session.attachedBodies.count == 1)
    }

    @Test func pauseStopsTimeAndPeriodStepsOneFixedStep() throws {
        var script = ScriptedInput()
        script.tap(.p, atFrame: 10)
        script.tap(.period, atFrame: 20)
        let (game, runner, _) = try play(script, frames: 10)
        let before = runner.session.simulatedTime
        try runner.run(frames: 5)
        #expect(
            runner.session.isPaused && runner.session.simulatedTime == before,
            "paused at \(before), now \(runner.session.simulatedTime)")
        let y = game.ship?.position.y ?? 0
        try runner.run(frames: 10)
        #expect(
            abs(runner.session.simulatedTime - before - 1.0 / 120) < 1e-12,
            "one step: \(runner.session.simulatedTime - before) s")
        #expect((game.ship?.position.y ?? 0) > y, "the ship fell during the step")
    }

    @Test func slowMotionScalesSimulatedTime() throws {
        var script = ScriptedInput()
        script.tap(.t, atFrame: 0)
        let (_, runner, result) = try play(script, frames: 120)
        #expect(runner.session.timeScale == 0.25)
        #expect(abs(result.simulatedTime - 0.5) < 1e-9, "2 s at quarter speed: \(result.simulatedTime) s")
    }

    @Test func turningTiltsTheShipAndThrustFollowsTheTilt() throws {
        var script = ScriptedInput()
        script.add(.keyDown(.right, isRepeat: false), atFrame: 0)
        script.add(.keyUp(.right), atFrame: 12)
        script.add(.keyDown(.up, isRepeat: false), atFrame: 12)
        let (game, _, result) = try play(script, frames: 60)
        let ship = try #require(game.ship)
        // 12 frames = 24 steps at 2.2 rad/s: 0.44 rad clockwise; thrust then pushes right (+x).
        #expect(abs(ship.angle - 0.44) < 0.02, "angle \(ship.angle), \(result)")
        #expect(ship.velocity.dx > 20, "velocity \(ship.velocity)")
        #expect(game.isThrusting && game.fuel < 100)
    }

    @Test func gameControllerStickTurnsAndTriggerThrusts() throws {
        let pad = ControllerID(3)
        var script = ScriptedInput()
        script.add(.controllerAdded(pad, name: "test pad"), atFrame: 0)
        script.add(.controllerAxisMoved(pad, .leftX, value: -1), atFrame: 1)
        script.add(.controllerAxisMoved(pad, .leftX, value: 0), atFrame: 13)
        script.add(.controllerAxisMoved(pad, .rightTrigger, value: 1), atFrame: 13)
        let (game, _, result) = try play(script, frames: 60)
        let ship = try #require(game.ship)
        // 12 frames = 24 steps at −2.2 rad/s: 0.44 rad anticlockwise; thrust then pushes left (−x).
        #expect(abs(ship.angle + 0.44) < 0.02, "angle \(ship.angle), \(result)")
        #expect(ship.velocity.dx < -20 && game.isThrusting, "velocity \(ship.velocity)")
    }

    @Test func renderedFrameShowsShipFlameAndTerrain() throws {
        let (_, runner, _) = try play(Self.burnScript(), frames: 250)
        let image = try runner.session.snapshot()
        // Kept on purpose for a human to look at (the failure messages name it); a fixed name, so each
        // run overwrites it.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lander-250.png").path
        try image.writePNG(to: path)
        if ProcessInfo.processInfo.environment["WRITE_DOC_IMAGES"] == "1" {
            try image.writePNG(
                to: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("docs/images/lander.png").path)
        }
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * image.width + x) * 4
            return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        }
        let ground = pixel(320, 470)
        let padPixel = pixel(380, 432)
        let sky = pixel(600, 300)
        // The status text (FUEL …) at the top right: light ink over the dark sky.
        var textInk = 0
        for y in 8..<30 { for x in 540..<628 where pixel(x, y).0 > 150 && pixel(x, y).2 > 150 { textInk += 1 } }
        #expect(textInk > 30, "status text pixels at the top right: \(textInk), \(path)")
        #expect(ground.0 > 60 && ground.0 < 120, "terrain grey at (320, 470): \(ground), \(path)")
        #expect(padPixel.2 > 200, "pad cyan at (380, 432): \(padPixel), \(path)")
        #expect(sky.0 < 40 && sky.2 < 80, "dark sky at (600, 300): \(sky), \(path)")
        // The flame: bright, warm pixels just below the ship while thrusting.
        var brightest = 0
        for y in 0..<image.height {
            for x in 360..<400 where y > 0 {
                let p = pixel(x, y)
                if p.0 > 240 && p.1 > 150 { brightest += 1 }
            }
        }
        #expect(brightest > 20, "bright flame pixels in x 360..<400: \(brightest), \(path)")
    }
}
