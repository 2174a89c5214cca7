import Foundation
import LayerKit

/// Turns a `CGPath` into polylines (`FlattenedPath`) within a tolerance.
///
/// Quadratic curves are cut into equal parameter steps (their second derivative is constant, so equal
/// steps are optimal); cubic curves are subdivided adaptively at their midpoints until each piece is
/// flat. The tolerance bounds the distance between the curve and its polyline.
public enum PathFlattener {
    /// The default tolerance: a tenth of a device pixel (as Cairo). Chords lie inside convex curves, so
    /// a flattened shape loses about ⅔ × tolerance × its curved length in area; at 0.1 that stays well
    /// below what anti-aliasing shows.
    public static let defaultTolerance: CGFloat = 0.1
    /// At most 2¹⁰ = 1024 pieces per curve, however large the curve: bounds the work for absurd input.
    public static let maximumSubdivisionDepth = 10
    /// The largest number of points a flattened path may hold (about 64 MB of points).
    public static let maximumPointCount = 4_000_000

    /// Flattens `path` after transforming it by `transform` (user space to device pixels), with
    /// curves within `tolerance` device pixels of the true curve.
    ///
    /// Subpath structure and closedness are kept; a lone `moveTo` makes no subpath. A closed subpath whose
    /// last point equals its first drops the duplicate (the closing segment is implicit).
    /// - Throws: `PathGeometryError` for a non-finite coordinate, transform or tolerance, or too many points.
    public static func flatten(
        _ path: CGPath, transform: CGAffineTransform = .identity,
        tolerance: CGFloat = defaultTolerance
    ) throws -> FlattenedPath {
        guard tolerance.isFinite, tolerance > 0 else { throw PathGeometryError.badTolerance(tolerance) }
        guard transform.isFinite else { throw PathGeometryError.nonFiniteTransform }
        var f = Flattening(tolerance: tolerance)
        // Lines add one point, curves typically a dozen or more.
        let estimate = path.elements.reduce(0) { n, e in
            switch e {
            case .addQuadCurveToPoint, .addCurveToPoint: return n + 16
            default: return n + 1
            }
        }
        f.points.reserveCapacity(estimate)
        f.smooth.reserveCapacity(estimate)
        let identity = transform.isIdentity
        for (index, element) in path.elements.enumerated() {
            let e = identity ? element : element.applying(transform)
            switch e {
            case .moveToPoint(let p):
                guard p.isFinite else { throw PathGeometryError.nonFiniteCoordinate(elementIndex: index) }
                f.move(to: p)
            case .addLineToPoint(let p):
                guard p.isFinite else { throw PathGeometryError.nonFiniteCoordinate(elementIndex: index) }
                f.line(to: p)
            case .addQuadCurveToPoint(let c, let p):
                guard c.isFinite, p.isFinite else { throw PathGeometryError.nonFiniteCoordinate(elementIndex: index) }
                f.quad(c, p)
            case .addCurveToPoint(let c1, let c2, let p):
                guard c1.isFinite, c2.isFinite, p.isFinite else {
                    throw PathGeometryError.nonFiniteCoordinate(elementIndex: index)
                }
                f.cubic(c1, c2, p)
            case .closeSubpath:
                f.close()
            }
            if f.points.count > maximumPointCount { throw PathGeometryError.tooManyPoints(limit: maximumPointCount) }
        }
        f.finishSubpath(closed: false)
        return FlattenedPath(points: f.points, isSmooth: f.smooth, subpaths: f.subpaths)
    }
}

// MARK: - The flattening state machine

/// The state of one flattening pass: output buffers, the open subpath and the current point.
private struct Flattening {
    let tolerance: CGFloat
    var points: [CGPoint] = []
    var smooth: [Bool] = []
    var subpaths: [FlattenedPath.Subpath] = []
    /// Index of the open subpath's first point, or nil when no subpath is open.
    var subpathStart: Int? = nil
    /// Whether the open subpath has at least one segment (a lone moveTo is dropped).
    var hasSegment = false
    var current = CGPoint.zero
    var start = CGPoint.zero

