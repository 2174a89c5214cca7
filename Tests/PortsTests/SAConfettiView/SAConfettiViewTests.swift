import Foundation
import Testing
import UIKitCompat

/// sudeepag/SAConfettiView: five colour cells on a line along the top edge, `emissionLongitude = π`, no
/// gravity. On a device the confetti rains down into the view.
@Suite(.serialized) @MainActor struct SAConfettiViewTests {
    static let size = CGSize(width: 320, height: 480)

    func stage() throws -> (PortStage, SAConfettiView) {
        let stage = try PortStage(port: "SAConfettiView", size: Self.size, assets: ["Assets"])
        let view = SAConfettiView(frame: CGRect(origin: .zero, size: Self.size))
        stage.window.addSubview(view)
        try stage.perform {
            // The pod reads its images from its resource bundle; the same confetti.png as a custom image.
            view.type = .image(try #require(UIImage(named: "confetti")))
            view.startConfetti()
        }
        return (stage, view)
    }

    @Test func liveCountsFollowBirthRateTimesTime() throws {
        let (stage, view) = try stage()
        let emitter = try #require(view.layer.sublayers?.first as? CAEmitterLayer)
        #expect(emitter.emitterCells?.count == 5)
        try stage.run(until: 3)
        #expect(stage.emitters == [emitter])
        // intensity 0.5: birthRate 6 × 0.5 = 3 per second, lifetime 14 × 0.5 = 7 s, layer multipliers 1.
        for cell in emitter.emitterCells ?? [] {
            let c = try #require(try stage.simulation(emitter).counters(for: cell))
            #expect(c.born == 9 && c.alive == 9, "3/s for 3 s: \(c)")
        }
        try stage.run(until: 10)
        for cell in emitter.emitterCells ?? [] {
            let c = try #require(try stage.simulation(emitter).counters(for: cell))
            #expect(c.born == 30 && abs(c.alive - 21) <= 1, "3/s × 7 s alive at 10 s: \(c)")
        }
        #expect(view.isActive())
        view.stopConfetti()
        let born = try stage.simulation(emitter).totals.born
        try stage.run(until: 11)
        #expect(try stage.simulation(emitter).totals.born == born, "stopConfetti sets the layer's birthRate to 0")
    }

    @Test func confettiRainsDownIntoTheView() throws {
        let (stage, view) = try stage()
        try stage.run(until: 3)
        let emitter = try #require(stage.emitters.first)
        let particles = try stage.particles(of: emitter, in: view)
        let motion = Motion(particles, bounds: view.bounds)
        // Longitude π on a line is straight down; the range π spreads it over the lower half-plane, so the
        // mean downward speed is 175 × 2/π ≈ 111 pt/s (velocity 350 × 0.5 ± 80 × 0.5).
        #expect(motion.meanVelocity.dy > 80 && motion.meanVelocity.dy < 140, "\(motion)")
        #expect(abs(motion.meanVelocity.dx) < 40, "no sideways drift on average: \(motion)")
        #expect(particles.allSatisfy { $0.velocity.dy >= 0 && $0.position.y >= 0 }, "nothing goes up or above the view")
        // Born evenly over 3 s, a particle is 1.5 s old on average: 111 × 1.5 ≈ 167 pt below the top edge,
        // spread sideways around the centre (about half have left through the sides or the bottom by then).
        #expect(abs(motion.meanPosition.y - 167) < 60 && abs(motion.meanPosition.x - 160) < 70, "\(motion)")
        #expect(motion.insideShare > 0.4, "\(motion)")
    }

    @Test func docsPortingWorkedExampleRunsAsWritten() throws {
        try UIImage.withAssetFolders([PortFiles.folder("SAConfettiView") + "/original/Assets"]) {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let view = SAConfettiView(frame: window.bounds)
            window.addSubview(view)
            let runner = try HeadlessGameRunner(
                game: window, configuration: GameConfiguration(viewSize: window.bounds.size))
            runner.session.engine.clock.withScope {
                view.type = .image(UIImage(named: "confetti")!)
                view.startConfetti()
            }
            try runner.run(frames: 180)
            let emitter = try #require(view.layer.sublayers?.first as? CAEmitterLayer)
            #expect(runner.session.engine.simulation(of: emitter)?.totals.born == 45)
            #expect(PortGolden.litPixels(try runner.session.snapshot()) > 500)
        }
    }

    @Test func frameAtThreeSecondsMatchesItsGolden() throws {
        let (stage, _) = try stage()
        try stage.run(until: 3)
        let frame = try stage.snapshot()
        #expect(PortGolden.litPixels(frame) > 500, "confetti is drawn")
        PortGolden.check(frame, "SAConfettiView-3s")
    }
}
