import Foundation
import LayerKit
import Testing

@testable import EmitterKit

/// Reference scene S4 (core-animation-notes.md §11, §18): a ball dropped from (150, 32) to (150, 268)
/// over 1 s with the bounce easing, stepped by a display link from measured `CACurrentMediaTime()`
/// deltas, clamped and stopped at the duration; and the same frame-rate independence for the engine's
/// fixed-step loop.
struct ClockBounceTests {
    /// The book's bounce easing (core-animation-notes.md §10).
    static func bounceEaseOut(_ t: Double) -> Double {
        if t < 4.0 / 11.0 { return 121 * t * t / 16 }
        if t < 8.0 / 11.0 { return 363.0 / 40.0 * t * t - 99.0 / 10.0 * t + 17.0 / 5.0 }
        if t < 9.0 / 10.0 { return 4356.0 / 361.0 * t * t - 35442.0 / 1805.0 * t + 16061.0 / 1805.0 }
        return 54.0 / 5.0 * t * t - 513.0 / 25.0 * t + 268.0 / 25.0
    }

    /// The book's view controller, ported: the link's callback measures the frame duration itself.
    final class BallController {
        let ball = CALayer()
        let duration = 1.0
        var timeOffset = 0.0
        var lastStep: CFTimeInterval
        var samples: [(elapsed: Double, y: Double)] = []
        let start: CFTimeInterval

        init() {
            ball.allowsImplicitAnimations = false
            ball.position = CGPoint(x: 150, y: 32)
            lastStep = CACurrentMediaTime()
            start = lastStep
        }

        func step(_ link: CADisplayLink) {
            let now = CACurrentMediaTime()
            let stepDuration = now - lastStep
            lastStep = now
            timeOffset = min(timeOffset + stepDuration, duration)
            let t = ClockBounceTests.bounceEaseOut(timeOffset / duration)
            ball.position = CGPoint(x: 150, y: 32 + (268 - 32) * t)
            samples.append((now - start, Double(ball.position.y)))
            if timeOffset >= duration { link.invalidate() }
        }
    }

    private func run(_ deltas: [Double]) throws -> (BallController, CADisplayLink) {
        let clock = EngineClock.virtual(startTime: 100)
        let display = try VirtualDisplayLink(clock: clock, scriptedDeltas: deltas)
        return try clock.withScope {
            let controller = BallController()
            let link = CADisplayLink(target: controller, selector: BallController.step)
            link.add(to: display)
            try display.run(frames: 200)
            return (controller, link)
        }
    }

    @Test func bounceEasingHitsTheBooksValues() {
        let y = { (t: Double) in 32 + 236 * ClockBounceTests.bounceEaseOut(t) }
        #expect(abs(y(0.25) - 143.55) <= 0.005 + 1e-9, "y(0.25) = \(y(0.25)), the book rounds to 2 decimals")
        #expect(abs(y(0.5) - 201.63) <= 0.005 + 1e-9, "y(0.5) = \(y(0.5)), the book rounds to 2 decimals")
        for t in [4.0 / 11.0, 8.0 / 11.0, 0.9, 1.0] {
            #expect(abs(y(t) - 268) < 1e-9, "y(\(t)) = \(y(t))")
        }
    }

    @Test func displayLinkBallIsAtTheSamePlaceAtEqualTimesWhateverTheFrameDeltas() throws {
        let scripts: [[Double]] = [[1.0 / 60.0], [1.0 / 30.0], [1.0 / 20.0], [1.0 / 60.0, 1.0 / 30.0, 1.0 / 20.0]]
        var byTenth: [Int: [Double]] = [:]
        for script in scripts {
            let (controller, link) = try run(script)
            #expect(!link.isValid, "script \(script): the link stops at the duration")
            #expect(
                controller.timeOffset == 1 && abs(controller.samples.last!.y - 268) < 1e-9,
                "script \(script): ends at 268")
            for s in controller.samples {
                let tenths = (s.elapsed * 10).rounded()
                if abs(s.elapsed * 10 - tenths) < 1e-9 { byTenth[Int(tenths), default: []].append(s.y) }
            }
            if script == [1.0 / 60.0] {
                let quarter = try #require(controller.samples.first { abs($0.elapsed - 0.25) < 1e-9 })
                #expect(abs(quarter.y - 143.546875) < 1e-9, "frame 15 at 1/60: y = \(quarter.y)")
            }
        }
        #expect(byTenth.count == 10, "every tenth of a second is sampled: \(byTenth.keys.sorted())")
        for (tenth, ys) in byTenth.sorted(by: { $0.key < $1.key }) {
            #expect(ys.count == scripts.count, "t=\(tenth)/10 reached by every script")
            #expect(ys.allSatisfy { abs($0 - ys[0]) < 1e-9 }, "t=\(tenth)/10: \(ys)")
            #expect(abs(ys[0] - (32 + 236 * ClockBounceTests.bounceEaseOut(Double(tenth) / 10))) < 1e-9)
        }
        #expect(abs((byTenth[5]?.first ?? 0) - 201.625) < 1e-9, "y(0.5 s) = 201.63")
    }

    /// The engine loop: display link → measured delta → fixed steps (a falling body, semi-implicit
    /// Euler) → layer animations at the frame's media time. Frame rates must not change the state.
    @Test func fixedStepStateAndAnimationsAtEqualTimesDoNotDependOnTheFrameRate() throws {
        struct Snapshot: Equatable {
            var steps: Int64
            var y: Double
            var vy: Double
            var opacity: Float
        }
        func simulate(_ deltas: [Double]) throws -> [Int: Snapshot] {
            let clock = EngineClock.virtual()
            let display = try VirtualDisplayLink(clock: clock, scriptedDeltas: deltas)
            var integrator = try FixedStepIntegrator()
            var y = 0.0
            var vy = 0.0
            let layer = CALayer()
            var out: [Int: Snapshot] = [:]
            try clock.withScope {
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                fade.duration = 3
                try layer.addAnimation(fade, forKey: "fade")
                integrator.advance(toTimestamp: CACurrentMediaTime())
                let engineLink = CADisplayLink { link in
                    integrator.advance(toTimestamp: link.timestamp)
                    for _ in 0..<integrator.lastFrame.steps {
                        vy += 1000 * integrator.step
                        y += vy * integrator.step
                    }
                    let shown = layer.makePresentationTree(atTime: link.timestamp)
                    let tenths = (link.timestamp * 10).rounded()
                    if abs(link.timestamp * 10 - tenths) < 1e-9 {
                        out[Int(tenths)] = Snapshot(steps: integrator.stepCount, y: y, vy: vy, opacity: shown.opacity)
                    }
                }
                engineLink.add(to: display)
                try display.run(until: 2.0)
            }
            return out
        }
        let reference = try simulate([1.0 / 60.0])
        #expect(reference.count == 20 && reference[10]?.steps == 120, "\(reference[10].map { "\($0)" } ?? "nil")")
        for script in [[1.0 / 30.0], [1.0 / 20.0], [1.0 / 60.0, 1.0 / 30.0, 1.0 / 20.0], [0.1]] {
            let other = try simulate(script)
            for (tenth, snap) in other {
                let ref = try #require(reference[tenth])
                #expect(
                    snap.steps == ref.steps && snap.y == ref.y && snap.vy == ref.vy,
                    "script \(script) t=\(tenth)/10: \(snap) vs \(ref) (bit-identical body state)")
                #expect(abs(snap.opacity - ref.opacity) < 1e-6, "script \(script) t=\(tenth)/10: opacity")
            }
        }
    }
}
