import Foundation
import LayerKit

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
            b = c.isEmpty ? .empty : IntRect(x0: Int((x0 - 0.5).rounded(.up)), y0: Int((y0 - 0.5).rounded(.up)),
                                             x1: Int((x1 - 0.5).rounded(.up)), y1: Int((y1 - 0.5).rounded(.up)))
        }
        return DeviceShape(geometry: .rect(x0: x0, y0: y0, x1: x1, y1: y1), rule: .nonZero, antialiased: antialiased,
                           bounds: b.intersection(clip))
    }

    /// Polygons (each implicitly closed) in device pixels, clipped to `clip`.
    static func polygons(_ polys: [[SIMD2<Double>]], rule: FillRule, antialiased: Bool, clip: IntRect) -> DeviceShape {
        var edges: [Edge] = []
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for poly in polys where poly.count >= 3 {
            for i in 0..<poly.count {
                let p = poly[i], q = poly[(i + 1) % poly.count]
                let px = Float(p.x), py = Float(p.y), qx = Float(q.x), qy = Float(q.y)
                guard px.isFinite, py.isFinite, qx.isFinite, qy.isFinite else { continue }
                minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
                if py == qy { continue }
                let dxdy = (qx - px) / (qy - py)
                guard dxdy.isFinite else { continue }
                if py < qy {
                    edges.append(Edge(x0: px, y0: py, x1: qx, y1: qy, dxdy: dxdy, dir: 1))
                } else {
                    edges.append(Edge(x0: qx, y0: qy, x1: px, y1: py, dxdy: dxdy, dir: -1))
                }
            }
        }
        var b = IntRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        if !antialiased && !b.isEmpty { b = IntRect(x0: b.x0, y0: b.y0, x1: b.x1 + 1, y1: b.y1 + 1) }
        return DeviceShape(geometry: .edges(edges), rule: rule, antialiased: antialiased,
                           bounds: edges.isEmpty ? .empty : b.intersection(clip))
    }
}
