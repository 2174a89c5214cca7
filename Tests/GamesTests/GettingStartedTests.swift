import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

// The code of docs/GettingStarted.md, verbatim, so the article cannot rot; the state hash the article
// shows is checked against the golden. With WRITE_DOC_IMAGES=1 the test also writes the article's
// picture, docs/images/getting-started.png.

// MARK: - Step 2: the effect

/// A fountain of sparks that bursts when Space is pressed.
final class Fountain: Game {
    let emitter = CAEmitterLayer()

    func setUp(_ session: GameSession) throws {
        // A soft white dot (64×64 pixels) from the built-in sprites, as the particles' image.
        let dot = BuiltinSprites.image(named: "softDot")

        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.contents = dot
        spark.birthRate = 150
        spark.lifetime = 2
        spark.velocity = 220
        spark.velocityRange = 40
        spark.emissionLongitude = -.pi / 2  // up the screen
        spark.emissionRange = .pi / 8
        spark.yAcceleration = 250  // gravity, points per second²
        spark.scale = 0.2
        spark.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        spark.alphaSpeed = -0.5

        emitter.frame = session.rootLayer.bounds
        emitter.emitterPosition = CGPoint(x: 160, y: 220)
        emitter.renderMode = .additive
        emitter.emitterCells = [spark]
        session.rootLayer.addSublayer(emitter)
    }

    func fixedUpdate(_ step: GameStep, _ session: GameSession) {
        if step.input.wasPressed(.space) {
            _ = try? session.burst(count: 200, cellNamed: "spark", in: emitter)
        }
    }
}

@Suite struct GettingStartedTests {
    // MARK: - Step 3: play it headless and look at a frame

    @Test func fountainFrameShowsSparks() throws {
        var script = ScriptedInput()
        script.tap(.space, atTime: 0.5)
        let runner = try HeadlessGameRunner(
            game: Fountain(),
            configuration: GameConfiguration(viewSize: CGSize(width: 320, height: 240)),
            script: script)
        let result = try runner.run(frames: 60)  // one second at 60 frames per second
        let image = try runner.session.snapshot()
        if ProcessInfo.processInfo.environment["WRITE_DOC_IMAGES"] == "1" {
            let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/images/getting-started.png")
            try image.writePNG(to: docs.path)
        }
        var lit = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i] > 128 { lit += 1 }
        #expect(lit > 500, "lit pixels \(lit) in the frame, \(result)")

        // MARK: - Step 4: pin the outcome
        Golden.expect(
            hash: result.stateHash, named: "getting-started-fountain", inTableAt: goldenHashes,
            context: "fountain after 60 frames with a burst at 0.5 s: \(result)")
    }

    @Test func articleShowsTheGoldenHash() throws {
        let article = try String(
            contentsOfFile: TestSupport.packageRoot + "/docs/GettingStarted.md", encoding: .utf8)
        let golden = try #require(Golden.hash(named: "getting-started-fountain", inTableAt: goldenHashes))
        #expect(
            article.contains("hash v\(Engine.stateHashVersion) \(golden)")
                && article.contains("#expect(result.stateHash == \"\(golden)\""),
            "docs/GettingStarted.md shows the fountain's state hash v\(Engine.stateHashVersion) \(golden) twice (the printed result and the #expect)"
        )
    }
}
