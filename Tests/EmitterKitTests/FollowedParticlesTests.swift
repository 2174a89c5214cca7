import Foundation
import Testing

@testable import EmitterKit
@_spi(Benchmarks) @testable import Particles

/// The coupling's memory of particles across steps, matched by particle id: survivors keep their entry
/// whatever removal did to the slots, and lost entries are reported removed-first, then dead, also
/// where the ids wrap past 2³² − 1.
@Suite struct FollowedParticlesTests {
    @Test func entriesFollowTheirParticlesAcrossRemovalAndTheIdWrap() throws {
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = 0
        cell.lifetime = 10
        emitter.emitterCells = [cell]
        let sim = EmitterSimulation(layer: emitter)
        sim.step(by: 1.0 / 120)
        let store = try #require(sim.runtime(of: cell)).store
        store.ensureIdentities()
        store.nextID = .max - 3
        _ = try sim.burst(count: 8, ofCell: cell, at: (0, 0, 0))
        var followed = FollowedParticles()
        try sim.withStepView(ofCell: cell, .identities) { v in
            let ids = try #require(v.ids)
            let expected: [UInt32] = [.max - 3, .max - 2, .max - 1, .max, 0, 1, 2, 3]
            let got = (0..<8).map { ids[$0] }
            #expect(got == expected)
            followed.merge((0..<8).map { (slot: $0, tag: Int32(100 + $0), a: Float($0), b: 0) }, ids: ids)
        }
        // The particles with ids max − 1, max and 1 leave the store (the survivor after them is past the
        // wrap); id 2 dies but stays as a tombstone.
        for slot in [2, 3, 5] { #expect(try sim.kill(slot: slot, ofCell: cell)) }
        store.relocate(capacity: store.capacity, aliveFrom: sim.aliveThreshold)
        #expect(store.count == 5)
        #expect(try sim.kill(slot: 3, ofCell: cell), "slot 3 now holds id 2")
        var lost: [Int32] = []
        try sim.withStepView(ofCell: cell, .identities) { v in followed.follow(v) { lost.append($0) } }
        #expect(lost == [102, 103, 105, 106], "removed ones first, in id order, then the dead one: \(lost)")
        #expect(followed.tags == [100, 101, 104, 107] && followed.slots == [0, 1, 2, 4], "\(followed.slots)")
        #expect(followed.a == [0, 1, 4, 7], "each entry keeps its own values")
    }
}
