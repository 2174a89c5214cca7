import Foundation
import LayerKit
import Testing

@testable import Particles

/// Draw order per renderMode (docs/Design.md §3.7): birth order across all cells for unordered, oldestFirst
/// and additive; newest first for oldestLast; far to near for backToFront.
@Suite struct RenderOrderTests {
    /// Two cells (different rates and colours) emitting for 1 s; returns the draw list and the snapshot.
    static func twoCells(
        _ mode: CAEmitterLayerRenderMode, configure: (CAEmitterCell, CAEmitterCell) -> Void = { _, _ in }
    )
        -> (ParticleDrawList, [ParticleRecord])
    {
        let layer = CAEmitterLayer()
        layer.renderMode = mode
        layer.seed = 4
        let a = CAEmitterCell()
        let b = CAEmitterCell()
        for (cell, rate) in [(a, 37), (b, 53)] as [(CAEmitterCell, Float)] {
            cell.contents = dot
            cell.birthRate = rate
            cell.lifetime = 10
            cell.velocity = 20
            cell.emissionRange = 2 * .pi
        }
        a.name = "a"
        b.name = "b"
        a.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        configure(a, b)
        layer.emitterCells = [a, b]
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        return (list, sim.snapshot())
    }

    static func sameParticles(_ sprites: [ParticleSprite], _ records: [ParticleRecord]) -> Bool {
        sprites.count == records.count
            && zip(sprites, records).allSatisfy { $0.x == $1.x && $0.y == $1.y && $0.z == $1.z }
    }

    @Test(arguments: [CAEmitterLayerRenderMode.unordered, .oldestFirst, .additive])
    func birthOrderModesDrawTheOldestFirstAcrossCells(_ mode: CAEmitterLayerRenderMode) {
        let (list, records) = Self.twoCells(mode)
        #expect(list.renderMode == mode)
        #expect(Self.sameParticles(list.sprites, records), "\(mode.rawValue): sprites follow the global birth order")
        // Global birth order: ages never increase by more than the step within which births interleave.
        let ages = records.map(\.age)
        #expect(zip(ages, ages.dropFirst()).allSatisfy { $0 >= $1 - Float(step120) }, "ages along the draw order")
        #expect(
            Set(list.sprites.map(\.appearance)).count == 2 && records.count == 90, "both cells drawn: \(records.count)")
        // Both cells interleave rather than one cell drawing entirely on top.
        let firstB = list.sprites.firstIndex { $0.b == 255 } ?? 0
        let lastA = list.sprites.lastIndex { $0.r == 255 } ?? 0
        #expect(firstB < lastA, "cells interleave in birth order")
    }

    @Test func oldestLastDrawsTheNewestFirst() {
        let (list, records) = Self.twoCells(.oldestLast)
        #expect(Self.sameParticles(list.sprites, records.reversed()), "reverse birth order")
    }

    @Test func backToFrontDrawsFarToNear() {
        let (list, _) = Self.twoCells(.backToFront) { a, b in
            a.emissionLatitude = 0.5
            b.emissionLatitude = -0.3
            a.zAcceleration = -5
        }
        let z = list.sprites.map(\.z)
        #expect(zip(z, z.dropFirst()).allSatisfy { $0 <= $1 }, "z ascending (far first)")
        #expect(Set(z).count > 50, "particles spread in depth")
    }

    @Test func additiveIsReportedForOneOneBlending() {
        let (layer, _) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 0.5)
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        #expect(list.renderMode == .additive && list.appearances.count == 1 && list.appearances[0].contents === dot)
    }

    @Test func drawListCarriesScaleRotationAndClampedColour() {
        let (layer, _) = makeEmitter { _, cell in
            cell.birthRate = 0
            cell.scale = 2
            cell.scaleSpeed = -0.5
            cell.spin = 1
            cell.color = CGColor(red: 0.5, green: 0.25, blue: 1, alpha: 0.8)
            cell.greenSpeed = 1
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1)
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        guard let s = list.sprites.first else {
            Issue.record("no sprite")
            return
        }
        #expect(abs(s.scale - 1.5) < 1e-5 && abs(s.rotation - 1) < 1e-5, "scale \(s.scale), rotation \(s.rotation)")
        #expect(s.r == 128 && s.g == 255 && s.b == 255 && s.a == 204, "tint (\(s.r), \(s.g), \(s.b), \(s.a))")
    }

    @Test func invisibleParticlesAreLeftOut() {
        let (layer, _) = makeEmitter { _, cell in
            cell.birthRate = 0
            cell.alphaSpeed = -1
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 3, cellNamed: "cell")
        run(sim, seconds: 1.5)
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        #expect(
            sim.aliveCount == 3 && list.sprites.isEmpty,
            "alpha 0: alive \(sim.aliveCount), sprites \(list.sprites.count)")
    }
}
