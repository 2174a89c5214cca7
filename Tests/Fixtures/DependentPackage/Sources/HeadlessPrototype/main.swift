// A headless game prototype outside the Emitter package: a burst of sparks on a key press, played without a
// window. It depends on the EmitterKit product alone and imports nothing else of Emitter, so it builds on a
// machine without SDL2.
import EmitterKit
import Foundation

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
            _ = try? session.burst(count: 100, cellNamed: "spark", in: emitter, at: CGPoint(x: 160, y: 120))
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
    let frame = try runner.session.snapshot()
    print("headless prototype: \(result), live sparks \(live), frame \(frame.width)×\(frame.height)")
    exit(live == 100 ? 0 : 1)
} catch {
    print("headless prototype: \(error)")
    exit(1)
}
