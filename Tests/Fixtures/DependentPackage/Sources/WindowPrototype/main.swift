// A windowed prototype outside the Emitter package: it depends on the SDLHost product (which brings
// EmitterKit) and plays a few frames of a game in an SDL2 window on SDL's dummy video and audio drivers,
// which need no display and no sound card.
import Foundation
import SDLHost

final class Sparkler: Game {
    let emitter = CAEmitterLayer()

    func setUp(_ session: GameSession) throws {
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 600
        spark.lifetime = 1
        spark.velocity = 80
        spark.emissionRange = 2 * .pi
        emitter.frame = session.rootLayer.bounds
        emitter.emitterPosition = CGPoint(x: 160, y: 120)
        emitter.emitterCells = [spark]
        session.rootLayer.addSublayer(emitter)
    }
}

let frames = 10
do {
    let game = Sparkler()
    let window = try GameWindow(
        game: game, configuration: GameConfiguration(viewSize: CGSize(width: 320, height: 240)),
        title: "Window prototype", audioDriver: "dummy"
    ) { $0.videoDriver = "dummy" }
    let shown = window.runFrames(frames)
    let live = window.session.liveParticles(of: game.emitter)
    let audio = window.audioDriver ?? "none (\(window.audioProblem ?? "?"))"
    print(
        "window prototype: \(shown) frames in a window (\(window.host.rendererName)), live sparks \(live), "
            + "audio \(audio)")
    exit(shown == frames && live > 0 && window.audioDriver != nil ? 0 : 1)
} catch {
    print("window prototype: \(error)")
    exit(1)
}
