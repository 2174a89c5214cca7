import Foundation
import LayerKit
import Testing

@_spi(Benchmarks) @testable import Particles

// MARK: - Values over life (docs/Particles.md, "Values over life")

private func curve(_ stops: [(Double, Double)], _ mode: ParticleCurveInterpolation = .linear) -> ParticleValueCurve {
    try! ParticleValueCurve(stops: stops.map { (t: $0.0, value: $0.1) }, interpolation: mode)
}

@Test func aParticlesColourAtHalfItsLifeIsTheStopInterpolation() throws {
    // White → orange (1, 0.5, 0, 1) at 0.4 → translucent red (1, 0, 0, 0.5) at 1; lifetime 2 s.
    let stops: [(t: Double, color: CGColor)] = [
        (0, CGColor(red: 1, green: 1, blue: 1, alpha: 1)), (0.4, CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)),
        (1, CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)),
    ]
    let (layer, _) = makeEmitter { _, cell in
        cell.lifetime = 2
        cell.color = CGColor(red: 0.8, green: 0.6, blue: 1, alpha: 1)
        cell.redSpeed = -3  // not used while colorOverLife is set
        cell.colorOverLife = try! ParticleColorCurve(stops: stops)
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1.5)
    var list = ParticleDrawList()
    sim.makeDrawList(into: &list)
    let records = sim.snapshot()
    let half = try #require(records.firstIndex { abs($0.age - 1) < 0.5 / 120 })
    // At t = 0.5, 1/6 of the way from stop 1 to stop 2, premultiplied: (1, 0.5, 0, 1) → (0.5, 0, 0, 0.5).
    let s: Double = (0.5 - 0.4) / 0.6
    let a = 1 + (0.5 - 1) * s
    let premultiplied = [1 + (0.5 - 1) * s, 0.5 * (1 - s), 0]
    let expected = [0.8 * premultiplied[0] / a, 0.6 * premultiplied[1] / a, 0, a]
    let r = records[half]
    let got = [r.red, r.green, r.blue, r.alpha].map(Double.init)
    let age = Double(r.age)
    // The record is at its own age, within half a step of 1 s: allow the slope × that age difference.
    for k in 0..<4 {
        #expect(
            abs(got[k] - expected[k]) <= 1.0 / 255, "seed 0, age \(age), component \(k): \(got[k]) vs \(expected[k])")
    }
    // The draw list carries the same colour rounded to 8 bits.
    let sprite = list.sprites[half]
    #expect(abs(Double(sprite.r) - 255 * expected[0]) <= 1.0 && abs(Double(sprite.a) - 255 * expected[3]) <= 1.0)
}

@Test func alphaAndScaleOverLifeMultiplyAndReplaceTheirSpeeds() {
    let (layer, _) = makeEmitter { _, cell in
        cell.lifetime = 4
        cell.scale = 2
        cell.scaleSpeed = 10  // not used while scaleOverLife is set
        cell.alphaSpeed = -1  // not used while alphaOverLife is set
        cell.alphaOverLife = curve([(0, 0), (0.25, 1), (1, 0)])
        cell.scaleOverLife = curve([(0, 1), (1, 3)])
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 3)
    for r in sim.snapshot() {
        let t = Double(r.age) / 4
        let alpha = t < 0.25 ? t / 0.25 : 1 - (t - 0.25) / 0.75
        #expect(abs(Double(r.alpha) - alpha) < 1e-5, "age \(r.age): alpha \(r.alpha), expected \(alpha)")
        #expect(abs(Double(r.scale) - 2 * (1 + 2 * t)) < 1e-5, "age \(r.age): scale \(r.scale)")
    }
}

