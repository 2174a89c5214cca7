import CBenchReference
import Foundation
import LayerKit
import Physics

extension BenchmarkRegistry {
    /// The Swift physics world next to a plain C program driving the same Chipmunk scene with the same
    /// libchipmunk, and `collide`-mode particles next to one segment query per particle.
    static let physics: [Benchmark] = [
        Benchmark(
            name: "physics.step.circles1000", unit: "one 1/120 s step: 1,000 circles piled on a terrain",
            reference: "plain C cpSpaceStep, same scene (CBenchReference)", goal: "engine ≤ 1.05 × C",
            maximumRatio: 1.05
        ) { scale in
            try PhysicsBenchScene.circles(scale).stepWorkload(steps: 1, syncLayers: false)
        },
        Benchmark(
            name: "physics.step.boxes1000", unit: "one 1/120 s step: 1,000 boxes stacked in a bin",
            reference: "plain C cpSpaceStep, same scene (CBenchReference)", goal: "engine ≤ 1.05 × C",
            maximumRatio: 1.05
        ) { scale in
            try PhysicsBenchScene.boxes(scale).stepWorkload(steps: 1, syncLayers: false)
        },
        Benchmark(
            name: "physics.frame.circles1000+sync",
            unit: "one 60 Hz frame: two steps, then 1,000 layers' position and rotation from interpolated bodies",
            reference: "plain C: two cpSpaceSteps, same scene", goal: "engine ≤ 1.10 × C", maximumRatio: 1.10
        ) { scale in
            try PhysicsBenchScene.circles(scale).stepWorkload(steps: 2, syncLayers: true)
        },
        Benchmark(
            name: "physics.frame.boxes1000+sync",
            unit: "one 60 Hz frame: two steps, then 1,000 layers' position and rotation from interpolated bodies",
            reference: "plain C: two cpSpaceSteps, same scene", goal: "engine ≤ 1.10 × C", maximumRatio: 1.10
        ) { scale in
            try PhysicsBenchScene.boxes(scale).stepWorkload(steps: 2, syncLayers: true)
        },
        Benchmark(
            name: "physics.events.circles1000", unit: "one step of the circles scene with its collision events read",
            reference: "the same Swift world with reportsCollisions = false", goal: nil
        ) { scale in
            try PhysicsBenchScene.circles(scale).eventsWorkload()
        },
        Benchmark(
            name: "physics.noise.circles1000",
            unit: "one C step of the circles scene, against a second identical C scene",
            reference: "the same C program, built second (the ratio is the effect of heap placement alone; ideally 1)",
            goal: nil
        ) { scale in
            // Built one after the other (not in turn), as a plain program would: the ratio shows how
            // much heap placement alone moves the figures.
            let scene = PhysicsBenchScene.circles(scale)
            let a = scene.makeC()
            let b = scene.makeC()
            cbr_physics_step(a, PhysicsBenchScene.dt, Int32(scene.settleSteps))
            cbr_physics_step(b, PhysicsBenchScene.dt, Int32(scene.settleSteps))
            return Benchmark.Workload(
                engine: { cbr_physics_step(a, PhysicsBenchScene.dt, 1) },
                reference: { cbr_physics_step(b, PhysicsBenchScene.dt, 1) },
                tearDown: {
                    cbr_physics_free(a)
                    cbr_physics_free(b)
                })
        },
        Benchmark(
            name: "physics.particles.collide10k",
            unit:
                "one step of 10,000 collide-mode particles raining onto the circles scene's pile (ns per particle = ms × 100)",
            reference: "plain C: cpSpaceSegmentQueryFirst per particle, same bounce", goal: nil
        ) { scale in
            try PhysicsBenchScene.circles(scale).particleWorkload(count: scale == .full ? 10_000 : 500)
        },
    ]
}

