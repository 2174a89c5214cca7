import Foundation
import LayerKit

/// The outline of a collision shape, in its body's coordinates (points, y down, origin at the body's
/// position).
public enum ShapeGeometry: Equatable, Sendable {
    /// A circle of `radius` points (> 0) centred at `center`.
    case circle(radius: Double, center: CGPoint = .zero)
    /// A segment from `from` to `to` (distinct points) with rounded ends of `radius` points (≥ 0):
    /// walls, terrain and capsules.
    case segment(from: CGPoint, to: CGPoint, radius: Double = 0)
    /// A box centred on the body's origin, `width` × `height` points overall (> 0), with corners
    /// rounded by `cornerRadius` (≥ 0 and < half the smaller side), like a layer's `cornerRadius`.
    case box(width: Double, height: Double, cornerRadius: Double = 0)
    /// A convex polygon (≥ 3 vertices, either winding, no reflex corner, no self-intersection) whose
    /// outline is pushed out by `cornerRadius` points (≥ 0).
    case polygon(vertices: [CGPoint], cornerRadius: Double = 0)

    // MARK: - Derived geometry

    /// The area in square points (a segment's is its rounded capsule; a zero-radius segment has none).
    public var area: Double {
        switch self {
        case .circle(let radius, _):
            return Double.pi * radius * radius
        case .segment(let a, let b, let radius):
            return radius * (Double.pi * radius + 2 * hypot(b.x - a.x, b.y - a.y))
        case .box(let width, let height, let r):
            return width * height - (4 - Double.pi) * r * r
        case .polygon(let vertices, let r):
            let perimeter = zip(vertices, vertices.dropFirst() + vertices.prefix(1))
                .reduce(0.0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
            return abs(ConvexPolygon.signedArea(vertices)) + perimeter * r + Double.pi * r * r
        }
    }

    /// The polygon Chipmunk is given for a box: the box shrunk by its corner radius.
    var boxCoreVertices: [CGPoint] {
        guard case .box(let width, let height, let r) = self else { return [] }
        let hw = width / 2 - r
        let hh = height / 2 - r
        return [CGPoint(x: -hw, y: -hh), CGPoint(x: hw, y: -hh), CGPoint(x: hw, y: hh), CGPoint(x: -hw, y: hh)]
    }

    // MARK: - Validation

    /// Checks every number and the polygon rules; returns the geometry with polygon vertices in
    /// Chipmunk's winding (positive signed area in x-right, y-down coordinates).
    func validated(_ place: String) throws -> ShapeGeometry {
        switch self {
        case .circle(let radius, let center):
            try Check.positive(radius, "\(place) circle radius", fix: "Give the circle a radius > 0 points.")
            try Check.point(center, "\(place) circle center")
            return self
        case .segment(let a, let b, let radius):
            try Check.point(a, "\(place) segment start")
            try Check.point(b, "\(place) segment end")
            try Check.nonNegative(radius, "\(place) segment radius", fix: "Give the segment a radius ≥ 0 points.")
            guard a != b else {
                throw PhysicsError(
                    .invalidValue, place: "\(place) segment",
                    problem: "the two ends are the same point (\(a.x), \(a.y))",
                    fix: "Use distinct end points, or a circle of the segment's radius.")
            }
            return self
        case .box(let width, let height, let r):
            try Check.positive(width, "\(place) box width", fix: "Give the box a width > 0 points.")
            try Check.positive(height, "\(place) box height", fix: "Give the box a height > 0 points.")
            try Check.nonNegative(r, "\(place) box cornerRadius", fix: "Give a corner radius ≥ 0 points.")
            guard 2 * r < min(width, height) else {
                throw PhysicsError(
                    .invalidValue, place: "\(place) box cornerRadius",
                    problem: "corner radius \(r) leaves no flat side on a \(width) × \(height) box",
                    fix:
                        "Use a corner radius below half the smaller side (\(min(width, height) / 2)), or a segment shape for a capsule."
                )
            }
            return self
        case .polygon(let vertices, let r):
            try Check.nonNegative(r, "\(place) polygon cornerRadius", fix: "Give a corner radius ≥ 0 points.")
            let ordered = try ConvexPolygon.validate(vertices, place: "\(place) polygon")
            return .polygon(vertices: ordered, cornerRadius: r)
        }
    }
}