@Test func smoothCurvesNeverOvershootTheirStops() {
    // A spike and a plateau: an ordinary cubic spline would swing below 0 and above 1 here.
    let c = curve([(0, 0), (0.1, 1), (0.2, 1), (0.5, 0), (0.55, 0), (1, 0.3)], .smooth)
    var previous = c.value(at: 0)
    for k in 0...10_000 {
        let t = Float(k) / 10_000
        let v = c.value(at: t)
        let segment = c.times.lastIndex { $0 <= t }!
        let next = min(segment + 1, c.times.count - 1)
        let lo = min(c.values[segment], c.values[next])
        let hi = max(c.values[segment], c.values[next])
        #expect(v >= lo - 1e-6 && v <= hi + 1e-6, "t \(t): \(v) outside [\(lo), \(hi)]")
        previous = v
    }
    _ = previous
    // It passes through every stop.
    for (t, v) in zip(c.times, c.values) { #expect(abs(c.value(at: t) - v) < 1e-6) }
}

@Test func stepCurvesHoldEachStopUntilTheNext() {
    let c = curve([(0, 1), (0.5, 2), (1, 3)], .step)
    #expect(c.value(at: 0.49) == 1 && c.value(at: 0.5) == 2 && c.value(at: 0.99) == 2 && c.value(at: 1) == 3)
}

@Test func spinOverLifeTurnsBySpinTimesTheCurvesIntegral() {
    let (layer, _) = makeEmitter { _, cell in
        cell.lifetime = 2
        cell.spin = 3
        cell.spinOverLife = curve([(0, 1), (1, 0)])  // slows to a stop
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1.9)
    for r in sim.snapshot() {
        let t = Double(r.age) / 2
        // ∫₀ᵗ (1 − u) du = t − t²/2, × spin × lifetime.
        let expected = 3 * 2 * (t - t * t / 2)
        #expect(abs(Double(r.rotation) - expected) < 1e-4, "age \(r.age): rotation \(r.rotation), expected \(expected)")
    }
}

@Test func curvesAreValidatedWithPreciseErrors() {
    func message(_ stops: [(Double, Double)]) -> String? {
        do {
            _ = try ParticleValueCurve(stops: stops.map { (t: $0.0, value: $0.1) })
            return nil
        } catch { return "\(error)" }
    }
    #expect(message([(0, 1)]) == "expected 2…16 stops, got 1")
    #expect(message(Array(repeating: (0, 0), count: 17)) == "expected 2…16 stops, got 17")
    #expect(message([(0.1, 1), (1, 0)]) == "the first stop must be at t = 0, got 0.1")
    #expect(message([(0, 1), (0.9, 0)]) == "the last stop must be at t = 1, got 0.9")
    #expect(
        message([(0, 1), (0.5, 0), (0.5, 1), (1, 0)])
            == "stop times must increase strictly: stop 2 is at t = 0.5 after 0.5")
    #expect(message([(0, .nan), (1, 0)]) == "stop times and values must be finite")
    let cell = CAEmitterCell()
    #expect(throws: KeyPathError.self) {
        try cell.setLayerValue(.numbers([0, 0.2, 1, 1, 0]), forKeyPath: "alphaOverLife")
    }
    #expect(throws: KeyPathError.self) {
        try cell.setLayerValue(.numbers([7, 0, 1, 1, 0]), forKeyPath: "alphaOverLife")
    }
    #expect(throws: KeyPathError.self) { try cell.setLayerValue(.number(0), forKeyPath: "burstCount") }
    #expect(throws: KeyPathError.self) { try cell.setLayerValue(.number(1.5), forKeyPath: "burstProbability") }
    #expect(throws: KeyPathError.self) { try cell.setLayerValue(.number(-1), forKeyPath: "stretchWithVelocity") }
}