/// A benchmark scene, built identically as a `PhysicsWorld` and as a plain C Chipmunk space.
struct PhysicsBenchScene {
    /// Static segments (terrain, floor, walls).
    var segments: [(CGPoint, CGPoint)] = []
    /// Dynamic bodies: centre and kind.
    var circles: [CGPoint] = []
    var boxes: [CGPoint] = []
    var gravity = 1000.0
    /// Steps taken before timing, so both sides are measured in the piled-up regime.
    var settleSteps = 0

    static let circleRadius = 5.0, circleMass = 25.0, boxSize = 10.0, boxMass = 1.0
    static let dt = 1.0 / 120

    /// 1,000 circles of radius 5 dropped from a disc of radius 180 onto a bumpy seeded terrain between
    /// two walls (Chipmunk's own benchmark scene, with the engine's y-down gravity).
    static func circles(_ scale: BenchmarkScale) -> PhysicsBenchScene {
        var scene = PhysicsBenchScene()
        var random = SeededRandom(seed: 2024)
        var terrain: [CGPoint] = [CGPoint(x: -320, y: -400)]
        for i in 0...40 {
            let x = -320 + 16 * Double(i)
            terrain.append(CGPoint(x: x, y: 200 - 60 * sin(Double(i) * 0.3) + Double(random.nextSignedFloat()) * 12))
        }
        terrain.append(CGPoint(x: 320, y: -400))
        scene.segments = zip(terrain, terrain.dropFirst()).map { ($0, $1) }
        let count = scale == .full ? 1000 : 100
        while scene.circles.count < count {
            let x = Double(random.nextSignedFloat())
            let y = Double(random.nextSignedFloat())
            guard x * x + y * y <= 1 else { continue }
            scene.circles.append(CGPoint(x: x * 180, y: y * 180 - 150))
        }
        scene.settleSteps = scale == .full ? 360 : 10
        return scene
    }

    /// 1,000 boxes of 10 × 10 points in 25 rows of 40, slightly jittered, settling in a bin.
    static func boxes(_ scale: BenchmarkScale) -> PhysicsBenchScene {
        var scene = PhysicsBenchScene()
        var random = SeededRandom(seed: 7)
        let bin = [
            CGPoint(x: -330, y: -700), CGPoint(x: -330, y: 300), CGPoint(x: 330, y: 300), CGPoint(x: 330, y: -700),
        ]
        scene.segments = zip(bin, bin.dropFirst()).map { ($0, $1) }
        let rows = scale == .full ? 25 : 5
        let columns = scale == .full ? 40 : 20
        for row in 0..<rows {
            for column in 0..<columns {
                scene.boxes.append(
                    CGPoint(
                        x: -234 + 12 * Double(column) + Double(random.nextSignedFloat()) * 0.5,
                        y: 300 - 6 - 11 * Double(row)))
            }
        }
        scene.settleSteps = scale == .full ? 240 : 10
        return scene
    }

    // MARK: - Building

    func makeWorld() throws -> (PhysicsWorld, [PhysicsBody]) {
        let (world, bodies, _) = try build(withC: false)
        return (world, bodies)
    }

    func makeC() -> OpaquePointer {
        let scene = cbr_physics_scene_new(0, gravity)!
        for (a, b) in segments { cbr_physics_add_segment(scene, a.x, a.y, b.x, b.y, 0, 1, 0) }
        for p in circles { cbr_physics_add_circle(scene, p.x, p.y, Self.circleRadius, Self.circleMass, 0.9, 0) }
        for p in boxes { cbr_physics_add_box(scene, p.x, p.y, Self.boxSize, Self.boxSize, Self.boxMass, 0.7, 0) }
        return scene
    }

