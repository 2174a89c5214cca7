import Foundation
import LayerKit

/// Turns polylines into the outline of their stroke: closed contours to fill with the non-zero rule.
///
/// Each open subpath becomes one contour (one side forward, end cap, other side backward, start cap);
/// each closed subpath becomes two (one side forward, the other backward). On the inside of a corner the
/// two offset segments meet at their intersection when the segments are long enough, and otherwise through
/// the corner point itself, as Skia does; both give loops that wind the same way as the rest of the
/// outline, so the non-zero rule fills every covered point once and never cancels an overlap.
/// Every piece (bands, caps, dots) winds counter-clockwise on a y-down screen (negative signed area).
public enum PathStroker {
    /// The outline of `path` stroked with a line of `width` (same units as the path), with round parts
    /// flattened within `tolerance` (same units).
    ///
    /// Segments shorter than a millionth of the half-width are dropped (their direction is noise).
    /// Points marked smooth in `path` get a round join whatever `join` is. A subpath that is a single
    /// point draws a dot for round and square caps.
    public static func outline(
        of path: FlattenedPath, width: CGFloat, cap: CAShapeLayerLineCap = .butt,
        join: CAShapeLayerLineJoin = .miter, miterLimit: CGFloat = 10,
        tolerance: CGFloat = PathFlattener.defaultTolerance
    ) -> PolygonSet {
        guard width > 0, width.isFinite, !path.points.isEmpty else { return PolygonSet(fillRule: .nonZero) }
        let pen = StrokePen(halfWidth: width / 2, cap: cap, join: join, miterLimit: miterLimit, tolerance: tolerance)
        var builder = OutlineBuilder(
            pen: pen, capacity: path.points.count * 3 + 16,
            longestSubpath: path.subpaths.reduce(0) { max($0, $1.count) })
        path.points.withUnsafeBufferPointer { pts in
            path.isSmooth.withUnsafeBufferPointer { smooth in
                for s in path.subpaths {
                    builder.strokeSubpath(pts, smooth, s)
                }
            }
        }
        return PolygonSet(points: builder.out, contourEnds: builder.ends, fillRule: .nonZero)
    }
}

// MARK: - The pen

/// The fixed parameters of one stroke and the geometry of joins, caps and arcs. A value separate from the
/// output buffers, so that appending to them never copies them.
private struct StrokePen {
    enum Cap { case butt, round, square }
    enum Join { case miter, round, bevel }

    let r: CGFloat
    let cap: Cap
    let join: Join
    /// miterLimit², compared with 2 / (1 + cos φ).
    let miterLimitSquared: CGFloat
    /// The angle step of round parts: each chord's sagitta stays within the tolerance.
    let arcStep: CGFloat
    /// cos(arcStep): a turn with a larger cosine fits in one arc step.
    let cosArcStep: CGFloat
    let minimumSegment: CGFloat

    init(
        halfWidth: CGFloat, cap: CAShapeLayerLineCap, join: CAShapeLayerLineJoin, miterLimit: CGFloat,
        tolerance: CGFloat
    ) {
        r = halfWidth
        self.cap = cap == .round ? .round : cap == .square ? .square : .butt
        self.join = join == .round ? .round : join == .bevel ? .bevel : .miter
        miterLimitSquared = miterLimit.isNaN ? 100 : miterLimit * miterLimit
        let tol = tolerance.isFinite && tolerance > 0 ? tolerance : PathFlattener.defaultTolerance
        let step = tol >= halfWidth ? CGFloat.pi / 2 : 2 * acos(1 - tol / halfWidth)
        arcStep = min(max(step, 2 * .pi / 1024), .pi / 2)
        cosArcStep = cos(arcStep)
        minimumSegment = max(halfWidth * 1e-6, 1e-12)
    }