@Test func valuesOverLifeGiveTheSameStateAt30_60And144FramesPerSecond() {
    func hash(fps: Double) -> UInt64 {
        let (layer, _) = makeEmitter { _, cell in
            cell.lifetime = 1.5
            cell.velocity = 80
            cell.emissionRange = 2 * .pi
            cell.colorOverLife = try! ParticleColorCurve(
                stops: [
                    (0, CGColor(red: 1, green: 1, blue: 0.5, alpha: 1)),
                    (1, CGColor(red: 1, green: 0, blue: 0, alpha: 0)),
                ],
                interpolation: .smooth)
            cell.scaleOverLife = curve([(0, 0.2), (0.3, 1), (1, 2)], .smooth)
            cell.spin = 2
            cell.spinOverLife = curve([(0, 1), (0.5, 0), (1, -1)])
        }
        // Frames only decide how many fixed steps run: a 1/120 s step, frames of 1/fps.
        let sim = EmitterSimulation(layer: layer)
        var accepted = 0.0
        var steps = 0
        for _ in 0..<Int(2 * fps) {
            accepted += 1 / fps
            let due = Int((accepted / step120 + 1e-6).rounded(.down))
            while steps < due {
                sim.step(by: step120)
                steps += 1
            }
            var list = ParticleDrawList()
            sim.makeDrawList(into: &list)
        }
        return sim.stateHash
    }
    let h30 = hash(fps: 30)
    #expect(h30 == hash(fps: 60) && h30 == hash(fps: 144), "state hash at 30 fps \(h30)")
}

@Test func cellsWithoutEffectsKeepTheirStateHash() {
    // The same cell with effect properties written at their defaults hashes as one that never set them.
    let (a, _) = makeEmitter { _, cell in cell.velocity = 50 }
    let (b, _) = makeEmitter { _, cell in
        cell.velocity = 50
        cell.burstCount = 1
        cell.burstProbability = 1
        cell.stretchWithVelocity = 0
        cell.birthsPerPoint = 0
    }
    let sa = EmitterSimulation(layer: a)
    let sb = EmitterSimulation(layer: b)
    run(sa, seconds: 1)
    run(sb, seconds: 1)
    #expect(sa.stateHash == sb.stateHash)
    #expect(!b.emitterCells![0].usesEffects)
}

// MARK: - Streaks (docs/Particles.md, "Streaks")

@Test func stretchWithVelocityLengthensSpritesAlongTheirVelocity() {
    let (layer, cell) = makeEmitter { _, cell in
        cell.lifetime = 1
        cell.velocity = 300
        cell.emissionLongitude = .pi / 2  // straight down the screen
        cell.stretchWithVelocity = 0.05
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 0.5)
    var list = ParticleDrawList()
    sim.makeDrawList(into: &list)
    let width = Float(cell.contents!.width) / Float(cell.contentsScale)
    #expect(!list.sprites.isEmpty)
    for s in list.sprites {
        // Length = width × scale + 0.05 s × 300 pt/s = width + 15.
        #expect(abs(s.stretch * width - (width + 15)) < 1e-3, "stretch \(s.stretch), width \(width)")
        #expect(abs(s.rotation - .pi / 2) < 1e-5, "rotation \(s.rotation)")
    }
}

// MARK: - Event cells (docs/Particles.md, "Event cells")

/// Rockets (no contents) that die after 0.5 s, each death bursting `count` stars.
private func deathBurstEmitter(count: Int, probability: Float = 1) -> (CAEmitterLayer, CAEmitterCell, CAEmitterCell) {
    let (layer, rocket) = makeEmitter { _, cell in
        cell.contents = nil
        cell.birthRate = 4
        cell.lifetime = 0.5
        cell.velocity = 100
        cell.emissionLongitude = -.pi / 2
    }
    let star = CAEmitterCell()
    star.name = "star"
    star.contents = rocket.contents ?? dot
    star.birthRate = 1000  // not used: an event cell emits only in bursts
    star.lifetime = 10
    star.velocity = 50
    star.emissionRange = 2 * .pi
    star.burstCount = count
    star.burstProbability = probability
    rocket.emitterCells = [star]
    rocket.deathCells = ["star"]
    return (layer, rocket, star)
}

@Test func eachDeathEmitsExactlyBurstCountChildren() throws {
    for count in [1, 7, 40] {
        let (layer, rocket, star) = deathBurstEmitter(count: count)
        let sim = EmitterSimulation(layer: layer)
        var deaths = 0
        var births = 0
        for _ in 0..<240 {
            let before = try #require(sim.counters(for: star)).born
            sim.step(by: step120)
            let died = try #require(sim.counters(for: rocket)).died
            let born = try #require(sim.counters(for: star)).born
            births += born - before
            deaths = died
            #expect(
                births == count * deaths,
                "burstCount \(count), step \(sim.stepCount): \(births) stars, \(deaths) deaths")
        }
        #expect(deaths == 6, "burstCount \(count): 4 rockets/s for 2 s, each dying after 0.5 s")
    }
}

