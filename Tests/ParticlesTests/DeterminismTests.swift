import EmitterTestSupport
import Foundation
import LayerKit
import Testing

@_spi(Benchmarks) @testable import Particles

/// The same scene and seed give bit-identical state at equal simulated times whatever the frame rate
/// (docs/Design.md §6.1, §3.9); the state hash makes it testable and is pinned by golden values.
@Suite struct DeterminismTests {
    /// Drives `sim` like the engine: frames of the given deltas feed a fixed-step accumulator; each
    /// step first sets the emitter position for that step's time, and a draw list is built per frame.
    /// Returns the state hash after `steps` fixed steps.
    static func hashAfter(steps: Int, frameDeltas: [Double], scene: () -> CAEmitterLayer) -> UInt64 {
        let layer = scene()
        let sim = EmitterSimulation(layer: layer)
        var list = ParticleDrawList()
        var accumulator = 0.0
        var done = 0
        var frame = 0
        while done < steps {
            accumulator += frameDeltas[frame % frameDeltas.count]
            frame += 1
            while accumulator >= step120 && done < steps {
                let t = Double(done) * step120
                layer.emitterPosition = CGPoint(x: 160 + 100 * sin(t * 3), y: 240 + 50 * cos(t * 2))
                sim.step(by: step120)
                accumulator -= step120
                done += 1
            }
            sim.makeDrawList(into: &list)
            _ = sim.snapshot().count
        }
        return sim.stateHash
    }

    static let schedules: [(String, [Double])] = [
        ("30 fps", [1.0 / 30]), ("60 fps", [1.0 / 60]), ("144 fps", [1.0 / 144]),
        ("irregular", [0.016, 0.031, 0.007, 0.050, 0.012, 0.0005, 0.021]),
    ]

    @Test func stateHashIsTheSameAtAnyFrameRate() {
        for scene in [{ makeS1().0 }, { makeFireworks().layer }] {
            let hashes = Self.schedules.map { (name, deltas) in
                (name, Self.hashAfter(steps: 360, frameDeltas: deltas, scene: scene))
            }
            let first = hashes[0].1
            #expect(
                hashes.allSatisfy { $0.1 == first },
                "seed 0/7, step 360: \(hashes.map { "\($0.0): \(String($0.1, radix: 16))" })")
        }
    }

    @Test func stateHashIsPinned() {
        // The goldens are recorded from inspected runs (S1 after 2 s: isotropic, alpha law; fireworks after
        // 3.5 s: the image in docs/Particles.md). A change here means the simulation changed.
        let (s1, _) = makeS1()
        let a = EmitterSimulation(layer: s1)
        run(a, seconds: 2)
        let fw = makeFireworks()
        let b = EmitterSimulation(layer: fw.layer)
        run(b, seconds: 3.5)
        for (name, sim) in [("golden-s1", a), ("golden-fireworks", b)] {
            var list = ParticleDrawList()
            sim.makeDrawList(into: &list)
            var image = PreviewImage(width: 320, height: 480)
            image.draw(list, radius: 3)
            image.writeIfRequested(name)
        }
        Golden.expect(
            hash: hex(a.stateHash), named: "s1-2s", inTableAt: goldenHashes,
            context: "S1, seed 0, step 240: \(a.totals)")
        Golden.expect(
            hash: hex(b.stateHash), named: "fireworks-3.5s", inTableAt: goldenHashes,
            context: "fireworks, seed 7, step 420: \(b.totals)")
    }

    /// The stored fields of a particle the state hash must see.
    enum StoredField: String, CaseIterable {
        case x, y, z, vx, vy, vz, deathTime, lifetime, scale, spin, red, alpha

        /// Changes particle 2's value of this field by a small step (the shared columns hold one value for
        /// all particles, so there it changes every particle's).
        func change(_ s: ParticleStore) {
            switch self {
            case .x: s.x[2] += 1e-3
            case .y: s.y[2] += 1e-3
            case .z: s.z[2] += 1e-3
            case .vx: s.vx[2] += 1e-3
            case .vy: s.vy[2] += 1e-3
            case .vz: s.vz[2] += 1e-3
            case .deathTime: s.death[2] += 1e-3
            case .lifetime: s.life[2] += 1e-3
            case .scale: s.scale[2] += 1e-3
            case .spin: s.spin[2] += 1e-3
            // Binary16 1.0 (the cell's white) with its lowest exponent bit flipped is 0.5.
            case .red: s.color[8] ^= 0x0400
            case .alpha: s.color[11] ^= 0x0400
            }
        }
    }

    /// The hash of five particles after one step, with `field` changed (nil: unchanged).
    static func hashOfFiveParticles(changing field: StoredField?) -> UInt64 {
        let (layer, _) = makeEmitter { _, cell in
            cell.birthRate = 0
            cell.lifetime = 10
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 5, cellNamed: "cell")
        sim.step(by: step120)
        #expect(sim.aliveCount == 5)
        if let field { field.change(sim.cells[0].store) }
        let h = sim.stateHash
        #expect(h == sim.stateHash, "hashing does not change the state")
        return h
    }

    @Test(arguments: StoredField.allCases)
    func stateHashSeesEveryParticleField(_ field: StoredField) {
        let base = Self.hashOfFiveParticles(changing: nil)
        #expect(Self.hashOfFiveParticles(changing: nil) == base, "the same five particles hash the same")
        let changed = Self.hashOfFiveParticles(changing: field)
        #expect(changed != base, "a change of particle 2's \(field) leaves the hash at \(hex(base))")
    }
}
