import Foundation

/// A source of media time in seconds, read by `CACurrentMediaTime()`.
///
/// The engine installs its clock (monotonic real time when live, virtual time when headless); tests
/// scope a virtual clock to their own task with `CAMediaClock.withClock(_:_:)`.
package protocol MediaClock: AnyObject, Sendable {
    /// The current media time in seconds. Never decreases.
    var mediaTime: CFTimeInterval { get }
}

/// Monotonic real time: seconds since an arbitrary origin (boot), unaffected by wall-clock changes.
package final class MonotonicMediaClock: MediaClock, @unchecked Sendable {
    /// Creates the clock.
    package init() {}

    /// Seconds of CLOCK_MONOTONIC.
    package var mediaTime: CFTimeInterval { Self.now() }

    /// Seconds of CLOCK_MONOTONIC.
    package static func now() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

/// Time that moves only when told to: headless runs and tests. Exact and deterministic.
package final class VirtualMediaClock: MediaClock, @unchecked Sendable {
    /// The current time in seconds. Default start 0.
    package private(set) var mediaTime: CFTimeInterval

    /// Creates a clock reading `startTime` seconds (finite; other values start at 0).
    package init(startTime: CFTimeInterval = 0) {
        mediaTime = startTime.isFinite ? startTime : 0
    }

    /// Moves the clock forward by `delta` seconds (finite, ≥ 0).
    package func advance(by delta: CFTimeInterval) throws {
        guard delta.isFinite, delta >= 0 else { throw MediaClockError.invalidDelta(delta) }
        mediaTime += delta
    }

    /// Sets the clock to `time` seconds (finite, not earlier than now).
    package func set(to time: CFTimeInterval) throws {
        guard time.isFinite, time >= mediaTime else {
            throw MediaClockError.timeWentBackwards(from: mediaTime, to: time)
        }
        mediaTime = time
    }
}

/// Why a virtual clock refused to move.
public enum MediaClockError: Error, Equatable, CustomStringConvertible {
    /// A step that is negative, infinite or NaN.
    case invalidDelta(CFTimeInterval)
    /// A new time earlier than the current one (media time never decreases).
    case timeWentBackwards(from: CFTimeInterval, to: CFTimeInterval)

    /// A message naming the value and the fix.
    public var description: String {
        switch self {
        case .invalidDelta(let d): return "clock step \(d) s: expected a finite number of seconds ≥ 0"
        case .timeWentBackwards(let from, let to):
            return "clock time \(to) s is before the current time \(from) s: media time never decreases"
        }
    }
}

/// Which clock `CACurrentMediaTime()` reads: the installed one (monotonic real time by default), or a
/// clock scoped to the current task.
package enum CAMediaClock {
    nonisolated(unsafe) private static var installedClock: MediaClock = MonotonicMediaClock()
    @TaskLocal private static var scopedClock: MediaClock?

    /// The clock in effect for the caller: the task's scoped clock, else the installed one.
    package static var current: MediaClock { scopedClock ?? installedClock }

    /// The process-wide clock (the engine installs its clock here once, at start-up).
    package static var installed: MediaClock { installedClock }

    /// Makes `clock` the process-wide clock.
    package static func install(_ clock: MediaClock) { installedClock = clock }

    /// Runs `body` with `clock` as the clock of the current task (and tasks it creates): tests use this to
    /// run in virtual time without touching other tests.
    package static func withClock<R>(_ clock: MediaClock, _ body: () throws -> R) rethrows -> R {
        try $scopedClock.withValue(clock) { try body() }
    }
}

/// The engine clock's current time in seconds: monotonic real time when live, virtual time when headless
/// (Core Animation's `CACurrentMediaTime()`).
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.current.mediaTime
}
