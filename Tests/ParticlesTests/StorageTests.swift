import Foundation
import LayerKit
import Testing

@_spi(Benchmarks) @testable import Particles

/// Particle storage: 24 to 48 bytes per particle, one allocation with columns that do not alias modulo
/// 4096 bytes, and removal that keeps birth order.
@Suite struct StorageTests {
    @Test func aParticleTakesTwentyFourBytesWithSharedColumnsAndFortyEightWithout() {
        #expect(ParticleStore.minimumBytesPerParticle == 24 && ParticleStore.bytesPerParticle == 48)
        let store = ParticleStore(accumulatorCount: 0, capacity: 1 << 16)
        #expect(store.bytesAllocated < 24 * (1 << 16) + 6 * 4096, "\(store.bytesAllocated) bytes for 65536 slots")
        // Two particles that differ in z, z velocity, scale, spin and colour: every column gets storage.
        for k in 0..<2 {
            store.append(
                batch: 0, x: 0, y: 0, z: Float(k), vx: 0, vy: 0, vz: 2 * Float(k), death: 10, life: 10,
                scale: 1 + Float(k), spin: Float(k), color: (UInt16(k), 0, 0, 0))
        }
        #expect(store.bytesPerParticleInUse == 48 && store.capacity == 1 << 16)
        #expect(
            store.z[0] == 0 && store.z[1] == 1 && store.vz[0] == 0 && store.vz[1] == 2, "z \(store.z[0]), \(store.z[1])"
        )
        #expect(store.bytesAllocated < 48 * (1 << 16) + 12 * 4096, "\(store.bytesAllocated) bytes for 65536 slots")
    }

    @Test(arguments: [64, 1 << 12, 1 << 20])
    func columnOffsetsAreNotMultiplesOf4096(_ capacity: Int) {
        let store = ParticleStore(accumulatorCount: 2, capacity: capacity)
        #expect(store.columnOffsets.count == 8)
        // z, vz, scale, spin and colour that differ between particles get their own columns: 13 in all.
        for k in 0..<2 {
            store.append(
                batch: 0, x: 0, y: 0, z: Float(k), vx: 0, vy: 0, vz: Float(k), death: 10, life: 10,
                scale: 1 + Float(k), spin: Float(k), color: (UInt16(k), 0, 0, 0))
        }
        let offsets = store.columnOffsets
        #expect(
            offsets.count == 13 && store.capacity == max(64, capacity),
            "\(offsets.count) columns, capacity \(store.capacity)")
        for (i, a) in offsets.enumerated() {
            #expect(a % 64 == 0, "column \(i) at \(a) is not cache-line aligned")
            for b in offsets[(i + 1)...] {
                #expect((b - a) % 4096 != 0, "capacity \(capacity): columns at \(a) and \(b) alias modulo 4096")
            }
        }
    }

    @Test func removalKeepsBirthOrder() {
        // Lifetimes 3 ± 2 make deaths scattered through the storage; several compactions happen.
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 500
            cell.lifetime = 3
            cell.lifetimeRange = 2
        }
        let sim = EmitterSimulation(layer: layer)
        for _ in 0..<8 {
            run(sim, seconds: 1)
            let ages = sim.snapshot().map(\.age)
            #expect(
                zip(ages, ages.dropFirst()).allSatisfy { $0 > $1 },
                "t = \(sim.time): ages not strictly decreasing along storage")
            let c = sim.counters(for: cell)!
            #expect(
                c.alive == ages.count && c.born - c.died == c.alive, "t = \(sim.time): \(c), snapshot \(ages.count)")
        }
        let slots = (try? sim.withStepView(ofCell: cell) { $0.count }) ?? 0
        #expect(
            slots <= sim.aliveCount + sim.aliveCount / 4 + 64,
            "tombstones bounded: \(slots) slots for \(sim.aliveCount) alive")
    }

    @Test func compactionMovesEveryColumnOfASurvivorTogether() {
        // Slot i carries i in x, in its death time and in both sub-cell accumulators; every third dies.
        let store = ParticleStore(accumulatorCount: 2, capacity: 0)
        for i in 0..<1000 {
            let death: Float = i % 3 == 0 ? 0.5 : 1000 + Float(i)
            store.append(
                batch: UInt64(i / 100), x: Float(i), y: 0, z: 0, vx: 0, vy: 0, vz: 0,
                death: death, life: 1, scale: 1, spin: Float(i), color: (0, 0, 0, 0))
            store.accumulatorColumns[0][i] = Float(i)
            store.accumulatorColumns[1][i] = -Float(i)
        }
        // 334 dead: 320 removed, so slot 0 stays on a cache line (16 slots); 14 tombstones stay in front.
        let removed = store.compact(aliveFrom: 1)
        #expect(removed == 320 && store.count == 680, "removed \(removed), \(store.count) slots")
        for j in 0..<14 {
            #expect(
                store.death[j] == -.infinity && store.x[j] == 0 && store.accumulatorColumns[0][j] == 0,
                "padding slot \(j)")
        }
        var previous: Float = -1
        for j in 14..<store.count {
            let id = store.x[j]
            #expect(
                id > previous && Int(id) % 3 != 0 && store.spin[j] == id && store.death[j] == 1000 + id
                    && store.accumulatorColumns[0][j] == id && store.accumulatorColumns[1][j] == -id,
                "slot \(j): x \(id), spin \(store.spin[j]), accumulators \(store.accumulatorColumns[0][j]), \(store.accumulatorColumns[1][j])"
            )
            previous = id
        }
        // Runs still start where their batches start: batch b holds ids 100b…100b+99.
        for r in 0..<store.runs.count {
            let range = store.runs.range(of: r, slotCount: store.count)
            #expect(
                range.allSatisfy {
                    store.death[$0] == -.infinity || Int(store.x[$0]) / 100 == Int(store.runs.batches[r])
                }, "run \(r)")
        }
    }

    @Test func removalKeepsSlotZeroOnACacheLine() throws {
        // Lifetimes 3 ± 2 scatter deaths; through many compactions and relocations the columns' slot 0
        // stays 64-byte aligned, so the update never straddles cache lines.
        let (layer, _) = makeEmitter { _, cell in
            cell.birthRate = 2000
            cell.lifetime = 3
            cell.lifetimeRange = 2
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        let store = try sim.store(ofCellNamed: "cell")
        let (c0, r0) = (store.compactions, store.relocations)
        for step in 0..<240 {
            sim.step(by: 1.0 / 60)
            let x = Int(bitPattern: store.x)
            let vy = Int(bitPattern: store.vy)
            #expect(x % 64 == 0 && vy % 64 == 0, "step \(step): x at \(x), vy at \(vy), \(store.count) slots")
        }
        #expect(
            store.compactions - c0 >= 20 && store.relocations - r0 >= 1,
            "\(store.compactions - c0) compactions, \(store.relocations - r0) relocations")
    }

    @Test func positionAndVelocityColumnsStartHalfAPageApartAtAnyCapacity() {
        // x/vx, y/vy and z/vz are read and written in one loop: 2048 bytes apart modulo 4096 both ways.
        for capacity in [64, 1000, 4096, 1_403_120] {
            // Every shared column stored: x, y, vx, vy, death, life, then z and vz first.
            let (offsets, _) = ParticleStore.layout(capacity: capacity, accumulatorCount: 3, extraCount: 2, stored: 31)
            for (p, v) in [(0, 2), (1, 3), (6, 7)] {
                #expect(
                    (offsets[v] - offsets[p]) % 4096 == 2048,
                    "capacity \(capacity): columns \(p) and \(v) at \(offsets[p]), \(offsets[v])")
            }
            #expect(
                Set(offsets.map { $0 % 4096 }).count == offsets.count,
                "capacity \(capacity): residues \(offsets.map { $0 % 4096 })")
        }
    }

    @Test func largeStoresStartOnAHugePageBoundary() {
        // 4 MB and more: 2 MB-aligned (transparent huge pages); smaller stores: page-aligned.
        for (capacity, alignment) in [(1000, 4096), (200_000, 2 << 20), (1_403_120, 2 << 20)] {
            let store = ParticleStore(accumulatorCount: 0, capacity: capacity)
            let address = Int(bitPattern: store.allocationStart)
            #expect(
                store.bytesAllocated >= capacity * 24 && address % alignment == 0,
                "capacity \(capacity): \(store.bytesAllocated) bytes at \(address), expected a multiple of \(alignment)"
            )
        }
    }

    @Test func deathsCountedPerRunEqualACountOfEverySlot() {
        // Runs of 1 to 60 slots with lifetimes 1–3 s; windows across the whole span, before and after a
        // compaction and an epoch shift, with kills (death −∞) in between.
        let store = ParticleStore(accumulatorCount: 0, capacity: 0)
        var random = SeededRandom(seed: 17)
        var slot = 0
        for batch in 0..<200 {
            let born = Float(batch) * 0.01
            for _ in 0..<(1 + Int(random.nextUnitFloat() * 60)) {
                store.append(
                    batch: UInt64(batch), x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0,
                    death: born + 1 + 2 * random.nextUnitFloat(), life: 2, scale: 1, spin: 0, color: (0, 0, 0, 0))
                slot += 1
            }
        }
        for i in stride(from: 5, to: store.count, by: 37) { store.kill(i, deathTime: -.infinity) }
        func check(_ stage: String) {
            for k in 0..<60 {
                let lo = 0.5 + Float(k) * 0.07
                let hi = lo + 0.0083
                var brute = 0
                for i in 0..<store.count where store.death[i] >= lo && store.death[i] <= hi { brute += 1 }
                let counted = store.countDeaths(from: lo, through: hi)
                #expect(
                    counted == brute, "\(stage), window [\(lo), \(hi)]: \(counted) counted, \(brute) by a full pass")
            }
        }
        check("as born")
        store.compact(aliveFrom: 1.6)
        check("after compaction")
        store.shiftDeathTimes(by: 0.25)
        check("after an epoch shift")
    }

    @Test func deathBoundsOfABatchAreItsEarliestAndLatestDeathAndAnyNaNMakesTheEarliestMinusInfinity() {
        var random = SeededRandom(seed: 12)
        for n in 0..<41 {
            for nanAt in [nil] + (n > 0 ? [0, n / 2, n - 1] : []) {
                var deaths = (0..<n).map { _ in random.nextSignedFloat() * 100 }
                if let k = nanAt { deaths[k] = .nan }
                let finite = deaths.filter { !$0.isNaN }
                let bounds = deaths.withUnsafeBufferPointer {
                    DeathBounds.of($0.baseAddress!, count: n, livingFrom: 0).bounds
                }
                let earliest: Float = nanAt != nil ? -.infinity : finite.min() ?? .infinity
                let latest = finite.max() ?? -.infinity
                #expect(
                    bounds.earliest == earliest && bounds.latest == latest,
                    "seed 12, \(n) deaths, NaN at \(nanAt.map(String.init) ?? "none"): \(bounds.earliest)…\(bounds.latest), expected \(earliest)…\(latest)"
                )
            }
        }
    }

    @Test func theLastTombstoneFoundThroughRunBoundsIsTheLastOneOfAFullScan() {
        // Runs of 1 to 40 slots dying 1–3 s after birth; kills anywhere (young slots included), a NaN
        // death among the births, compactions (with their padding tombstones) and an epoch shift.
        let store = ParticleStore(accumulatorCount: 0, capacity: 0)
        var random = SeededRandom(seed: 29)
        for batch in 0..<150 {
            let born = Float(batch) * 0.01
            for k in 0..<(1 + Int(random.nextUnitFloat() * 40)) {
                let death: Float = batch == 90 && k == 0 ? .nan : born + 1 + 2 * random.nextUnitFloat()
                store.append(
                    batch: UInt64(batch), x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0,
                    death: death, life: 2, scale: 1, spin: 0, color: (0, 0, 0, 0))
            }
        }
        func check(_ stage: String) {
            for k in 0..<40 {
                let aliveFrom = 0.5 + Float(k) * 0.08
                var brute = store.count - 1
                while brute >= 0 && store.death[brute] >= aliveFrom { brute -= 1 }
                let found = store.lastTombstone(aliveFrom: aliveFrom)
                #expect(found == brute, "\(stage), alive from \(aliveFrom): slot \(found), a full scan finds \(brute)")
            }
        }
        check("as born")
        for i in stride(from: store.count - 3, to: 0, by: -401) { store.kill(i, deathTime: 0.2) }
        check("after kills")
        store.compact(aliveFrom: 1.7)
        check("after a compaction")
        store.shiftDeathTimes(by: 0.25)
        store.kill(store.count - 1, deathTime: -.infinity)
        check("after an epoch shift and a kill of the youngest")
        store.compact(aliveFrom: 1.2)
        check("after a second compaction")
    }

    @Test func longRunsStayExactAcrossEpochMoves() {
        // 150 s crosses two 64 s epoch moves of the Float time base.
        let (layer, _) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 150, dt: 1.0 / 30)
        let p = sim.snapshot()
        let t = sim.totals
        #expect(t.alive == p.count && t.born - t.died == t.alive && abs(t.alive - 440) <= 2, "t = \(sim.time): \(t)")
        #expect(
            p.allSatisfy { $0.age >= 0 && $0.age < 5 }, "ages \(p.map(\.age).min() ?? 0)…\(p.map(\.age).max() ?? 0)")
        for q in p {
            #expect(abs(q.alpha - max(0, 1 - 0.4 * q.age)) < 2e-3, "t = \(sim.time), age \(q.age): alpha \(q.alpha)")
        }
    }

    @Test func memoryStaysFlatAtSteadyState() {
        let (layer, _) = makeS2()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 10)
        let bytes = sim.storageBytes
        run(sim, seconds: 30, dt: 1.0 / 60)
        #expect(sim.storageBytes == bytes, "storage grew from \(bytes) to \(sim.storageBytes) bytes")
    }
}
