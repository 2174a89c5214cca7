import Foundation

/// A timer on the game clock, made by `GameSession.after(seconds:_:)` or `every(seconds:_:)`.
///
/// Timers fire in the **timers** stage of a fixed step (docs/Design.md §1.3): in the first step whose
/// start time is at or after the time they are due, never in the step that made them, before the game's
/// `fixedUpdate`. Timers due in one step fire in the order of their due times, then of their creation.
/// So they are deterministic and independent of the frame rate; they stand still while the session is
/// paused and follow its time scale. A restart cancels every timer of the run.
public final class GameTimer {
    /// Seconds between firings of a repeating timer; nil for a one-shot timer.
    public let interval: CFTimeInterval?
    /// The game time the timer was made at, seconds (the step's start time inside a step).
    public let startTime: CFTimeInterval
    /// How often the timer has fired. Starts at 0.
    public private(set) var fireCount = 0
    /// Whether `cancel()` was called (or a restart cancelled the timer).
    public private(set) var isCancelled = false

    /// Creation order, to break ties between timers due at the same time.
    let sequence: Int
    /// The delay of the first firing, seconds.
    let delay: CFTimeInterval
    /// The step that made the timer (or the next step to run, for one made between steps); it never fires
    /// before the step after this one.
    let earliestStep: Int64
    let action: () -> Void

    init(
        delay: CFTimeInterval, interval: CFTimeInterval?, startTime: CFTimeInterval, earliestStep: Int64,
        sequence: Int, action: @escaping () -> Void
    ) {
        self.delay = delay
        self.interval = interval
        self.startTime = startTime
        self.earliestStep = earliestStep
        self.sequence = sequence
        self.action = action
    }

    // MARK: - State

    /// Whether the timer will fire again: not cancelled, and repeating or not yet fired.
    public var isPending: Bool { !isCancelled && (interval != nil || fireCount == 0) }

    /// The game time of the next firing, seconds, or nil when the timer will not fire again. The timer
    /// fires in the first fixed step that starts at or after this time.
    public var nextFireTime: CFTimeInterval? {
        guard isPending else { return nil }
        // Due times are counted from the start, not added up, so a repeating timer does not drift.
        return startTime + delay + Double(fireCount) * (interval ?? 0)
    }

    /// Stops the timer; it does not fire again. Cancelling twice, or after the last firing, does nothing.
    public func cancel() { isCancelled = true }

    // MARK: - Firing

    /// The step the next firing falls in: the first step starting at or after `nextFireTime`, and never
    /// before `earliestStep`. Steps are counted from the start of the run (`stepDuration` seconds each).
    func dueStep(stepDuration: CFTimeInterval) -> Int64? {
        guard let t = nextFireTime else { return nil }
        // A due time within a millionth of a step past a step's start counts as that step (the same
        // tolerance as the fixed-step integrator), so 1.5 s is step 180 at 120 steps/s.
        let step = Int64((t / stepDuration - 1e-6).rounded(.up))
        return max(step, earliestStep)
    }

    /// Runs the action once and counts it.
    func fire() {
        fireCount += 1
        action()
    }
}