    /// Appends the offset points at corner `q` on one side (+1: the +perpendicular side, −1: the other).
    @inline(__always)
    func join(
        at q: CGPoint, _ d0: CGPoint, _ d1: CGPoint, _ len0: CGFloat, _ len1: CGFloat,
        smooth isSmooth: Bool, side: CGFloat, into buffer: inout [CGPoint]
    ) {
        let n0 = d0.perpendicular
        let n1 = d1.perpendicular
        let cross = d0.cross(d1)
        let dot = d0.dot(d1)
        // The outer side of a turn toward +perpendicular (cross > 0) is the − side; a reversal counts as such.
        let outerSide: CGFloat = cross > 0 || (cross == 0 && dot < 0) ? -1 : 1
        if side != outerSide {
            // Inner side: the offset segments' intersection if it lies within half of each segment.
            if 1 + dot > 1e-9, r * abs(cross) <= 0.5 * min(len0, len1) * (1 + dot) {
                buffer.append(q + (n0 + n1) * (side * r / (1 + dot)))
            } else {
                buffer.append(q + n0 * (side * r))
                buffer.append(q)
                buffer.append(q + n1 * (side * r))
            }
            return
        }
        let style: Join = isSmooth ? .round : join
        if style == .miter, (1 + dot) * miterLimitSquared >= 2 {
            buffer.append(q + (n0 + n1) * (side * r / (1 + dot)))
            return
        }
        if style == .round {
            // A round join within one arc step is drawn as its miter: fewer points, within tolerance.
            if dot >= cosArcStep {
                buffer.append(q + (n0 + n1) * (side * r / (1 + dot)))
                return
            }
            let turn = cross == 0 && dot < 0 ? CGFloat.pi : atan2(cross, dot)
            buffer.append(q + n0 * (side * r))
            arc(center: q, from: n0 * (side * r), sweep: turn, into: &buffer)
            buffer.append(q + n1 * (side * r))
            return
        }
        buffer.append(q + n0 * (side * r))
        buffer.append(q + n1 * (side * r))
    }

    /// Appends the cap beyond `q` for a line arriving in `direction` (between the two side points).
    @inline(__always)
    func cap(at q: CGPoint, direction d: CGPoint, into buffer: inout [CGPoint]) {
        let n = d.perpendicular * r
        switch cap {
        case .round:
            arc(center: q, from: n, sweep: -.pi, into: &buffer)
        case .square:
            buffer.append(q + n + d * r)
            buffer.append(q - n + d * r)
        case .butt:
            break
        }
    }

    /// A zero-length subpath: a circle for round caps, a square for square caps, nothing for butt.
    /// Returns whether a contour was appended.
    func dot(at q: CGPoint, direction: CGPoint, into buffer: inout [CGPoint]) -> Bool {
        let dl = direction.length
        let d = dl > 0 && dl.isFinite ? direction * (1 / dl) : CGPoint(x: 1, y: 0)
        let n = d.perpendicular * r
        switch cap {
        case .round:
            arc(center: q, from: n, sweep: -2 * .pi, wholeCircle: true, into: &buffer)
        case .square:
            buffer.append(q + n + d * r)
            buffer.append(q - n + d * r)
            buffer.append(q - n - d * r)
            buffer.append(q + n - d * r)
        case .butt:
            return false
        }
        return true
    }

    /// Appends the points strictly inside an arc around `center` that starts at `center + v` and turns
    /// by `sweep` radians (positive turns +x toward +y); with `wholeCircle`, the start point as well.
    ///
    /// The inner points sit slightly outside the circle, at r·√(a / sin a) for a step of a radians, which
    /// makes each chord's sector keep the circle's area: inscribed chords would shrink every round cap and
    /// dot by about ⅔ of the tolerance times its arc length.
    func arc(center: CGPoint, from v: CGPoint, sweep: CGFloat, wholeCircle: Bool = false, into buffer: inout [CGPoint])
    {
        let steps = Int((abs(sweep) / arcStep).rounded(.up))
        guard steps > 1 else { return }
        let a = sweep / CGFloat(steps)
        let c = cos(a)
        let s = sin(a)
        let k = (a / s).squareRoot()
        var x = v.x * k
        var y = v.y * k
        if wholeCircle { buffer.append(CGPoint(x: center.x + x, y: center.y + y)) }
        for _ in 1..<steps {
            (x, y) = (x * c - y * s, x * s + y * c)
            buffer.append(CGPoint(x: center.x + x, y: center.y + y))
        }
    }
}