@Test func deathBurstsStartWhereAndWhenTheParentDied() {
    let (layer, _, _) = deathBurstEmitter(count: 5)
    layer.emitterCells![0].emitterCells![0].velocity = 0
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 91.0 / 120)
    // The first rocket is born at 0.25 s and dies at 0.75 s, 50 points up (no acceleration).
    let stars = sim.snapshot().filter { $0.cell.name == "star" }
    #expect(stars.count == 5)
    for s in stars {
        #expect(abs(Double(s.y) + 50) < 1e-3 && abs(Double(s.x)) < 1e-4, "star at (\(s.x), \(s.y))")
        // 91 steps of 1/120 s end 91/120 − 0.75 s after the death.
        #expect(abs(Double(s.age) - (91.0 / 120 - 0.75)) < 1e-5, "star age \(s.age)")
    }
}

@Test func burstProbabilityIsSeededAndThinsTheBursts() throws {
    func run(seed: UInt32) throws -> (Int, Int) {
        let (layer, rocket, star) = deathBurstEmitter(count: 3, probability: 0.5)
        layer.emitterCells![0].birthRate = 200
        layer.seed = seed
        let sim = EmitterSimulation(layer: layer)
        for _ in 0..<240 { sim.step(by: step120) }
        return (try #require(sim.counters(for: rocket)).died, try #require(sim.counters(for: star)).born)
    }
    let (deaths, stars) = try run(seed: 3)
    #expect(stars % 3 == 0)
    let bursts = Double(stars / 3) / Double(deaths)
    #expect(abs(bursts - 0.5) < 0.06, "seed 3: \(stars / 3) bursts for \(deaths) deaths")
    #expect(try run(seed: 3) == (deaths, stars))
}

@Test func birthCellsBurstOnceWhenTheParentIsBorn() throws {
    let (layer, rocket) = makeEmitter { _, cell in
        cell.birthRate = 10
        cell.lifetime = 5
    }
    let flash = CAEmitterCell()
    flash.name = "flash"
    flash.contents = dot
    flash.lifetime = 0.2
    flash.burstCount = 3
    rocket.emitterCells = [flash]
    rocket.birthCells = ["flash"]
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1)
    #expect(try #require(sim.counters(for: rocket)).born == 10)
    #expect(try #require(sim.counters(for: flash)).born == 30)
}

// MARK: - Emission by distance (docs/Particles.md, "Emission by distance")

@Test func anEmitterDragged300PointsLeaves30ParticlesTenPointsApart() {
    for steps in [60, 120, 144, 37] {
        let (layer, _) = makeEmitter { layer, cell in
            cell.birthRate = 0
            cell.velocity = 0
            cell.birthsPerPoint = 0.1
            layer.emitterPosition = CGPoint(x: 100, y: 200)
        }
        let sim = EmitterSimulation(layer: layer)
        sim.step(by: 1.0 / Double(steps))
        for k in 1...steps {
            layer.emitterPosition = CGPoint(x: 100 + 300 * Double(k) / Double(steps), y: 200)
            sim.step(by: 1.0 / Double(steps))
        }
        let xs = sim.snapshot().map { Double($0.x) }.sorted()
        #expect(xs.count == 30, "\(steps) steps: \(xs.count) particles")
        for (k, x) in xs.enumerated() {
            #expect(abs(x - (110 + 10 * Double(k))) <= 0.5, "\(steps) steps: particle \(k) at \(x)")
        }
    }
}

@Test func aStillEmitterEmitsNothingByDistance() {
    let (layer, _) = makeEmitter { _, cell in
        cell.birthRate = 0
        cell.birthsPerPoint = 5
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1)
    #expect(sim.aliveCount == 0)
}
