import Foundation

// MARK: - libGDX values

/// One of libGDX's particle values (`RangedNumericValue` or `ScaledNumericValue`): a low range
/// (`lowMin`…`lowMax`), a high range (`highMin`…`highMax`) and a timeline of scaling factors.
///
/// libGDX draws low and high uniformly in their ranges and uses low + (high − low) × scale(p) (or
/// low + high × scale(p) when `relative`), p being the emitter's duration fraction for emitter values
/// (emission, life, spawn size) and the particle's life fraction for particle values.
struct GdxValue: Equatable {
    var active = false
    var lowMin: Double = 0
    var lowMax: Double = 0
    var highMin: Double = 0
    var highMax: Double = 0
    var relative = false
    var scaling: [Double] = [1]
    var timeline: [Double] = [0]
    var independent = false
    /// The section header's line (0 when the section is missing).
    var line = 0

    var lowMid: Double { (lowMin + lowMax) / 2 }
    var lowHalf: Double { abs(lowMax - lowMin) / 2 }
    var highMid: Double { (highMin + highMax) / 2 }
    var highHalf: Double { abs(highMax - highMin) / 2 }

    /// libGDX's `getScale(percent)`: linear between timeline points, the last value after the last.
    func scale(_ percent: Double) -> Double {
        let n = min(timeline.count, scaling.count)
        guard n > 0 else { return 1 }
        for i in 1..<max(n, 1) where timeline[i] > percent {
            let t0 = timeline[i - 1]
            let t1 = timeline[i]
            let s0 = scaling[i - 1]
            guard t1 > t0 else { return scaling[i] }
            return s0 + (scaling[i] - s0) * ((percent - t0) / (t1 - t0))
        }
        return scaling[n - 1]
    }

    /// The mean value at `percent` (low and high at their range midpoints).
    func mean(_ percent: Double) -> Double {
        let s = scale(percent)
        return relative ? lowMid + highMid * s : lowMid + (highMid - lowMid) * s
    }

    /// Half the spread of the value at `percent` (the two uniform draws weighted by the scale).
    func half(_ percent: Double) -> Double {
        let s = scale(percent)
        return relative ? lowHalf + abs(s) * highHalf : abs(1 - s) * lowHalf + abs(s) * highHalf
    }

    /// The life (or duration) fractions where the value's shape changes: 0, 1 and the timeline's
    /// points between them, sorted.
    var breakpoints: [Double] {
        let inner = timeline.prefix(min(timeline.count, scaling.count)).filter { $0 > 0 && $0 < 1 }
        return Array(Set([0, 1] + inner)).sorted()
    }

    /// Whether the mean changes over the timeline.
    var varies: Bool {
        let values = breakpoints.map(mean)
        return values.contains { abs($0 - values[0]) > 1e-9 * max(1, abs(values[0])) }
    }

    /// The mean averaged over p in 0…1 (exact for the piecewise-linear timeline).
    var average: Double {
        let b = breakpoints
        var sum = 0.0
        for k in 0..<(b.count - 1) { sum += (mean(b[k]) + mean(b[k + 1])) / 2 * (b[k + 1] - b[k]) }
        return sum
    }

    /// Stops (p, f(p)) of a function of the value at its breakpoints, at most `limit` (resampled evenly
    /// when the timeline has more points).
    func stops(limit: Int = 16, _ f: (Double) -> Double) -> [(t: Double, value: Double)] {
        var b = breakpoints
        if b.count > limit { b = (0..<limit).map { Double($0) / Double(limit - 1) } }
        return b.map { (t: $0, value: f($0)) }
    }
}

/// libGDX's `GradientColorValue`: RGB stops on a timeline over each particle's life.
struct GdxGradient: Equatable {
    var colors: [[Double]] = [[1, 1, 1]]
    var timeline: [Double] = [0]
    var line = 0

    /// libGDX's `getColor(percent)`.
    func color(_ percent: Double) -> [Double] {
        let n = min(colors.count, timeline.count)
        guard n > 0 else { return [1, 1, 1] }
        for i in 1..<max(n, 1) where timeline[i] > percent {
            let t0 = timeline[i - 1]
            let t1 = timeline[i]
            guard t1 > t0 else { return colors[i] }
            let f = (percent - t0) / (t1 - t0)
            return (0..<3).map { colors[i - 1][$0] + (colors[i][$0] - colors[i - 1][$0]) * f }
        }
        return colors[n - 1]
    }

    /// Whether the colour changes over life.
    var varies: Bool {
        let n = min(colors.count, timeline.count)
        return n > 1 && colors.prefix(n).contains { $0 != colors[0] }
    }

    /// Stops (t, rgb) at the timeline's points, 0 and 1 (resampled evenly above `limit`).
    func stops(limit: Int = 16) -> [(t: Double, rgb: [Double])] {
        let n = min(colors.count, timeline.count)
        var b = Array(Set([0, 1] + timeline.prefix(n).filter { $0 > 0 && $0 < 1 })).sorted()
        if b.count > limit { b = (0..<limit).map { Double($0) / Double(limit - 1) } }
        return b.map { (t: $0, rgb: color($0)) }
    }
}
