import CBenchReference
import Foundation
import LayerKit
@_spi(Benchmarks) import Particles

extension BenchmarkRegistry {
    /// The particle simulation: the per-step update next to a plain C loop doing the same work, at
    /// several sizes, a full emitter step (spawn + update + removal) next to the update alone, births
    /// alone, and the noise floor of the full step's ratio.
    static let particles: [Benchmark] = [
        updateBenchmark(count: 4 << 10, label: "4K"),
        updateBenchmark(count: 64 << 10, label: "64K"),
        updateBenchmark(count: 1_000_000, label: "1M", goal: true)
            .checking(Budget(.particleUpdate1M, .engineMedianMilliseconds, maximum: 2)),
        updateBenchmark(count: 16 << 20, label: "16M"),
        updateBenchmark(count: 1_000_000, label: "1M", threeD: true),
        fullStepBenchmark().checking(Budget(.bytesPerParticle, .extra("bytesPerLiveParticle"), maximum: 48)),
        birthsBenchmark(),
        noiseFloorBenchmark(),
    ]

    /// Update of `count` particles per fixed step on one core: engine store vs C reference on an
    /// identical copy. Planar with gravity (the common case), or 3D with acceleration on every axis.
    static func updateBenchmark(count: Int, label: String, goal: Bool = false, threeD: Bool = false) -> Benchmark {
        let name = threeD ? "particles.update3d.\(label)" : "particles.update.\(label)"
        let unit =
            threeD
            ? "one fixed step of \(label) particles, 3D, acceleration on x, y and z"
            : "one fixed step of \(label) particles, planar, gravity on y"
        return Benchmark(
            name: name, unit: unit, reference: "plain C SoA loop doing the same work (CBenchReference)",
            goal: goal ? "engine ≥ 0.85 × C speed and ≤ 2 ms" : nil,
            maximumRatio: goal ? 1 / 0.85 : nil, maximumMilliseconds: goal ? 2 : nil
        ) { scale in
            let n = scale == .full ? count : min(count, 4096)
            let engine = makeFilledStore(count: n, threeD: threeD)
            let reference = makeFilledStore(count: n, threeD: threeD)
            let ax: Float = threeD ? 3 : 0
            let ay: Float = 75
            let az: Float = threeD ? -2 : 0
            let dt: Float = 1.0 / 120
            let from: Float = 1
            let through: Float = 1 + dt
            return Benchmark.Workload(
                engine: { _ = engine.integrate(dt: dt, ax: ax, ay: ay, az: az, diedFrom: from, diedThrough: through) },
                reference: {
                    let s = reference
                    let (z, vz) = s.zColumnsForBenchmark
                    _ = cbr_particles_update(
                        s.x, s.y, z, s.vx, s.vy, vz, s.death, s.count, ax, ay, az, dt, from, through,
                        s.zMovesForBenchmark ? 1 : 0)
                })
        }
    }

    /// A store of `count` particles with spread velocities and death times (some die in the timed window).
    static func makeFilledStore(count: Int, threeD: Bool) -> ParticleStore {
        let store = ParticleStore(accumulatorCount: 0, capacity: count)
        var rng = SeededRandom(seed: 1)
        for i in 0..<count {
            let u = rng.nextSignedFloat()
            let v = rng.nextSignedFloat()
            let w = rng.nextUnitFloat()
            store.appendForBenchmark(
                x: 160 + u, y: 240 + v, z: 0, vx: 50 * u, vy: 50 * v, vz: threeD ? 10 * u : 0,
                death: 0.5 + 4 * w, life: 5, batch: UInt64(i / 1000))
        }
        return store
    }

    /// The emitter of the full-step and births figures: one cell named "spark" at (400, 300), speed
    /// 60 ± 40 points/s in every direction, gravity 30 points/s², alpha speed −0.2, no scale, spin or
    /// colour range; budget 2,000,000 particles.
    static func sparkEmitter(birthRate: Float, lifetime: Float, lifetimeRange: Float) -> (CAEmitterLayer, CAEmitterCell)
    {
        let layer = CAEmitterLayer()
        layer.emitterPosition = CGPoint(x: 400, y: 300)
        layer.maxParticles = 2_000_000
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.birthRate = birthRate
        cell.lifetime = lifetime
        cell.lifetimeRange = lifetimeRange
        cell.velocity = 60
        cell.velocityRange = 40
        cell.emissionRange = 2 * .pi
        cell.yAcceleration = 30
        cell.alphaSpeed = -0.2
        layer.emitterCells = [cell]
        return (layer, cell)
    }

