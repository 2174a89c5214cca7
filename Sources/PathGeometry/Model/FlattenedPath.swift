import Foundation
import LayerKit

/// A path reduced to polylines: every subpath is a run of points joined by straight segments.
///
/// Points of all subpaths live in one contiguous array. Points that come from subdividing a curve are
/// marked smooth: a stroke joins its segments there with a smooth (round) join whatever `lineJoin` says,
/// because Core Graphics applies `lineJoin` only between path elements, never inside a curve.
public struct FlattenedPath: Equatable, Sendable {
    /// One polyline.
    public struct Subpath: Equatable, Sendable {
        /// Index of the first point in `points`.
        public var start: Int
        /// Number of points, ≥ 1. One point (or several equal ones) is a zero-length segment:
        /// round and square caps draw it as a dot.
        public var count: Int
        /// Whether the last point joins back to the first (a closed contour, no caps).
        public var isClosed: Bool
        /// The direction a zero-length subpath is taken to point in (for square caps); (1, 0) by default.
        public var direction: CGPoint

        /// Creates a subpath record.
        public init(start: Int, count: Int, isClosed: Bool, direction: CGPoint = CGPoint(x: 1, y: 0)) {
            (self.start, self.count, self.isClosed, self.direction) = (start, count, isClosed, direction)
        }

        /// The index one past the last point.
        public var end: Int { start + count }
    }

    /// All points, subpath after subpath.
    public var points: [CGPoint]
    /// One flag per point: true when the point lies inside a flattened curve (smooth join).
    public var isSmooth: [Bool]
    /// The subpaths in order. A lone `moveTo` makes none.
    public var subpaths: [Subpath]

    /// An empty path.
    public init() {
        points = []
        isSmooth = []
        subpaths = []
    }

    /// Creates a flattened path from its parts (`isSmooth` must have one flag per point).
    public init(points: [CGPoint], isSmooth: [Bool], subpaths: [Subpath]) {
        (self.points, self.isSmooth, self.subpaths) = (points, isSmooth, subpaths)
    }

    /// Creates a single polyline with no smooth points.
    public init(polyline: [CGPoint], isClosed: Bool) {
        points = polyline
        isSmooth = Array(repeating: false, count: polyline.count)
        subpaths = polyline.isEmpty ? [] : [Subpath(start: 0, count: polyline.count, isClosed: isClosed)]
    }

    // MARK: - Building

    /// Appends a subpath made of `points`.
    public mutating func append(
        _ newPoints: [CGPoint], smooth: [Bool]? = nil, isClosed: Bool,
        direction: CGPoint = CGPoint(x: 1, y: 0)
    ) {
        guard !newPoints.isEmpty else { return }
        subpaths.append(Subpath(start: points.count, count: newPoints.count, isClosed: isClosed, direction: direction))
        points += newPoints
        isSmooth += smooth ?? Array(repeating: false, count: newPoints.count)
    }

    // MARK: - Measuring

    /// The points of subpath `i`.
    public func points(ofSubpath i: Int) -> ArraySlice<CGPoint> {
        let s = subpaths[i]
        return points[s.start..<s.end]
    }

    /// The length of subpath `i`, including the closing segment of a closed subpath.
    public func length(ofSubpath i: Int) -> CGFloat {
        let s = subpaths[i]
        return points.withUnsafeBufferPointer { p in
            var total: CGFloat = 0
            var k = s.start + 1
            while k < s.end {
                total += (p[k] - p[k - 1]).length
                k += 1
            }
            if s.isClosed, s.count > 1 { total += (p[s.start] - p[s.end - 1]).length }
            return total
        }
    }

    /// The total length of every subpath (closing segments included): what `strokeStart` and
    /// `strokeEnd` are fractions of.
    public var length: CGFloat {
        var total: CGFloat = 0
        for i in subpaths.indices { total += length(ofSubpath: i) }
        return total
    }

    /// The bounding box of every point; `.null` when empty.
    public var bounds: CGRect { CGRect.boundingBox(of: points) }

    /// A copy with every point transformed (smooth flags and structure unchanged).
    public func applying(_ t: CGAffineTransform) -> FlattenedPath {
        var copy = self
        copy.points = points.map { $0.applying(t) }
        copy.subpaths = subpaths.map { s in
            var s = s
            let d = CGSize(width: s.direction.x, height: s.direction.y).applying(t)
            let len = (d.width * d.width + d.height * d.height).squareRoot()
            if len > 0 { s.direction = CGPoint(x: d.width / len, y: d.height / len) }
            return s
        }
        return copy
    }
}