    /// Builds the Swift world and, when asked, the C scene object by object in turn, so both sides'
    /// Chipmunk objects get comparable places in the heap (which alone moves a step's time by ±5 %:
    /// see `physics.noise.circles1000`).
    private func build(withC: Bool) throws -> (PhysicsWorld, [PhysicsBody], OpaquePointer?) {
        let world = try PhysicsWorld(gravity: CGVector(dx: 0, dy: gravity))
        let c = withC ? cbr_physics_scene_new(0, gravity) : nil
        for (a, b) in segments {
            try world.staticBody.addShape(.segment(from: a, to: b), friction: 1, elasticity: 0)
            if let c { cbr_physics_add_segment(c, a.x, a.y, b.x, b.y, 0, 1, 0) }
        }
        var bodies: [PhysicsBody] = []
        for p in circles {
            let body = try PhysicsBody(mass: Self.circleMass, position: p)
            try body.addShape(.circle(radius: Self.circleRadius), friction: 0.9, elasticity: 0)
            try world.add(body)
            bodies.append(body)
            if let c { cbr_physics_add_circle(c, p.x, p.y, Self.circleRadius, Self.circleMass, 0.9, 0) }
        }
        for p in boxes {
            let body = try PhysicsBody(mass: Self.boxMass, position: p)
            try body.addShape(.box(width: Self.boxSize, height: Self.boxSize), friction: 0.7, elasticity: 0)
            try world.add(body)
            bodies.append(body)
            if let c { cbr_physics_add_box(c, p.x, p.y, Self.boxSize, Self.boxSize, Self.boxMass, 0.7, 0) }
        }
        return (world, bodies, c)
    }

    /// Both sides built and settled (in turn, step by step); their states must be bit-identical or
    /// the comparison is void.
    func settledPair() throws -> (PhysicsWorld, [PhysicsBody], OpaquePointer) {
        let (world, bodies, built) = try build(withC: true)
        guard let c = built else { throw BenchmarkSceneMismatch(swift: "", c: "(no C scene)") }
        for _ in 0..<settleSteps {
            try world.step(Self.dt)
            cbr_physics_step(c, Self.dt, 1)
        }
        var hasher = StateHasher()
        world.hash(into: &hasher)
        let cHash = cbr_physics_hash(c)
        guard hasher.value == cHash else {
            cbr_physics_free(c)
            throw BenchmarkSceneMismatch(swift: hasher.hex, c: String(cHash, radix: 16))
        }
        return (world, bodies, c)
    }

    // MARK: - Workloads

    func stepWorkload(steps: Int, syncLayers: Bool) throws -> Benchmark.Workload {
        let (world, bodies, c) = try settledPair()
        let layers = ContiguousArray(bodies.map { _ in CALayer() })
        let bodyList = ContiguousArray(bodies)
        return Benchmark.Workload(
            engine: {
                for _ in 0..<steps { try? world.step(Self.dt) }
                if syncLayers { syncBodiesToLayers(bodyList, layers, alpha: 0.5) }
            },
            reference: { cbr_physics_step(c, Self.dt, Int32(steps)) },
            tearDown: {
                cbr_physics_free(c)
                withExtendedLifetime(world) {}
            })
    }

    func eventsWorkload() throws -> Benchmark.Workload {
        let (with, _, c) = try settledPair()
        cbr_physics_free(c)
        let (without, _) = try makeWorld()
        without.reportsCollisions = false
        for _ in 0..<settleSteps { try without.step(Self.dt) }
        var read = 0
        return Benchmark.Workload(
            engine: {
                try? with.step(Self.dt)
                read &+= with.collisionEvents.count
            }, reference: { try? without.step(Self.dt) }, tearDown: { withExtendedLifetime(read) {} })
    }

