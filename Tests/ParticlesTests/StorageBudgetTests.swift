import Foundation
import LayerKit
import Testing

@_spi(Benchmarks) @testable import Particles

/// The memory budget of docs/Design.md §7 (≤ 48 bytes of simulation state per live particle) and the store
/// policies that meet it: shared scale, spin and colour columns, growth by 1.4×, relocation instead of
/// a sliding window, shrinking once a burst has died (docs/Particles.md, "Storage").
@Suite struct StorageBudgetTests {
    /// The `particles.step.1M` emitter scaled down 100× and sped up: 5 000 births/s, lifetime
    /// 2 ± 0.5 s (deaths scattered through the store), gravity, no scale, spin or colour range.
    func makeSteadyEmitter(birthRate: Float = 5000) -> (CAEmitterLayer, CAEmitterCell) {
        makeEmitter { layer, cell in
            layer.emitterPosition = CGPoint(x: 400, y: 300)
            layer.maxParticles = 1_000_000
            cell.birthRate = birthRate
            cell.lifetime = 2
            cell.lifetimeRange = 0.5
            cell.velocity = 60
            cell.velocityRange = 40
            cell.emissionRange = 2 * .pi
            cell.yAcceleration = 30
            cell.alphaSpeed = -0.2
        }
    }

    @Test func storageStaysUnder48BytesPerLiveParticleAtSteadyState() {
        let (layer, _) = makeSteadyEmitter()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 3, dt: 1.0 / 30)
        // Every step of the next 3 s (several compactions and relocations) stays in budget.
        var worst = 0.0
        for k in 0..<90 {
            sim.step(by: 1.0 / 30)
            let perLive = Double(sim.storageBytes) / Double(max(1, sim.aliveCount))
            worst = max(worst, perLive)
            #expect(
                perLive <= 48,
                "step \(k), t = \(sim.time): \(sim.storageBytes) bytes for \(sim.aliveCount) live = \(perLive)")
        }
        #expect(sim.aliveCount > 9_000 && worst > 32, "alive \(sim.aliveCount), worst \(worst) bytes per live particle")
    }

    @Test func slotsInUseStayCloseToTheLiveCount() throws {
        let (layer, _) = makeSteadyEmitter()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 3, dt: 1.0 / 30)
        let store = try sim.store(ofCellNamed: "cell")
        for k in 0..<90 {
            sim.step(by: 1.0 / 30)
            let alive = sim.aliveCount
            #expect(
                store.count <= alive + alive / 4 + 64 && store.capacity <= alive * 3 / 2,
                "step \(k): \(store.count) slots in use, capacity \(store.capacity), \(alive) alive")
        }
    }

    @Test func storageShrinksAfterABurstDies() throws {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 0
            cell.lifetime = 1
            cell.lifetimeRange = 0.5
            cell.velocity = 20
            cell.emissionRange = 2 * .pi
        }
        layer.maxParticles = 1_000_000
        let sim = EmitterSimulation(layer: layer)
        sim.step(by: step120)
        #expect(try sim.burst(count: 30_000, cellNamed: "cell") == 30_000)
        sim.step(by: step120)
        let peak = sim.storageBytes
        #expect(
            peak >= 30_000 * 32 && Double(peak) / Double(sim.aliveCount) <= 48,
            "burst: \(peak) bytes for \(sim.aliveCount) live")
        // Half-way through the deaths the allocation has followed the live count down.
        run(sim, seconds: 1.2)
        let alive = sim.counters(for: cell)!.alive
        #expect(
            alive > 1000 && alive < 25_000 && sim.storageBytes <= 2 * 32 * (alive + 64) + 16 * 4096,
            "t = \(sim.time): \(sim.storageBytes) bytes for \(alive) live")
        run(sim, seconds: 0.5)
        #expect(
            sim.aliveCount == 0 && sim.storageBytes < 32 * 1024,
            "after the burst: \(sim.storageBytes) bytes, \(sim.aliveCount) live")
        // A second burst grows it again in one reallocation.
        #expect(try sim.burst(count: 30_000, cellNamed: "cell") == 30_000)
        sim.step(by: step120)
        #expect(
            sim.aliveCount == 30_000 && sim.storageBytes <= peak,
            "second burst: \(sim.storageBytes) bytes (first \(peak))")
    }

    @Test func cellsWithRangesStoreOnlyTheColumnsThatDiffer() {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 200
            cell.redRange = 0.5
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 0.5)
        let store = sim.cells[0].store
        #expect(
            store.isStored(.color) && !store.isStored(.scale) && !store.isStored(.spin)
                && store.bytesPerParticleInUse == 32,
            "\(store.bytesPerParticleInUse) bytes per particle")
        let reds = Set(sim.snapshot().map(\.red))
        #expect(reds.count > 30, "\(reds.count) distinct reds among \(sim.aliveCount)")
        cell.scaleRange = 0.5
        cell.spinRange = 1
        run(sim, seconds: 0.5)
        #expect(store.bytesPerParticleInUse == 40, "\(store.bytesPerParticleInUse) bytes per particle")
    }

    @Test func zAndZVelocityAreSharedUntilParticlesDifferInThem() {
        // A planar point emitter at depth 7: every particle has z 7 and z velocity 0, kept once.
        let (flat, flatCell) = makeEmitter { layer, cell in
            layer.emitterZPosition = 7
            cell.birthRate = 200
            cell.velocity = 50
            cell.emissionRange = 2 * .pi
        }
        let a = EmitterSimulation(layer: flat)
        run(a, seconds: 0.5)
        let s = a.cells[0].store
        #expect(
            !s.isStored(.z) && !s.isStored(.vz) && s.bytesPerParticleInUse == 24
                && a.snapshot().allSatisfy { $0.z == 7 && $0.vz == 0 },
            "\(s.bytesPerParticleInUse) bytes, z \(Set(a.snapshot().map(\.z)))")
        // A latitude tilts emission out of the plane: z and vz get their columns, earlier particles keep 7 and 0.
        let before = a.aliveCount
        flatCell.emissionLatitude = 0.5
        run(a, seconds: 0.25)
        let records = a.snapshot()
        #expect(s.isStored(.z) && s.isStored(.vz) && s.bytesPerParticleInUse == 32, "\(s.bytesPerParticleInUse) bytes")
        #expect(
            records.prefix(before).allSatisfy { $0.z == 7 && $0.vz == 0 }
                && records.suffix(40).allSatisfy { $0.vz != 0 }
                && Set(records.suffix(40).map(\.z)).count > 30,
            "\(before) before; z \(records.prefix(3).map(\.z)) … \(records.suffix(3).map(\.z))")
        // A cuboid spreads births over depth while they stay planar: z is stored, vz stays shared.
        let (box, _) = makeEmitter { layer, cell in
            layer.emitterShape = .cuboid
            layer.emitterMode = .volume
            layer.emitterSize = CGSize(width: 40, height: 40)
            layer.emitterDepth = 30
            cell.birthRate = 200
        }
        let b = EmitterSimulation(layer: box)
        run(b, seconds: 0.5)
        let t = b.cells[0].store
        #expect(
            t.isStored(.z) && !t.isStored(.vz) && t.bytesPerParticleInUse == 28
                && Set(b.snapshot().map(\.z)).count > 50,
            "\(t.bytesPerParticleInUse) bytes")
    }

    @Test func anEmptiedStoreSharesItsColumnsAgain() {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 200
            cell.lifetime = 0.5
            cell.redRange = 0.5
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 0.25)
        let store = sim.cells[0].store
        #expect(store.isStored(.color))
        cell.birthRate = 0
        run(sim, seconds: 0.75)
        #expect(
            sim.aliveCount == 0 && store.count == 0 && !store.isStored(.color),
            "\(sim.aliveCount) alive, \(store.count) slots")
        cell.redRange = 0
        cell.birthRate = 200
        run(sim, seconds: 0.25)
        #expect(
            sim.aliveCount > 40 && store.bytesPerParticleInUse == 24,
            "\(sim.aliveCount) alive, \(store.bytesPerParticleInUse) bytes")
    }

    @Test func aLiveScaleChangeStoresTheColumnAndKeepsEarlierParticlesScale() {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 120
            cell.scale = 1
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 0.5)
        let store = sim.cells[0].store
        #expect(!store.isStored(.scale))
        let before = sim.aliveCount
        cell.scale = 2
        run(sim, seconds: 0.5)
        let scales = sim.snapshot().map(\.scale)
        #expect(
            store.isStored(.scale) && scales.prefix(before).allSatisfy { $0 == 1 }
                && scales.dropFirst(before).allSatisfy { $0 == 2 },
            "first \(before) at 1, then 2: \(Set(scales))")
    }

    @Test func sharedColumnsGiveTheSameStateAsStoredOnes() {
        // The same run twice, once with the colour, scale and spin columns stored from the start (a
        // first particle with other values, already dead): the same state hash afterwards.
        func hash(forceStored: Bool) -> (UInt64, Int) {
            let (layer, cell) = makeSteadyEmitter(birthRate: 600)
            cell.spin = 0.5
            cell.scale = 0.75
            let sim = EmitterSimulation(layer: layer)
            if forceStored {
                let s = sim.cells[0].store
                s.append(
                    batch: 0, x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0, death: -1, life: 1, scale: 9, spin: 9,
                    color: (1, 2, 3, 4))
            }
            run(sim, seconds: 1)
            #expect(sim.cells[0].store.isStored(.scale) == forceStored, "forceStored \(forceStored)")
            return (sim.stateHash, sim.aliveCount)
        }
        let shared = hash(forceStored: false)
        let stored = hash(forceStored: true)
        #expect(shared.1 > 500 && shared == stored, "shared \(shared), stored \(stored)")
    }

    @Test func relocationMovesTheTombstoneFreeTailAsABlockWithEveryColumn() {
        // Every third of the first 600 slots dies early (0.5), every third of slots 0..<90 even earlier
        // (0.2): a compaction at 0.3 moves the head, then the relocation at 1 meets survivors-only slots
        // 600..<1000 after its last tombstone.
        let store = ParticleStore(accumulatorCount: 2, capacity: 0)
        for i in 0..<1000 {
            let death: Float = i % 3 == 0 && i < 90 ? 0.2 : i % 3 == 0 && i < 600 ? 0.5 : 1000 + Float(i)
            store.append(
                batch: UInt64(i / 100), x: Float(i), y: 0, z: 0, vx: 0, vy: 0, vz: 0,
                death: death, life: 1, scale: 1, spin: Float(i), color: (UInt16(i), 0, 0, 1))
            store.accumulatorColumns[0][i] = Float(i)
            store.accumulatorColumns[1][i] = -Float(i)
        }
        // 30 dead, but slot 0 stays on a cache line: 16 removed, 14 kept as tombstones before the survivors.
        #expect(store.compact(aliveFrom: 0.3) == 16 && store.count == 984)
        let removed = store.relocate(capacity: store.capacity, aliveFrom: 1)
        #expect(removed == 14 + 170 && store.count == 800, "removed \(removed), \(store.count) slots")
        var previous: Float = -1
        for j in 0..<store.count {
            let id = store.x[j]
            #expect(
                id > previous && (Int(id) % 3 != 0 || id >= 600) && store.spin[j] == id
                    && store.color[4 * j] == UInt16(id)
                    && store.death[j] == 1000 + id && store.accumulatorColumns[0][j] == id
                    && store.accumulatorColumns[1][j] == -id,
                "slot \(j): x \(id), spin \(store.spin[j]), colour \(store.color[4 * j]), accumulators \(store.accumulatorColumns[0][j])"
            )
            previous = id
        }
        #expect(store.runs.count == 10)
        for r in 0..<store.runs.count {
            let range = store.runs.range(of: r, slotCount: store.count)
            #expect(range.allSatisfy { Int(store.x[$0]) / 100 == Int(store.runs.batches[r]) }, "run \(r): \(range)")
        }
    }

    @Test func relocationAfterACompactionDropsEveryTombstone() {
        // A compaction moves slot 0 into the columns; then the last slots die (kills at the young end):
        // the relocation must find them where the particles are, not where they will be moved to.
        let store = ParticleStore(accumulatorCount: 0, capacity: 0)
        for i in 0..<1000 {
            store.append(
                batch: UInt64(i / 100), x: Float(i), y: 0, z: 0, vx: 0, vy: 0, vz: 0,
                death: i < 320 && i % 2 == 0 ? 0.2 : 1000, life: 1, scale: 1, spin: 0, color: (0, 0, 0, 0))
        }
        #expect(store.compact(aliveFrom: 0.3) == 160 && store.count == 840)
        for j in (store.count - 40)..<store.count { store.kill(j, deathTime: -.infinity) }
        let removed = store.relocate(capacity: store.capacity, aliveFrom: 0.3)
        #expect(removed == 40 && store.count == 800, "removed \(removed), \(store.count) slots")
        #expect((0..<store.count).allSatisfy { store.death[$0] == 1000 }, "a tombstone survived the relocation")
        #expect(
            store.x[0] == 1 && store.x[159] == 319 && store.x[160] == 320 && store.x[799] == 959,
            "first \(store.x[0]), \(store.x[159]), \(store.x[160]), last \(store.x[799])")
    }

    @Test func relocationDropsTombstonesKeepsOrderAndEveryColumn() {
        // Slot i carries i in x, spin, colour and both accumulators; every third is dead.
        let store = ParticleStore(accumulatorCount: 2, capacity: 0)
        for i in 0..<1000 {
            let death: Float = i % 3 == 0 ? 0.5 : 1000 + Float(i)
            store.append(
                batch: UInt64(i / 100), x: Float(i), y: 0, z: 0, vx: 0, vy: 0, vz: 0,
                death: death, life: 1, scale: 1, spin: Float(i), color: (UInt16(i), 0, 0, 1))
            store.accumulatorColumns[0][i] = Float(i)
            store.accumulatorColumns[1][i] = -Float(i)
        }
        store.compact(aliveFrom: 0.25)  // nothing dead yet: no-op
        let removed = store.relocate(capacity: 700, aliveFrom: 1)
        #expect(removed == 334 && store.count == 666 && store.capacity == 700 && !store.isStored(.scale))
        var previous: Float = -1
        for j in 0..<store.count {
            let id = store.x[j]
            #expect(
                id > previous && Int(id) % 3 != 0 && store.spin[j] == id && store.color[4 * j] == UInt16(id)
                    && store.color[4 * j + 3] == 1 && store.death[j] == 1000 + id && store.scale[j] == 1
                    && store.accumulatorColumns[0][j] == id && store.accumulatorColumns[1][j] == -id,
                "slot \(j): x \(id), spin \(store.spin[j]), colour \(store.color[4 * j])")
            previous = id
        }
        for r in 0..<store.runs.count {
            let range = store.runs.range(of: r, slotCount: store.count)
            #expect(range.allSatisfy { Int(store.x[$0]) / 100 == Int(store.runs.batches[r]) }, "run \(r)")
        }
    }
}

extension StorageBudgetTests {
    @Test func removalPassesFollowTheirThresholdsAndNothingIsReallocatedAtSteadyState() throws {
        // 90 steps of 167 births at ~10 000 live: compaction once a thirty-second of the live count is
        // dead (313 tombstones: every second step), relocation about every 24 steps (0.4 of the
        // allocation free after the last one), no reallocation.
        let sim = EmitterSimulation(layer: makeSteadyEmitter().0)
        run(sim, seconds: 3, dt: 1.0 / 30)
        let store = try sim.store(ofCellNamed: "cell")
        let (c0, r0, a0) = (store.compactions, store.relocations, store.reallocations)
        run(sim, seconds: 3, dt: 1.0 / 30)
        let (c, r, a) = (store.compactions - c0, store.relocations - r0, store.reallocations - a0)
        #expect(
            (35...46).contains(c) && (2...6).contains(r) && a == 0,
            "compactions \(c), relocations \(r), reallocations \(a); \(sim.aliveCount) alive, capacity \(store.capacity)"
        )
    }
}
