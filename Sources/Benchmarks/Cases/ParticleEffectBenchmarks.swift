import Foundation
import LayerKit
@_spi(Benchmarks) import Particles

extension BenchmarkRegistry {
    /// The cost of the effect extensions (docs/Particles.md, "Effects"): values over life, flipbooks and
    /// streaks are read when a particle is drawn, hashed or inherited, speed over life when it moves, so
    /// each case runs steps and a draw list every second step (60 frames per second on the 120 Hz step),
    /// next to the same emitter as a plain Core Animation cell.
    static let particleEffects: [Benchmark] = [
        effectFrameBenchmark(
            name: "particles.effects.overLife.100K",
            unit:
                "120 full steps and 60 draw lists at ~100K particles: colour, alpha, scale (smooth) and spin over life"
        ) { cell in
            cell.colorOverLife = try? ParticleColorCurve(
                stops: [
                    (0, CGColor(red: 1, green: 1, blue: 0.8, alpha: 1)),
                    (0.5, CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)),
                    (1, CGColor(red: 0.5, green: 0, blue: 0, alpha: 0.2)),
                ])
            cell.alphaOverLife = try? ParticleValueCurve(stops: [(0, 0), (0.1, 1), (1, 0)])
            cell.scaleOverLife = try? ParticleValueCurve(stops: [(0, 0.3), (0.3, 1), (1, 2)], interpolation: .smooth)
            cell.spinOverLife = try? ParticleValueCurve(stops: [(0, 1), (1, 0)])
        },
        effectFrameBenchmark(
            name: "particles.effects.stretch.100K",
            unit: "120 full steps and 60 draw lists at ~100K particles: stretchWithVelocity"
        ) { cell in
            cell.stretchWithVelocity = 0.05
        },
        effectFrameBenchmark(
            name: "particles.effects.speedOverLife.100K",
            unit: "120 full steps and 60 draw lists at ~100K particles: speedOverLife (smooth)"
        ) { cell in
            cell.speedOverLife = try? ParticleValueCurve(stops: [(0, 1.5), (0.4, 0.5), (1, 0)], interpolation: .smooth)
        },
        effectFrameBenchmark(
            name: "particles.effects.flipbook.100K",
            unit: "120 full steps and 60 draw lists at ~100K particles: contentsFrames, 4×4 frames over life"
        ) { cell in
            cell.contentsFrames = try? ParticleFlipbook(columns: 4, rows: 4, overLife: true)
        },
    ]

    /// 120 steps of an emitter at a steady state of ~100K particles whose cell `extend` configures, with a
    /// draw list after every second step, next to the same without the effects.
    static func effectFrameBenchmark(name: String, unit: String, extend: @escaping (CAEmitterCell) -> Void)
        -> Benchmark
    {
        Benchmark(name: name, unit: unit, reference: "the same emitter as a Core Animation cell (engine)") { scale in
            let image = try CGImage(width: 8, height: 8) { _, _ in CGColor(red: 1, green: 1, blue: 1, alpha: 1) }
            func make(extended: Bool) -> EmitterSimulation {
                let layer = CAEmitterLayer()
                layer.emitterPosition = CGPoint(x: 160, y: 240)
                layer.maxParticles = 1_000_000
                let cell = CAEmitterCell()
                cell.name = "spark"
                cell.contents = image
                cell.birthRate = scale == .full ? 25_000 : 200
                cell.lifetime = 4
                cell.lifetimeRange = 1
                cell.velocity = 60
                cell.velocityRange = 10
                cell.spin = 1
                cell.emissionRange = 4 * .pi
                cell.alphaSpeed = -0.2
                cell.scaleSpeed = -0.1
                if extended { extend(cell) }
                layer.emitterCells = [cell]
                let sim = EmitterSimulation(layer: layer)
                for _ in 0..<(scale == .full ? 600 : 10) { sim.step(by: 1.0 / 120) }
                return sim
            }
            let engine = make(extended: true)
            let reference = make(extended: false)
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
                })
        }
    }
}
