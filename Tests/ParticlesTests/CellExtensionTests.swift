import Foundation
import LayerKit
import Testing

@_spi(Benchmarks) @testable import Particles

// MARK: - Cell extensions (docs/Particles.md, "Extensions")

/// An emitter at `centre` whose particles start at rest on a circle of radius 50 around it.
private func ringEmitter(centre: CGPoint = .zero, _ configure: (CAEmitterCell) -> Void) -> (
    CAEmitterLayer, CAEmitterCell
) {
    makeEmitter { layer, cell in
        layer.emitterPosition = centre
        layer.emitterShape = .circle
        layer.emitterMode = .outline
        layer.emitterSize = CGSize(width: 50, height: 0)
        cell.velocity = 0
        configure(cell)
    }
}

private func distance(_ r: ParticleRecord, from c: CGPoint = .zero) -> Double {
    let dx = Double(r.x) - Double(c.x)
    let dy = Double(r.y) - Double(c.y)
    return (dx * dx + dy * dy).squareRoot()
}

@Test func radialAccelerationPullsParticlesStraightTowardTheEmitter() {
    let (layer, _) = ringEmitter { $0.radialAcceleration = -100 }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 0.5)
    let records = sim.snapshot()
    #expect(records.count >= 45)
    for r in records {
        // Straight inward from radius 50 under 100 pt/s²: d = 50 − ½·100·age².
        let expected = 50 - 50 * Double(r.age) * Double(r.age)
        #expect(
            abs(distance(r) - expected) < 0.05, "seed 0, age \(r.age): distance \(distance(r)), expected \(expected)")
    }
}

@Test func tangentialAccelerationTurnsClockwiseOnScreen() {
    let (layer, _) = ringEmitter { $0.tangentialAcceleration = 100 }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 0.25)
    let records = sim.snapshot().filter { $0.age > 0.05 }
    #expect(!records.isEmpty)
    for r in records {
        // r × v > 0: the velocity is the radial direction turned from +x toward +y.
        let cross = Double(r.x) * Double(r.vy) - Double(r.y) * Double(r.vx)
        let speed = (Double(r.vx) * Double(r.vx) + Double(r.vy) * Double(r.vy)).squareRoot()
        #expect(cross > 0, "age \(r.age): position (\(r.x), \(r.y)), velocity (\(r.vx), \(r.vy))")
        #expect(abs(speed - 100 * Double(r.age)) < 0.5, "age \(r.age): speed \(speed), expected \(100 * r.age)")
    }
}

@Test func radialAndTangentialRangesAreSampledPerParticle() {
    let (layer, _) = ringEmitter { cell in
        cell.radialAcceleration = -100
        cell.radialAccelerationRange = 50
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 0.5)
    // Implied acceleration 2(50 − d)/age² spreads over [50, 150].
    let implied = sim.snapshot().filter { $0.age > 0.2 }.map {
        2 * (50 - distance($0)) / (Double($0.age) * Double($0.age))
    }
    #expect(
        implied.min()! < 70 && implied.max()! > 130, "implied radial accelerations \(implied.min()!)…\(implied.max()!)")
    #expect(implied.allSatisfy { $0 > 49 && $0 < 151 })
}

@Test func endColorIsReachedLinearlyOverTheLifetime() {
    let (layer, _) = makeEmitter { _, cell in
        cell.lifetime = 2
        cell.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        cell.endColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        cell.redSpeed = 5  // ignored while endColor is set
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1.5)
    for r in sim.snapshot() {
        let f = r.age / 2
        #expect(abs(r.red - (1 - f)) < 2e-3, "age \(r.age): red \(r.red)")
        #expect(abs(r.blue - f) < 2e-3, "age \(r.age): blue \(r.blue)")
        #expect(abs(r.alpha - (1 - 0.5 * f)) < 2e-3, "age \(r.age): alpha \(r.alpha)")
    }
}

@Test func endColorRangeGivesEachParticleItsOwnEndColour() {
    let (layer, _) = makeEmitter { _, cell in
        cell.lifetime = 2
        cell.color = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        cell.endColor = CGColor(red: 0, green: 0, blue: 0.5, alpha: 1)
        cell.endBlueRange = 0.5
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1.5)
    let ends = sim.snapshot().filter { $0.age > 0.5 }.map { Double($0.blue) * 2 / Double($0.age) }
    #expect(ends.min()! < 0.1 && ends.max()! > 0.9, "end blues \(ends.min()!)…\(ends.max()!)")
    #expect(abs(ends.reduce(0, +) / Double(ends.count) - 0.5) < 0.08)
}

@Test func endScaleAndEndRotationInterpolateFromTheBirthValues() {
    let (layer, _) = makeEmitter { _, cell in
        cell.lifetime = 2
        cell.scale = 1
        cell.endScale = 3
        cell.rotation = 1
        cell.endRotation = 3
        cell.spin = 10  // ignored while endRotation is set
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1.5)
    let records = sim.snapshot()
    #expect(!records.isEmpty)
    for r in records {
        #expect(abs(r.scale - (1 + r.age)) < 1e-4, "age \(r.age): scale \(r.scale)")
        #expect(abs(r.rotation - (1 + r.age)) < 1e-4, "age \(r.age): rotation \(r.rotation)")
        #expect(abs(r.spin - 1) < 1e-6)
    }
}

