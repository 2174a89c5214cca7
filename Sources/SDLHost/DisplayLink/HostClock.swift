import Glibc

/// Where the window host reads time and waits. Real windows use `MonotonicClock`; tests use
/// `ManualClock` so that measured deltas are exact and no test sleeps.
public protocol HostClock: AnyObject {
    /// Seconds on a monotonic time line (the origin is arbitrary).
    func now() -> Double
    /// Blocks until `now() >= deadline`; returns at once when the deadline has passed.
    func sleep(until deadline: Double)
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`), unaffected by wall-clock changes.
public final class MonotonicClock: HostClock {
    /// The system clock.
    public init() {}

    /// Seconds since an arbitrary point (boot, on Linux).
    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Sleeps with `clock_nanosleep` on an absolute deadline, so a signal or early wake resumes the wait.
    public func sleep(until deadline: Double) {
        guard deadline.isFinite, deadline > now() else { return }
        let seconds = deadline.rounded(.down)
        var target = timespec(tv_sec: Int(seconds), tv_nsec: Int((deadline - seconds) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
    }
}

/// A clock that only moves when told: `sleep(until:)` jumps to the deadline, `advance(by:)` adds time.
/// Makes frame deltas exact in tests.
public final class ManualClock: HostClock {
    /// The current time in seconds.
    public private(set) var time: Double

    /// A clock reading `start` seconds. Default 0.
    public init(start: Double = 0) { time = start }

    /// The current time.
    public func now() -> Double { time }

    /// Jumps to the deadline when it is ahead.
    public func sleep(until deadline: Double) {
        if deadline.isFinite, deadline > time { time = deadline }
    }

    /// Moves time forward (a negative or non-finite amount is ignored).
    public func advance(by seconds: Double) {
        if seconds.isFinite, seconds > 0 { time += seconds }
    }
}
