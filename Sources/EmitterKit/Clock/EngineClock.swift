import Foundation
import LayerKit

/// The engine's clock: monotonic real time when live, virtual time when headless. Installed, it is what
/// `CACurrentMediaTime()` reads.
///
/// A live clock reads CLOCK_MONOTONIC (seconds since boot, like Core Animation's Mach time). A virtual
/// clock starts at `startTime` and moves only when the headless display link (or a test) moves it, so
/// that runs are exact and repeatable.
public final class EngineClock: MediaClock, @unchecked Sendable {
    /// Where the time comes from.
    public enum Mode: Equatable, Sendable {
        /// Monotonic real time.
        case live
        /// Time moved explicitly (headless runs, tests).
        case virtual
    }

    /// Where the time comes from.
    public let mode: Mode
    private let virtualClock: VirtualMediaClock?

    // MARK: - Creating

    /// A clock of the given mode; a virtual clock starts at `startTime` seconds (default 0).
    public init(mode: Mode, startTime: CFTimeInterval = 0) {
        self.mode = mode
        virtualClock = mode == .virtual ? VirtualMediaClock(startTime: startTime) : nil
    }

    /// A live clock.
    public static func live() -> EngineClock { EngineClock(mode: .live) }

    /// A virtual clock starting at `startTime` seconds.
    public static func virtual(startTime: CFTimeInterval = 0) -> EngineClock {
        EngineClock(mode: .virtual, startTime: startTime)
    }

    // MARK: - Reading and moving

    /// The current time in seconds.
    public var mediaTime: CFTimeInterval { virtualClock?.mediaTime ?? MonotonicMediaClock.now() }

    /// Moves a virtual clock forward by `delta` seconds (finite, ≥ 0). Throws for a live clock.
    public func advance(by delta: CFTimeInterval) throws {
        guard let virtualClock else { throw EngineClockError.notVirtual(operation: "advance(by:)") }
        try virtualClock.advance(by: delta)
    }

    /// Sets a virtual clock to `time` (not earlier than now). Throws for a live clock.
    public func set(to time: CFTimeInterval) throws {
        guard let virtualClock else { throw EngineClockError.notVirtual(operation: "set(to:)") }
        try virtualClock.set(to: time)
    }

    // MARK: - Installing

    /// Makes this the process-wide clock of `CACurrentMediaTime()` (the engine does this at start-up).
    public func install() { CAMediaClock.install(self) }

    /// Runs `body` with this clock as the clock of the current task only (tests).
    public func withScope<R>(_ body: () throws -> R) rethrows -> R {
        try CAMediaClock.withClock(self, body)
    }
}

/// Why the engine clock refused an operation.
public enum EngineClockError: Error, Equatable, CustomStringConvertible {
    /// Only a virtual clock can be moved.
    case notVirtual(operation: String)

    /// A message naming the operation and the fix.
    public var description: String {
        switch self {
        case .notVirtual(let op):
            return
                "EngineClock.\(op): a live clock follows real time; create the clock with EngineClock.virtual() to move it"
        }
    }
}
