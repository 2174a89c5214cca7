import EmitterKit
import Foundation

extension BenchmarkRegistry {
    /// The particle–physics coupling through the engine (docs/Physics.md, "Engine coupling").
    static let coupling: [Benchmark] = [
        Benchmark(name: "coupling.collide.rain20k",
                  unit: "one engine fixed step: 20,000 collide-mode particles raining on bars, pegs and 10 crates (ns per particle per step = ms × 50)",
                  reference: "the same engine and emitter without the cell's physics (emitter step alone)", goal: nil) { scale in
            try CouplingBenchScene.rainWorkload(scale)
        },
    ]
}

/// An engine with a rain emitter over static bars and pegs, a floor and a few dynamic crates.
enum CouplingBenchScene {
    /// Two identical engines, one with the rain cell in `collide` mode, stepped to a steady state of
    /// `birthRate × lifetime` particles; each iteration is one `stepOnce()` of each.
    static func rainWorkload(_ scale: BenchmarkScale) throws -> Benchmark.Workload {
        let live = scale == .full ? 20_000 : 500
        let coupled = try makeEngine(live: live, collide: true)
        let plain = try makeEngine(live: live, collide: false)
        for _ in 0..<300 {
            coupled.stepOnce()
            plain.stepOnce()
        }
        if ProcessInfo.processInfo.environment["EMITTER_BENCH_VERBOSE"] != nil {
            var contacts = 0
            coupled.onPhysicsEvent = { if case .particleContact = $0 { contacts += 1 } }
            coupled.stepOnce()
            coupled.onPhysicsEvent = nil
            print("coupling.collide: \(coupled.statistics.liveParticles) live particles (plain: \(plain.statistics.liveParticles)), \(contacts) contacts in one step, \(coupled.statistics.bodies) bodies")
        }
        return Benchmark.Workload(engine: { coupled.stepOnce() }, reference: { plain.stepOnce() },
                                  tearDown: { withExtendedLifetime((coupled, plain)) {} })
    }

    static func makeEngine(live: Int, collide: Bool) throws -> Engine {
        let size = CGSize(width: 800, height: 600)
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: 400, y: -10)
        emitter.emitterSize = CGSize(width: 800, height: 0)
        emitter.seed = 5
        let cell = CAEmitterCell()
        cell.name = "rain"
        cell.contents = BuiltinSprites.image(named: "raindrop")
        cell.scale = 0.125
        cell.lifetime = 2
        cell.birthRate = Float(live) / 2
        cell.velocity = 250
        cell.velocityRange = 50
        cell.emissionLongitude = .pi / 2
        cell.emissionRange = 0.3
        cell.yAcceleration = 600
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        let engine = try Engine(rootLayer: root, viewSize: size, threadCount: 1)
        let world = try engine.physicsWorld
        try world.setGravity(CGVector(dx: 0, dy: 1000))
        let ground = world.staticBody
        try ground.addShape(.segment(from: CGPoint(x: 0, y: 598), to: CGPoint(x: 800, y: 598), radius: 2))
        var random = SeededRandom(seed: 31)
        for i in 0..<12 {
            let x = 40 + 65 * Double(i), y = 220 + 120 * Double(random.nextUnitFloat())
            let tilt = Double(random.nextSignedFloat()) * 0.4
            try ground.addShape(.segment(from: CGPoint(x: x - 25, y: y - 25 * tilt), to: CGPoint(x: x + 25, y: y + 25 * tilt), radius: 2))
        }
        for i in 0..<30 {
            try ground.addShape(.circle(radius: 6, center: CGPoint(x: 15 + 26 * Double(i), y: 420 + 30 * Double(i % 3))))
        }
        for i in 0..<10 {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
            layer.position = CGPoint(x: 60 + 75 * Double(i), y: 560)
            root.addSublayer(layer)
            let crate = try PhysicsBody(mass: 100)
            try crate.addShape(.box(width: 32, height: 32), friction: 0.5, elasticity: 0.3)
            try engine.attach(crate, to: layer)
        }
        if collide {
            var physics = CellPhysicsDescription()
            physics.mode = .collide
            physics.elasticity = 0.3
            physics.friction = 0.2
            try engine.setPhysics(physics, of: cell, in: emitter)
        }
        return engine
    }
}
