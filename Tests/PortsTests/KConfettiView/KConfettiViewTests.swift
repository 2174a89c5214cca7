import Foundation
import Testing
import UIKitCompat

/// KenanAtmaca/KConfettiView: five cells on a line along the top edge (`emissionLongitude = .pi`, range
/// π/4) with a square drawn at run time. On a device it rains down.
@Suite(.serialized) @MainActor struct KConfettiViewTests {
    static let size = CGSize(width: 320, height: 480)

    func stage() throws -> (PortStage, KConfettiView, CAEmitterLayer) {
        let stage = try PortStage(port: "KConfettiView", size: Self.size)
        let view = KConfettiView(frame: CGRect(origin: .zero, size: Self.size))
        stage.window.addSubview(view)
        stage.perform {
            // Colours are random unless set: one colour, and the square its own helper draws (3 × 3 points).
            view.color = UIColor(red: 0.95, green: 0.40, blue: 0.27, alpha: 1)
            view.image = UIImage.image(color: .white, size: CGSize(width: view.defaultConfettiSize, height: 3))
            view.setup()
        }
        let emitter = try #require(view.layer.sublayers?.first as? CAEmitterLayer)
        return (stage, view, emitter)
    }

    @Test func theDrawnSquareIsThreePointsAtTheScreensScale() throws {
        let square = UIImage.image(color: .white, size: CGSize(width: 3, height: 3))
        #expect(square.size == CGSize(width: 3, height: 3) && square.scale == UIScreen.main.scale)
        let centre = try #require(square.cgImage).pixel(x: 1, y: 1)
        #expect(centre.r == 255 && centre.g == 255 && centre.b == 255 && centre.a == 255)
    }

    @Test func liveCountsFollowBirthRateTimesTime() throws {
        let (stage, _, emitter) = try stage()
        #expect(emitter.emitterCells?.count == 5)
        try stage.run(until: 3)
        // coefficient 0.5: birthRate 8 × 0.5 = 4 per second, lifetime 14 × 0.5 = 7 s.
        for cell in emitter.emitterCells ?? [] {
            let c = try #require(try stage.simulation(emitter).counters(for: cell))
            #expect(c.born == 12 && c.alive == 12, "4/s for 3 s: \(c)")
        }
        try stage.run(until: 10)
        let totals = try stage.simulation(emitter).totals
        #expect(totals.born == 200 && abs(totals.alive - 140) <= 5, "5 cells × 4/s × 7 s alive: \(totals)")
    }

    @Test func confettiRainsDownIntoTheView() throws {
        let (stage, view, emitter) = try stage()
        try stage.run(until: 3)
        let particles = try stage.particles(of: emitter, in: view)
        let motion = Motion(particles, bounds: view.bounds)
        // Down within ±π/8: mean downward speed 175 × sin(π/8)/(π/8) ≈ 170 pt/s.
        #expect(motion.meanVelocity.dy > 150 && motion.meanVelocity.dy < 190, "\(motion)")
        #expect(particles.allSatisfy { $0.velocity.dy > 0 && $0.position.y >= 0 }, "nothing goes up")
        #expect(motion.insideShare > 0.75 && abs(motion.meanPosition.x - 160) < 40, "\(motion)")
    }

    @Test func frameAtThreeSecondsMatchesItsGolden() throws {
        let (stage, _, _) = try stage()
        try stage.run(until: 3)
        let frame = try stage.snapshot()
        #expect(PortGolden.litPixels(frame) > 100, "confetti is drawn")
        PortGolden.check(frame, "KConfettiView-3s")
    }
}
