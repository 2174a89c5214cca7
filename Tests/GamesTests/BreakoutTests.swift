import BreakoutCore
import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

/// Breakout played headless from scripted input.
@Suite struct BreakoutTests {
    func play(_ script: ScriptedInput, frames: Int) throws -> (BreakoutGame, HeadlessGameRunner, GameRunResult) {
        let game = BreakoutGame()
        let runner = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: BreakoutGame.viewSize), script: script)
        let result = try runner.run(frames: frames)
        return (game, runner, result)
    }

    /// Launch at frame 10, then sweep the paddle: left, right, and follow the mouse.
    static func sessionScript() -> ScriptedInput {
        var script = ScriptedInput()
        script.tap(.space, atFrame: 10)
        script.add(.keyDown(.left, isRepeat: false), atFrame: 40)
        script.add(.keyUp(.left), atFrame: 60)
        script.add(.keyDown(.right, isRepeat: false), atFrame: 100)
        script.add(.keyUp(.right), atFrame: 150)
        script.add(.mouseMoved(to: CGPoint(x: 200, y: 300)), atFrame: 200)
        script.add(.mouseMoved(to: CGPoint(x: 420, y: 300)), atFrame: 320)
        script.tap(.space, atFrame: 400)
        script.click(at: CGPoint(x: 300, y: 300), atFrame: 700)
        return script
    }

    @Test func scriptedSessionScoresAndEndsInAGoldenState() throws {
        let (game, _, result) = try play(Self.sessionScript(), frames: 900)
        #expect(game.bricksHit > 0 && game.score > 0, "bricks \(game.bricksHit), score \(game.score)")
        #expect(
            game.score == 40 && game.lives == 0 && game.phase == .lost,
            "score \(game.score), lives \(game.lives), phase \(game.phase), \(result)")
        #expect(game.scoreText == "GAME OVER  40   R to restart", "score label \(game.scoreText)")
        Golden.expect(
            hash: result.stateHash, named: "breakout-session-script", inTableAt: goldenHashes,
            context: "breakout after 900 frames of the session script at 60 fps: \(result)")
    }

    /// A player who keeps the paddle under the ball with the mouse (slightly off-centre, to angle the
    /// ball): the input is made from the state each frame, and still goes through the session's input path.
    @Test func mousePlayerFollowingTheBallClearsBricks() throws {
        let game = BreakoutGame()
        let runner = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: BreakoutGame.viewSize))
        runner.script.tap(.space, atFrame: 5)
        func aim(_ frame: Int) -> InputEvent {
            .mouseMoved(to: CGPoint(x: game.ballPosition.x + 12 * CGFloat(sin(Double(frame) / 90)), y: 400))
        }
        runner.script.add(aim(0), atFrame: 0)
        // The aim for the next frame is made after each frame; the state is hashed once, at the end.
        let result = try runner.run(maxFrames: 1800) { session in
            runner.script.add(aim(session.frameCount), atFrame: session.frameCount)
            return game.phase == .won || game.phase == .lost
        }
        #expect(game.lives == 3, "the player never misses: lives \(game.lives), \(result)")
        #expect(game.bricksHit >= 15, "bricks hit in 30 s: \(game.bricksHit), score \(game.score)")
        #expect(game.score == 420, "golden score after 30 s: \(game.score), bricks \(game.bricksHit), \(result)")
        Golden.expect(
            hash: result.stateHash, named: "breakout-mouse-player", inTableAt: goldenHashes,
            context: "breakout mouse player after \(result.frames) frames: \(result)")
        // Kept on purpose, for a human to look at the player's last frame; a fixed name, so each run
        // overwrites it.
        try runner.writePNG(
            to: FileManager.default.temporaryDirectory.appendingPathComponent("breakout-player.png").path)
        if ProcessInfo.processInfo.environment["WRITE_DOC_IMAGES"] == "1" {
            try runner.writePNG(
                to: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("docs/images/breakout.png").path)
        }
    }

    @Test func launchedBallBreaksABrickWithSparks() throws {
        var script = ScriptedInput()
        script.tap(.space, atFrame: 5)
        let game = BreakoutGame()
        let runner = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: BreakoutGame.viewSize), script: script)
        try runner.run(maxFrames: 300) { _ in game.bricksHit > 0 }
        #expect(
            game.bricksHit == 1 && game.bricks.count == 49,
            "bricks hit \(game.bricksHit), standing \(game.bricks.count)")
        // The bottom row (row 4) is worth 10.
        #expect(game.score == 10, "score \(game.score)")
        #expect(game.ballVelocity.dy > 0, "the ball bounced down: \(game.ballVelocity)")
        let sparks = runner.session.liveParticles(of: game.sparks)
        #expect(sparks >= 40, "sparks \(sparks) right after the hit")
    }

    @Test func aMissedBallCostsALifeAndServesAgain() throws {
        var script = ScriptedInput()
        script.tap(.space, atFrame: 5)
        // Move away from the ball's path for good after it bounced off the first brick.
        script.add(.keyDown(.left, isRepeat: false), atFrame: 60)
        let (game, _, result) = try play(script, frames: 400)
        #expect(game.lives == 2 && game.phase == .serving, "lives \(game.lives), phase \(game.phase), \(result)")
    }

    @Test func clickingThePauseButtonPausesThroughHitTesting() throws {
        let game = BreakoutGame()
        let runner = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: BreakoutGame.viewSize))
        try runner.run(frames: 2)
        let centre = game.pauseButton.position
        // A point on one of the button's bars still resolves to the button's subtree.
        #expect(
            runner.session.hitTest(centre).map { $0 === game.pauseButton || $0.superlayer === game.pauseButton } == true
        )
        runner.script.click(at: CGPoint(x: centre.x - 8, y: centre.y - 8), atFrame: runner.session.frameCount)
        try runner.run(frames: 1)
        #expect(runner.session.isPaused, "a click at \(centre) paused the game")
        #expect(game.phase == .serving, "the click on the button did not launch the ball")
    }

    @Test func paddleReflectionIsDrawnBelowThePaddleAndFades() throws {
        let (game, runner, _) = try play(ScriptedInput(), frames: 3)
        let image = try runner.session.snapshot()
        // Kept on purpose for a human to look at (the failure messages name it); a fixed name, so each
        // run overwrites it.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("breakout-paddle.png").path
        try image.writePNG(to: path)
        func blue(_ x: Int, _ y: Int) -> Int { Int(image.pixels[(y * image.width + x) * 4 + 2]) }
        let x = Int(game.paddleX) - 30
        let top = Int(BreakoutGame.paddle.top)
        let paddle = blue(x, top + 8)
        let mirror = blue(x, top + 16)
        let below = blue(x, top + 40)
        let background = blue(20, top + 16)
        #expect(paddle > 200, "paddle blue \(paddle) at (\(x), \(top + 8)), \(path)")
        #expect(
            mirror > background + 30 && mirror < paddle - 40,
            "mirror blue \(mirror) (paddle \(paddle), background \(background)), \(path)")
        #expect(
            abs(below - background) < 8, "nothing 40 points below the paddle top: \(below) vs \(background), \(path)")
    }
}
