import Foundation
import LayerKit
import Testing

@testable import Particles

// MARK: - Trails (docs/Particles.md, "Trails")

/// One particle a second flying right at `speed` points per second from (0, 0), no acceleration, with
/// `trail`; the emitter steps at 120 steps per second.
private func trailEmitter(speed: CGFloat = 120, _ trail: ParticleTrail?) -> (CAEmitterLayer, CAEmitterCell) {
    makeEmitter { layer, cell in
        layer.emitterPosition = .zero
        cell.birthRate = 1
        cell.lifetime = 10
        cell.velocity = speed
        cell.trail = trail
    }
}

@Test func aTrailOfHalfASecondAt120StepsPerSecondHas61Points() throws {
    // The documented count: the head plus one sample per step of the last `duration` seconds,
    // ⌊duration × steps per second⌋ + 1 = ⌊0.5 × 120⌋ + 1 = 61 points spanning exactly 0.5 s.
    let (layer, _) = trailEmitter(try ParticleTrail(duration: 0.5))
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 2)
    let points = try #require(try sim.trailPoints(forCellNamed: "cell", particle: 0))
    #expect(points.count == 61, "seed 0, step 240: \(points.count) points, expected 61")
    // 120 pt/s for 0.5 s: the tail is 60 points behind the head, each sample one step (1 pt) apart.
    let span = points[0].x - points[points.count - 1].x
    #expect(abs(span - 60) < 1e-3, "seed 0, step 240: head \(points[0]), tail \(points.last!), span \(span)")
    for k in 1..<points.count {
        #expect(abs(points[k - 1].x - points[k].x - 1) < 1e-3, "sample \(k): \(points[k - 1].x) → \(points[k].x)")
    }
    // A particle younger than the duration has one point per step end it has lived through, plus its
    // head: ⌊age × 120⌋ + 1.
    run(sim, seconds: 0.25)
    let youngest = sim.snapshot().count - 1
    let young = try #require(try sim.trailPoints(forCellNamed: "cell", particle: youngest))
    let age = Double(sim.snapshot()[youngest].age)
    #expect(young.count == Int((age * 120).rounded(.down)) + 1, "age \(age): \(young.count) points")
}

@Test func aTrailOfALengthIsCutThereAlongItsPath() throws {
    // 20 points of path at 120 pt/s and 120 steps/s: the head and 20 samples 1 pt apart, the last at
    // exactly 20 points; the ribbon in the draw list is 20 points long.
    let (layer, _) = trailEmitter(try ParticleTrail(length: 20))
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 2)
    var list = ParticleDrawList()
    sim.makeDrawList(into: &list)
    let r = try #require(list.ribbons.first)
    let points = list.ribbonPoints[Int(r.first)..<Int(r.first + r.count)]
    var length: Float = 0
    for k in points.indices.dropFirst() {
        length += hypotf(points[k].x - points[k - 1].x, points[k].y - points[k - 1].y)
    }
    #expect(abs(length - 20) < 1e-3, "seed 0, step 240: ribbon of \(r.count) points, \(length) pt long")
    #expect(r.count == 21, "seed 0, step 240: \(r.count) ribbon points, expected 21")
    // A length shorter than the duration's path wins when both are given (the first limit reached).
    let (both, _) = trailEmitter(try ParticleTrail(duration: 1, length: 20))
    let sim2 = EmitterSimulation(layer: both)
    run(sim2, seconds: 2)
    var list2 = ParticleDrawList()
    sim2.makeDrawList(into: &list2)
    #expect(list2.ribbons.first == r, "duration 1 s and length 20: \(String(describing: list2.ribbons.first))")
}

@Test func ribbonPointsCarryTheStopsAtHeadAndTail() throws {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
    let trail = try ParticleTrail(
        duration: 0.5, width: 10,
        widthOverTrail: ParticleValueCurve(stops: [(t: 0, value: 1), (t: 1, value: 0.2)]),
        colorOverTrail: ParticleColorCurve(stops: [(t: 0, color: red), (t: 1, color: blue)]))
    let (layer, cell) = trailEmitter(trail)
    cell.color = CGColor(red: 1, green: 1, blue: 0.5, alpha: 1)
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 2)
    var list = ParticleDrawList()
    sim.makeDrawList(into: &list)
    let r = try #require(list.ribbons.first)
    let head = list.ribbonPoints[Int(r.first)]
    let tail = list.ribbonPoints[Int(r.first + r.count - 1)]
    #expect(head.width == 10 && abs(tail.width - 2) < 1e-5, "widths head \(head.width), tail \(tail.width)")
    // Particle colour (1, 1, 0.5, 1) × stop, straight: head (255, 0, 0, 255), tail (0, 0, 0.5, 0.5) × 255.
    #expect([head.r, head.g, head.b, head.a] == [255, 0, 0, 255], "head \(head)")
    #expect([tail.r, tail.g, tail.b, tail.a] == [0, 0, 128, 128], "tail \(tail)")
    // Sprites are drawn unless drawsParticle is false; the ribbons stay.
    #expect(
        list.sprites.count == list.ribbons.count + 1, "\(list.sprites.count) sprites, \(list.ribbons.count) ribbons")
    var quiet = trail
    quiet.drawsParticle = false
    cell.trail = quiet
    sim.step(by: step120)
    sim.makeDrawList(into: &list)
    #expect(list.sprites.isEmpty && !list.ribbons.isEmpty, "\(list.sprites.count) sprites without drawsParticle")
}

