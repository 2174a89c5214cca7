import Foundation
import Testing

@testable import LayerKit

/// The timing arithmetic of reference scene S21 (core-animation-notes.md §9): repeat counts, speed,
/// timeOffset, fill modes, autoreverse, and hierarchical layer time.
struct TimingMathTests {
    private func timing(_ configure: (inout MediaTimingValues) -> Void) -> MediaTimingValues {
        var t = MediaTimingValues()
        configure(&t)
        return t
    }

    @Test func durationTwoTimesRepeatCountThreePointFiveLastsSevenSeconds() {
        let t = timing {
            $0.duration = 2
            $0.repeatCount = 3.5
        }
        #expect(t.activeDuration(defaultDuration: 0.25) == 7)
        let s = t.state(atParentTime: 6.9, defaultDuration: 0.25)
        #expect(s?.iteration == 3 && abs((s?.cycleTime ?? 0) - 0.9) < 1e-12, "t=6.9: \(String(describing: s))")
        #expect(!t.isComplete(atParentTime: 6.999, defaultDuration: 0.25))
        #expect(t.isComplete(atParentTime: 7, defaultDuration: 0.25))
        #expect(t.state(atParentTime: 7.5, defaultDuration: 0.25) == nil, "fill removed: no effect after the end")
        var held = t
        held.fillMode = .forwards
        let end = held.state(atParentTime: 100, defaultDuration: 0.25)
        #expect(
            end?.phase == .after && end?.fraction == 0.5,
            "holds halfway through the 4th cycle: \(String(describing: end))")
    }

    @Test func zeroDurationMeansAQuarterSecondAndZeroRepeatCountMeansOnce() {
        let t = MediaTimingValues()
        #expect(t.activeDuration(defaultDuration: 0.25) == 0.25)
        #expect(t.state(atParentTime: 0.125, defaultDuration: 0.25)?.fraction == 0.5)
    }

    @Test func speedTwoFinishesAOneSecondAnimationInHalfASecond() {
        let t = timing {
            $0.duration = 1
            $0.speed = 2
        }
        #expect(t.state(atParentTime: 0.25, defaultDuration: 0.25)?.fraction == 0.5)
        #expect(!t.isComplete(atParentTime: 0.49, defaultDuration: 0.25))
        #expect(t.isComplete(atParentTime: 0.5, defaultDuration: 0.25))
    }

    @Test func timeOffsetStartsHalfwayAndWrapsToPlayTheFullLength() {
        let t = timing {
            $0.duration = 1
            $0.timeOffset = 0.5
        }
        let samples: [(Double, Double)] = [(0, 0.5), (0.4, 0.9), (0.6, 0.1), (0.99, 0.49)]
        for (time, fraction) in samples {
            let f = t.state(atParentTime: time, defaultDuration: 0.25)?.fraction ?? -1
            #expect(abs(f - fraction) < 1e-9, "t=\(time): fraction \(f), expected \(fraction)")
        }
        #expect(
            t.isComplete(atParentTime: 1, defaultDuration: 0.25), "still 1 s long: the offset is not scaled and wraps")
    }

    @Test func fillModesDecideWhatShowsOutsideTheActiveInterval() {
        for mode in CAMediaTimingFillMode.allCases {
            let t = timing {
                $0.beginTime = 1
                $0.duration = 1
                $0.fillMode = mode
            }
            let before = t.state(atParentTime: 0.5, defaultDuration: 0.25)
            let after = t.state(atParentTime: 2.5, defaultDuration: 0.25)
            let fillsBackwards = mode == .backwards || mode == .both
            let fillsForwards = mode == .forwards || mode == .both
            #expect((before != nil) == fillsBackwards, "\(mode.rawValue) before: \(String(describing: before))")
            #expect((after != nil) == fillsForwards, "\(mode.rawValue) after: \(String(describing: after))")
            if fillsBackwards { #expect(before?.fraction == 0 && before?.phase == .before) }
            if fillsForwards { #expect(after?.fraction == 1 && after?.phase == .after) }
            #expect(t.state(atParentTime: 1.5, defaultDuration: 0.25)?.fraction == 0.5, "\(mode.rawValue) active")
        }
    }

    @Test func autoreversingRepeatsFormATriangleWave() {
        let t = timing {
            $0.duration = 2
            $0.autoreverses = true
            $0.repeatDuration = .infinity
        }
        let samples: [(Double, Double, Bool)] = [
            (0, 0, false), (1, 0.5, false), (2, 1, false), (3, 0.5, true), (4, 0, false),
            (5, 0.5, false), (1000.5, 0.25, false),
        ]
        for (time, fraction, reversed) in samples {
            let s = t.state(atParentTime: time, defaultDuration: 0.25)
            #expect(
                abs((s?.fraction ?? -1) - fraction) < 1e-12 && s?.isReversed == reversed,
                "t=\(time): \(String(describing: s))")
        }
        #expect(!t.isComplete(atParentTime: 1e9, defaultDuration: 0.25))
    }

    @Test func cumulativeIterationCountsWholeCycles() {
        let t = timing {
            $0.duration = 1
            $0.repeatCount = 3
        }
        #expect(t.state(atParentTime: 2.5, defaultDuration: 0.25)?.iteration == 2)
        var held = t
        held.fillMode = .forwards
        let end = held.state(atParentTime: 3, defaultDuration: 0.25)
        #expect(
            end?.iteration == 2 && end?.fraction == 1,
            "end of the third cycle, not the start of a fourth: \(String(describing: end))")
    }

    // MARK: - Layer time

    @Test func layerTimeFollowsBeginTimeSpeedAndTimeOffsetDownTheTree() {
        let root = CALayer()
        let child = CALayer()
        let grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        root.speed = 2
        child.beginTime = 1
        child.timeOffset = 0.5
        grandchild.speed = 0.5
        // root: 2t; child: (2t − 1)·1 + 0.5; grandchild: 0.5 × child
        #expect(root.localTime(forMediaTime: 3) == 6)
        #expect(child.localTime(forMediaTime: 3) == 5.5)
        #expect(grandchild.localTime(forMediaTime: 3) == 2.75)
        #expect(grandchild.convertTime(3, from: nil) == 2.75)
        #expect(abs(grandchild.convertTime(2.75, to: nil) - 3) < 1e-12)
        #expect(child.convertTime(2.75, from: grandchild) == 5.5)
        #expect(abs(root.convertTime(5.5, from: child) - 6) < 1e-12)
    }

    @Test func pausedLayerShowsItsTimeOffsetAtEveryMediaTime() {
        let layer = CALayer()
        layer.speed = 0
        layer.timeOffset = 0.4
        #expect(layer.localTime(forMediaTime: 10) == 0.4 && layer.localTime(forMediaTime: 99) == 0.4)
        #expect(layer.mediaTime(forLocalTime: 0.4) == 0, "paused layers map back to their beginTime")
    }

    @Test func layerWithADurationRepeatsItsTime() {
        let layer = CALayer()
        layer.duration = 2
        layer.repeatCount = .infinity
        #expect(abs(layer.localTime(forMediaTime: 5) - 1) < 1e-12)
    }
}
