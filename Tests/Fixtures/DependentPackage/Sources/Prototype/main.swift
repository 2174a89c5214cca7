// A game prototype outside the Emitter package: a burst of sparks on a key press, played headless.
import Foundation
import SDLHost

final class Fireworks: Game {
    let emitter = CAEmitterLayer()

    func setUp(_ session: GameSession) throws {
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.lifetime = 1
        spark.velocity = 120
        spark.emissionRange = 2 * .pi
        emitter.frame = session.rootLayer.bounds
        emitter.emitterCells = [spark]
        session.rootLayer.addSublayer(emitter)
    }

    func fixedUpdate(_ step: GameStep, _ session: GameSession) {
        if step.input.wasPressed(.space) {
            _ = try? session.burst(100, of: "spark", from: emitter, at: CGPoint(x: 160, y: 120))
        }
    }
}

var script = ScriptedInput()
script.tap(.space, atFrame: 2)
let game = Fireworks()
do {
    let runner = try HeadlessGameRunner(
        game: game,
        configuration: GameConfiguration(viewSize: CGSize(width: 320, height: 240)),
        script: script)
    let result = try runner.run(frames: 30)
    let live = runner.session.liveParticles(of: game.emitter)
    print("dependent prototype: \(result), live sparks \(live), window available: \(WindowHost.canOpenWindow())")
    exit(live == 100 ? 0 : 1)
} catch {
    print("dependent prototype: \(error)")
    exit(1)
}
