import EmitterKit
import Foundation

extension BenchmarkRegistry {
    /// The particle–physics coupling through the engine (docs/Physics.md, "Engine coupling").
    static let coupling: [Benchmark] = [
        Benchmark(
            name: "coupling.collide.rain20k",
            unit:
                "one engine fixed step: 20,000 collide-mode particles raining on bars, pegs and 10 crates (ns per particle per step = ms × 50)",
            reference: "the same engine and emitter without the cell's physics (emitter step alone)", goal: nil
        ) { scale in
            try CouplingBenchScene.rainWorkload(scale)
        },
        Benchmark(
            name: "coupling.frame.crates1000",
            unit: "one 60 Hz engine frame: two steps of 1,000 settled crates and their layers written",
            reference: "the same world stepped twice by hand, then the plain sync loop of physics.frame.*+sync",
            goal: nil
        ) { scale in
            try CouplingBenchScene.cratesWorkload(scale)
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
            print(
                "coupling.collide: \(coupled.statistics.liveParticles) live particles (plain: \(plain.statistics.liveParticles)), \(contacts) contacts in one step, \(coupled.statistics.bodies) bodies"
            )
        }
        return Benchmark.Workload(
            engine: { coupled.stepOnce() }, reference: { plain.stepOnce() },
            tearDown: { withExtendedLifetime((coupled, plain)) {} })
    }

    /// 1,000 crates (10-point boxes) in a 660-point bin, attached to layers through the engine, next to
    /// the same crates in a bare world with the same layers synced by the plain loop.
    static func cratesWorkload(_ scale: BenchmarkScale) throws -> Benchmark.Workload {
        let count = scale == .full ? 1000 : 100
        let size = CGSize(width: 660, height: 1000)
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let engine = try Engine(rootLayer: root, viewSize: size, threadCount: 1)
        let world = engine.physicsWorld
        let bare = try PhysicsWorld(gravity: CGVector(dx: 0, dy: 1000))
        try world.setGravity(CGVector(dx: 0, dy: 1000))
        let bin = [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 1000), CGPoint(x: 660, y: 1000), CGPoint(x: 660, y: 0)]
        for w in [world, bare] {
            for (a, b) in zip(bin, bin.dropFirst()) {
                try w.staticBody.addShape(.segment(from: a, to: b, radius: 1), friction: 0.5)
            }
        }
        var random = SeededRandom(seed: 7)
        var bareBodies = ContiguousArray<PhysicsBody>()
        var bareLayers = ContiguousArray<CALayer>()
        for i in 0..<count {
            let p = CGPoint(
                x: 96 + 12 * Double(i % 40) + Double(random.nextSignedFloat()) * 0.5, y: 994 - 11 * Double(i / 40))
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = p
            root.addSublayer(layer)
            let body = try PhysicsBody(mass: 1)
            try body.addShape(.box(width: 10, height: 10), friction: 0.5)
            try engine.attach(body, to: layer)
            let twin = try PhysicsBody(mass: 1, position: p)
            try twin.addShape(.box(width: 10, height: 10), friction: 0.5)
            try bare.add(twin)
            let twinLayer = CALayer()
            twinLayer.bounds = layer.bounds
            twinLayer.allowsImplicitAnimations = false
            bareBodies.append(twin)
            bareLayers.append(twinLayer)
        }
        for _ in 0..<(scale == .full ? 120 : 5) {
            engine.advance(by: 1.0 / 60)
            try bare.step(1.0 / 120)
            try bare.step(1.0 / 120)
        }
        return Benchmark.Workload(
            engine: { engine.advance(by: 1.0 / 60) },
            reference: {
                try? bare.step(1.0 / 120)
                try? bare.step(1.0 / 120)
                CATransaction.performWithoutActions { syncBodiesToLayers(bareBodies, bareLayers, alpha: 0) }
            }, tearDown: { withExtendedLifetime((engine, bare)) {} })
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
        let world = engine.physicsWorld
        try world.setGravity(CGVector(dx: 0, dy: 1000))
        let ground = world.staticBody
        try ground.addShape(.segment(from: CGPoint(x: 0, y: 598), to: CGPoint(x: 800, y: 598), radius: 2))
        var random = SeededRandom(seed: 31)
        for i in 0..<12 {
            let x = 40 + 65 * Double(i)
            let y = 220 + 120 * Double(random.nextUnitFloat())
            let tilt = Double(random.nextSignedFloat()) * 0.4
            try ground.addShape(
                .segment(
                    from: CGPoint(x: x - 25, y: y - 25 * tilt), to: CGPoint(x: x + 25, y: y + 25 * tilt), radius: 2))
        }
        for i in 0..<30 {
            try ground.addShape(
                .circle(radius: 6, center: CGPoint(x: 15 + 26 * Double(i), y: 420 + 30 * Double(i % 3))))
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
