import Foundation
import LayerKit
import PathGeometry

/// Which points a path with overlapping or nested subpaths covers.
public enum FillRule: Equatable, Sendable {
    /// Covered where the winding number is not zero (Core Graphics' default).
    case nonZero
    /// Covered where the winding number is odd.
    case evenOdd
}

/// One non-horizontal edge of a polygon in device pixels, stored top to bottom.
struct Edge {
    /// Upper end (y0 < y1).
    var x0: Float, y0: Float
    /// Lower end.
    var x1: Float, y1: Float
    /// dx/dy.
    var dxdy: Float
    /// +1 when the original edge ran downwards, −1 when upwards.
    var dir: Float
}

/// A filled region in device pixels, ready for coverage rasterisation: either an axis-aligned rectangle
/// (the common case of an unrotated layer) or a list of polygon edges.
///
/// Anti-aliased shapes get exact-area coverage; point-sampled shapes cover a pixel when its centre is
/// inside (Core Animation's default for layer edges, `allowsEdgeAntialiasing = false`).
final class DeviceShape {
    enum Geometry {
        /// [x0, x1) × [y0, y1) in device pixels.
        case rect(x0: Float, y0: Float, x1: Float, y1: Float)
        /// Closed polygons as edges.
        case edges([Edge])
    }

    let geometry: Geometry
    let rule: FillRule
    let antialiased: Bool
    /// The pixels that may be covered (already intersected with the clip the shape was built for).
    let bounds: IntRect

    init(geometry: Geometry, rule: FillRule, antialiased: Bool, bounds: IntRect) {
        self.geometry = geometry
        self.rule = rule
        self.antialiased = antialiased
        self.bounds = bounds
    }

    /// An axis-aligned rectangle, clipped to `clip`.
    static func rect(x0: Float, y0: Float, x1: Float, y1: Float, antialiased: Bool, clip: IntRect) -> DeviceShape {
        let b: IntRect
        if antialiased {
            b = IntRect.covering(minX: x0, minY: y0, maxX: x1, maxY: y1)
        } else {
            // Pixel centres inside [x0, x1): columns ceil(x0 − ½) ..< ceil(x1 − ½).
            let c = IntRect.covering(minX: x0, minY: y0, maxX: x1, maxY: y1)
            b =
                c.isEmpty
                ? .empty
                : IntRect(
                    x0: Int((x0 - 0.5).rounded(.up)), y0: Int((y0 - 0.5).rounded(.up)),
                    x1: Int((x1 - 0.5).rounded(.up)), y1: Int((y1 - 0.5).rounded(.up)))
        }
        return DeviceShape(
            geometry: .rect(x0: x0, y0: y0, x1: x1, y1: y1), rule: .nonZero, antialiased: antialiased,
            bounds: b.intersection(clip))
    }

    /// Polygons (each implicitly closed) in device pixels, clipped to `clip`.
    static func polygons(_ polys: [[SIMD2<Double>]], rule: FillRule, antialiased: Bool, clip: IntRect) -> DeviceShape {
        var b = EdgeBuilder()
        for poly in polys where poly.count >= 3 {
            var prev = poly[poly.count - 1]
            for p in poly {
                b.add(Float(prev.x), Float(prev.y), Float(p.x), Float(p.y))
                prev = p
            }
        }
        return b.shape(rule: rule, antialiased: antialiased, clip: clip)
    }

    /// The contours of a PathGeometry `PolygonSet` already in device pixels (each implicitly closed),
    /// clipped to `clip`. The points must lie within a guard rectangle around the clip (see
    /// `DeviceProjector`), so that no coordinate overflows.
    static func polygonSet(_ set: PolygonSet, antialiased: Bool, clip: IntRect) -> DeviceShape {
        var b = EdgeBuilder()
        b.edges.reserveCapacity(set.points.count)
        set.points.withUnsafeBufferPointer { pts in
            var start = 0
            for end in set.contourEnds {
                if end - start >= 3 {
                    var prev = pts[end - 1]
                    for k in start..<end {
                        let p = pts[k]
                        b.add(Float(prev.x), Float(prev.y), Float(p.x), Float(p.y))
                        prev = p
                    }
                }
                start = end
            }
        }
        return b.shape(rule: set.fillRule == .evenOdd ? .evenOdd : .nonZero, antialiased: antialiased, clip: clip)
    }
}

/// Collects the non-horizontal edges of closed polygons and their bounding box.
private struct EdgeBuilder {
    var edges: [Edge] = []
    var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity

    /// Adds the edge from (px, py) to (qx, qy); non-finite edges are skipped.
    @inline(__always)
    mutating func add(_ px: Float, _ py: Float, _ qx: Float, _ qy: Float) {
        guard px.isFinite, py.isFinite, qx.isFinite, qy.isFinite else { return }
        minX = min(minX, px)
        maxX = max(maxX, px)
        minY = min(minY, py)
        maxY = max(maxY, py)
        if py == qy { return }
        let dxdy = (qx - px) / (qy - py)
        guard dxdy.isFinite else { return }
        if py < qy {
            edges.append(Edge(x0: px, y0: py, x1: qx, y1: qy, dxdy: dxdy, dir: 1))
        } else {
            edges.append(Edge(x0: qx, y0: qy, x1: px, y1: py, dxdy: dxdy, dir: -1))
        }
    }

    func shape(rule: FillRule, antialiased: Bool, clip: IntRect) -> DeviceShape {
        var b = IntRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        if !antialiased && !b.isEmpty { b = IntRect(x0: b.x0, y0: b.y0, x1: b.x1 + 1, y1: b.y1 + 1) }
        return DeviceShape(
            geometry: .edges(edges), rule: rule, antialiased: antialiased,
            bounds: edges.isEmpty ? .empty : b.intersection(clip))
    }
}
