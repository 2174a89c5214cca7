import Foundation
import LayerKit

/// Convexity and degeneracy checks for polygon shapes. Chipmunk silently replaces a concave polygon by
/// its convex hull; the engine refuses it instead, so what collides is what the user drew.
enum ConvexPolygon {
    /// Twice the signed area is `Σ cross(vᵢ, vᵢ₊₁)`; this returns the signed area (positive when the
    /// vertices turn +x toward +y, clockwise on a y-down screen).
    static func signedArea(_ v: [CGPoint]) -> Double {
        guard v.count >= 3 else { return 0 }
        var sum = 0.0
        for i in 0..<v.count {
            let a = v[i]
            let b = v[(i + 1) % v.count]
            sum += a.x * b.y - a.y * b.x
        }
        return sum / 2
    }

    /// Validates `vertices` and returns them ordered with positive signed area (the order Chipmunk's
    /// convex hull produces).
    static func validate(_ vertices: [CGPoint], place: String) throws -> [CGPoint] {
        guard vertices.count >= 3 else {
            throw PhysicsError(
                .invalidPolygon, place: place, problem: "a polygon needs at least 3 vertices, got \(vertices.count)",
                fix: "Give at least 3 vertices, or use a segment or circle shape.")
        }
        for (i, p) in vertices.enumerated() { try Check.point(p, "\(place) vertex \(i)") }
        let n = vertices.count
        var extent = 0.0
        for p in vertices {
            for q in vertices { extent = max(extent, abs(p.x - q.x), abs(p.y - q.y)) }
        }
        let lengthTolerance = max(extent * 1e-9, 1e-9)
        for i in 0..<n {
            let a = vertices[i]
            let b = vertices[(i + 1) % n]
            if hypot(b.x - a.x, b.y - a.y) <= lengthTolerance {
                throw PhysicsError(
                    .invalidPolygon, place: place,
                    problem: "vertices \(i) and \((i + 1) % n) are the same point (\(a.x), \(a.y))",
                    fix: "Remove the repeated vertex.")
            }
        }
        let area = signedArea(vertices)
        guard abs(area) > extent * extent * 1e-9, abs(area) > 1e-12 else {
            throw PhysicsError(
                .invalidPolygon, place: place, problem: "the polygon has no area (its vertices are collinear)",
                fix: "Give vertices that enclose an area, or use a segment shape.")
        }
        let sign: Double = area > 0 ? 1 : -1
        var turning = 0.0
        for i in 0..<n {
            let a = vertices[(i + n - 1) % n]
            let b = vertices[i]
            let c = vertices[(i + 1) % n]
            let e1 = CGVector(dx: b.x - a.x, dy: b.y - a.y)
            let e2 = CGVector(dx: c.x - b.x, dy: c.y - b.y)
            let cross = e1.dx * e2.dy - e1.dy * e2.dx
            let dot = e1.dx * e2.dx + e1.dy * e2.dy
            let scale = hypot(e1.dx, e1.dy) * hypot(e2.dx, e2.dy)
            if cross * sign < -1e-12 * scale {
                throw PhysicsError(
                    .invalidPolygon, place: place,
                    problem: "the polygon is concave at vertex \(i) (\(b.x), \(b.y))",
                    fix: "Split the outline into convex polygons, one shape each, on the same body.")
            }
            turning += atan2(cross, dot)
        }
        // A convex outline turns exactly once; a star drawn with consistent turns winds twice or more.
        guard abs(abs(turning) - 2 * Double.pi) < 1e-6 else {
            throw PhysicsError(
                .invalidPolygon, place: place,
                problem:
                    "the polygon crosses itself (its outline winds \(Int((abs(turning) / (2 * Double.pi)).rounded())) times)",
                fix: "Order the vertices around the outline once, without crossing edges.")
        }
        return sign > 0 ? vertices : Array(vertices.reversed())
    }
}