@Test func theTrailBudgetKeepsTheOldestParticlesTrailsAndWarnsOnce() throws {
    // Each grown trail stores 60 points (0.5 s at 120 steps/s; the head is the particle itself): with a
    // budget of 100 the oldest particle keeps 60, the next 40, the younger ones none (no ribbon).
    let (layer, _) = trailEmitter(try ParticleTrail(duration: 0.5, maxPoints: 100))
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 4.5)
    #expect(try sim.trailPointCount(forCellNamed: "cell") == 100)
    let counts = try (0..<4).map { try sim.trailPoints(forCellNamed: "cell", particle: $0)?.count ?? 0 }
    #expect(counts == [61, 41, 0, 0], "seed 0, step 540: points per trail (head included) \(counts)")
    let warning = try #require(sim.takeTrailBudgetWarning())
    #expect(warning.description.contains("trail.maxPoints = 100") && warning.description.contains("raise"))
    run(sim, seconds: 1)
    #expect(sim.takeTrailBudgetWarning() == nil, "the warning is given once")
    // Deterministic: the same run twice gives the same state.
    let (again, _) = trailEmitter(try ParticleTrail(duration: 0.5, maxPoints: 100))
    let sim2 = EmitterSimulation(layer: again)
    run(sim2, seconds: 5.5)
    #expect(sim2.stateHash == sim.stateHash)
}

@Test func theStateHashIncludesTrailParametersAndPoints() throws {
    func hash(_ trail: ParticleTrail?, seconds: Double = 1) -> UInt64 {
        let (layer, _) = trailEmitter(trail)
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: seconds)
        return sim.stateHash
    }
    let plain = hash(nil)
    let trail = try ParticleTrail(duration: 0.5)
    let base = hash(trail)
    #expect(base != plain, "a trail adds its points")
    var wider = trail
    wider.width = 5
    #expect(hash(wider) != base, "the width is a parameter of the hash")
    #expect(hash(try ParticleTrail(duration: 0.25)) != base, "fewer points change the hash")
    // A cell whose trail is removed is the plain cell again (positions, colours and counters unchanged).
    let (layer, cell) = trailEmitter(trail)
    let sim = EmitterSimulation(layer: layer)
    run(sim, seconds: 0.5)
    cell.trail = nil
    run(sim, seconds: 0.5)
    #expect(sim.stateHash == plain, "trail removed after 0.5 s: \(sim.stateHash) vs plain \(plain)")
}

@Test func trailValidationNamesTheKeyAndTheFix() {
    func message(_ make: () throws -> ParticleTrail) -> String {
        do {
            _ = try make()
            return ""
        } catch {
            return "\(error)"
        }
    }
    #expect(message { try ParticleTrail() }.contains("needs \"duration\" (seconds) or \"length\" (points)"))
    #expect(message { try ParticleTrail(duration: -1) }.contains("\"duration\" must be a finite number of seconds > 0"))
    #expect(message { try ParticleTrail(length: .nan) }.contains("\"length\" must be a finite number of points > 0"))
    #expect(message { try ParticleTrail(duration: 1, width: -2) }.contains("\"width\" must be"))
    #expect(
        message {
            try ParticleTrail(
                duration: 1, widthOverTrail: ParticleValueCurve(stops: [(t: 0, value: 1), (t: 1, value: -1)]))
        }.contains("\"widthOverTrail\" values must be ≥ 0"))
    #expect(message { try ParticleTrail(duration: 1, maxPoints: -1) }.contains("\"maxPoints\" must be an integer"))
}

@Test func trailWidthAnimatesByKeyPath() throws {
    let (layer, cell) = trailEmitter(try ParticleTrail(duration: 0.5, width: 3))
    try layer.setLayerValue(.number(7), forKeyPath: "emitterCells.cell.trail.width")
    #expect(cell.trail?.width == 7)
    #expect(try layer.layerValue(forKeyPath: "emitterCells.cell.trail.duration") == .number(0.5))
    #expect(CAEmitterCell.keyAccessors["trail.width"]?.animatable == true)
    let bare = CAEmitterCell()
    #expect(throws: KeyPathError.self) { try bare.setLayerValue(.number(2), forKeyPath: "trail.width") }
    #expect(throws: KeyPathError.self) { try cell.setLayerValue(.number(-1), forKeyPath: "trail.duration") }
}
