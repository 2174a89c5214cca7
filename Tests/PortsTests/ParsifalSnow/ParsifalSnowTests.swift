import Foundation
import Testing
import UIKitCompat

/// The snow demo of "A Guide to iOS Animation" (Swift edition): Apple's classic snow values on a line 30
/// points above a view controller's view. On a device the flakes drift down into the view.
@Suite(.serialized) @MainActor struct ParsifalSnowTests {
    func stage() throws -> (PortStage, ViewController, CAEmitterLayer) {
        let stage = try PortStage(port: "ParsifalSnow", size: UIScreen.main.bounds.size, assets: ["."])
        let controller = ViewController()
        stage.perform {
            stage.window.rootViewController = controller
            stage.window.makeKeyAndVisible()
        }
        let emitter = try #require(controller.view.layer.sublayers?.first as? CAEmitterLayer)
        return (stage, controller, emitter)
    }

    @Test func liveCountsFollowBirthRateTimesTime() throws {
        let (stage, _, emitter) = try stage()
        #expect(emitter.emitterSize.width == 2 * UIScreen.main.bounds.width && emitter.emitterShape == .line)
        try stage.run(until: 20)
        let c = try stage.simulation(emitter).totals
        #expect(c.born == 20 && c.alive == 20, "one flake a second, lifetime 120 s: \(c)")
    }

    @Test func flakesDriftDownIntoTheView() throws {
        let (stage, controller, emitter) = try stage()
        try stage.run(until: 20)
        let view = try #require(controller.view)
        let particles = try stage.particles(of: emitter, in: view)
        let motion = Motion(particles, bounds: view.bounds)
        // Velocity −10 ± 10 at longitude 0 on a line points down the screen (longitude 0 is the line's
        // perpendicular, up; a negative speed reverses it) and yAcceleration 2 adds 2 pt/s each second.
        #expect(particles.allSatisfy { $0.velocity.dy >= 2 * $0.age - 0.01 }, "nothing rises: \(motion)")
        #expect(motion.meanVelocity.dy > 20, "\(motion)")
        let older = particles.filter { $0.age > 10 }
        #expect(!older.isEmpty && older.allSatisfy { $0.position.y > 0 }, "flakes older than 10 s are in the view")
    }

    @Test func frameAtThirtySecondsMatchesItsGolden() throws {
        let (stage, _, _) = try stage()
        try stage.run(until: 30)
        let frame = try stage.snapshot(scale: 0.5)
        #expect(PortGolden.litPixels(frame) > 10, "flakes are drawn")
        PortGolden.check(frame, "ParsifalSnow-30s")
    }
}
