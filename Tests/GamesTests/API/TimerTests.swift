import EmitterKit
import Foundation
import Testing

/// Timers on the game clock: when they fire, in which order, at any frame rate, cancelled and restarted.
@Suite struct TimerTests {
    /// Records the step of every firing and of every fixed update, by label.
    final class Clockwork: Game {
        var log: [String] = []
        var timers: [String: GameTimer] = [:]
        var build: (Clockwork, GameSession) throws -> Void = { _, _ in }

        func setUp(_ session: GameSession) throws {
            log = []
            try build(self, session)
        }

        func fixedUpdate(_ step: GameStep, _ session: GameSession) {
            if step.index == 3 { log.append("update \(step.index)") }
        }

        /// Logs `label` with the step it runs in (120 steps per second).
        /// The log without the fixed updates.
        var firings: [String] { log.filter { !$0.hasPrefix("update") } }

        func note(_ label: String, _ session: GameSession) {
            log.append("\(label) \(Int((session.time * 120).rounded()))")
        }
    }

    @discardableResult
    func play(_ game: Clockwork, fps: Double = 60, seconds: Double) throws -> HeadlessGameRunner {
        let runner = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 64, height: 64)),
            framesPerSecond: fps)
        try runner.run(frames: Int((seconds * fps).rounded()))
        return runner
    }

    @Test func afterFiresInTheFirstStepStartingAtItsDueTime() throws {
        let game = Clockwork()
        game.build = { game, session in
            try session.after(seconds: 1.5) { game.note("after 1.5", session) }
            try session.after(seconds: 0) { game.note("after 0", session) }
            try session.after(seconds: 0.01) { game.note("after 0.01", session) }
        }
        let runner = try play(game, seconds: 2)
        // 120 steps per second: 1.5 s is step 180; 0.01 s falls inside step 1 (0.0083…0.0167), so step 2.
        #expect(game.log.contains("after 1.5 180"), "\(game.log)")
        #expect(game.log.contains("after 0 0"), "\(game.log)")
        #expect(game.log.contains("after 0.01 2"), "\(game.log)")
        #expect(runner.session.pendingTimers.isEmpty)
    }

    @Test func timersFireBeforeFixedUpdateInDueThenCreationOrder() throws {
        let game = Clockwork()
        game.build = { game, session in
            // Due at 3/120 s and 2.5/120 s: both in step 3, the earlier due time first; equal due times
            // fire in creation order.
            try session.after(seconds: 3 / 120) { game.note("b", session) }
            try session.after(seconds: 2.5 / 120) { game.note("a", session) }
            try session.after(seconds: 3 / 120) { game.note("c", session) }
        }
        try play(game, seconds: 0.1)
        #expect(Array(game.log.prefix(4)) == ["a 3", "b 3", "c 3", "update 3"], "\(game.log)")
    }

    @Test func everyFiresOnItsGridWithoutDriftAndCancelStopsIt() throws {
        let game = Clockwork()
        var fired: [Int64] = []
        game.build = { game, session in
            let timer = try session.every(seconds: 0.25) { fired.append(Int64((session.time * 120).rounded())) }
            game.timers["tick"] = timer
            try session.after(seconds: 1.1) { timer.cancel() }
        }
        let runner = try play(game, seconds: 2)
        #expect(fired == [30, 60, 90, 120], "fired at steps \(fired)")
        #expect(game.timers["tick"]?.fireCount == 4)
        #expect(game.timers["tick"]?.isCancelled == true)
        #expect(game.timers["tick"]?.nextFireTime == nil)
        #expect(runner.session.pendingTimers.isEmpty)
    }

    @Test func aTimerMadeInsideAStepFiresNoEarlierThanTheNextStep() throws {
        let game = Clockwork()
        game.build = { game, session in
            try session.after(seconds: 0.5) {
                game.note("outer", session)
                _ = try? session.after(seconds: 0) { game.note("inner", session) }
            }
        }
        try play(game, seconds: 1)
        #expect(game.firings == ["outer 60", "inner 61"], "\(game.log)")
    }

    @Test func timersGiveTheSameFiringsAndHashesAt30And60And120FramesPerSecond() throws {
        var logs: [String] = []
        var hashes: [String] = []
        for fps in [30.0, 60, 120] {
            let game = Clockwork()
            game.build = { game, session in
                try session.every(seconds: 0.37) { game.note("every", session) }
                try session.after(seconds: 1.234) { game.note("after", session) }
            }
            let runner = try play(game, fps: fps, seconds: 3)
            logs.append(game.firings.joined(separator: ","))
            hashes.append(runner.result.stateHash)
        }
        #expect(Set(logs).count == 1, "firings differ by frame rate: \(logs)")
        #expect(Set(hashes).count == 1, "hashes at 30/60/120 fps: \(hashes)")
        #expect(logs[0].hasPrefix("every 45,every 89,every 134,after 149"), "\(logs[0])")
    }

    @Test func pauseStopsTheClockAndTimeScaleStretchesIt() throws {
        let game = Clockwork()
        game.build = { game, session in try session.after(seconds: 1) { game.note("due", session) } }
        let runner = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 64, height: 64)))
        runner.session.setPaused(true)
        try runner.run(frames: 120)
        #expect(game.firings.isEmpty, "paused 2 s: \(game.log)")
        runner.session.setPaused(false)
        try runner.session.setTimeScale(0.5)
        try runner.run(frames: 120)
        #expect(game.firings.isEmpty, "1 s of game time at half speed runs steps 0...119: \(game.log)")
        try runner.run(frames: 1)
        #expect(game.firings == ["due 120"], "\(game.log)")
    }

    @Test func aRestartCancelsTheRunsTimers() throws {
        let game = Clockwork()
        game.build = { game, session in
            game.timers["t"] = try session.after(seconds: 1) { game.note("due", session) }
        }
        let runner = try play(game, seconds: 0.5)
        let first = try #require(game.timers["t"])
        runner.session.restart()
        try runner.run(frames: 60)
        #expect(first.isCancelled && first.fireCount == 0)
        #expect(game.firings.isEmpty, "the new run's timer is due at 1 s of its own clock: \(game.log)")
        try runner.run(frames: 1)
        #expect(game.firings == ["due 120"], "\(game.log)")
    }

    @Test func stepCallbacksMayReadTheSessionsClocks() throws {
        // The integrator is not held while steps run, so reading the step count in a timer or
        // `fixedUpdate` is allowed (it used to be an exclusivity violation).
        let game = Clockwork()
        var seen: [Double] = []
        game.build = { _, session in
            try session.every(seconds: 0.5) { seen.append(((session.simulatedTime - session.time) * 120).rounded()) }
        }
        try play(game, fps: 30, seconds: 1)
        // At 30 fps a frame runs 4 steps; inside them `simulatedTime` is the frame's end, `time` the step's:
        // the timer fires in step 60, the first of the frame that ends after step 63.
        let expected: [Double] = [4]
        #expect(seen == expected, "\(seen)")
    }

    @Test func badDelaysAreRefusedWithTheFix() throws {
        let game = Clockwork()
        var messages: [String] = []
        game.build = { _, session in
            for seconds in [-1, .nan, .infinity] {
                do { try session.after(seconds: seconds) {} } catch { messages.append("\(error)") }
            }
            do { try session.every(seconds: 0) {} } catch { messages.append("\(error)") }
        }
        try play(game, seconds: 0)
        #expect(messages.count == 4)
        #expect(messages[0].contains("GameSession.after(seconds:): -1.0; give a delay of 0 or more"), "\(messages)")
        #expect(messages[3].contains("at least 0.001 s"), "\(messages)")
    }
}