    init(tolerance: CGFloat) { self.tolerance = tolerance }

    mutating func move(to p: CGPoint) {
        finishSubpath(closed: false)
        begin(at: p)
    }

    mutating func line(to p: CGPoint) {
        ensureSubpath()
        append(p, smooth: false)
        hasSegment = true
    }

    mutating func quad(_ c: CGPoint, _ p: CGPoint) {
        ensureSubpath()
        let p0 = current
        let dd = (p0 - c * 2 + p).length
        // A piece spanning 1/n of the parameter deviates from its chord by dd / (4 n²).
        var n = Int((dd / (4 * tolerance)).squareRoot().rounded(.up))
        n = min(max(n, 1), 1 << PathFlattener.maximumSubdivisionDepth)
        let step = 1 / CGFloat(n)
        for i in 1..<max(n, 1) {
            let t = CGFloat(i) * step
            let u = 1 - t
            append(p0 * (u * u) + c * (2 * u * t) + p * (t * t), smooth: true)
        }
        append(p, smooth: false)
        hasSegment = true
    }

    mutating func cubic(_ c1: CGPoint, _ c2: CGPoint, _ p: CGPoint) {
        ensureSubpath()
        subdivide(current, c1, c2, p, depth: 0)
        hasSegment = true
    }

    mutating func close() {
        guard let s = subpathStart else { return }
        // The closing segment is implicit; a last point on the first (arcs end there up to rounding)
        // would be a zero-length segment.
        if points.count - s > 1, (points[points.count - 1] - points[s]).length <= tolerance * 1e-6 {
            points.removeLast()
            smooth.removeLast()
        }
        finishSubpath(closed: true)
        // Core Graphics: after a close the current point is the subpath's start.
        current = start
    }

    // MARK: - Helpers

    /// Flat enough when the control points stray at most `tolerance` from the chord's parametrisation
    /// (the bound of Roger Willcocks' test: the curve is within it of its chord).
    private mutating func subdivide(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, depth: Int) {
        let ux = 3 * c1.x - 2 * p0.x - p3.x
        let uy = 3 * c1.y - 2 * p0.y - p3.y
        let vx = 3 * c2.x - 2 * p3.x - p0.x
        let vy = 3 * c2.y - 2 * p3.y - p0.y
        let flatness = max(ux * ux, vx * vx) + max(uy * uy, vy * vy)
        if flatness <= 16 * tolerance * tolerance || depth >= PathFlattener.maximumSubdivisionDepth {
            append(p3, smooth: false)
            return
        }
        // de Casteljau at t = 1/2.
        let m01 = p0.lerp(c1, 0.5)
        let m12 = c1.lerp(c2, 0.5)
        let m23 = c2.lerp(p3, 0.5)
        let m012 = m01.lerp(m12, 0.5)
        let m123 = m12.lerp(m23, 0.5)
        let mid = m012.lerp(m123, 0.5)
        subdivide(p0, m01, m012, mid, depth: depth + 1)
        // The midpoint was appended as the left half's end: it is inside the curve, so smooth.
        smooth[smooth.count - 1] = true
        subdivide(mid, m123, m23, p3, depth: depth + 1)
    }

    private mutating func begin(at p: CGPoint) {
        subpathStart = points.count
        hasSegment = false
        start = p
        current = p
        points.append(p)
        smooth.append(false)
    }

    /// A segment without a preceding moveTo starts at the current point (the origin for a fresh path).
    private mutating func ensureSubpath() {
        if subpathStart == nil { begin(at: current) }
    }

    private mutating func append(_ p: CGPoint, smooth flag: Bool) {
        points.append(p)
        smooth.append(flag)
        current = p
    }

    mutating func finishSubpath(closed: Bool) {
        guard let s = subpathStart else { return }
        subpathStart = nil
        if !hasSegment {
            points.removeSubrange(s...)
            smooth.removeSubrange(s...)
            return
        }
        subpaths.append(FlattenedPath.Subpath(start: s, count: points.count - s, isClosed: closed))
    }
}
