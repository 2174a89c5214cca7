import Foundation
import LayerKit
import Testing

@testable import Particles

// MARK: - Flipbooks (docs/Particles.md, "Flipbooks")

private func sheetEmitter(_ book: ParticleFlipbook, lifetime: Float = 1, birthRate: Float = 60) -> CAEmitterLayer {
    let (layer, _) = makeEmitter { _, cell in
        cell.lifetime = lifetime
        cell.birthRate = birthRate
        cell.contentsFrames = book
    }
    return layer
}

/// The frame each sprite of the draw list shows, with the age of its particle (draw order is birth
/// order, as the snapshot's).
private func framesByAge(_ sim: EmitterSimulation) -> [(age: Float, life: Float, frame: Int)] {
    var list = ParticleDrawList()
    sim.makeDrawList(into: &list)
    let records = sim.snapshot()
    #expect(records.count == list.sprites.count)
    return zip(records, list.sprites).map { (r, s) in (r.age, r.lifetime, list.appearances[Int(s.appearance)].frame) }
}

@Test func aFourFrameFlipbookOverLifeShowsFrameTwoFromHalfToThreeQuartersOfLife() throws {
    let sim = EmitterSimulation(layer: sheetEmitter(try ParticleFlipbook(columns: 2, rows: 2, overLife: true)))
    run(sim, seconds: 0.99)
    let frames = framesByAge(sim)
    #expect(frames.count > 50)
    for f in frames {
        let t = f.age / f.life
        #expect(f.frame == min(3, Int(t * 4)), "age \(f.age) of \(f.life): frame \(f.frame)")
        if t >= 0.5 && t < 0.75 { #expect(f.frame == 2, "t \(t)") }
    }
    #expect(frames.contains { $0.frame == 2 } && frames.contains { $0.frame == 3 })
}

@Test func framesPerSecondLoopsOrHoldsTheLastFrame() throws {
    // 3 of 4 frames at 10 frames per second: 0.1 s each, a cycle every 0.3 s.
    for loop in [true, false] {
        let book = try ParticleFlipbook(columns: 2, rows: 2, frameCount: 3, framesPerSecond: 10, loop: loop)
        let sim = EmitterSimulation(layer: sheetEmitter(book, lifetime: 2))
        run(sim, seconds: 1)
        for f in framesByAge(sim) {
            let i = Int(f.age * 10)
            let expected = loop ? i % 3 : min(i, 2)
            #expect(f.frame == expected, "loop \(loop), age \(f.age): frame \(f.frame), expected \(expected)")
        }
    }
}

@Test func randomStartFramesAreSeededAndCoverTheSheet() throws {
    let book = try ParticleFlipbook(columns: 4, rows: 2, framesPerSecond: 0, randomStartFrame: true)
    func frames(seed: UInt32) -> [Int] {
        let layer = sheetEmitter(book, lifetime: 5)
        layer.seed = seed
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 2)
        return framesByAge(sim).map(\.frame)
    }
    let a = frames(seed: 7)
    #expect(a == frames(seed: 7), "seed 7 twice")
    #expect(a != frames(seed: 8), "seeds 7 and 8")
    // 120 particles over 8 frames: every frame is drawn (a frame missed has chance 8 × (7/8)¹²⁰ ≈ 1e-6).
    #expect(Set(a) == Set(0..<8), "frames drawn with seed 7: \(Set(a).sorted())")
}

@Test func flipbooksGiveTheSameStateAt30_60And144FramesPerSecond() throws {
    let book = try ParticleFlipbook(columns: 4, rows: 4, frameCount: 13, framesPerSecond: 24, randomStartFrame: true)
    func hash(fps: Double) -> (UInt64, [Int]) {
        let layer = sheetEmitter(book, lifetime: 1.5, birthRate: 100)
        let sim = EmitterSimulation(layer: layer)
        var accepted = 0.0
        var steps = 0
        var list = ParticleDrawList()
        for _ in 0..<Int(2 * fps) {
            accepted += 1 / fps
            let due = Int((accepted / step120 + 1e-6).rounded(.down))
            while steps < due {
                sim.step(by: step120)
                steps += 1
            }
            sim.makeDrawList(into: &list)
        }
        return (sim.stateHash, list.sprites.map { list.appearances[Int($0.appearance)].frame })
    }
    let h30 = hash(fps: 30)
    let h60 = hash(fps: 60)
    let h144 = hash(fps: 144)
    #expect(h30.0 == h60.0 && h30.0 == h144.0, "state hash at 30 fps \(h30.0)")
    #expect(h30.1 == h60.1 && h30.1 == h144.1, "frames drawn")
}

@Test func cellsWithoutFlipbooksKeepTheirDrawListAndHash() {
    let (a, _) = makeEmitter { _, cell in cell.velocity = 50 }
    let (b, _) = makeEmitter { _, cell in
        cell.velocity = 50
        cell.contentsFrames = try? ParticleFlipbook(columns: 2, rows: 2)
        cell.contentsFrames = nil
    }
    let sa = EmitterSimulation(layer: a)
    let sb = EmitterSimulation(layer: b)
    run(sa, seconds: 1)
    run(sb, seconds: 1)
    #expect(sa.stateHash == sb.stateHash && !b.emitterCells![0].usesEffects)
    var la = ParticleDrawList()
    var lb = ParticleDrawList()
    sa.makeDrawList(into: &la)
    sb.makeDrawList(into: &lb)
    #expect(la.sprites == lb.sprites && la.appearances == lb.appearances && la.appearances.count == 1)
}

@Test func flipbooksAreValidatedWithPreciseErrors() {
    func message(_ make: () throws -> ParticleFlipbook) -> String {
        do {
            _ = try make()
            return ""
        } catch {
            return "\(error)"
        }
    }
    #expect(message { try ParticleFlipbook(columns: 0, rows: 2) } == "columns must be an integer in 1…64, got 0")
    #expect(message { try ParticleFlipbook(columns: 2, rows: 65) } == "rows must be an integer in 1…64, got 65")
    #expect(
        message { try ParticleFlipbook(columns: 2, rows: 2, frameCount: 5) }.contains("1…4 (columns × rows), got 5"))
    #expect(message { try ParticleFlipbook(columns: 2, rows: 2, framesPerSecond: -1) }.contains("0…1000, got -1.0"))
    #expect(message { try ParticleFlipbook(columns: 2, rows: 2, framesPerSecond: .nan) }.contains("0…1000"))
    let cell = CAEmitterCell()
    #expect(throws: KeyPathError.self) {
        try cell.setLayerValue(.numbers([2, 2, 4, 30, 0, 1]), forKeyPath: "contentsFrames")
    }
    #expect(throws: KeyPathError.self) {
        try cell.setLayerValue(.numbers([2, 2, 4, 30, 0.5, 1, 0]), forKeyPath: "contentsFrames")
    }
    try? cell.setLayerValue(.numbers([3, 2, 5, 12, 1, 0, 1]), forKeyPath: "contentsFrames")
    #expect(
        cell.contentsFrames
            == (try? ParticleFlipbook(
                columns: 3, rows: 2, frameCount: 5, framesPerSecond: 12, overLife: true, loop: false,
                randomStartFrame: true)))
    #expect((try? cell.layerValue(forKeyPath: "contentsFrames")) == .numbers([3, 2, 5, 12, 1, 0, 1]))
}