// MARK: - Outline construction

/// Builds outline contours into one contiguous buffer, subpath by subpath.
private struct OutlineBuilder {
    let pen: StrokePen
    var out: [CGPoint] = []
    var ends: [Int] = []
    // Scratch for the subpath being stroked (reused, so no per-subpath allocation).
    private var p: [CGPoint] = []
    private var smooth: [Bool] = []
    private var dir: [CGPoint] = []
    private var len: [CGFloat] = []
    private var sideB: [CGPoint] = []

    init(pen: StrokePen, capacity: Int, longestSubpath: Int) {
        self.pen = pen
        out.reserveCapacity(capacity)
        p.reserveCapacity(longestSubpath)
        smooth.reserveCapacity(longestSubpath)
        dir.reserveCapacity(longestSubpath)
        len.reserveCapacity(longestSubpath)
        sideB.reserveCapacity(longestSubpath * 3 + 8)
    }

    mutating func strokeSubpath(
        _ pts: UnsafeBufferPointer<CGPoint>, _ flags: UnsafeBufferPointer<Bool>,
        _ s: FlattenedPath.Subpath
    ) {
        let r = pen.r
        // Drop zero-length segments.
        p.removeAll(keepingCapacity: true)
        smooth.removeAll(keepingCapacity: true)
        for k in s.start..<s.end {
            let q = pts[k]
            if let last = p.last {
                let d = q - last
                if d.x * d.x + d.y * d.y <= pen.minimumSegment * pen.minimumSegment { continue }
            }
            p.append(q)
            smooth.append(flags[k])
        }
        if s.isClosed, p.count > 1, (p[p.count - 1] - p[0]).length <= pen.minimumSegment {
            p.removeLast()
            smooth.removeLast()
        }
        let n = p.count
        if n == 1 {
            if !s.isClosed, pen.dot(at: p[0], direction: s.direction, into: &out) { ends.append(out.count) }
            return
        }
        // Segment directions and lengths (n − 1 for open, n for closed).
        let segments = s.isClosed ? n : n - 1
        dir.removeAll(keepingCapacity: true)
        len.removeAll(keepingCapacity: true)
        for k in 0..<segments {
            let d = p[k + 1 == n ? 0 : k + 1] - p[k]
            let l = d.length
            dir.append(d * (1 / l))
            len.append(l)
        }
        sideB.removeAll(keepingCapacity: true)
        if s.isClosed {
            for k in 0..<n {
                let prev = k == 0 ? n - 1 : k - 1
                pen.join(at: p[k], dir[prev], dir[k], len[prev], len[k], smooth: smooth[k], side: 1, into: &out)
            }
            ends.append(out.count)
            for k in 0..<n {
                let prev = k == 0 ? n - 1 : k - 1
                pen.join(at: p[k], dir[prev], dir[k], len[prev], len[k], smooth: smooth[k], side: -1, into: &sideB)
            }
            out.append(contentsOf: sideB.reversed())
            ends.append(out.count)
            return
        }
        // Open: side A forward, end cap, side B backward, start cap.
        let d0 = dir[0]
        let dn = dir[segments - 1]
        out.append(p[0] + d0.perpendicular * r)
        sideB.append(p[0] - d0.perpendicular * r)
        for k in 1..<(n - 1) {
            pen.join(at: p[k], dir[k - 1], dir[k], len[k - 1], len[k], smooth: smooth[k], side: 1, into: &out)
            pen.join(at: p[k], dir[k - 1], dir[k], len[k - 1], len[k], smooth: smooth[k], side: -1, into: &sideB)
        }
        let end = p[n - 1]
        out.append(end + dn.perpendicular * r)
        pen.cap(at: end, direction: dn, into: &out)
        sideB.append(end - dn.perpendicular * r)
        out.append(contentsOf: sideB.reversed())
        pen.cap(at: p[0], direction: -d0, into: &out)
        ends.append(out.count)
    }
}
