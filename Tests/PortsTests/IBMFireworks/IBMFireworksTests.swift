import Foundation
import Testing
import UIKitCompat

/// IBM/rainbow's Fireworks: 750 particles a second from a point in every direction, additive.
@Suite(.serialized) @MainActor struct IBMFireworksTests {
    static let size = CGSize(width: 320, height: 320)
    static let point = CGPoint(x: 160, y: 160)

    func stage() throws -> (PortStage, UIView, CAEmitterLayer) {
        let stage = try PortStage(port: "IBMFireworks", size: Self.size, assets: ["."])
        let view = UIView(frame: CGRect(origin: .zero, size: Self.size))
        stage.window.addSubview(view)
        stage.perform {
            Fireworks.show(for: view, at: Self.point, with: UIColor(red: 1, green: 0.3, blue: 0.2, alpha: 1))
        }
        let emitter = try #require(view.layer.sublayers?.first as? CAEmitterLayer)
        // The test runs on the main actor, so the original's DispatchQueue.main.asyncAfter removal (after one
        // second of wall-clock time) cannot run before it ends.
        return (stage, view, emitter)
    }

    @Test func liveCountsFollowBirthRateTimesTime() throws {
        let (stage, _, emitter) = try stage()
        #expect(emitter.frame == CGRect(origin: .zero, size: Self.size) && emitter.renderMode == .additive)
        try stage.run(until: 0.5)
        let totals = try stage.simulation(emitter).totals
        #expect(totals.born == 375 && totals.alive == 375, "750/s for half a second, lifetime 5 s: \(totals)")
    }

    @Test func theBurstSpreadsEvenlyFromItsPoint() throws {
        let (stage, view, emitter) = try stage()
        try stage.run(until: 0.5)
        let particles = try stage.particles(of: emitter, in: view)
        let motion = Motion(particles, bounds: view.bounds)
        // Every direction with speeds 50 ± 250: no mean motion, centred on the point.
        #expect(hypot(motion.meanVelocity.dx, motion.meanVelocity.dy) < 25, "\(motion)")
        #expect(hypot(motion.meanPosition.x - 160, motion.meanPosition.y - 160) < 8, "\(motion)")
        #expect(particles.allSatisfy { hypot($0.position.x - 160, $0.position.y - 160) <= 300 * $0.age + 0.5 })
    }

    @Test func frameAtHalfASecondMatchesItsGolden() throws {
        let (stage, _, _) = try stage()
        try stage.run(until: 0.5)
        let frame = try stage.snapshot()
        #expect(PortGolden.litPixels(frame) > 2000, "the burst is drawn")
        PortGolden.check(frame, "IBMFireworks-0.5s")
    }
}
