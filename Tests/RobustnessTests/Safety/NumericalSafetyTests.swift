import EmitterKit
import Foundation
import Testing

@testable import Particles

/// NaN and infinity arising during a simulation are detected, the offending particles removed and
/// counted, and the run continues; nothing non-finite reaches the draw list (docs/Limits.md).
@Suite struct NumericalSafetyTests {
    /// An emitter with one cell of `birthRate` particles per second living `lifetime` seconds.
    static func emitter(acceleration: CGFloat, velocity: CGFloat = 50, seed: UInt32 = 1) -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.position = CGPoint(x: 100, y: 100)
        layer.emitterPosition = CGPoint(x: 100, y: 100)
        layer.seed = seed
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.contents = BuiltinSprites.image(named: "softDot")
        cell.birthRate = 100
        cell.lifetime = 10
        cell.velocity = velocity
        cell.emissionRange = 2 * .pi
        cell.yAcceleration = acceleration
        layer.emitterCells = [cell]
        return layer
    }

    @Test func aHugeAccelerationRemovesAndCountsTheParticlesAndTheRunContinues() throws {
        let layer = Self.emitter(acceleration: 1e300)
        let sim = EmitterSimulation(layer: layer)
        var list = ParticleDrawList()
        var checked = 0
        for step in 1...240 {
            sim.step(by: 1.0 / 120)
            if step % 10 == 0 {
                sim.makeDrawList(into: &list)
                #expect(NumericalChecks.firstNonFinite(in: list) == nil, "seed 1, step \(step)")
                checked += 1
            }
        }
        let totals = sim.totals
        #expect(totals.nonFinite > 0, "seed 1, 2 s at 1e300 pt/s²: particles overflow and are removed: \(totals)")
        #expect(totals.born == totals.alive + totals.died, "seed 1: born = alive + died: \(totals)")
        #expect(totals.born > 150, "seed 1: the emitter keeps emitting after removals: \(totals)")
        #expect(checked == 24)
    }

    /// Only cells that can overflow are scanned: the fire's cells are not, a 1e30 acceleration is.
    @Test func onlyCellsThatCanOverflowAreScanned() {
        let ordinary = Self.emitter(acceleration: -90)
        let cell = ordinary.emitterCells![0]
        #expect(!CellParameters(cell: cell, layer: ordinary).mayOverflow, "a = −90, v = 50, lifetime 10")
        cell.yAcceleration = 1e30
        #expect(CellParameters(cell: cell, layer: ordinary).mayOverflow, "a = 1e30")
        cell.yAcceleration = 0
        cell.lifetime = 1e20
        #expect(CellParameters(cell: cell, layer: ordinary).mayOverflow, "v = 50 for 1e20 s")
    }

    @Test func ordinaryAccelerationsRemoveNothing() {
        let sim = EmitterSimulation(layer: Self.emitter(acceleration: 9.81e3))
        for _ in 0..<240 { sim.step(by: 1.0 / 120) }
        #expect(sim.totals.nonFinite == 0, "seed 1, 2 s: \(sim.totals)")
        #expect(sim.totals.alive > 150, "seed 1: \(sim.totals)")
    }

    @Test func nanWrittenByCouplingCodeIsRemovedAtTheNextStep() throws {
        let layer = Self.emitter(acceleration: 0)
        let cell = try #require(layer.emitterCells?.first)
        let sim = EmitterSimulation(layer: layer)
        for _ in 0..<60 { sim.step(by: 1.0 / 120) }
        let alive = sim.aliveCount
        // A field singularity as a physics coupling would produce it: NaN and infinite velocities.
        let poisoned = try sim.withStepView(ofCell: cell) { b -> Int in
            var n = 0
            for i in stride(from: 0, to: b.count, by: 3) where b.isAlive(i) {
                b.vx[i] = n % 2 == 0 ? .nan : .infinity
                n += 1
            }
            return n
        }
        sim.step(by: 1.0 / 120)
        #expect(
            sim.lastStepEvents.nonFinite == poisoned, "seed 1, step 61: \(poisoned) poisoned, \(sim.lastStepEvents)")
        #expect(sim.totals.nonFinite == poisoned, "\(sim.totals)")
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        #expect(NumericalChecks.firstNonFinite(in: list) == nil)
        #expect(
            list.sprites.count >= alive - poisoned,
            "the others are drawn: \(list.sprites.count) of \(alive) − \(poisoned)")
    }

    /// Particles placed at NaN by code (a burst at a NaN point) are never drawn, and the draw list's
    /// sighting makes the next step remove and count them.
    @Test func particlesSpawnedAtNaNAreNotDrawnAndAreRemovedAtTheNextStep() throws {
        let layer = Self.emitter(acceleration: 0)
        let cell = try #require(layer.emitterCells?.first)
        cell.birthRate = 0
        let sim = EmitterSimulation(layer: layer)
        sim.step(by: 1.0 / 120)
        #expect(try sim.burst(count: 5, ofCell: cell, at: (x: .nan, y: 10, z: 0)) == 5)
        #expect(try sim.burst(count: 3, ofCell: cell, at: (x: 10, y: 10, z: 0)) == 3)
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        #expect(list.sprites.count == 3, "only the finite burst is drawn: \(list.sprites.count)")
        sim.step(by: 1.0 / 120)
        #expect(sim.totals.nonFinite == 5 && sim.aliveCount == 3, "\(sim.totals)")
    }

    @Test func theEngineCountsRemovalsInItsStatistics() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.addSublayer(Self.emitter(acceleration: -3e38))
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 200, height: 200), threadCount: 1)
        var perFrame = 0
        for _ in 0..<120 {
            engine.advance(by: 1.0 / 60)
            perFrame += engine.statistics.nonFiniteRemoved
        }
        #expect(engine.nonFiniteRemovedTotal > 0, "seed 1, 2 s at −3e38 pt/s²")
        #expect(
            perFrame == engine.nonFiniteRemovedTotal,
            "frame statistics sum to the total: \(perFrame) vs \(engine.nonFiniteRemovedTotal)")
        let fb = try engine.makeFramebuffer(scale: 0.25)
        engine.render(into: fb)
        for entry in engine.emitters { #expect(NumericalChecks.firstNonFinite(in: entry.drawList) == nil) }
    }
}

