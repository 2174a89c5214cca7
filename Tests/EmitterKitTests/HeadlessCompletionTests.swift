import Foundation
import Testing

@testable import EmitterKit

/// CATransaction completion blocks and animation callbacks run in headless runs whether or not frames
/// are drawn (`Engine.advance` commits the tree's animations every frame).
@Suite struct HeadlessCompletionTests {
    /// Twinkle-style sparkles (piemonte/Twinkle, Sources/Twinkle.swift @ 6a5e015, MIT): `count` emitter
    /// layers, each fading in and out twice (opacity 0 → 1, 0.4 s, autoreverses, repeatCount 2, begin
    /// now + 0.15·i s) in its own transaction whose completion block removes the layer. Returns the layers
    /// and a counter of the blocks run.
    final class Twinkles {
        var layers: [CAEmitterLayer] = []
        var completed = 0

        func add(_ count: Int, to root: CALayer) {
            for i in 0..<count {
                let sparkle = CAEmitterLayer()
                sparkle.position = CGPoint(x: 20 + 15 * i, y: 50)
                sparkle.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                sparkle.emitterShape = .circle
                sparkle.emitterMode = .surface
                sparkle.emitterPosition = CGPoint(x: 5, y: 5)
                sparkle.emitterSize = sparkle.bounds.size
                let cell = CAEmitterCell()
                cell.birthRate = 8
                cell.lifetime = 1.25
                cell.velocity = 2
                cell.velocityRange = 18
                cell.emissionRange = .pi / 4
                cell.scale = 0.65
                cell.scaleRange = 0.7
                cell.scaleSpeed = 0.6
                cell.alphaSpeed = -0.8
                cell.contents = BuiltinSprites.image(named: "softDot")
                sparkle.emitterCells = [cell]
                sparkle.opacity = 0
                root.addSublayer(sparkle)
                layers.append(sparkle)
                CATransaction.begin()
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0.0
                fade.toValue = 1.0
                fade.repeatCount = 2
                fade.autoreverses = true
                fade.duration = 0.4
                fade.fillMode = .forwards
                fade.beginTime = CACurrentMediaTime() + 0.15 * Double(i)
                CATransaction.setCompletionBlock { [unowned self] in
                    sparkle.removeFromSuperlayer()
                    self.completed += 1
                }
                sparkle.add(fade, forKey: "opacityAnimation")
                CATransaction.commit()
            }
        }

        /// How many of the layers are still in the tree.
        var remaining: Int { layers.filter { $0.superlayer != nil }.count }
    }

    static func makeEngine() throws -> Engine {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        return try Engine(rootLayer: root, viewSize: CGSize(width: 200, height: 100), threadCount: 1)
    }

    @Test func layersRemovedInACompletionBlockAreGoneWithoutRendering() throws {
        let engine = try Self.makeEngine()
        let twinkles = Twinkles()
        engine.clock.withScope { twinkles.add(8, to: engine.rootLayer) }
        #expect(engine.emitters.isEmpty)
        // Sparkle i fades from 0.15·i s for 4 × 0.4 s: the first completes at 1.6 s, the last at 2.65 s.
        for _ in 0..<90 { engine.advance(by: 1.0 / 60) }
        #expect(twinkles.completed == 0 && twinkles.remaining == 8, "at 1.5 s: \(twinkles.completed) completed")
        #expect(engine.emitters.count == 8, "the sparkles emit while they fade: \(engine.emitters.count)")
        for _ in 0..<90 { engine.advance(by: 1.0 / 60) }
        #expect(
            twinkles.completed == 8 && twinkles.remaining == 0,
            "at 3 s: \(twinkles.completed) completion blocks run, \(twinkles.remaining) layers left")
        #expect(engine.emitters.isEmpty, "the removed emitters are no longer simulated: \(engine.emitters.count)")
    }

    @Test func completionBlocksRunAtTheSameFramesWhetherOrNotFramesAreDrawn() throws {
        var removalFrames: [[Int]] = []
        var hashes: [String] = []
        for draws in [false, true] {
            let engine = try Self.makeEngine()
            let framebuffer = try engine.makeFramebuffer()
            let twinkles = Twinkles()
            engine.clock.withScope { twinkles.add(5, to: engine.rootLayer) }
            var frames: [Int] = []
            for frame in 0..<180 {
                let before = twinkles.completed
                engine.advance(by: 1.0 / 60)
                if draws { engine.render(into: framebuffer) }
                if twinkles.completed > before { frames.append(frame) }
            }
            removalFrames.append(frames)
            hashes.append(engine.stateHash().hex)
        }
        #expect(
            removalFrames[0] == removalFrames[1] && removalFrames[0].count == 5,
            "frames with removals, headless \(removalFrames[0]) vs drawn \(removalFrames[1])")
        #expect(hashes[0] == hashes[1], "state after 3 s, headless \(hashes[0]) vs drawn \(hashes[1])")
    }

    /// A game that twinkles at its start.
    final class TwinkleGame: Game {
        let twinkles = Twinkles()
        func setUp(_ session: GameSession) throws { twinkles.add(6, to: session.rootLayer) }
    }

    @Test func aHeadlessGameRunnerRunsCompletionBlocks() throws {
        let game = TwinkleGame()
        let runner = try HeadlessGameRunner(game: game)
        try runner.run(frames: 60)
        #expect(game.twinkles.remaining == 6, "at 1 s: \(game.twinkles.remaining) sparkles")
        try runner.run(frames: 120)
        #expect(
            game.twinkles.completed == 6 && game.twinkles.remaining == 0,
            "at 3 s without a drawn frame: \(game.twinkles.completed) completion blocks, \(game.twinkles.remaining) left"
        )
    }
}
