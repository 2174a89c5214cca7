import Foundation
import LayerKit
@_spi(Benchmarks) import Particles

extension BenchmarkRegistry {
    /// The cost of the cell extensions (docs/Particles.md, "Extensions") that imported Particle
    /// Designer effects use: full steps of an extension cell next to the same emitter as a plain Core
    /// Animation cell (same rate, lifetime and motion otherwise).
    static let particleExtensions: [Benchmark] = [
        extensionStepBenchmark(
            name: "particles.extensions.gravity.100K",
            unit:
                "120 full steps at ~100K particles: radial + tangential acceleration, end colour, end scale (Galaxy-like)"
        ) { cell in
            cell.radialAcceleration = -20
            cell.tangentialAcceleration = -50
            cell.tangentialAccelerationRange = 50
            cell.endColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            cell.endScale = 1
        },
        extensionStepBenchmark(
            name: "particles.extensions.orbit.100K",
            unit: "120 full steps at ~100K particles: orbits, end colour, end scale (Phoenix-like)"
        ) { cell in
            cell.orbitRadius = 60
            cell.orbitRadiusRange = 85
            cell.orbitEndRadius = 0
            cell.orbitAngularVelocity = -2 * .pi
            cell.endColor = CGColor(red: 0.2, green: 0.95, blue: 0.93, alpha: 0.33)
            cell.endScale = 0.7
        },
    ]

    /// 120 steps of an emitter at a steady state of ~100K particles whose cell `extend` configures,
    /// next to 120 steps of the same emitter without the extensions.
    static func extensionStepBenchmark(name: String, unit: String, extend: @escaping (CAEmitterCell) -> Void)
        -> Benchmark
    {
        Benchmark(name: name, unit: unit, reference: "the same emitter as a Core Animation cell (engine)") { scale in
            func make(extended: Bool) -> EmitterSimulation {
                let layer = CAEmitterLayer()
                layer.emitterPosition = CGPoint(x: 160, y: 240)
                layer.maxParticles = 1_000_000
                let cell = CAEmitterCell()
                cell.name = "spark"
                cell.birthRate = scale == .full ? 25_000 : 200
                cell.lifetime = 4
                cell.lifetimeRange = 1
                cell.velocity = 60
                cell.velocityRange = 10
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
            return Benchmark.Workload(
                engine: { for _ in 0..<steps { engine.step(by: 1.0 / 120) } },
                reference: { for _ in 0..<steps { reference.step(by: 1.0 / 120) } })
        }
    }
}
