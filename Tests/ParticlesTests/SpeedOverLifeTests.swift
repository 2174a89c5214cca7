import Foundation
import LayerKit
import Testing

@testable import Particles

// MARK: - Speed over life (docs/Particles.md, "Speed over life")

private func speedCurve(_ stops: [(Double, Double)], _ mode: ParticleCurveInterpolation = .linear)
    -> ParticleValueCurve
{
    try! ParticleValueCurve(stops: stops.map { (t: $0.0, value: $0.1) }, interpolation: mode)
}

/// An emitter at the origin firing along +x at `speed` points per second, particles living `lifetime`
/// seconds, no acceleration, with `curve` as speed over life.
private func straightEmitter(speed: CGFloat, lifetime: Float, curve: ParticleValueCurve?) -> CAEmitterLayer {
    let (layer, _) = makeEmitter { layer, cell in
        layer.emitterPosition = .zero
        cell.birthRate = 50
        cell.lifetime = lifetime
        cell.velocity = speed
        cell.speedOverLife = curve
    }
    return layer
}

/// Checks every particle's distance from the emitter against `speed × lifetime × ∫₀ᵗ curve` at its own age.
///
/// The tolerance: each step moves a particle by the curve's mean over the step (`SpeedOverLife.factor`),
/// so in exact arithmetic the steps telescope to the integral; what remains is rounding. Per step, the
/// position is rounded to a Float (half an ulp of a coordinate below 256: 2⁻¹⁶ pt) and the integral's
/// difference carries two Float roundings of values ≤ 1 (2⁻²⁴ each) times speed × lifetime. Over n steps
/// that is n × (2⁻¹⁶ + 2 × 2⁻²⁴ × speed × lifetime), plus the age's own rounding (a Float age of a few
/// seconds: 2⁻²² s) times the speed.
private func expectDistances(
    _ sim: EmitterSimulation, speed: Double, lifetime: Double, steps: Int, integral: (Double) -> Double
) {
    let tolerance =
        Double(steps) * (0x1p-16 + 2 * 0x1p-24 * speed * lifetime) + 0x1p-22 * speed
    var checked = 0
    for r in sim.snapshot() {
        let t = Double(r.age) / Double(r.lifetime)
        let expected = speed * Double(r.lifetime) * integral(min(1, t))
        let distance = (Double(r.x) * Double(r.x) + Double(r.y) * Double(r.y)).squareRoot()
        #expect(
            abs(distance - expected) <= tolerance,
            "seed 0, step \(steps), age \(r.age): distance \(distance), expected \(expected) ± \(tolerance)")
        checked += 1
    }
    #expect(checked > 30, "only \(checked) particles")
}

@Test func speedOverLifeLinearToZeroCoversTheIntegralAndStops() {
    // value(t) = 1 − t: ∫₀ᵗ = t − t²/2, so a particle covers speed × lifetime ÷ 2 = 100 pt in its life.
    let layer = straightEmitter(speed: 100, lifetime: 2, curve: speedCurve([(0, 1), (1, 0)]))
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1.9)
    expectDistances(sim, speed: 100, lifetime: 2, steps: 228) { t in t - t * t / 2 }
    let oldest = sim.snapshot().map(\.age).max() ?? 0
    #expect(oldest > 1.85, "oldest particle \(oldest) s")
}

@Test func speedOverLifeStepToZeroStopsAtTheStop() {
    // 1 until t = 0.4, then 0: a particle covers speed × lifetime × min(t, 0.4) and then stands still.
    let layer = straightEmitter(speed: 80, lifetime: 1.5, curve: speedCurve([(0, 1), (0.4, 0), (1, 0)], .step))
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1.4)
    expectDistances(sim, speed: 80, lifetime: 1.5, steps: 168) { t in min(t, 0.4) }
    // The ones past the stop all stand 80 × 1.5 × 0.4 = 48 pt out.
    let parked = sim.snapshot().filter { Double($0.age) > 0.65 }
    #expect(parked.count > 10 && parked.allSatisfy { abs(Double($0.x) - 48) < 1e-3 }, "\(parked.map(\.x))")
}

