import Foundation

/// The prepared form of a keyframe animation's `path`: its drawable segments (lines, quadratic and cubic
/// Béziers; `closeSubpath` is a line back to the subpath's start; `moveTo` jumps), their arc lengths,
/// and the key time of each segment boundary.
///
/// Linear and cubic modes give every segment the same time (or the `keyTimes`, one per segment boundary)
/// and move along a segment by its Bézier parameter; paced modes move at constant speed along the whole
/// path; discrete mode jumps from one segment end point to the next.
struct PathTimeline {
    // MARK: - Segments

    enum Segment {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

        var start: CGPoint {
            switch self {
            case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): return a
            }
        }

        var end: CGPoint {
            switch self {
            case .line(_, let b), .quad(_, _, let b), .cubic(_, _, _, let b): return b
            }
        }

        func point(_ u: Double) -> CGPoint {
            let t = CGFloat(u)
            let s = 1 - CGFloat(u)
            switch self {
            case .line(let a, let b): return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            case .quad(let a, let c, let b):
                return CGPoint(
                    x: s * s * a.x + 2 * s * t * c.x + t * t * b.x, y: s * s * a.y + 2 * s * t * c.y + t * t * b.y)
            case .cubic(let a, let c1, let c2, let b):
                let (k0, k1, k2, k3) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
                return CGPoint(
                    x: k0 * a.x + k1 * c1.x + k2 * c2.x + k3 * b.x, y: k0 * a.y + k1 * c1.y + k2 * c2.y + k3 * b.y)
            }
        }

        /// The derivative at u; falls back to the chord when the curve is degenerate there.
        func tangent(_ u: Double) -> CGVector {
            let t = CGFloat(u)
            let s = 1 - CGFloat(u)
            var d: CGVector
            switch self {
            case .line(let a, let b): d = CGVector(dx: b.x - a.x, dy: b.y - a.y)
            case .quad(let a, let c, let b):
                d = CGVector(
                    dx: 2 * s * (c.x - a.x) + 2 * t * (b.x - c.x), dy: 2 * s * (c.y - a.y) + 2 * t * (b.y - c.y))
            case .cubic(let a, let c1, let c2, let b):
                d = CGVector(
                    dx: 3 * s * s * (c1.x - a.x) + 6 * s * t * (c2.x - c1.x) + 3 * t * t * (b.x - c2.x),
                    dy: 3 * s * s * (c1.y - a.y) + 6 * s * t * (c2.y - c1.y) + 3 * t * t * (b.y - c2.y))
            }
            if d.dx * d.dx + d.dy * d.dy < 1e-18 {
                d = CGVector(dx: end.x - start.x, dy: end.y - start.y)
            }
            return d
        }
    }

    // MARK: - Stored state

    let segments: [Segment]
    /// The path's first point (shown when there are no segments).
    let origin: CGPoint
    let mode: CAAnimationCalculationMode
    /// Key time of each segment boundary (segments + 1 entries).
    let keyTimes: [Double]
    let timingFunctions: [CAMediaTimingFunction]?
    /// Per segment: cumulative arc length at each of `samples + 1` parameter steps.
    private var tables: [[Double]] = []
    private var cumulative: [Double] = []

    private static let samples = 128

    // MARK: - Building

    init(
        path: CGPath, keyTimes given: [Double]?, timingFunctions: [CAMediaTimingFunction]?,
        mode: CAAnimationCalculationMode
    ) {
        var segs: [Segment] = []
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        var first: CGPoint?
        for element in path.elements {
            switch element {
            case .moveToPoint(let p):
                current = p
                subpathStart = p
            case .addLineToPoint(let p):
                segs.append(.line(current, p))
                current = p
            case .addQuadCurveToPoint(let c, let p):
                segs.append(.quad(current, c, p))
                current = p
            case .addCurveToPoint(let c1, let c2, let p):
                segs.append(.cubic(current, c1, c2, p))
                current = p
            case .closeSubpath:
                segs.append(.line(current, subpathStart))
                current = subpathStart
            }
            if first == nil { first = current }
        }
        segments = segs
        origin = first ?? .zero
        self.mode = mode
        self.timingFunctions = (mode == .linear || mode == .cubic) ? timingFunctions : nil
        let n = segs.count
        if let given, given.count == n + 1, mode != .paced, mode != .cubicPaced {
            keyTimes = given
        } else {
            keyTimes = n == 0 ? [0] : (0...n).map { Double($0) / Double(n) }
        }
        var total = 0.0
        for s in segs {
            var table = [0.0]
            var previous = s.point(0)
            for k in 1...PathTimeline.samples {
                let q = s.point(Double(k) / Double(PathTimeline.samples))
                table.append(table[k - 1] + Double(hypot(q.x - previous.x, q.y - previous.y)))
                previous = q
            }
            tables.append(table)
            total += table.last ?? 0
            cumulative.append(total)
        }
    }

    /// The number of segment boundaries a `keyTimes` array must list.
    static func boundaryCount(of path: CGPath) -> Int {
        PathTimeline(path: path, keyTimes: nil, timingFunctions: nil, mode: .linear).segments.count + 1
    }

    // MARK: - Evaluating

    /// The point and the tangent direction at progress `f` (0…1).
    func sample(at f: Double) -> (point: CGPoint, tangent: CGVector) {
        let n = segments.count
        guard n > 0 else { return (origin, CGVector(dx: 1, dy: 0)) }
        let f = min(1, max(0, f))
        switch mode {
        case .discrete:
            let slot = min(n, Int((f * Double(n + 1)).rounded(.down)))
            let p = slot == 0 ? segments[0].start : segments[slot - 1].end
            let s = segments[max(0, slot - 1)]
            return (p, s.tangent(slot == 0 ? 0 : 1))
        case .paced, .cubicPaced:
            guard let total = cumulative.last, total > 0 else { return (segments[0].start, segments[0].tangent(0)) }
            let target = f * total
            var i = 0
            while i < n - 1 && cumulative[i] < target { i += 1 }
            let local = target - (i == 0 ? 0 : cumulative[i - 1])
            let table = tables[i]
            var k = 1
            while k < table.count - 1 && table[k] < local { k += 1 }
            let span = table[k] - table[k - 1]
            let frac = span > 0 ? min(1, max(0, (local - table[k - 1]) / span)) : 0
            let u = (Double(k - 1) + frac) / Double(PathTimeline.samples)
            return (segments[i].point(u), segments[i].tangent(u))
        default:
            var i = 0
            while i < n - 1 && keyTimes[i + 1] <= f { i += 1 }
            let span = keyTimes[i + 1] - keyTimes[i]
            var u = span > 0 ? min(1, max(0, (f - keyTimes[i]) / span)) : (f >= keyTimes[i + 1] ? 1 : 0)
            if let tf = timingFunctions, i < tf.count { u = tf[i].solve(forInput: u) }
            return (segments[i].point(u), segments[i].tangent(u))
        }
    }
}
