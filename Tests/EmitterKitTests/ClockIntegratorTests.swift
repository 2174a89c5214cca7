import Foundation
import LayerKit
import Testing

@testable import EmitterKit

struct ClockIntegratorTests {
    @Test func sixtyHertzFramesRunTwoStepsEach() throws {
        var integrator = try FixedStepIntegrator()
        for frame in 1...120 {
            let steps = integrator.advance(by: 1.0 / 60.0)
            #expect(steps == 2, "frame \(frame): \(steps) steps, fraction \(integrator.interpolationFraction)")
        }
        #expect(integrator.stepCount == 240 && integrator.simulatedTime == 2)
    }

    @Test func irregularFrameRatesRunTheSameStepsAtEqualTimes() throws {
        let scripts: [[Double]] = [
            [1.0 / 60.0], [1.0 / 30.0], [1.0 / 20.0], [1.0 / 60.0, 1.0 / 30.0, 1.0 / 20.0], [1.0 / 144.0],
        ]
        // At every multiple of 0.1 s (reached exactly by each 1/60, 1/30, 1/20 script) the step counts agree.
        for script in scripts.dropLast() {
            var integrator = try FixedStepIntegrator()
            var time = 0.0
            var frame = 0
            var checked = 0
            while checked < 50 {
                integrator.advance(by: script[frame % script.count])
                time += script[frame % script.count]
                frame += 1
                let tenths = (time * 10).rounded()
                if abs(time * 10 - tenths) < 1e-9 {
                    #expect(
                        integrator.stepCount == Int64(tenths) * 12,
                        "script \(script) frame \(frame) t=\(time): \(integrator.stepCount) steps")
                    checked += 1
                }
            }
        }
        var fast = try FixedStepIntegrator()
        for _ in 0..<144 { fast.advance(by: 1.0 / 144.0) }
        #expect(fast.stepCount == 120, "144 Hz for one second: \(fast.stepCount)")
    }

    @Test func interpolationFractionIsTheLeftoverOfAStep() throws {
        var integrator = try FixedStepIntegrator(step: 0.01)
        integrator.advance(by: 0.025)
        #expect(integrator.stepCount == 2 && abs(integrator.interpolationFraction - 0.5) < 1e-9)
        integrator.advance(by: 0.004)
        #expect(integrator.stepCount == 2 && abs(integrator.interpolationFraction - 0.9) < 1e-9)
        integrator.advance(by: 0.001)
        #expect(integrator.stepCount == 3 && integrator.interpolationFraction < 1e-6)
    }

    @Test func longFramesAreClampedAndTheStepCapDropsTimeSoNoSpiralOfDeath() throws {
        var integrator = try FixedStepIntegrator()
        #expect(integrator.maxStepsPerFrame == 30)
        let steps = integrator.advance(by: 2)
        #expect(steps == 30 && abs(integrator.lastFrame.droppedTime - 1.75) < 1e-12, "\(integrator.lastFrame)")
        var capped = try FixedStepIntegrator(step: 0.01, maxFrameDelta: 1, maxStepsPerFrame: 5)
        // A slow machine: every frame takes longer than the last could simulate; steps stay bounded.
        for frame in 0..<50 {
            let n = capped.advance(by: 0.2 + Double(frame) * 0.01)
            #expect(n <= 5, "frame \(frame): \(n) steps")
        }
        #expect(capped.stepCount == 250 && capped.droppedTime > 10, "dropped \(capped.droppedTime) s")
        #expect(capped.interpolationFraction < 1)
    }

    @Test func badDeltasCountAsZeroAndAreFlagged() throws {
        var integrator = try FixedStepIntegrator()
        for bad in [-1.0, .nan, .infinity] {
            #expect(integrator.advance(by: bad) == 0)
            #expect(integrator.lastFrame.invalidDelta, "delta \(bad)")
        }
        #expect(integrator.stepCount == 0 && integrator.acceptedTime == 0)
        #expect(throws: IntegratorError.self) { try FixedStepIntegrator(step: 0) }
        #expect(throws: IntegratorError.self) { try FixedStepIntegrator(maxFrameDelta: .nan) }
        #expect(throws: IntegratorError.self) { try FixedStepIntegrator(maxStepsPerFrame: 0) }
        #expect(throws: IntegratorError.self) { try FixedStepIntegrator(step: 1e-300) }
        do { _ = try FixedStepIntegrator(step: -1) } catch { #expect("\(error)".contains("FixedStepIntegrator.step")) }
    }

    @Test func fixedStepCallbackRunsEachStepInOrderWithExactTimes() throws {
        var integrator = try FixedStepIntegrator()
        var seen: [FixedStep] = []
        for _ in 0..<3 {
            integrator.advance(by: 1.0 / 50.0) { seen.append($0) }
        }
        #expect(seen.map(\.index) == Array(0..<7), "\(seen.map(\.index))")
        #expect(seen.allSatisfy { $0.time == Double($0.index) / 120 && $0.duration == 1.0 / 120 })
    }

    @Test func timestampsAreMeasuredNotAssumed() throws {
        var integrator = try FixedStepIntegrator()
        #expect(integrator.advance(toTimestamp: 100) == 0, "the first timestamp only sets the origin")
        #expect(integrator.advance(toTimestamp: 100.05) == 6)
        #expect(integrator.advance(toTimestamp: 100.0625) == 1)
        #expect(integrator.lastFrame.measuredDelta == 100.0625 - 100.05)
    }
}
