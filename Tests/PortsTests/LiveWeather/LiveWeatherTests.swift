import Foundation
import Testing
import UIKitCompat

/// prateekguptaiiitk/Live_Weather_Application's RainEmitter and SnowEmitter, placed along the top edge as
/// its WeatherTableViewController's `rainDrops()` and `snowFlakes()` do. On a device both fall into the view.
@Suite(.serialized) @MainActor struct LiveWeatherTests {
    static let size = CGSize(width: 320, height: 480)

    /// What `rainDrops()` / `snowFlakes()` do with the emitter, in `view`.
    func place(_ emitter: CAEmitterLayer, in view: UIView) {
        emitter.emitterPosition = CGPoint(x: view.frame.width / 2, y: 0)
        emitter.emitterSize = CGSize(width: view.frame.width, height: 2)
        view.layer.addSublayer(emitter)
    }

    func stage(_ make: (UIImage) -> CAEmitterLayer, image: String) throws -> (PortStage, UIView, CAEmitterLayer) {
        let stage = try PortStage(port: "LiveWeather", size: Self.size, assets: ["."])
        let view = UIView(frame: CGRect(origin: .zero, size: Self.size))
        stage.window.addSubview(view)
        let emitter = try stage.perform { make(try #require(UIImage(named: image))) }
        place(emitter, in: view)
        return (stage, view, emitter)
    }

    @Test func rainFallsStraightDownIntoTheView() throws {
        let (stage, view, emitter) = try stage(RainEmitter.get(with:), image: "drop")
        try stage.run(until: 4)
        let c = try stage.simulation(emitter).totals
        #expect(c.born == 4 && c.alive == 4, "one drop a second, lifetime 50 s: \(c)")
        let particles = try stage.particles(of: emitter, in: view)
        // Longitude 180° on a line is straight down, velocity 100, no range.
        #expect(particles.allSatisfy { abs($0.velocity.dx) < 1e-3 && abs($0.velocity.dy - 100) < 1e-3 })
        #expect(particles.allSatisfy { abs($0.position.y - 100 * $0.age) < 1.5 && view.bounds.contains($0.position) })
    }

    @Test func snowFallsIntoTheViewWithinItsCone() throws {
        let (stage, view, emitter) = try stage(SnowEmitter.get(with:), image: "snowflake")
        try stage.run(until: 10)
        let c = try stage.simulation(emitter).totals
        #expect(c.born == 10 && c.alive == 10, "\(c)")
        let particles = try stage.particles(of: emitter, in: view)
        // Down within ±22.5°: at least 25 cos 22.5° ≈ 23 pt/s down, at most 9.6 pt/s sideways.
        #expect(
            particles.allSatisfy { $0.velocity.dy > 23 && abs($0.velocity.dx) < 9.7 },
            "\(Motion(particles, bounds: view.bounds))")
        #expect(particles.allSatisfy { $0.position.y >= 0 && $0.position.y < 480 })
    }

    @Test func rainAndSnowFramesMatchTheirGoldens() throws {
        let (rain, _, _) = try stage(RainEmitter.get(with:), image: "drop")
        try rain.run(until: 5)
        let rainFrame = try rain.snapshot()
        #expect(PortGolden.litPixels(rainFrame) > 20, "drops are drawn")
        PortGolden.check(rainFrame, "LiveWeather-rain-5s")
        let (snow, _, _) = try stage(SnowEmitter.get(with:), image: "snowflake")
        try snow.run(until: 10)
        let snowFrame = try snow.snapshot()
        #expect(PortGolden.litPixels(snowFrame) > 20, "flakes are drawn")
        PortGolden.check(snowFrame, "LiveWeather-snow-10s")
    }
}
