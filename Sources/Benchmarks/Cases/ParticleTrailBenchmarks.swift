import Compositor
import Foundation
import LayerKit
@_spi(Benchmarks) import Particles

extension BenchmarkRegistry {
    /// The cost of trails (docs/Particles.md, "Trails"): the simulation's sampling and the draw list's
    /// ribbons next to the same emitter without a trail, and the compositor's ribbons next to the same
    /// frame's sprites alone.
    static let particleTrails: [Benchmark] = [trailSteps, trailDraw]

    /// An emitter of ~10K particles (2500 a second for 4 s) whose cell leaves a 0.25 s trail (31 points
    /// at 120 steps per second) when `trail`, stepped to its steady state.
    static func trailEmitter(trail: Bool, smoke: Bool) throws -> EmitterSimulation {
        let layer = CAEmitterLayer()
        layer.emitterPosition = CGPoint(x: 640, y: 360)
        layer.maxParticles = 1_000_000
        let cell = CAEmitterCell()
        cell.name = "comet"
        cell.contents = try CGImage(width: 8, height: 8) { _, _ in CGColor(red: 1, green: 1, blue: 1, alpha: 1) }
        cell.birthRate = smoke ? 200 : 2_500
        cell.lifetime = 4
        cell.lifetimeRange = 1
        cell.velocity = 90
        cell.velocityRange = 30
        cell.yAcceleration = 20
        cell.emissionRange = 4 * .pi
        cell.alphaSpeed = -0.2
        if trail {
            cell.trail = try ParticleTrail(
                duration: 0.25, width: 3, widthOverTrail: ParticleValueCurve(stops: [(0, 1), (1, 0)]),
                colorOverTrail: ParticleColorCurve(
                    stops: [
                        (0, CGColor(red: 1, green: 0.8, blue: 0.4, alpha: 1)),
                        (1, CGColor(red: 1, green: 0, blue: 1, alpha: 0)),
                    ]),
                maxPoints: 1_000_000)
        }
        layer.emitterCells = [cell]
        let sim = EmitterSimulation(layer: layer)
        for _ in 0..<(smoke ? 10 : 600) { sim.step(by: 1.0 / 120) }
        return sim
    }

    static let trailSteps = Benchmark(
        name: "particles.effects.trail.10K",
        unit: "120 full steps and 60 draw lists at ~10K particles with 0.25 s trails (31 points each)",
        reference: "the same emitter without a trail (engine)"
    ) { scale in
        let engine = try trailEmitter(trail: true, smoke: scale != .full)
        let reference = try trailEmitter(trail: false, smoke: scale != .full)
        let steps = scale == .full ? 120 : 2
        var engineList = ParticleDrawList()
        var referenceList = ParticleDrawList()
        return Benchmark.Workload(
            engine: {
                for k in 0..<steps {
                    engine.step(by: 1.0 / 120)
                    if k % 2 == 1 { engine.makeDrawList(into: &engineList) }
                }
            },
            reference: {
                for k in 0..<steps {
                    reference.step(by: 1.0 / 120)
                    if k % 2 == 1 { reference.makeDrawList(into: &referenceList) }
                }
            },
            extras: {
                let alive = Double(max(1, engine.aliveCount))
                let points = Double((try? engine.trailPointCount(forCellNamed: "comet")) ?? 0)
                return [
                    "live particles": alive, "trail points per particle": points / alive,
                    "bytes per particle (particles + trails)": Double(engine.storageBytes + engine.trailStorageBytes)
                        / alive,
                    "bytes per particle (without trail)": Double(reference.storageBytes)
                        / Double(max(1, reference.aliveCount)),
                ]
            })
    }

    /// Draws one emitter's draw list into a 1280×720 frame.
    final class TrailFrame: ParticleDrawListProvider {
        let root = CALayer()
        let emitter = CAEmitterLayer()
        var list: ParticleDrawList

        init(list: ParticleDrawList) {
            self.list = list
            root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
            root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            emitter.frame = root.bounds
            root.addSublayer(emitter)
        }

        func drawList(for emitter: CAEmitterLayer) -> ParticleDrawList? { emitter === self.emitter ? list : nil }
    }

    static let trailDraw = Benchmark(
        name: "compositor.ribbons.10K",
        unit: "one 1280×720 frame of ~10K sprites and their 0.25 s ribbons, 1 thread",
        reference: "the same frame's sprites without the ribbons (engine)"
    ) { scale in
        let sim = try trailEmitter(trail: true, smoke: scale != .full)
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        var spritesOnly = list
        spritesOnly.ribbons = []
        spritesOnly.ribbonPoints = []
        let withRibbons = TrailFrame(list: list)
        let without = TrailFrame(list: spritesOnly)
        let engine = Compositor(threadCount: 1, particles: withRibbons)
        engine.skipsCleanFrames = false
        let reference = Compositor(threadCount: 1, particles: without)
        reference.skipsCleanFrames = false
        let fb = try Framebuffer(width: 1280, height: 720)
        let fb2 = try Framebuffer(width: 1280, height: 720)
        return Benchmark.Workload(
            engine: { engine.render(withRibbons.root, into: fb) },
            reference: { reference.render(without.root, into: fb2) },
            extras: { ["ribbons": Double(list.ribbons.count), "ribbon points": Double(list.ribbonPoints.count)] })
    }
}
