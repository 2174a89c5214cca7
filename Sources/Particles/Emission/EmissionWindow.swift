import LayerKit

// MARK: - Emission window

/// When a cell emits, as intervals of its parent's time: the layer's local time for a top-level cell,
/// the parent particle's age for a sub-cell (docs/Design.md §3.5, docs/Particles.md "Cell timing").
///
/// The cell's local time is `(parent − beginTime) · speed + timeOffset`; the cell emits while its local
/// time lies in [0, activeDuration) and the parent time is at or after `beginTime`. The active duration
/// is `repeatDuration` when set, else `duration · (autoreverses ? 2 : 1) · max(repeatCount, 1)`;
/// `duration` 0 means "for ever". `fillMode` backwards adds the time before `beginTime`, forwards the
/// time after the end. The birth rate is per second of parent time: `speed` only moves the window.
struct EmissionWindow {
    /// Up to three disjoint, sorted intervals [lo, hi).
    private var lo: (Double, Double, Double) = (0, 0, 0)
    private var hi: (Double, Double, Double) = (0, 0, 0)
    private(set) var intervalCount = 0

    /// A window that is always open.
    static let always: EmissionWindow = {
        var w = EmissionWindow()
        w.add(-.infinity, .infinity)
        return w
    }()

    private init() {}

    /// The window of a cell's timing properties (non-finite values are read as their defaults).
    init(
        beginTime rawBegin: Double, duration rawDuration: Double, speed rawSpeed: Float, timeOffset rawOffset: Double,
        repeatCount rawRepeatCount: Float, repeatDuration rawRepeatDuration: Double, autoreverses: Bool,
        fillMode: CAMediaTimingFillMode
    ) {
        let begin = rawBegin.isFinite ? rawBegin : 0
        let speed = rawSpeed.isFinite ? Double(rawSpeed) : 1
        let offset = rawOffset.isFinite ? rawOffset : 0
        let duration = rawDuration.isNaN ? 0 : max(0, rawDuration)
        let cycle = duration * (autoreverses ? 2 : 1)
        let active: Double
        if duration == 0 || cycle.isInfinite {
            active = .infinity
        } else if rawRepeatDuration > 0 {
            active = rawRepeatDuration
        } else if rawRepeatCount > 0 {
            active = rawRepeatCount.isInfinite ? .infinity : cycle * Double(rawRepeatCount)
        } else {
            active = cycle
        }
        // The main interval in parent time.
        var mainLo = begin
        var mainHi = Double.infinity
        if speed > 0 {
            mainLo = max(begin, begin - offset / speed)
            mainHi = begin + (active - offset) / speed
        } else if speed < 0 {
            mainLo = max(begin, begin + (offset - active) / -speed)
            mainHi = begin + offset / -speed
        } else if !(offset >= 0 && offset < active) {
            mainHi = begin  // empty
        }
        let backwards = fillMode == .backwards || fillMode == .both
        let forwards = fillMode == .forwards || fillMode == .both
        if backwards { add(-.infinity, begin) }
        if mainHi > mainLo { add(mainLo, mainHi) }
        if forwards {
            let end: Double
            if speed == 0 { end = offset >= active ? begin : .infinity } else { end = max(begin, mainHi) }
            if end < .infinity { add(end, .infinity) }
        }
    }

    /// Adds [a, b), merging with the previous interval when they touch (intervals come in order).
    private mutating func add(_ a: Double, _ b: Double) {
        guard b > a else { return }
        if intervalCount > 0 {
            let last = interval(intervalCount - 1)
            if a <= last.hi {
                set(intervalCount - 1, last.lo, max(b, last.hi))
                return
            }
        }
        set(intervalCount, a, b)
        intervalCount += 1
    }

    private mutating func set(_ k: Int, _ a: Double, _ b: Double) {
        switch k {
        case 0:
            lo.0 = a
            hi.0 = b
        case 1:
            lo.1 = a
            hi.1 = b
        default:
            lo.2 = a
            hi.2 = b
        }
    }

    /// Interval k.
    func interval(_ k: Int) -> (lo: Double, hi: Double) {
        switch k {
        case 0: return (lo.0, hi.0)
        case 1: return (lo.1, hi.1)
        default: return (lo.2, hi.2)
        }
    }

    /// Whether the window is open at every time.
    var isAlwaysOpen: Bool { intervalCount == 1 && lo.0 == -.infinity && hi.0 == .infinity }

    /// Whether one open interval holds all of [a, b]: then `time(afterOpen:from:to:)` is `a + offset`
    /// while the offset fits in `b − a`, else `b` (`timeInIntervals` reduced to that interval).
    func isOpenThroughout(from a: Double, to b: Double) -> Bool {
        (0..<intervalCount).contains { interval($0).lo <= a && interval($0).hi >= b }
    }

    /// How long the window is open within [a, b].
    func openLength(from a: Double, to b: Double) -> Double {
        if isAlwaysOpen { return max(0, b - a) }
        var total = 0.0
        for k in 0..<intervalCount {
            let i = interval(k)
            let s = max(a, i.lo)
            let e = min(b, i.hi)
            if e > s { total += e - s }
        }
        return total
    }

    /// The time in [a, b] at which `offset` seconds of open time have passed since `a`.
    @inline(__always)
    func time(afterOpen offset: Double, from a: Double, to b: Double) -> Double {
        if isAlwaysOpen { return min(b, a + offset) }
        return timeInIntervals(afterOpen: offset, from: a, to: b)
    }

    /// `time(afterOpen:from:to:)` for a window that is not always open.
    private func timeInIntervals(afterOpen offset: Double, from a: Double, to b: Double) -> Double {
        var remaining = offset
        var lastEnd = a
        for k in 0..<intervalCount {
            let i = interval(k)
            let s = max(a, i.lo)
            let e = min(b, i.hi)
            guard e > s else { continue }
            if remaining <= e - s { return s + remaining }
            remaining -= e - s
            lastEnd = e
        }
        return lastEnd
    }
}
