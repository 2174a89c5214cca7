import Foundation
import LayerKit
import Testing

@testable import EmitterKit

struct ClockDisplayLinkTests {
    @Test func virtualLinkFiresAtAnExactPeriod() throws {
        let clock = EngineClock.virtual(startTime: 10)
        let display = try VirtualDisplayLink(clock: clock, period: 1.0 / 60.0)
        var stamps: [(Double, Double, Double, Double)] = []
        let link = CADisplayLink { link in
            stamps.append((link.timestamp, link.targetTimestamp, link.duration, CACurrentMediaTime()))
        }
        link.add(to: display)
        try clock.withScope { try display.run(frames: 600) }
        #expect(stamps.count == 600)
        for (n, s) in stamps.enumerated() {
            let expected = 10 + Double(n + 1) / 60
            #expect(s.0 == 10 + Double(n + 1) * (1.0 / 60.0), "frame \(n): timestamp \(s.0), expected \(expected)")
            #expect(s.1 == 10 + Double(n + 2) * (1.0 / 60.0) && s.2 == 1.0 / 60.0 && s.3 == s.0, "frame \(n)")
        }
    }

    @Test func frameIntervalAndPreferredRateSkipRefreshesButKeepTheDisplayDuration() throws {
        let clock = EngineClock.virtual()
        let display = try VirtualDisplayLink(clock: clock, period: 1.0 / 60.0)
        var everyOther: [Double] = []
        var thirty: [Double] = []
        var twenty: [(Double, Double, Double)] = []
        let a = CADisplayLink { everyOther.append($0.timestamp) }
        a.frameInterval = 2
        let b = CADisplayLink { thirty.append($0.timestamp) }
        b.preferredFramesPerSecond = 30
        let c = CADisplayLink { twenty.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        c.preferredFramesPerSecond = 20
        for l in [a, b, c] { l.add(to: display) }
        try display.run(frames: 12)
        #expect(everyOther.count == 6 && thirty == everyOther, "\(everyOther) \(thirty)")
        #expect(abs(everyOther[1] - everyOther[0] - 2.0 / 60.0) < 1e-12)
        #expect(
            twenty.count == 4 && twenty.allSatisfy { abs($0.1 - $0.0 - 3.0 / 60.0) < 1e-12 && $0.2 == 1.0 / 60.0 },
            "targetTimestamp is 3 refreshes ahead, duration one refresh: \(twenty)")
    }

    @Test func invalidatingInsideItsOwnCallbackStopsAtOnce() throws {
        final class Target {
            var calls = 0
            var link: CADisplayLink?
            func step(_ link: CADisplayLink) {
                calls += 1
                if calls == 3 { link.invalidate() }
            }
        }
        let clock = EngineClock.virtual()
        let display = try VirtualDisplayLink(clock: clock)
        weak var weakTarget: Target?
        var otherCalls = 0
        do {
            let target = Target()
            weakTarget = target
            let link = CADisplayLink(target: target, selector: Target.step)
            link.add(to: display)
            CADisplayLink { _ in otherCalls += 1 }.add(to: display)
            try display.run(frames: 10)
            #expect(target.calls == 3 && !link.isValid)
        }
        #expect(weakTarget == nil, "invalidate() released the target")
        #expect(otherCalls == 10 && display.links.count == 1, "the other link keeps running")
    }

    @Test func invalidatingAnotherLinkDuringACallbackSkipsItInTheSameRefresh() throws {
        let display = try VirtualDisplayLink(clock: .virtual())
        var log: [String] = []
        var second: CADisplayLink?
        let first = CADisplayLink { _ in
            log.append("first")
            second?.invalidate()
        }
        second = CADisplayLink { _ in log.append("second") }
        first.add(to: display)
        second?.add(to: display)
        var added: CADisplayLink?
        let adder = CADisplayLink { _ in
            if added == nil {
                added = CADisplayLink { _ in log.append("added") }
                added?.add(to: display)
            }
        }
        adder.add(to: display)
        try display.run(frames: 2)
        #expect(log == ["first", "first", "added"], "\(log)")
    }

    @Test func pausedLinksSkipRefreshesAndResumeAtTheNextOne() throws {
        let display = try VirtualDisplayLink(clock: .virtual())
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.frameInterval = 3
        link.add(to: display)
        try display.run(frames: 4)
        #expect(count == 2, "refreshes 1 and 4")
        link.isPaused = true
        try display.run(frames: 5)
        #expect(count == 2)
        link.isPaused = false
        try display.tick()
        #expect(count == 3, "resumes at the next refresh")
        link.remove(from: display)
        try display.run(frames: 5)
        #expect(count == 3 && display.links.count == 0)
    }

    @Test func scriptedDeltasGiveIrregularRefreshes() throws {
        let clock = EngineClock.virtual()
        let display = try VirtualDisplayLink(
            clock: clock, scriptedDeltas: [0.01, 0.03, 0.02], repeating: false, nominalPeriod: 1.0 / 60.0)
        var stamps: [(Double, Double)] = []
        CADisplayLink { stamps.append(($0.timestamp, $0.targetTimestamp)) }.add(to: display)
        try display.run(frames: 10)
        let t1 = 0.01
        let t2 = 0.01 + 0.03
        let t3 = 0.01 + 0.03 + 0.02
        #expect(stamps.map(\.0) == [t1, t2, t3], "\(stamps)")
        #expect(stamps.map(\.1) == [t2, t3, t3 + 1.0 / 60.0], "the target is the next scripted refresh")
        #expect(try display.tick() == false && clock.mediaTime == t3)
    }

    @Test func badDisplaySettingsAreClearErrors() throws {
        #expect(throws: VirtualDisplayLinkError.emptyScript) {
            try VirtualDisplayLink(clock: .virtual(), scriptedDeltas: [])
        }
        #expect(throws: VirtualDisplayLinkError.invalidDelta(index: 1, value: -0.1)) {
            try VirtualDisplayLink(clock: .virtual(), scriptedDeltas: [0.1, -0.1])
        }
        #expect(throws: EngineClockError.notVirtual(operation: "VirtualDisplayLink")) {
            try VirtualDisplayLink(clock: .live())
        }
        #expect(throws: EngineClockError.self) { try EngineClock.live().advance(by: 1) }
        #expect(throws: VirtualDisplayLinkError.self) { try VirtualDisplayLink(clock: .virtual(), period: 0) }
    }

    @Test func liveClockFollowsMonotonicTimeAndCanBeInstalledForAScope() throws {
        let live = EngineClock.live()
        let a = live.mediaTime
        let b = live.mediaTime
        #expect(b >= a && a > 0)
        let virtual = EngineClock.virtual(startTime: 42)
        virtual.withScope { #expect(CACurrentMediaTime() == 42) }
        try virtual.advance(by: 1)
        #expect(virtual.mediaTime == 43)
    }
}
