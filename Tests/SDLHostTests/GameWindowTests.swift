import EmitterKit
import Foundation
import Testing

@testable import SDLHost

/// A game played through the window code path under SDL's dummy driver. An extension of the serialized
/// window suite: one window at a time.
extension WindowHostTests {
    final class KeyCounter: Game {
        var presses = 0
        var heldSteps = 0
        let square = CALayer()

        func setUp(_ session: GameSession) throws {
            square.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            session.rootLayer.addSublayer(square)
        }

        func fixedUpdate(_ step: GameStep, _ session: GameSession) {
            if step.input.wasPressed(.space) { presses += 1 }
            if step.input.isHeld(.space) { heldSteps += 1 }
            if step.input.isHeld(Key.right) { square.position.x += 60 * CGFloat(step.duration) }
        }

        func frame(_ frame: GameFrame, _ session: GameSession) {
            if frame.input.wasPressed(.p) { session.setPaused(!session.isPaused) }
        }
    }

    @Test func gameWindowDeliversKeysToTheGameAndShowsItsFrames() throws {
        let game = KeyCounter()
        let window = try GameWindow(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 160, height: 120)),
            title: "game test", clock: ManualClock()
        ) { config in
            config.videoDriver = "dummy"
        }
        defer { window.host.close() }
        // Space and R are the game's: the window binds only Esc.
        var script = ScriptedInput()
        script.tap(.space, atFrame: 2)
        script.tap(.r, atFrame: 3)
        script.add(.keyDown(.right, isRepeat: false), atFrame: 4)
        script.add(.keyUp(.right), atFrame: 34)
        script.tap(.p, atFrame: 40)
        window.host.scriptedInput = script
        #expect(window.runFrames(50) == 50)
        #expect(game.presses == 1 && game.heldSteps == 0, "presses \(game.presses), held steps \(game.heldSteps)")
        #expect(window.session.restartCount == 0, "R is not bound to the host's restart")
        // 30 frames at exactly 1/60 s = 60 steps of 1/120 s at 60 pt/s: 30 points.
        #expect(abs(game.square.position.x - 50) < 1e-6, "square at \(game.square.position)")
        let paused = window.session.simulatedTime
        window.host.captureNextFrame()
        window.runFrames(5)
        #expect(window.session.isPaused && window.session.simulatedTime == paused)
        let capture = try #require(window.host.lastCapture)
        let i = (20 * capture.width + 50) * 4
        #expect(
            capture.pixels[i] > 200 && capture.pixels[i + 1] < 40,
            "red square at (50, 20) in the window: \(capture.pixels[i...i + 3])")
    }
}