    /// Births alone: the `particles.step.1M` cell with a 0.05 s lifetime, so the store stays at about
    /// 10,000 particles and the steps are births (and their removal). The reference draws the same
    /// random numbers one `next32()` call at a time, so the ratio reads as a birth's cost in draws.
    static func birthsBenchmark() -> Benchmark {
        Benchmark(
            name: "particles.births.1M",
            unit: "1,000,000 births (1200 steps at 120 Hz, 100,000 per second, lifetime 0.05 s), removal included",
            reference: "the same number of random draws, one next32() call each"
        ) { scale in
            let (layer, cell) = sparkEmitter(
                birthRate: scale == .full ? 100_000 : 100, lifetime: 0.05, lifetimeRange: 0.01)
            let sim = EmitterSimulation(layer: layer)
            let dt = 1.0 / 120
            for _ in 0..<120 { sim.step(by: dt) }
            let steps = scale == .full ? 1200 : 2
            let drawsPerBirth = 9  // longitude, velocity, lifetime, scale, spin, four colour values (docs/Particles.md)
            let draws = Int(cell.birthRate) * steps / 120 * drawsPerBirth
            var random = SeededRandom(seed: 5)
            let sink = DrawSink()
            return Benchmark.Workload(
                engine: { for _ in 0..<steps { sim.step(by: dt) } },
                reference: {
                    var acc: UInt32 = 0
                    for _ in 0..<draws { acc &+= random.next32() }
                    sink.value &+= acc
                },
                extras: { ["liveParticles": Double(sim.aliveCount), "drawsPerBirth": Double(drawsPerBirth)] })
        }
    }

    /// The noise floor of `particles.step.1M`'s ratio: two identical copies of its steady-state live
    /// particles, updated alternately exactly as its reference updates one, in as many pairs of
    /// allocations as the full step uses (`SteadySpark.placements`). Both sides do the same work, so
    /// any distance of the ratio from 1 is the machine (shared caches, memory placement, neighbours),
    /// and a full-step ratio within that distance of its goal is not a clear pass or failure
    /// (docs/Performance.md, "What limits each figure").
    static func noiseFloorBenchmark() -> Benchmark {
        Benchmark(
            name: "particles.noise.1M", unit: "600 updates of a copy of the particles.step.1M live particles",
            reference: "600 updates of an identical copy"
        ) { scale in
            let sparks = try SteadySpark.placements(scale: scale)
            let firsts = try sparks.map { try $0.liveCopy() }
            let seconds = try sparks.map { try $0.liveCopy() }
            let turns = Turns(count: sparks.count)
            return Benchmark.Workload(
                engine: {
                    let k = turns.nextEngine()
                    sparks[k].updateAlone(seconds[k])
                },
                reference: {
                    let k = turns.nextReference()
                    sparks[k].updateAlone(firsts[k])
                },
                extras: { ["referenceSlots": Double(firsts[0].count), "placements": Double(sparks.count)] })
        }
    }

    /// Full emitter steps at a steady state of about 1,000,000 particles (spawn + update + removal)
    /// next to the update alone of the same number of live particles. One iteration is 600 steps (5 s
    /// at 120 Hz), so every sample includes its share of the periodic removal passes.
    ///
    /// The reference updates a copy of the emitter's live particles taken at steady state (same
    /// particles and birth runs, no tombstones, no free room) with the emitter's step and
    /// acceleration: a fixed population keeps the figure independent of where in its removal cycle
    /// the emitter stands, and the tombstones the emitter's own store holds are counted as part of
    /// the removal's cost.
    ///
    /// Round by round the figure cycles through `SteadySpark.placements` independent emitters, each
    /// with its own copy: where one allocation's pages land moves its update by up to about ±10 % from
    /// one process to the next on the VMs measured, so one emitter would measure its placement as much
    /// as the step (docs/PerformanceHistory.md, "Placement and the noise floor").
    static func fullStepBenchmark() -> Benchmark {
        Benchmark(
            name: "particles.step.1M",
            unit: "600 full emitter steps (5 s at 120 Hz) at a steady state of ~1M particles, lifetime 5 ± 1 s",
            reference: "600 updates alone of the same live particles (a copy without tombstones)",
            goal: "full step ≤ 1.3 × update alone", maximumRatio: 1.3
        ) { scale in
            let sparks = try SteadySpark.placements(scale: scale)
            let stores = try sparks.map { try $0.sim.store(ofCellNamed: "spark") }
            let lives = try sparks.map { try $0.liveCopy() }
            let sim = sparks[0].sim
            let store = stores[0]
            let live = lives[0]
            let slots = SlotTally()
            let turns = Turns(count: sparks.count)
            // Storage over live particles as the simulation holds it at steady state: the whole allocation
            // (free slots and tombstones awaiting removal included), and per slot for comparison.
            return Benchmark.Workload(
                engine: {
                    let k = turns.nextEngine()
                    let spark = sparks[k]
                    for _ in 0..<spark.steps {
                        spark.sim.step(by: spark.dt)
                        slots.add(stores[k].count)
                    }
                },
                reference: {
                    let k = turns.nextReference()
                    sparks[k].updateAlone(lives[k])
                },
                extras: {
                    [
                        "liveParticles": Double(sim.aliveCount), "storageBytes": Double(sim.storageBytes),
                        "slotCapacity": Double(store.capacity), "referenceSlots": Double(live.count),
                        "averageSlotsInUse": slots.average,
                        "bytesPerSlot": Double(sim.storageBytes) / Double(max(1, store.capacity)),
                        "bytesPerLiveParticle": Double(sim.storageBytes) / Double(max(1, sim.aliveCount)),
                        "placements": Double(sparks.count),
                    ]
                })
        }
    }
}

