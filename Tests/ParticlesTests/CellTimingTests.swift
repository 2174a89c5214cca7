import Foundation
import LayerKit
import Testing

@testable import Particles

/// Cell timing (beginTime, duration, speed, repeatCount, repeatDuration, autoreverses, timeOffset,
/// fillMode) gates emission; the layer's beginTime starts the simulation, timeOffset pre-warms it and
/// speed scales its time, 0 pausing it (docs/Design.md §3.5, §3.11).
@Suite struct CellTimingTests {
    /// Birth times (layer time) of a 100/s cell over `seconds` with the given timing.
    static func birthTimes(seconds: Double = 6, _ configure: (CAEmitterCell) -> Void) -> [Double] {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 100
            cell.lifetime = 100
        }
        configure(cell)
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: seconds)
        return sim.snapshot().map { sim.layerTime - Double($0.age) }
    }

    /// Seconds of emission implied by a number of births at 100/s.
    static func emittingSeconds(_ times: [Double]) -> Double { Double(times.count) / 100 }

    @Test func beginTimeAndDurationBoundTheEmission() {
        let t = Self.birthTimes {
            $0.beginTime = 1
            $0.duration = 2
        }
        #expect(abs(Self.emittingSeconds(t) - 2) <= 0.011, "\(t.count) births")
        #expect(
            (t.min() ?? 0) >= 1 && (t.max() ?? 0) <= 3 + 1e-6,
            "births in [\(t.min() ?? 0), \(t.max() ?? 0)], expected [1, 3]")
    }

    @Test func repeatCountMultipliesTheDuration() {
        let t = Self.birthTimes {
            $0.duration = 1
            $0.repeatCount = 2.5
        }
        #expect(
            abs(Self.emittingSeconds(t) - 2.5) <= 0.011 && (t.max() ?? 0) <= 2.5 + 1e-6,
            "\(t.count) births, last at \(t.max() ?? 0)")
    }

    @Test func repeatDurationBoundsTheActiveTime() {
        let t = Self.birthTimes {
            $0.duration = 1
            $0.repeatDuration = 1.5
        }
        #expect(abs(Self.emittingSeconds(t) - 1.5) <= 0.011, "\(t.count) births")
    }

    @Test func autoreversesDoublesEachCycle() {
        let t = Self.birthTimes {
            $0.duration = 1
            $0.autoreverses = true
            $0.repeatCount = 1
        }
        #expect(abs(Self.emittingSeconds(t) - 2) <= 0.011, "\(t.count) births")
    }

    @Test func speedScalesTheCellsWindowNotItsRate() {
        // speed 2: one second of cell time lasts half a second of layer time; still 100 per second.
        let t = Self.birthTimes {
            $0.duration = 1
            $0.speed = 2
        }
        #expect(abs(Self.emittingSeconds(t) - 0.5) <= 0.011 && (t.max() ?? 0) <= 0.5 + 1e-6, "\(t.count) births")
    }

    @Test func timeOffsetStartsPartWayIntoTheCycle() {
        let t = Self.birthTimes {
            $0.duration = 1
            $0.timeOffset = 0.25
        }
        #expect(abs(Self.emittingSeconds(t) - 0.75) <= 0.011, "\(t.count) births")
    }

    @Test func fillModeForwardsKeepsEmittingAfterTheEnd() {
        let removed = Self.birthTimes(seconds: 3) {
            $0.beginTime = 1
            $0.duration = 1
        }
        let forwards = Self.birthTimes(seconds: 3) {
            $0.beginTime = 1
            $0.duration = 1
            $0.fillMode = .forwards
        }
        let backwards = Self.birthTimes(seconds: 3) {
            $0.beginTime = 1
            $0.duration = 1
            $0.fillMode = .backwards
        }
        #expect(abs(Self.emittingSeconds(removed) - 1) <= 0.011, "removed: \(removed.count)")
        #expect(abs(Self.emittingSeconds(forwards) - 2) <= 0.011, "forwards: \(forwards.count)")
        #expect(
            abs(Self.emittingSeconds(backwards) - 2) <= 0.011 && (backwards.min() ?? 1) < 0.02,
            "backwards: \(backwards.count)")
    }

    @Test func layerBeginTimeStartsTheSimulation() {
        let (layer, _) = makeS1()
        layer.beginTime = 2
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 2)
        #expect(!sim.isStarted && sim.totals.born == 0, "before beginTime: \(sim.totals)")
        run(sim, seconds: 1)
        #expect(
            sim.isStarted && abs(sim.time - 1) < 1e-9 && abs(sim.totals.born - 88) <= 1,
            "1 s after beginTime: t = \(sim.time), \(sim.totals)")
    }

    @Test func layerBeginTimeInTheEngineClockWorksWithParentTime() {
        // The idiom `emitter.beginTime = CACurrentMediaTime()`: the engine passes its clock.
        let (layer, _) = makeS1()
        layer.beginTime = 1000
        let sim = EmitterSimulation(layer: layer)
        for k in 1...240 { sim.step(by: step120, parentTime: 999 + Double(k) * step120) }
        #expect(abs(sim.time - 1) < 1e-6 && abs(sim.totals.born - 88) <= 1, "t = \(sim.time), \(sim.totals)")
    }

    @Test func layerTimeOffsetPreWarmsToSteadyState() {
        let (layer, _) = makeS1()
        layer.timeOffset = 5
        let sim = EmitterSimulation(layer: layer)
        sim.step(by: step120)
        // After one engine step the emitter looks as if it had run 5 s (plus that step).
        #expect(abs(sim.aliveCount - 440) <= 2, "pre-warmed population \(sim.aliveCount), expected ≈ 440")
        #expect(abs(sim.layerTime - (5 + step120)) < 1e-9, "layer time \(sim.layerTime)")
        let oldest = sim.snapshot().map(\.age).max() ?? 0
        #expect(oldest > 4.9 && oldest < 5, "oldest \(oldest)")
    }

    @Test func preWarmCoversOnlyTheTimeParticlesCanStillBeAlive() {
        let (layer, _) = makeS1()
        layer.timeOffset = 3600
        let sim = EmitterSimulation(layer: layer)
        sim.step(by: step120)
        // One hour is not simulated: only the last lifetime (5 s) matters.
        #expect(
            sim.stepCount < 700 && abs(sim.aliveCount - 440) <= 2, "\(sim.stepCount) steps, \(sim.aliveCount) alive")
    }

    @Test func preWarmWithATinyStepIsBoundedInSteps() {
        let (layer, _) = makeS1()
        layer.timeOffset = 5
        let sim = EmitterSimulation(layer: layer)
        sim.step(by: 1e-9)
        #expect(
            sim.stepCount <= EmitterSimulation.maximumPrewarmSteps && abs(sim.aliveCount - 440) <= 3,
            "\(sim.stepCount) steps, \(sim.aliveCount) alive")
    }

    @Test func layerSpeedZeroPausesAndTwoRunsTwiceAsFast() {
        let (layer, _) = makeS1()
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        let hash = sim.stateHash
        layer.speed = 0
        run(sim, seconds: 1)
        #expect(sim.stateHash == hash && abs(sim.time - 1) < 1e-9, "paused: t = \(sim.time)")
        layer.speed = 2
        run(sim, seconds: 1)
        #expect(
            abs(sim.time - 3) < 1e-9 && abs(sim.totals.born - 264) <= 1,
            "speed 2 for 1 s: t = \(sim.time), \(sim.totals)")
    }

    @Test func reTimingARunningEmitterRestartsTheCellsWithoutResettingParticles() {
        // A 0.5 s burst; setting the layer's beginTime to now fires it again.
        let (layer, _) = makeEmitter { _, cell in
            cell.birthRate = 100
            cell.lifetime = 100
            cell.duration = 0.5
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 2)
        #expect(abs(sim.totals.born - 50) <= 1)
        layer.beginTime = 2
        run(sim, seconds: 2)
        #expect(abs(sim.totals.born - 100) <= 1 && sim.aliveCount == sim.totals.born, "\(sim.totals)")
    }
}
