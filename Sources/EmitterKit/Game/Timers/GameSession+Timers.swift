import Foundation

/// Timers on the game clock (`GameTimer`): deterministic, frame-rate independent, cancellable.
extension GameSession {
    // MARK: - Timers

    /// Calls `action` once, `seconds` of game time from now (`time`): in the timers stage of the first
    /// fixed step that starts at or after then, before `fixedUpdate` (docs/Design.md §1.3). 0 means the
    /// next step. Keep the returned timer to cancel it; a restart cancels it too.
    ///
    /// ```swift
    /// try session.after(seconds: 1.5) { [unowned self] in self.spawnRock(session) }
    /// ```
    /// - Throws: `GameError.invalidSetting` for a delay that is negative or not finite.
    @discardableResult
    public func after(seconds: CFTimeInterval, _ action: @escaping () -> Void) throws -> GameTimer {
        guard seconds.isFinite, seconds >= 0 else {
            throw GameError.invalidSetting(
                "GameSession.after(seconds:): \(seconds); give a delay of 0 or more seconds of game time")
        }
        return addTimer(delay: seconds, interval: nil, action)
    }

    /// Calls `action` every `seconds` of game time, first `seconds` from now, until the timer is
    /// cancelled or the game restarts. Due times are `start + n × seconds` (they do not drift); an
    /// interval shorter than the fixed step fires several times in one step.
    /// - Throws: `GameError.invalidSetting` for an interval below 1 ms or not finite.
    @discardableResult
    public func every(seconds: CFTimeInterval, _ action: @escaping () -> Void) throws -> GameTimer {
        guard seconds.isFinite, seconds >= 0.001 else {
            throw GameError.invalidSetting(
                "GameSession.every(seconds:): \(seconds); give an interval of at least 0.001 s of game time")
        }
        return addTimer(delay: seconds, interval: seconds, action)
    }

    /// The timers of the current run that will still fire, in creation order.
    public var pendingTimers: [GameTimer] { run.timers.filter(\.isPending) }

    private func addTimer(delay: CFTimeInterval, interval: CFTimeInterval?, _ action: @escaping () -> Void)
        -> GameTimer
    {
        // Inside a step the timer may fire from the next step on; between steps, from the next step to run.
        let earliest = currentStep.map { $0.index + 1 } ?? engine.integrator.stepCount
        let timer = GameTimer(
            delay: delay, interval: interval, startTime: time, earliestStep: earliest,
            sequence: run.nextTimerSequence, action: action)
        run.nextTimerSequence += 1
        run.timers.append(timer)
        return timer
    }
}