/// The emitter of `particles.step.1M` at its steady state (about 1,000,000 particles after 840 steps of
/// 1/120 s; 10 steps at smoke scale) and the update alone that its figures compare against.
private struct SteadySpark {
    let sim: EmitterSimulation
    let cell: CAEmitterCell
    /// Seconds per step, and steps per iteration (600: 5 s; 2 at smoke scale).
    let dt = 1.0 / 120, steps: Int
    /// The death-counting window of the update alone, taken at the steady state (one lifetime ahead,
    /// where the emitter finds its own deaths) and kept while the emitter moves on.
    let window: Float

    /// Independent emitters a figure cycles through (`placements(scale:)`), 3 at full size.
    static func placementCount(_ scale: BenchmarkScale) -> Int { scale == .full ? 3 : 1 }

    /// `placementCount` emitters, each with allocations of its own.
    static func placements(scale: BenchmarkScale) throws -> [SteadySpark] {
        try (0..<placementCount(scale)).map { _ in try SteadySpark(scale: scale) }
    }

    init(scale: BenchmarkScale) throws {
        let (layer, cell) = BenchmarkRegistry.sparkEmitter(
            birthRate: scale == .full ? 200_000 : 400, lifetime: 5, lifetimeRange: 1)
        sim = EmitterSimulation(layer: layer)
        self.cell = cell
        steps = scale == .full ? 600 : 2
        for _ in 0..<(scale == .full ? 840 : 10) { sim.step(by: dt) }
        window = sim.deathWindowForBenchmark
    }

    /// The live particles now, without tombstones or free room.
    func liveCopy() throws -> ParticleStore { try sim.liveCopy(ofCellNamed: "spark") }

    /// One iteration of the update alone of `store`: `steps` updates with the emitter's step and
    /// acceleration, deaths counted in `window`.
    func updateAlone(_ store: ParticleStore) {
        let h = Float(dt)
        let ay = Float(cell.yAcceleration)
        for _ in 0..<steps {
            _ = store.integrate(dt: h, ax: 0, ay: ay, az: 0, diedFrom: window, diedThrough: window + h)
        }
    }
}

/// Keeps the reference's draws observable (so the loop is not optimised away).
private final class DrawSink {
    var value: UInt32 = 0
}

/// Which of a figure's placements the next engine and reference calls use: each side takes them in
/// turn, and as the runner alternates reference and engine calls, both sides of a round use the same.
private final class Turns {
    private let count: Int
    private var engine = 0, reference = 0

    init(count: Int) { self.count = count }

    /// The placement of this engine call.
    func nextEngine() -> Int {
        defer { engine = (engine + 1) % count }
        return engine
    }

    /// The placement of this reference call.
    func nextReference() -> Int {
        defer { reference = (reference + 1) % count }
        return reference
    }
}

/// The slots in use after every engine step of a benchmark, for their average.
private final class SlotTally {
    private var sum = 0.0, count = 0.0

    func add(_ slots: Int) {
        sum += Double(slots)
        count += 1
    }

    var average: Double { count > 0 ? sum / count : 0 }
}
