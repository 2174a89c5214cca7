import Foundation

/// The prepared form of a keyframe animation's `values`: key times resolved for its calculation mode,
/// spline tangents and arc-length tables built once, so that each frame is a search and a blend.
struct KeyframeTimeline {
    // MARK: - Stored state

    let values: [LayerValue]
    let mode: CAAnimationCalculationMode
    /// One key time per value (discrete: per value, plus an optional closing 1.0).
    let keyTimes: [Double]
    /// Per-segment timing functions (linear and cubic modes only).
    let timingFunctions: [CAMediaTimingFunction]?
    /// Component vectors of the values when they all have the same shape (splines need them).
    let vectors: [[Double]]?
    /// Kochanek–Bartels outgoing and incoming tangents of each segment (cubic modes).
    private var outgoing: [[Double]] = []
    private var incoming: [[Double]] = []
    /// Cumulative arc length at the end of each segment, and per-segment sample tables (cubicPaced).
    private var cumulativeLength: [Double] = []
    private var segmentTables: [[Double]] = []

    private static let arcSamples = 128

    // MARK: - Building

    init(
        values: [LayerValue], keyTimes given: [Double]?, timingFunctions: [CAMediaTimingFunction]?,
        mode: CAAnimationCalculationMode, tension: [Double]?, continuity: [Double]?, bias: [Double]?
    ) {
        self.values = values
        let n = values.count
        let vecs = values.map(\.components)
        if let first = vecs.first ?? nil, vecs.allSatisfy({ $0?.count == first.count }),
            values.allSatisfy({ LayerValue.canInterpolate(values[0], $0) || $0 == values[0] })
        {
            vectors = vecs.compactMap { $0 }
        } else {
            vectors = nil
        }
        var m = mode
        if (m == .cubic || m == .cubicPaced) && vectors == nil { m = m == .cubic ? .linear : .paced }
        self.mode = m
        self.timingFunctions = (m == .linear || m == .cubic) ? timingFunctions : nil

        switch m {
        case .discrete:
            keyTimes = given ?? (0..<n).map { Double($0) / Double(max(n, 1)) }
        case .paced:
            var cumulative = [0.0]
            for i in 1..<max(n, 1) { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = cumulative.last ?? 0
            keyTimes = total > 0 ? cumulative.map { $0 / total } : KeyframeTimeline.uniform(n)
        default:
            keyTimes = given ?? KeyframeTimeline.uniform(n)
        }

        if m == .cubic || m == .cubicPaced, let v = vectors, n > 1 {
            buildTangents(v, tension: tension, continuity: continuity, bias: bias)
            if m == .cubicPaced { buildArcLengths(v) }
        }
    }

    private static func uniform(_ n: Int) -> [Double] {
        n <= 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// Kochanek–Bartels tangents; end points repeat themselves; unequal key-time spacing is compensated.
    private mutating func buildTangents(_ p: [[Double]], tension: [Double]?, continuity: [Double]?, bias: [Double]?) {
        let n = p.count
        let dims = p[0].count
        func point(_ i: Int) -> [Double] { p[min(n - 1, max(0, i))] }
        func diff(_ a: [Double], _ b: [Double]) -> [Double] { (0..<dims).map { b[$0] - a[$0] } }
        let times = mode == .cubicPaced ? KeyframeTimeline.uniform(n) : keyTimes
        func delta(_ i: Int) -> Double {
            let j = min(n - 2, max(0, i))
            return times[j + 1] - times[j]
        }
        for i in 0..<(n - 1) {
            let (t0, c0, b0) = (tension?[safe: i] ?? 0, continuity?[safe: i] ?? 0, bias?[safe: i] ?? 0)
            let (t1, c1, b1) = (tension?[safe: i + 1] ?? 0, continuity?[safe: i + 1] ?? 0, bias?[safe: i + 1] ?? 0)
            let before0 = diff(point(i - 1), point(i))
            let after0 = diff(point(i), point(i + 1))
            let before1 = after0
            let after1 = diff(point(i + 1), point(i + 2))
            let a0 = (1 - t0) * (1 + b0) * (1 - c0) / 2
            let a1 = (1 - t0) * (1 - b0) * (1 + c0) / 2
            let d0 = (1 - t1) * (1 + b1) * (1 + c1) / 2
            let d1 = (1 - t1) * (1 - b1) * (1 - c1) / 2
            let di = delta(i)
            let sOut = delta(i - 1) + di > 0 ? 2 * di / (delta(i - 1) + di) : 1
            let sIn = di + delta(i + 1) > 0 ? 2 * di / (di + delta(i + 1)) : 1
            outgoing.append((0..<dims).map { (a0 * before0[$0] + a1 * after0[$0]) * sOut })
            incoming.append((0..<dims).map { (d0 * before1[$0] + d1 * after1[$0]) * sIn })
        }
    }

    private mutating func buildArcLengths(_ p: [[Double]]) {
        var total = 0.0
        for i in 0..<(p.count - 1) {
            var table = [0.0]
            var previous = hermite(i, 0)
            for k in 1...KeyframeTimeline.arcSamples {
                let q = hermite(i, Double(k) / Double(KeyframeTimeline.arcSamples))
                var d = 0.0
                for j in q.indices { d += (q[j] - previous[j]) * (q[j] - previous[j]) }
                table.append(table[k - 1] + d.squareRoot())
                previous = q
            }
            segmentTables.append(table)
            total += table.last ?? 0
            cumulativeLength.append(total)
        }
    }

    // MARK: - Evaluating

    /// The value at progress `f` (0…1, after the animation's own timing function).
    func value(at f: Double) -> LayerValue {
        let n = values.count
        guard n > 1 else { return values.first ?? .none }
        switch mode {
        case .discrete:
            var index = 0
            for i in 0..<min(n, keyTimes.count) where keyTimes[i] <= f { index = i }
            return values[index]
        case .cubicPaced:
            return cubicPacedValue(at: f)
        default:
            let (i, u) = segment(at: f)
            let v = timingFunctions?[safe: i]?.solve(forInput: u) ?? u
            if mode == .cubic, vectors != nil {
                return values[0].withComponents(hermite(i, v)) ?? LayerValue.interpolate(values[i], values[i + 1], v)
            }
            return LayerValue.interpolate(values[i], values[i + 1], v)
        }
    }

    /// The segment containing `f` and the progress within it.
    private func segment(at f: Double) -> (Int, Double) {
        let n = values.count
        var i = 0
        while i < n - 2 && keyTimes[i + 1] <= f { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        let u = span > 0 ? (f - keyTimes[i]) / span : (f >= keyTimes[i + 1] ? 1 : 0)
        return (i, min(1, max(0, u)))
    }

    private func hermite(_ i: Int, _ u: Double) -> [Double] {
        guard let p = vectors else { return [] }
        let u2 = u * u
        let u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1
        let h10 = u3 - 2 * u2 + u
        let h01 = -2 * u3 + 3 * u2
        let h11 = u3 - u2
        let a = p[i]
        let b = p[i + 1]
        let ta = outgoing[i]
        let tb = incoming[i]
        return (0..<a.count).map { h00 * a[$0] + h10 * ta[$0] + h01 * b[$0] + h11 * tb[$0] }
    }

    private func cubicPacedValue(at f: Double) -> LayerValue {
        guard let total = cumulativeLength.last, total > 0 else { return values[0] }
        let target = min(1, max(0, f)) * total
        var i = 0
        while i < cumulativeLength.count - 1 && cumulativeLength[i] < target { i += 1 }
        let start = i == 0 ? 0 : cumulativeLength[i - 1]
        let table = segmentTables[i]
        let local = target - start
        var k = 1
        while k < table.count - 1 && table[k] < local { k += 1 }
        let span = table[k] - table[k - 1]
        let frac = span > 0 ? (local - table[k - 1]) / span : 0
        let u = (Double(k - 1) + min(1, max(0, frac))) / Double(KeyframeTimeline.arcSamples)
        return values[0].withComponents(hermite(i, u)) ?? values[i]
    }
}

extension Array {
    /// The element at `i`, or nil when out of range.
    fileprivate subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
