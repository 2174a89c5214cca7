import Foundation
import LayerKit

/// A collision primitive of the particle collider: the set of points within `radius` of the segment
/// a→b (a circle when the segment has no length). Polygon edges are one-sided: they only stop what
/// comes from outside the polygon.
struct Capsule {
    var ax: Float
    var ay: Float
    var bx: Float
    var by: Float
    /// Unit direction a→b; zero for a circle.
    var ux: Float
    var uy: Float
    /// Length of a→b.
    var length: Float
    var radius: Float
    /// 0: two-sided. ±1: only the side of normal side × (−uy, ux) stops particles (polygon edges).
    var side: Float
    /// Index of the shape in the collider's shape table.
    var shape: Int32
    var categories: UInt32
    var mask: UInt32
    var group: UInt

    init(ax: Float, ay: Float, bx: Float, by: Float, radius: Float, side: Float, shape: Int32, filter: CollisionFilter)
    {
        (self.ax, self.ay, self.bx, self.by, self.radius, self.shape) = (ax, ay, bx, by, radius, shape)
        let ex = bx - ax
        let ey = by - ay
        let len = (ex * ex + ey * ey).squareRoot()
        length = len
        if len > 0 { (ux, uy) = (ex / len, ey / len) } else { (ux, uy) = (0, 0) }
        self.side = len > 0 ? side : 0
        categories = filter.categories
        mask = filter.mask
        group = filter.group
    }

    /// The capsule's bounding box including its radius.
    var bounds: (minX: Float, minY: Float, maxX: Float, maxY: Float) {
        (min(ax, bx) - radius, min(ay, by) - radius, max(ax, bx) + radius, max(ay, by) + radius)
    }

    /// Whether a particle with `filter` may touch this capsule's shape (Chipmunk's rule).
    @inline(__always)
    func allows(_ filter: CollisionFilter) -> Bool {
        if group != 0 && group == filter.group { return false }
        return (categories & filter.mask) != 0 && (filter.categories & mask) != 0
    }

    /// The same capsule moved by a rigid transform (rotation cos/sin, then translation).
    func transformed(cos c: Float, sin s: Float, tx: Float, ty: Float) -> Capsule {
        var out = self
        (out.ax, out.ay) = (tx + c * ax - s * ay, ty + s * ax + c * ay)
        (out.bx, out.by) = (tx + c * bx - s * by, ty + s * bx + c * by)
        (out.ux, out.uy) = (c * ux - s * uy, s * ux + c * uy)
        return out
    }
}

extension ShapeGeometry {
    /// The shape's capsules in body coordinates.
    func capsules(shape: Int32, filter: CollisionFilter) -> [Capsule] {
        switch self {
        case .circle(let radius, let center):
            return [
                Capsule(
                    ax: Float(center.x), ay: Float(center.y), bx: Float(center.x), by: Float(center.y),
                    radius: Float(radius), side: 0, shape: shape, filter: filter)
            ]
        case .segment(let a, let b, let radius):
            return [
                Capsule(
                    ax: Float(a.x), ay: Float(a.y), bx: Float(b.x), by: Float(b.y),
                    radius: Float(radius), side: 0, shape: shape, filter: filter)
            ]
        case .box(_, _, let r):
            return Self.polygonCapsules(boxCoreVertices, radius: r, shape: shape, filter: filter)
        case .polygon(let vertices, let r):
            return Self.polygonCapsules(vertices, radius: r, shape: shape, filter: filter)
        }
    }

    /// One one-sided capsule per edge; vertices have positive signed area, so the outward normal of
    /// edge a→b is (uy, −ux), i.e. side −1 relative to (−uy, ux).
    private static func polygonCapsules(_ v: [CGPoint], radius: Double, shape: Int32, filter: CollisionFilter)
        -> [Capsule]
    {
        (0..<v.count).map { i in
            let a = v[i]
            let b = v[(i + 1) % v.count]
            return Capsule(
                ax: Float(a.x), ay: Float(a.y), bx: Float(b.x), by: Float(b.y),
                radius: Float(radius), side: -1, shape: shape, filter: filter)
        }
    }
}
