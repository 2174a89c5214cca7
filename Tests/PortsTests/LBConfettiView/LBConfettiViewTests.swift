import Foundation
import Testing
import UIKitCompat

/// lachlanbell/LBConfettiView: five colour cells on a line along the top edge (`emissionLongitude = π`, range
/// π), images from its asset catalog at the screen's scale, fading out over their lives.
@Suite(.serialized) @MainActor struct LBConfettiViewTests {
    static let size = CGSize(width: 320, height: 480)

    func stage() throws -> (PortStage, ConfettiView, CAEmitterLayer) {
        let stage = try PortStage(port: "LBConfettiView", size: Self.size, assets: ["Assets"])
        let view = ConfettiView(frame: CGRect(origin: .zero, size: Self.size))
        stage.window.addSubview(view)
        stage.perform { view.start() }
        let emitter = try #require(view.layer.sublayers?.first as? CAEmitterLayer)
        return (stage, view, emitter)
    }

    @Test func theDefaultStyleFindsItsImageInTheAssetCatalogAtTheScreensScale() throws {
        let (stage, _, emitter) = try stage()
        let cell = try #require(emitter.emitterCells?.first)
        let atScale3 = try stage.perform {
            try #require(UIImage(named: "confetti", in: Bundle(for: ConfettiView.self), compatibleWith: nil))
        }
        #expect(atScale3.scale == UIScreen.main.scale && cell.contents?.width == atScale3.cgImage?.width)
        #expect(cell.scale == 0.5, "ConfettiScale.auto on a phone")
    }

    @Test func liveCountsFollowBirthRateTimesTime() throws {
        let (stage, view, emitter) = try stage()
        #expect(view.animating && emitter.emitterCells?.count == 5 && emitter.birthRate == 1)
        try stage.run(until: 3)
        // intensity 0.5: birthRate 6 × 0.5 = 3 per second, lifetime 14 × 0.5 = 7 s.
        for cell in emitter.emitterCells ?? [] {
            let c = try #require(try stage.simulation(emitter).counters(for: cell))
            #expect(c.born == 9 && c.alive == 9, "3/s for 3 s: \(c)")
        }
        view.stop()
        let born = try stage.simulation(emitter).totals.born
        try stage.run(until: 4)
        #expect(try stage.simulation(emitter).totals.born == born && !view.animating, "stop() sets birthRate 0")
    }

    @Test func confettiRainsDownIntoTheViewAndFades() throws {
        let (stage, view, emitter) = try stage()
        try stage.run(until: 3)
        let particles = try stage.particles(of: emitter, in: view)
        let motion = Motion(particles, bounds: view.bounds)
        // As SAConfettiView: down ± π/2 at 175 ± 40 pt/s, 175 × 2/π ≈ 111 pt/s down on average.
        #expect(motion.meanVelocity.dy > 80 && motion.meanVelocity.dy < 140, "\(motion)")
        #expect(particles.allSatisfy { $0.velocity.dy >= 0 && $0.position.y >= 0 }, "nothing goes up")
        // alphaSpeed −1/7 per second: a particle's alpha is 1 − age/7.
        let records = try stage.simulation(emitter).snapshot()
        #expect(records.allSatisfy { abs(Double($0.alpha) - (1 - Double($0.age) / 7)) < 1e-3 })
    }

    @Test func frameAtThreeSecondsMatchesItsGolden() throws {
        let (stage, _, _) = try stage()
        try stage.run(until: 3)
        let frame = try stage.snapshot()
        #expect(PortGolden.litPixels(frame) > 300, "confetti is drawn")
        PortGolden.check(frame, "LBConfettiView-3s")
    }
}