/// Exploding constraints and field singularities in the physics world: the divergence guard stops the
/// bodies, counts them, and the world keeps stepping with finite state.
@Suite struct PhysicsSafetyTests {
    @Test func anExplodingSpringIsStoppedAndCountedAndTheWorldContinues() throws {
        let world = try PhysicsWorld()
        let a = try PhysicsBody(mass: 1e-6, moment: 1, position: CGPoint(x: 0, y: 0))
        let b = try PhysicsBody(mass: 1e-6, moment: 1, position: CGPoint(x: 1, y: 0))
        _ = try a.addShape(.circle(radius: 1))
        _ = try b.addShape(.circle(radius: 1))
        try world.add(a)
        try world.add(b)
        try world.add(try DampedSpring(a, b, restLength: 1e12, stiffness: 1e12, damping: 0))
        var stopped = 0
        for step in 0..<240 {
            try world.step(1.0 / 120)
            stopped += world.divergedBodies.count
            for body in [a, b] {
                #expect(
                    body.position.x.isFinite && body.position.y.isFinite && body.velocity.dx.isFinite,
                    "step \(step): \(body.position), \(body.velocity)")
            }
        }
        #expect(world.divergedBodyCount > 0, "the spring blows up and the guard stops its bodies")
        #expect(
            world.divergedBodyCount == stopped,
            "the count sums the per-step lists: \(world.divergedBodyCount) vs \(stopped)")
        #expect(
            abs(a.position.x) <= PhysicsLimits.divergenceThreshold
                && abs(b.position.x) <= PhysicsLimits.divergenceThreshold)
    }
}
