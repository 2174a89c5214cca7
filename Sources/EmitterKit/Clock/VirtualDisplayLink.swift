import Foundation
import LayerKit

/// A headless display: refreshes at an exact period, or after a scripted sequence of (irregular) deltas
/// for tests. Each `tick()` moves its virtual engine clock to the refresh's timestamp, then fires the
/// attached display links, so `CACurrentMediaTime()` in a callback equals `link.timestamp` when the clock
/// is installed (or scoped).
///
/// With a period P starting at t0, refresh n is at exactly t0 + n·P (computed, not accumulated).
public final class VirtualDisplayLink: DisplayLinkDriver {
    // MARK: - Stored state

    /// The nominal refresh period, seconds.
    public let refreshPeriod: CFTimeInterval
    /// The links fired at every refresh.
    public let links = DisplayLinkList()
    /// The virtual clock moved to each refresh.
    public let clock: EngineClock

    private let startTime: CFTimeInterval
    private let script: [CFTimeInterval]?
    private let repeating: Bool
    private var scriptIndex = 0
    private var scriptedTime: CFTimeInterval

    /// Refreshes so far.
    public private(set) var frameCount = 0

    /// The shortest period or delta accepted, seconds (a megahertz display): shorter ones would make
    /// `run(until:)` spin for ever.
    public static let shortestDelta: CFTimeInterval = 1e-6

    // MARK: - Creating

    /// A display refreshing every `period` seconds (default 1/60, at least `shortestDelta`), first at the
    /// clock's time + period.
    public init(clock: EngineClock, period: CFTimeInterval = 1.0 / 60.0) throws {
        guard clock.mode == .virtual else { throw EngineClockError.notVirtual(operation: "VirtualDisplayLink") }
        guard period.isFinite, period >= Self.shortestDelta else {
            throw VirtualDisplayLinkError.invalidDelta(index: nil, value: period)
        }
        self.clock = clock
        refreshPeriod = period
        startTime = clock.mediaTime
        scriptedTime = startTime
        script = nil
        repeating = false
    }

    /// A display whose refreshes follow `deltas` (seconds, each finite and ≥ `shortestDelta`), cycling through them
    /// when `repeating` (default) or stopping after the last. `nominalPeriod` (default: the first delta)
    /// is what links report as `duration`.
    public init(
        clock: EngineClock, scriptedDeltas deltas: [CFTimeInterval], repeating: Bool = true,
        nominalPeriod: CFTimeInterval? = nil
    ) throws {
        guard clock.mode == .virtual else { throw EngineClockError.notVirtual(operation: "VirtualDisplayLink") }
        guard let first = deltas.first else { throw VirtualDisplayLinkError.emptyScript }
        for (i, d) in deltas.enumerated() where !(d.isFinite && d >= Self.shortestDelta) {
            throw VirtualDisplayLinkError.invalidDelta(index: i, value: d)
        }
        let period = nominalPeriod ?? first
        guard period.isFinite, period >= Self.shortestDelta else {
            throw VirtualDisplayLinkError.invalidDelta(index: nil, value: period)
        }
        self.clock = clock
        refreshPeriod = period
        startTime = clock.mediaTime
        scriptedTime = startTime
        script = deltas
        self.repeating = repeating
    }

    // MARK: - Running

    /// The delta to the next refresh, or nil when a non-repeating script is used up.
    public var nextDelta: CFTimeInterval? {
        guard let script else { return refreshPeriod }
        if scriptIndex < script.count { return script[scriptIndex] }
        return repeating ? script[scriptIndex % script.count] : nil
    }

    /// The time of the next refresh, or nil when the script is used up.
    public var nextTimestamp: CFTimeInterval? {
        guard script != nil else { return startTime + Double(frameCount + 1) * refreshPeriod }
        return nextDelta.map { scriptedTime + $0 }
    }

    /// Performs one refresh: moves the clock, fires the links. Returns false (and does nothing) when a
    /// non-repeating script is used up.
    @discardableResult
    public func tick() throws -> Bool {
        guard let timestamp = nextTimestamp else { return false }
        if script != nil {
            scriptedTime = timestamp
            scriptIndex += 1
        }
        frameCount += 1
        try clock.set(to: timestamp)
        let target = nextTimestamp ?? timestamp + refreshPeriod
        links.fire(VSync(timestamp: timestamp, targetTimestamp: target, refreshPeriod: refreshPeriod))
        return true
    }

    /// Performs `frames` refreshes (fewer when the script runs out).
    public func run(frames: Int) throws {
        for _ in 0..<max(0, frames) {
            if try !tick() { return }
        }
    }

    /// Performs every refresh with a timestamp ≤ `time` (within a nanosecond).
    public func run(until time: CFTimeInterval) throws {
        while let next = nextTimestamp, next <= time + 1e-9 {
            try tick()
        }
    }
}

/// A headless display configuration that cannot run.
public enum VirtualDisplayLinkError: Error, Equatable, CustomStringConvertible {
    /// A period or scripted delta that is not a finite number of seconds ≥ 10⁻⁶ (`index` in the script).
    case invalidDelta(index: Int?, value: CFTimeInterval)
    /// A script without deltas.
    case emptyScript

    /// A message naming the value and the fix.
    public var description: String {
        switch self {
        case .invalidDelta(let index?, let v):
            return "VirtualDisplayLink: scriptedDeltas[\(index)] = \(v); expected seconds ≥ 0.000001"
        case .invalidDelta(nil, let v): return "VirtualDisplayLink: period \(v); expected seconds ≥ 0.000001"
        case .emptyScript: return "VirtualDisplayLink: scriptedDeltas is empty; give at least one delta"
        }
    }
}