    func particleWorkload(count n: Int) throws -> Benchmark.Workload {
        let (world, bodies, c) = try settledPair()
        var random = SeededRandom(seed: 99)
        // Rain over the pile: particles in a 160-point band down to 10 points into the pile's top,
        // moving one step's worth downward; about a quarter touch a circle or the terrain.
        let heights = bodies.map { Float($0.position.y) }.sorted()
        let top = heights.isEmpty ? 0 : heights[heights.count / 20]
        var px = [Float]()
        var py = [Float]()
        var vx0 = [Float]()
        var vy0 = [Float]()
        for _ in 0..<n {
            px.append(random.nextSignedFloat() * 300)
            py.append(top - 150 + random.nextUnitFloat() * 160)
            vx0.append(random.nextSignedFloat() * 200)
            vy0.append(random.nextUnitFloat() * 600)
        }
        let dt = Float(Self.dt)
        let x0 = zip(px, vx0).map { $0 + $1 * dt }
        let y0 = zip(py, vy0).map { $0 + $1 * dt }
        let buffers = ParticleBuffers(n)
        let options = ParticleCollisionOptions(radius: 2, elasticity: 0.5, friction: 0.3, dt: Self.dt)
        let collider = world.particleCollider
        var contacts: [ParticleContact] = []
        contacts.reserveCapacity(n)
        if ProcessInfo.processInfo.environment["EMITTER_BENCH_VERBOSE"] != nil {
            buffers.load(x0, y0, vx0, vy0)
            try collider.collide(
                count: n, previousX: px, previousY: py, x: buffers.x, y: buffers.y,
                vx: buffers.vx, vy: buffers.vy, options: options, contacts: &contacts)
            let touched = cbr_physics_sweep_particles(
                c, px, py, buffers.x, buffers.y, buffers.vx, buffers.vy, n, 2, 0.5, 0.3, dt, 2)
            print("collide: \(contacts.count) of \(n) particles touched (C reference: \(touched)); pile top y = \(top)")
        }
        return Benchmark.Workload(
            engine: {
                buffers.load(x0, y0, vx0, vy0)
                contacts.removeAll(keepingCapacity: true)
                // A new step: the collider refreshes its view of the moving bodies, as it does once
                // per step in the engine.
                world.invalidateParticleColliderBodies()
                try? collider.collide(
                    count: n, previousX: px, previousY: py, x: buffers.x, y: buffers.y,
                    vx: buffers.vx, vy: buffers.vy, options: options, contacts: &contacts)
            },
            reference: {
                buffers.load(x0, y0, vx0, vy0)
                _ = cbr_physics_sweep_particles(
                    c, px, py, buffers.x, buffers.y, buffers.vx, buffers.vy, n, 2, 0.5, 0.3, dt, 2)
            },
            tearDown: {
                cbr_physics_free(c)
                buffers.free()
                withExtendedLifetime(world) {}
            })
    }
}

/// The Swift and C builds of a benchmark scene diverged: the figures would compare different work.
struct BenchmarkSceneMismatch: Error, CustomStringConvertible {
    var swift: String
    var c: String
    var description: String {
        "physics benchmark scene: Swift state hash \(swift) differs from the C program's \(c) after settling"
    }
}

/// Writes each body's interpolated position and rotation into its layer (what the engine does every
/// frame for layers that own bodies), with plain property writes. The rotation about z is written as
/// its matrix directly (one sine and cosine, no axis normalisation).
@inline(never)
func syncBodiesToLayers(_ bodies: ContiguousArray<PhysicsBody>, _ layers: ContiguousArray<CALayer>, alpha: Double) {
    for i in 0..<bodies.count {
        let body = bodies[i]
        let layer = layers[i]
        layer.position = body.interpolatedPosition(alpha)
        let angle = body.interpolatedAngle(alpha)
        let (c, s) = (cos(angle), sin(angle))
        layer.transform = CATransform3D(
            m11: c, m12: s, m13: 0, m14: 0, m21: -s, m22: c, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }
}

/// Particle arrays in one allocation each, reloaded before every iteration.
final class ParticleBuffers {
    let x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>
    let vx: UnsafeMutablePointer<Float>, vy: UnsafeMutablePointer<Float>
    let n: Int

    init(_ n: Int) {
        self.n = n
        x = .allocate(capacity: n)
        y = .allocate(capacity: n)
        vx = .allocate(capacity: n)
        vy = .allocate(capacity: n)
    }

    func load(_ x0: [Float], _ y0: [Float], _ vx0: [Float], _ vy0: [Float]) {
        x.update(from: x0, count: n)
        y.update(from: y0, count: n)
        vx.update(from: vx0, count: n)
        vy.update(from: vy0, count: n)
    }

    func free() {
        x.deallocate()
        y.deallocate()
        vx.deallocate()
        vy.deallocate()
    }
}
