import CChipmunk
import Foundation
import LayerKit

/// The result of a nearest-point query.
public struct PointQueryResult {
    /// The shape found.
    public var shape: PhysicsShape
    /// The point of the shape's surface nearest to the query point, world points.
    public var point: CGPoint
    /// Distance from the query point to the surface; negative when the query point is inside.
    public var distance: Double
    /// Unit vector from the surface toward the query point (outward when the point is inside).
    public var gradient: CGVector
}

/// The result of a segment (ray) query.
public struct SegmentQueryResult {
    /// The shape hit.
    public var shape: PhysicsShape
    /// Where the (thickened) segment first touches the shape, world points.
    public var point: CGPoint
    /// The shape's surface normal there (unit, pointing out of the shape).
    public var normal: CGVector
    /// The fraction of the way from the start to the end, 0...1.
    public var fraction: Double
}

/// Collects query callbacks into Swift arrays. Shapes without a `PhysicsShape` (particle bodies) are
/// skipped, so they never hide a real result.
private final class QueryCollector {
    var shapes: [PhysicsShape] = []
    var hits: [SegmentQueryResult] = []
    var points: [PointQueryResult] = []
}

private let collectSegmentHit: cpSpaceSegmentQueryFunc = { shape, point, normal, alpha, data in
    guard let shape, let data, let user = shape.pointee.userData else { return }
    let collector = Unmanaged<QueryCollector>.fromOpaque(data).takeUnretainedValue()
    collector.hits.append(
        SegmentQueryResult(
            shape: Unmanaged<PhysicsShape>.fromOpaque(user).takeUnretainedValue(),
            point: CGPoint(point), normal: CGVector(normal), fraction: alpha))
}

private let collectShape: cpSpaceBBQueryFunc = { shape, data in
    guard let shape, let data, let user = shape.pointee.userData else { return }
    Unmanaged<QueryCollector>.fromOpaque(data).takeUnretainedValue().shapes.append(
        Unmanaged<PhysicsShape>.fromOpaque(user).takeUnretainedValue())
}

private let collectNearest: cpSpacePointQueryFunc = { shape, point, distance, gradient, data in
    guard let shape, let data, let user = shape.pointee.userData else { return }
    Unmanaged<QueryCollector>.fromOpaque(data).takeUnretainedValue().points.append(
        PointQueryResult(
            shape: Unmanaged<PhysicsShape>.fromOpaque(user).takeUnretainedValue(),
            point: CGPoint(point), distance: distance, gradient: CGVector(gradient)))
}

private let collectPointHit: cpSpacePointQueryFunc = { shape, _, distance, _, data in
    guard let shape, let data, let user = shape.pointee.userData, distance <= 0 else { return }
    Unmanaged<QueryCollector>.fromOpaque(data).takeUnretainedValue().shapes.append(
        Unmanaged<PhysicsShape>.fromOpaque(user).takeUnretainedValue())
}

extension PhysicsWorld {
    /// The shape nearest to `point` within `maxDistance` points (≥ 0), with the nearest surface point.
    /// Sensors are included (Chipmunk 7's rule). Nil when nothing is that close.
    public func nearestPoint(to point: CGPoint, maxDistance: Double, filter: CollisionFilter = .all) throws
        -> PointQueryResult?
    {
        let place = "PhysicsWorld.nearestPoint(to:maxDistance:filter:)"
        try Check.point(point, place)
        try Check.nonNegative(maxDistance, place, fix: "Use a search radius ≥ 0 points.")
        let collector = QueryCollector()
        cpSpacePointQuery(
            space, point.cp, maxDistance, filter.cp, collectNearest, Unmanaged.passUnretained(collector).toOpaque())
        return collector.points.min {
            $0.distance != $1.distance ? $0.distance < $1.distance : $0.shape.id < $1.shape.id
        }
    }

    /// The shapes containing `point`, ordered by creation.
    public func shapes(containing point: CGPoint, filter: CollisionFilter = .all) throws -> [PhysicsShape] {
        try Check.point(point, "PhysicsWorld.shapes(containing:filter:)")
        let collector = QueryCollector()
        cpSpacePointQuery(
            space, point.cp, 0, filter.cp, collectPointHit, Unmanaged.passUnretained(collector).toOpaque())
        return collector.shapes.sorted { $0.id < $1.id }
    }

    /// The first shape the segment from `start` to `end`, thickened by `radius` points, touches.
    public func firstHit(
        from start: CGPoint, to end: CGPoint, radius: Double = 0,
        filter: CollisionFilter = .all
    ) throws -> SegmentQueryResult? {
        let place = "PhysicsWorld.firstHit(from:to:radius:filter:)"
        try Check.point(start, place)
        try Check.point(end, place)
        try Check.nonNegative(radius, place, fix: "Use a thickness ≥ 0 points.")
        return try allHits(from: start, to: end, radius: radius, filter: filter).first
    }

    /// Every shape the thickened segment touches, nearest first (ties by creation order). Particle
    /// bodies are not reported.
    public func allHits(
        from start: CGPoint, to end: CGPoint, radius: Double = 0,
        filter: CollisionFilter = .all
    ) throws -> [SegmentQueryResult] {
        let place = "PhysicsWorld.allHits(from:to:radius:filter:)"
        try Check.point(start, place)
        try Check.point(end, place)
        try Check.nonNegative(radius, place, fix: "Use a thickness ≥ 0 points.")
        let collector = QueryCollector()
        cpSpaceSegmentQuery(
            space, start.cp, end.cp, radius, filter.cp, collectSegmentHit,
            Unmanaged.passUnretained(collector).toOpaque())
        return collector.hits.sorted {
            $0.fraction != $1.fraction ? $0.fraction < $1.fraction : $0.shape.id < $1.shape.id
        }
    }

    /// The shapes whose bounding boxes overlap `rect` (world points), ordered by creation.
    public func shapes(intersecting rect: CGRect, filter: CollisionFilter = .all) throws -> [PhysicsShape] {
        let place = "PhysicsWorld.shapes(intersecting:filter:)"
        try Check.point(rect.origin, place)
        try Check.point(CGPoint(x: rect.maxX, y: rect.maxY), place)
        let r = rect.standardized
        let collector = QueryCollector()
        cpSpaceBBQuery(
            space, cpBB(l: r.minX, b: r.minY, r: r.maxX, t: r.maxY), filter.cp, collectShape,
            Unmanaged.passUnretained(collector).toOpaque())
        return collector.shapes.sorted { $0.id < $1.id }
    }
}
