import EmitterKit
import Testing

@testable import SDLHost

/// The display link's ticks and pacing, on a manual clock.
@Suite struct VsyncDisplayLinkTests {
    @Test func ticksReportMeasuredDeltasAndTheNextTargetTime() {
        let clock = ManualClock(start: 100)
        let link = VsyncDisplayLink(clock: clock, refreshRate: 50, pacing: .unthrottled)
        let first = link.beginFrame()
        #expect(
            first
                == DisplayLinkTick(
                    frameIndex: 0, timestamp: 100, targetTimestamp: 100.02, duration: 0.02, measuredDelta: 0.02))
        link.endFrame()
        clock.advance(by: 0.03)
        let second = link.beginFrame()
        #expect(
            second.frameIndex == 1 && second.timestamp == 100.03 && abs(second.measuredDelta - 0.03) < 1e-12,
            "tick \(second)")
    }

    @Test func vsyncPacingSleepsOutThePeriodWhenPresentDoesNotWait() {
        let clock = ManualClock()
        let link = VsyncDisplayLink(clock: clock, refreshRate: 60, pacing: .vsync)
        _ = link.beginFrame()
        clock.advance(by: 0.004)  // the present returned after 4 ms: no vsync
        link.endFrame()
        #expect(!link.presentWaitsForVsync)
        #expect(abs(clock.now() - 1.0 / 60) < 1e-12, "slept to the end of the period: \(clock.now())")
        let tick = link.beginFrame()
        #expect(abs(tick.measuredDelta - 1.0 / 60) < 1e-12)
    }

    @Test func aFrameThatFilledMostOfThePeriodWithoutVsyncStillWaitsOutThePeriod() {
        let clock = ManualClock()
        let link = VsyncDisplayLink(clock: clock, refreshRate: 60, pacing: .vsync)
        _ = link.beginFrame()
        clock.advance(by: 0.014)  // 84 % of the period: slow work, no vsync
        link.endFrame()
        #expect(abs(clock.now() - 1.0 / 60) < 1e-12, "no frame rate above the display's: \(clock.now())")
    }

    @Test func vsyncPacingDoesNotSleepAfterAPresentThatWaited() {
        let clock = ManualClock()
        let link = VsyncDisplayLink(clock: clock, refreshRate: 60, pacing: .vsync)
        _ = link.beginFrame()
        clock.advance(by: 0.0166)
        link.endFrame()
        #expect(link.presentWaitsForVsync)
        #expect(clock.now() == 0.0166)
    }

    @Test func timerPacingUsesItsOwnRate() {
        let clock = ManualClock()
        let link = VsyncDisplayLink(clock: clock, refreshRate: 60, pacing: .timer(framesPerSecond: 30))
        let tick = link.beginFrame()
        #expect(abs(tick.targetTimestamp - 1.0 / 30) < 1e-12 && abs(tick.duration - 1.0 / 30) < 1e-12)
        link.endFrame()
        #expect(abs(clock.now() - 1.0 / 30) < 1e-12)
    }

    @Test func anUnknownRefreshRateMeansSixtyHertz() {
        for rate in [0.0, -5, .nan, .infinity] {
            #expect(VsyncDisplayLink(clock: ManualClock(), refreshRate: rate).duration == 1.0 / 60, "rate \(rate)")
        }
    }

    @Test func onFrameReceivesTimestampAndDelta() {
        let clock = ManualClock(start: 5)
        let link = VsyncDisplayLink(clock: clock, pacing: .unthrottled)
        var calls: [(Double, Double)] = []
        link.onFrame = { calls.append(($0, $1)) }
        _ = link.beginFrame()
        clock.advance(by: 0.5)
        _ = link.beginFrame()
        #expect(calls.count == 2 && calls[1].0 == 5.5 && calls[1].1 == 0.5, "\(calls)")
    }
}

/// The vsync link as EmitterKit's display-link driver.
@Suite struct VsyncDisplayLinkDriverTests {
    @Test func attachedCADisplayLinksFireEveryFrameWithTheTickTimes() {
        let clock = ManualClock(start: 2)
        let driver = VsyncDisplayLink(clock: clock, refreshRate: 60, pacing: .vsync)
        var seen: [(Double, Double, Double)] = []
        let link = CADisplayLink { seen.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        link.add(to: driver)
        for _ in 0..<3 {
            _ = driver.beginFrame()
            driver.endFrame()  // no time passed: sleeps out the period
        }
        #expect(seen.count == 3)
        for (i, (timestamp, target, duration)) in seen.enumerated() {
            let expected = 2 + Double(i) / 60
            #expect(
                abs(timestamp - expected) < 1e-12 && abs(target - (expected + 1.0 / 60)) < 1e-12
                    && abs(duration - 1.0 / 60) < 1e-12, "frame \(i): \(timestamp) \(target) \(duration)")
        }
        link.preferredFramesPerSecond = 30
        seen = []
        for _ in 0..<4 {
            _ = driver.beginFrame()
            driver.endFrame()
        }
        #expect(seen.count == 2, "a 30 fps link fires every other 60 Hz frame: \(seen.count)")
        link.invalidate()
        _ = driver.beginFrame()
        #expect(seen.count == 2)
    }
}
