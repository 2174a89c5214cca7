import Foundation
import Testing
import UIKitCompat

/// finn-no/FinniversKit's FireworksView: rockets from three points on the bottom edge rise, leave trails and
/// burst at 1.5 s into flares.
@Suite(.serialized) @MainActor struct FINNFireworksTests {
    static let size = CGSize(width: 320, height: 480)
    /// `start()` draws each layer's birth rate from `Float.random(in: 0.3 ... 0.6)`; the test uses 0.5.
    static let layerBirthRate: Float = 0.5

    func stage() throws -> (PortStage, FireworksView, [CAEmitterLayer]) {
        let stage = try PortStage(port: "FINNFireworks", size: Self.size)
        let view = FireworksView(frame: CGRect(origin: .zero, size: Self.size))
        stage.window.addSubview(view)
        let layers = view.layer.sublayers?.compactMap { $0 as? CAEmitterLayer } ?? []
        stage.perform {
            view.start()
            for layer in layers { layer.birthRate = Self.layerBirthRate }
        }
        return (stage, view, layers)
    }

    func cells(_ layer: CAEmitterLayer) throws -> (
        base: CAEmitterCell, rocket: CAEmitterCell, explosion: CAEmitterCell, flare: CAEmitterCell
    ) {
        let base = try #require(layer.emitterCells?.first)
        let rocket = try #require(base.emitterCells?.first)
        let explosion = try #require(base.emitterCells?.last)
        let flare = try #require(explosion.emitterCells?.first)
        return (base, rocket, explosion, flare)
    }

    @Test func liveCountsFollowTheRatesOfEachGeneration() throws {
        let (stage, _, layers) = try stage()
        #expect(layers.count == 3)
        #expect(
            layers.map(\.emitterPosition) == [CGPoint(x: 80, y: 480), CGPoint(x: 160, y: 480), CGPoint(x: 256, y: 480)])
        try stage.run(until: 4)
        for layer in layers {
            let (base, rocket, explosion, flare) = try cells(layer)
            let sim = try stage.simulation(layer)
            // Rockets: 1/s × layer 0.5 = one every 2 s, born at 2 s and 4 s.
            #expect(try #require(sim.counters(for: base)).born == 2)
            // The first rocket's trail: 200/s × 0.5 for its 1.5 s duration = 150 sparks, each living 0.3 s.
            #expect(try #require(sim.counters(for: rocket)).born == 150)
            // Its burst: 500/s × 0.5 for 0.1 s from its age 1.5 s = 25 explosion particles.
            #expect(try #require(sim.counters(for: explosion)).born == 25)
            // Each explosion particle emits flares at 50/s × 0.5 = 25/s from its birth, about 25 × age each
            // (one fewer for some: a parent's first flare waits for its accumulator to reach one).
            let ages = try stage.particles(of: layer, cell: explosion, in: stage.window).map(\.age)
            let expected = ages.reduce(0) { $0 + Int((25 * $1).rounded(.down)) }
            let flares = try #require(sim.counters(for: flare))
            #expect(
                ages.count == 25 && abs(flares.born - expected) <= 25 && flares.alive == flares.born,
                "\(flares), expected about \(expected)")
        }
    }

    @Test func rocketsRiseFromTheBottomEdge() throws {
        let (stage, view, layers) = try stage()
        try stage.run(until: 3)
        for layer in layers {
            let rockets = try stage.particles(of: layer, cell: try cells(layer).base, in: view)
            #expect(rockets.count == 1)
            let motion = Motion(rockets, bounds: view.bounds)
            // −π/2 is up for a point emitter: 300 ± 100 pt/s upward, one second old at 3 s.
            #expect(motion.meanVelocity.dy < -200 && motion.meanVelocity.dy > -400, "\(motion)")
            #expect(motion.meanPosition.y < 480 - 150 && motion.insideShare == 1, "\(motion)")
        }
    }

    @Test func frameAtFourSecondsMatchesItsGolden() throws {
        let (stage, _, _) = try stage()
        try stage.run(until: 4)
        let frame = try stage.snapshot()
        #expect(PortGolden.litPixels(frame) > 200, "rockets and bursts are drawn")
        PortGolden.check(frame, "FINNFireworks-4s")
    }
}
