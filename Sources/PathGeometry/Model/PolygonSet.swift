import Foundation
import LayerKit

/// Fillable geometry: closed contours of points in device space plus the rule that decides the inside.
///
/// This is what a scanline coverage rasteriser consumes. Contours are implicitly closed (the last point
/// joins the first). All points live in one contiguous array; `contourEnds[i]` is one past the last point
/// of contour `i`. Stroke outlines use the non-zero rule and may overlap themselves; every part of a
/// stroke winds the same way, so overlaps never cancel.
public struct PolygonSet: Equatable, Sendable {
    /// Every contour's points, contour after contour, in device pixels.
    public var points: [CGPoint]
    /// One past the last point of each contour, increasing; the last equals `points.count`.
    public var contourEnds: [Int]
    /// How winding numbers map to inside: `.nonZero` or `.evenOdd`.
    public var fillRule: CAShapeLayerFillRule
    /// Multiplies the rasterised coverage, 0…1. Default 1. Below 1 for lines thinner than one device
    /// pixel: they are widened to one pixel and drawn fainter, so that they stay visible with the same
    /// amount of ink.
    public var coverageScale: CGFloat

    /// An empty set.
    public init(fillRule: CAShapeLayerFillRule = .nonZero) {
        points = []
        contourEnds = []
        self.fillRule = fillRule
        coverageScale = 1
    }

    /// Creates a set from its parts.
    public init(points: [CGPoint], contourEnds: [Int], fillRule: CAShapeLayerFillRule, coverageScale: CGFloat = 1) {
        (self.points, self.contourEnds, self.fillRule, self.coverageScale) = (
            points, contourEnds, fillRule, coverageScale
        )
    }

    // MARK: - Reading

    /// The number of contours.
    public var contourCount: Int { contourEnds.count }

    /// Whether there is nothing to fill.
    public var isEmpty: Bool { points.isEmpty }

    /// The range of `points` that contour `i` occupies.
    public func range(ofContour i: Int) -> Range<Int> { (i == 0 ? 0 : contourEnds[i - 1])..<contourEnds[i] }

    /// The points of contour `i`.
    public func contour(_ i: Int) -> ArraySlice<CGPoint> { points[range(ofContour: i)] }

    /// The bounding box of every point (`.null` when empty): the region a rasteriser must visit.
    public var bounds: CGRect { CGRect.boundingBox(of: points) }

    /// The sum of the contours' signed areas (shoelace; positive when clockwise on a y-down screen).
    /// Equals the filled area for non-overlapping contours of one orientation.
    public var signedArea: CGFloat {
        var total: CGFloat = 0
        for i in 0..<contourCount { total += signedArea(ofContour: i) }
        return total
    }

    /// The signed area of contour `i`.
    public func signedArea(ofContour i: Int) -> CGFloat {
        let r = range(ofContour: i)
        guard r.count > 2 else { return 0 }
        var sum: CGFloat = 0
        var prev = points[r.upperBound - 1]
        for k in r {
            let p = points[k]
            sum += prev.cross(p)
            prev = p
        }
        return sum / 2
    }

    /// The winding number of the contours around `point` (ray casting toward +x).
    public func winding(at point: CGPoint) -> Int {
        var w = 0
        for i in 0..<contourCount {
            let r = range(ofContour: i)
            guard r.count > 1 else { continue }
            var prev = points[r.upperBound - 1]
            for k in r {
                let p = points[k]
                if prev.y <= point.y {
                    if p.y > point.y, (p - prev).cross(point - prev) > 0 { w += 1 }
                } else if p.y <= point.y, (p - prev).cross(point - prev) < 0 {
                    w -= 1
                }
                prev = p
            }
        }
        return w
    }

    /// Whether `point` is inside under the fill rule (useful for hit testing a shape layer).
    public func contains(_ point: CGPoint) -> Bool {
        let w = winding(at: point)
        return fillRule == .evenOdd ? w & 1 != 0 : w != 0
    }

    // MARK: - Building

    /// Appends a contour (ignored when it has fewer than 2 points).
    public mutating func append(contour: some Collection<CGPoint>) {
        guard contour.count > 1 else { return }
        points += contour
        contourEnds.append(points.count)
    }

    /// A copy with every point transformed.
    public func applying(_ t: CGAffineTransform) -> PolygonSet {
        var copy = self
        copy.points = points.map { $0.applying(t) }
        return copy
    }
}