@Test func rotationRangeSpreadsTheBirthRotation() {
    let (layer, _) = makeEmitter { _, cell in
        cell.rotation = 0
        cell.rotationRange = 1
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1)
    let rotations = sim.snapshot().map(\.rotation)
    #expect(rotations.min()! < -0.8 && rotations.max()! > 0.8 && rotations.allSatisfy { abs($0) <= 1 })
}

@Test func orbitingParticlesFollowTheirRadiusAndAngularVelocity() {
    let centre = CGPoint(x: 100, y: 100)
    let (layer, _) = makeEmitter { layer, cell in
        layer.emitterPosition = centre
        cell.lifetime = 1
        cell.velocity = 500  // not used by orbits
        cell.yAcceleration = 300
        cell.orbitRadius = 60
        cell.orbitEndRadius = 0
        cell.orbitAngularVelocity = 2 * .pi
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 0.9)
    let records = sim.snapshot()
    #expect(records.count >= 80)
    for r in records {
        let a = Double(r.age)
        let radius = 60 * (1 - a)
        let x = 100 + radius * cos(2 * .pi * a)
        let y = 100 + radius * sin(2 * .pi * a)
        #expect(
            abs(Double(r.x) - x) < 0.01 && abs(Double(r.y) - y) < 0.01,
            "age \(a): (\(r.x), \(r.y)), expected (\(x), \(y))")
    }
}

@Test func orbitRangesSpreadRadiusAndAngularVelocity() {
    let (layer, _) = makeEmitter { _, cell in
        cell.lifetime = 10
        cell.orbitRadius = 50
        cell.orbitRadiusRange = 20
        cell.orbitAngularVelocity = 1
        cell.orbitAngularVelocityRange = 0.5
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1)
    let radii = sim.snapshot().map { distance($0) }
    #expect(radii.min()! < 33 && radii.max()! > 67 && radii.allSatisfy { $0 >= 29.99 && $0 <= 70.01 })
}

@Test func cellsWithoutExtensionsKeepTheirBaseBytesPerParticle() {
    // S1 is planar without scale, spin or colour ranges: z, vz, scale, spin and colour are shared, 24
    // bytes per particle.
    let (plain, _) = makeS1()
    let a = EmitterSimulation(layer: plain)
    run(a, seconds: 0.5)
    #expect(a.cells[0].store.bytesPerParticleInUse == 24)
    #expect(a.cells[0].store.extraMask == 0)

    // A cocos2d radius-mode cell (orbit, end colour, end scale): 24 + 16 + 16 + 4 bytes (the
    // end colour and end scale are extension columns; the base colour and scale stay shared).
    let (orbit, _) = makeEmitter { _, cell in
        cell.orbitRadius = 60
        cell.endColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        cell.endScale = 2
    }
    let b = EmitterSimulation(layer: orbit)
    run(b, seconds: 0.5)
    #expect(b.cells[0].store.bytesPerParticleInUse == 60)
    // A gravity-mode cell with radial/tangential acceleration and an end colour: 24 + 8 + 16.
    let (gravity, _) = makeEmitter { _, cell in
        cell.radialAcceleration = -20
        cell.endColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
    }
    let c = EmitterSimulation(layer: gravity)
    run(c, seconds: 0.5)
    #expect(c.cells[0].store.bytesPerParticleInUse == 48)
}

@Test func extensionCellsAreDeterministicAndSurviveRemoval() {
    func hash(seed: UInt32) -> UInt64 {
        let (layer, _) = ringEmitter { cell in
            cell.lifetime = 0.5
            cell.lifetimeRange = 0.4
            cell.birthRate = 400
            cell.radialAcceleration = -30
            cell.tangentialAccelerationRange = 40
            cell.endColor = CGColor(red: 0, green: 1, blue: 0, alpha: 0)
            cell.endRedRange = 0.3
            cell.endScale = 0.2
            cell.rotationRange = 1
        }
        layer.seed = seed
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 3)  // many compactions of the extension columns
        return sim.stateHash
    }
    #expect(hash(seed: 1) == hash(seed: 1))
    #expect(hash(seed: 1) != hash(seed: 2))
}

@Test func switchingAnExtensionOnKeepsLiveParticles() {
    let (layer, cell) = makeS1()
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1)
    let before = sim.aliveCount
    cell.endColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    cell.radialAcceleration = 10
    run(sim, seconds: step120)
    #expect(sim.aliveCount >= before)
    var list = ParticleDrawList()
    sim.makeDrawList(into: &list)
    #expect(list.sprites.count == sim.aliveCount)
}

@Test func orbitSineAndCosineAreAccurate() {
    var worst: Double = 0
    var x: Float = -200
    while x < 200 {
        let sc = ExtendedMotion.sinCos(x)
        worst = max(worst, abs(Double(sc.sin) - sin(Double(x))), abs(Double(sc.cos) - cos(Double(x))))
        x += 0.0137
    }
    #expect(worst < 4e-7, "largest error \(worst) on [-200, 200]")
}