@Test func speedOverLifeDoesNotDependOnTheStepLength() {
    // A smooth curve (the factor is the curve's mean over each step): 1/60 s and 1/240 s steps agree
    // with the integral within rounding, so with each other.
    let curve = speedCurve([(0, 2), (0.3, 0.5), (1, 0)], .smooth)
    let integral: (Double) -> Double = { t in Double(curve.integral(to: Float(t))) }
    for dt in [1.0 / 60, 1.0 / 240] {
        let layer = straightEmitter(speed: 60, lifetime: 1, curve: curve)
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 0.9, dt: dt)
        expectDistances(sim, speed: 60, lifetime: 1, steps: Int((0.9 / dt).rounded()), integral: integral)
    }
}

@Test func speedOverLifeGivesTheSameStateAt30_60And144FramesPerSecond() {
    func hash(fps: Double) -> UInt64 {
        let (layer, _) = makeEmitter { _, cell in
            cell.lifetime = 1.5
            cell.velocity = 120
            cell.emissionRange = 2 * .pi
            cell.yAcceleration = 90
            cell.speedOverLife = speedCurve([(0, 1.5), (0.5, 0.2), (1, 0)], .smooth)
        }
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

@Test func speedOverLifeStartPositionsAreWhereTheLastStepLeftTheParticles() throws {
    // The step view reads the scaled law backwards: each particle started the step where the previous
    // step left it (what the physics coupling sweeps from).
    let (layer, cell) = makeEmitter { _, cell in
        cell.lifetime = 2
        cell.velocity = 100
        cell.emissionRange = 2 * .pi
        cell.yAcceleration = 50
        cell.speedOverLife = speedCurve([(0, 1), (0.5, 3), (1, 0)])
    }
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 1)
    var before: [UInt32: (Float, Float)] = [:]
    try sim.withStepView(ofCell: cell, .identities) { v in
        for i in 0..<v.count where v.isAlive(i) { before[v.ids![i]] = (v.x[i], v.y[i]) }
    }
    sim.step(by: step120)
    var compared = 0
    try sim.withStepView(ofCell: cell, [.identities, .startPositions]) { v in
        for i in 0..<v.count where v.isAlive(i) {
            guard let (x, y) = before[v.ids![i]] else { continue }
            let s = v.start(i)
            #expect(abs(s.x - Double(x)) < 1e-3 && abs(s.y - Double(y)) < 1e-3, "slot \(i): \(s) vs \((x, y))")
            compared += 1
        }
    }
    #expect(compared > 50)
}

@Test func cellsWithoutSpeedOverLifeKeepTheirStateHash() {
    let (a, _) = makeEmitter { _, cell in cell.velocity = 50 }
    let (b, _) = makeEmitter { _, cell in
        cell.velocity = 50
        cell.speedOverLife = speedCurve([(0, 1), (1, 0)])
        cell.speedOverLife = nil
    }
    let (c, _) = makeEmitter { _, cell in
        cell.velocity = 50
        cell.speedOverLife = speedCurve([(0, 1), (1, 1)])
    }
    let sa = EmitterSimulation(layer: a)
    let sb = EmitterSimulation(layer: b)
    let sc = EmitterSimulation(layer: c)
    run(sa, seconds: 1)
    run(sb, seconds: 1)
    run(sc, seconds: 1)
    #expect(sa.stateHash == sb.stateHash)
    #expect(!b.emitterCells![0].usesEffects && c.emitterCells![0].usesEffects)
    // A constant 1 moves the particles as without the curve, up to rounding.
    for (p, q) in zip(sa.snapshot(), sc.snapshot()) {
        #expect(abs(p.x - q.x) < 1e-3 && abs(p.y - q.y) < 1e-3, "\(p.x), \(p.y) vs \(q.x), \(q.y)")
    }
}

@Test func speedOverLifeIsValidatedLikeTheOtherCurves() {
    let cell = CAEmitterCell()
    #expect(throws: KeyPathError.self) {
        try cell.setLayerValue(.numbers([0, 0, 1, 0.5, 0]), forKeyPath: "speedOverLife")
    }
    #expect(throws: KeyPathError.self) {
        try cell.setLayerValue(.numbers([0, 0, 1, 1, .nan]), forKeyPath: "speedOverLife")
    }
    try? cell.setLayerValue(.numbers([2, 0, 1, 0.5, 0, 1, 0]), forKeyPath: "speedOverLife")
    #expect(cell.speedOverLife?.interpolation == .step && cell.speedOverLife?.values == [1, 0, 0])
}
