import Foundation
import LayerKit
import PathGeometry

/// Maps polygons in a layer's plane to device pixels: curves are flattened (by PathGeometry's
/// `PathFlattener`) within a device-pixel tolerance, vertices are mapped through the layer's plane
/// homography, clipped against the camera plane (w > 0) and against a guard rectangle around the target,
/// so no coordinate overflows.
///
/// This is the path front end of every filled shape: rounded corners, borders, shadow paths, masks and
/// shape layers under perspective.
enum DeviceProjector {
    /// Maximum distance between a curve and its polyline, in device pixels (0.02: at most 5/255 of
    /// coverage error on an edge pixel).
    static let tolerance: Double = 0.02

    /// Smallest homogeneous w kept; points nearer the camera plane are clipped away.
    static let nearW: Double = 1e-4

    /// The polygons of `path` (in layer coordinates) mapped by `h` into device pixels and clipped to
    /// `guardRect` (device pixels; make it a little larger than the clip).
    static func devicePolygons(of path: CGPath, transform h: PlaneTransform, guardRect: IntRect) -> [[SIMD2<Double>]] {
        let layerPolys = flatten(path, tolerance: tolerance / max(1e-6, maxScale(of: h, over: path.boundingBox))) ?? []
        return layerPolys.compactMap { project($0, h, guardRect: guardRect) }
    }

    /// Projects a polygon given in layer coordinates: map, clip at w = nearW, divide, clip to the guard.
    static func project(_ poly: [SIMD2<Double>], _ h: PlaneTransform, guardRect: IntRect) -> [SIMD2<Double>]? {
        guard poly.count >= 3 else { return nil }
        var hom: [SIMD3<Double>] = poly.map { p in
            SIMD3(
                p.x * h.m11 + p.y * h.m21 + h.m31, p.x * h.m12 + p.y * h.m22 + h.m32, p.x * h.m13 + p.y * h.m23 + h.m33)
        }
        if hom.contains(where: { $0.z < nearW }) {
            hom = clipHomogeneous(hom)
            if hom.count < 3 { return nil }
        }
        var pts = hom.map { SIMD2($0.x / $0.z, $0.y / $0.z) }
        let g = (x0: Double(guardRect.x0), y0: Double(guardRect.y0), x1: Double(guardRect.x1), y1: Double(guardRect.y1))
        if pts.contains(where: { $0.x < g.x0 || $0.x > g.x1 || $0.y < g.y0 || $0.y > g.y1 }) {
            pts = clip(pts, axis: 0, value: g.x0, keepGreater: true)
            pts = clip(pts, axis: 0, value: g.x1, keepGreater: false)
            pts = clip(pts, axis: 1, value: g.y0, keepGreater: true)
            pts = clip(pts, axis: 1, value: g.y1, keepGreater: false)
        }
        return pts.count >= 3 ? pts : nil
    }

    // MARK: - Flattening

    /// The subpaths of `path` as polylines in the path's coordinates (each implicitly closed, as a fill
    /// closes them), flattened by PathGeometry's flattener within `tol` path units. A path with a
    /// non-finite coordinate gives nil (the caller reports it).
    static func flatten(_ path: CGPath, tolerance tol: Double) -> [[SIMD2<Double>]]? {
        guard let flat = try? PathFlattener.flatten(path, tolerance: CGFloat(tol)) else { return nil }
        var out: [[SIMD2<Double>]] = []
        out.reserveCapacity(flat.subpaths.count)
        for i in flat.subpaths.indices {
            let pts = flat.points(ofSubpath: i)
            guard pts.count >= 3 else { continue }
            out.append(pts.map { SIMD2(Double($0.x), Double($0.y)) })
        }
        return out
    }

    /// An upper estimate of how many device pixels one layer unit spans near `box`.
    static func maxScale(of h: PlaneTransform, over box: CGRect) -> Double {
        guard !box.isNull, box.width.isFinite, box.height.isFinite else { return 1 }
        var best = 0.0
        for p in [
            CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY), CGPoint(x: box.minX, y: box.maxY),
            CGPoint(x: box.maxX, y: box.maxY), CGPoint(x: box.midX, y: box.midY),
        ] {
            let w = p.x * h.m13 + p.y * h.m23 + h.m33
            guard w > nearW else { continue }
            let x = p.x * h.m11 + p.y * h.m21 + h.m31
            let y = p.x * h.m12 + p.y * h.m22 + h.m32
            let ux = (h.m11 - x / w * h.m13) / w
            let uy = (h.m12 - y / w * h.m13) / w
            let vx = (h.m21 - x / w * h.m23) / w
            let vy = (h.m22 - y / w * h.m23) / w
            best = max(best, (ux * ux + uy * uy).squareRoot(), (vx * vx + vy * vy).squareRoot())
        }
        return best > 0 && best.isFinite ? min(best, 1e4) : 1
    }

    // MARK: - Clipping

    /// Sutherland–Hodgman against w ≥ nearW in homogeneous coordinates.
    private static func clipHomogeneous(_ poly: [SIMD3<Double>]) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        for i in 0..<poly.count {
            let a = poly[i]
            let b = poly[(i + 1) % poly.count]
            let ina = a.z >= nearW
            let inb = b.z >= nearW
            if ina { out.append(a) }
            if ina != inb {
                let t = (nearW - a.z) / (b.z - a.z)
                out.append(a + (b - a) * t)
            }
        }
        return out
    }

    /// Sutherland–Hodgman against one axis-aligned line.
    private static func clip(_ poly: [SIMD2<Double>], axis: Int, value: Double, keepGreater: Bool) -> [SIMD2<Double>] {
        guard !poly.isEmpty else { return poly }
        var out: [SIMD2<Double>] = []
        out.reserveCapacity(poly.count + 4)
        func inside(_ p: SIMD2<Double>) -> Bool { keepGreater ? p[axis] >= value : p[axis] <= value }
        for i in 0..<poly.count {
            let a = poly[i]
            let b = poly[(i + 1) % poly.count]
            let ina = inside(a)
            let inb = inside(b)
            if ina { out.append(a) }
            if ina != inb {
                let t = (value - a[axis]) / (b[axis] - a[axis])
                var p = a + (b - a) * t
                p[axis] = value
                out.append(p)
            }
        }
        return out
    }
}
