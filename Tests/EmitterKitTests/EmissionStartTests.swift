import Foundation
import Testing

@testable import EmitterKit

/// Emission begins in the engine's first fixed step (docs/Design.md §3.11): each step hands the emitter the
/// time at its end, so a cell of birth rate r has r·t births after t seconds, at any step length, with
/// the layer's beginTime and timeOffset, and at any frame rate.
@Suite struct EmissionStartTests {
    /// A 200×200 view with one emitter of one cell, birthRate 120, lifetime 10, seed 4.
    static func makeEngine(
        stepsPerSecond: Double = 120, _ configure: (CAEmitterLayer) -> Void = { _ in }
    ) throws -> (Engine, CAEmitterLayer, CAEmitterCell) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 100, y: 100)
        emitter.seed = 4
        let cell = CAEmitterCell()
        cell.name = "drop"
        cell.contents = BuiltinSprites.image(named: "softDot")
        cell.birthRate = 120
        cell.lifetime = 10
        cell.velocity = 20
        cell.emissionRange = 2 * .pi
        emitter.emitterCells = [cell]
        configure(emitter)
        root.addSublayer(emitter)
        let engine = try Engine(
            rootLayer: root, viewSize: CGSize(width: 200, height: 200), fixedStep: 1 / stepsPerSecond, threadCount: 1)
        return (engine, emitter, cell)
    }

    static func born(_ engine: Engine, _ emitter: CAEmitterLayer, _ cell: CAEmitterCell) -> Int {
        engine.simulation(of: emitter)?.counters(for: cell)?.born ?? -1
    }

    @Test func theFirstStepEmits() throws {
        let (engine, emitter, cell) = try Self.makeEngine()
        engine.stepOnce()
        #expect(
            Self.born(engine, emitter, cell) == 1,
            "120/s × 1/120 s in the first step: \(Self.born(engine, emitter, cell))")
    }

    @Test(arguments: [120.0, 60.0, 100.0, 144.0, 240.0])
    func aCellOf120PerSecondHas120BirthsAfterOneSecond(_ stepsPerSecond: Double) throws {
        let (engine, emitter, cell) = try Self.makeEngine(stepsPerSecond: stepsPerSecond)
        for _ in 0..<Int(stepsPerSecond) { engine.stepOnce() }
        #expect(
            Self.born(engine, emitter, cell) == 120,
            "\(stepsPerSecond) steps/s, t = \(engine.simulatedTime) s: \(Self.born(engine, emitter, cell)) births")
    }

    @Test func aLayerBeginTimeStartsTheCountThere() throws {
        let (engine, emitter, cell) = try Self.makeEngine { $0.beginTime = 0.5 }
        for _ in 0..<60 { engine.stepOnce() }
        #expect(Self.born(engine, emitter, cell) == 0, "before beginTime 0.5 s: \(Self.born(engine, emitter, cell))")
        for _ in 0..<120 { engine.stepOnce() }
        #expect(
            Self.born(engine, emitter, cell) == 120,
            "one second after beginTime: \(Self.born(engine, emitter, cell)) births")
    }

    @Test func aLayerTimeOffsetPrewarmsWholeSeconds() throws {
        // timeOffset 2 s: the emitter starts as if it had run 2 s (lifetime 10 keeps them all), then runs 1 s.
        let (engine, emitter, cell) = try Self.makeEngine { $0.timeOffset = 2 }
        for _ in 0..<120 { engine.stepOnce() }
        #expect(
            Self.born(engine, emitter, cell) == 360,
            "120/s over 2 s of pre-warm and 1 s of run: \(Self.born(engine, emitter, cell)) births")
    }

    @Test func birthsAndStateAreTheSameAt30And60And144FramesPerSecond() throws {
        var results: [Double: (born: Int, hash: String)] = [:]
        for fps in [30.0, 60.0, 144.0] {
            let (engine, emitter, cell) = try Self.makeEngine()
            for _ in 0..<Int(fps) { engine.advance(by: 1 / fps) }
            results[fps] = (Self.born(engine, emitter, cell), engine.stateHash().hex)
        }
        #expect(results.values.allSatisfy { $0.born == 120 }, "births after 1 s by fps: \(results)")
        #expect(Set(results.values.map(\.hash)).count == 1, "state hashes by fps: \(results)")
    }
}
