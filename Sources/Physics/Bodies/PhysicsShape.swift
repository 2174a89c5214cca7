import CChipmunk
import Foundation
import LayerKit

/// A collision shape attached to a body: its outline (`geometry`) and surface properties.
///
/// Create shapes with `PhysicsBody.addShape(_:friction:elasticity:density:)`. A shape belongs to one
/// body for life; it is in the world exactly when its body is. Values follow Chipmunk's meaning and
/// defaults: friction and elasticity of the two shapes in contact are multiplied.
public final class PhysicsShape {
    /// A process-wide creation number; orders events and query results deterministically.
    public let id: Int
    /// The outline in body coordinates (polygon vertices in Chipmunk's winding).
    public let geometry: ShapeGeometry
    /// The body the shape is attached to; nil once the shape was removed from it or the body is gone.
    public internal(set) weak var body: PhysicsBody?
    /// A free-form name for debugging and events. Default nil.
    public var name: String?

    /// The Chipmunk shape; nil after the body freed it (a shape outliving its body keeps its values).
    var handle: UnsafeMutablePointer<cpShape>?
    /// Whether the Chipmunk shape is currently in a space (the physical state; see `PhysicsWorld`).
    var isInSpace = false

    // MARK: - Surface

    /// Coulomb friction coefficient, ≥ 0. Default 0. The two shapes' values are multiplied.
    public private(set) var friction: Double = 0
    /// Elasticity (restitution), ≥ 0: 0 no bounce, 1 a perfect bounce (values above 1 add energy).
    /// Default 0. The two shapes' values are multiplied.
    public private(set) var elasticity: Double = 0
    /// Mass per square point, ≥ 0, used when the body has no explicit mass. Default 1.
    public internal(set) var density: Double = 1
    /// The velocity of the surface for friction (conveyor belts), points per second. Default zero.
    public private(set) var surfaceVelocity: CGVector = .zero

    /// A sensor reports collision events but never pushes. Default false.
    public var isSensor: Bool = false {
        didSet {
            if let h = handle { cpShapeSetSensor(h, isSensor ? 1 : 0) }
            body?.world?.noteShapeChange(of: self)
        }
    }
    /// A number that classifies the shape in events and in `PhysicsWorld.ignoreCollisions(between:and:)`.
    /// Default 0.
    public var collisionType: UInt = 0 {
        didSet { if let h = handle { cpShapeSetCollisionType(h, cpCollisionType(collisionType)) } }
    }
    /// Which shapes this one may touch. Default `.all`.
    public var filter: CollisionFilter = .all {
        didSet {
            if let h = handle { cpShapeSetFilter(h, filter.cp) }
            body?.world?.noteShapeChange(of: self)
        }
    }

    // MARK: - Life cycle

    init(body: PhysicsBody, geometry: ShapeGeometry) {
        id = PhysicsIdentity.next()
        self.geometry = geometry
        self.body = body
        let b = body.handle
        switch geometry {
        case .circle(let radius, let center):
            handle = cpCircleShapeNew(b, radius, center.cp)
        case .segment(let a, let bEnd, let radius):
            handle = cpSegmentShapeNew(b, a.cp, bEnd.cp, radius)
        case .box(_, _, let r):
            let core = geometry.boxCoreVertices.map(\.cp)
            handle = core.withUnsafeBufferPointer { cpPolyShapeNewRaw(b, Int32($0.count), $0.baseAddress, r) }
        case .polygon(let vertices, let r):
            let v = vertices.map(\.cp)
            handle = v.withUnsafeBufferPointer { cpPolyShapeNewRaw(b, Int32($0.count), $0.baseAddress, r) }
        }
        cpShapeSetUserData(handle, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let h = handle { cpShapeFree(h) }
    }

    /// Frees the Chipmunk shape (called by the body when it goes away); the Swift values stay readable.
    func releaseHandle() {
        if let h = handle { cpShapeFree(h) }
        handle = nil
        isInSpace = false
    }

    // MARK: - Setting surface values

    /// Sets the friction coefficient (finite, ≥ 0).
    public func setFriction(_ value: Double) throws {
        friction = try Check.nonNegative(
            value, "PhysicsShape.setFriction(_:)", fix: "Use a friction coefficient ≥ 0 (0.5 is typical).")
        if let h = handle { cpShapeSetFriction(h, value) }
    }

    /// Sets the elasticity (finite, ≥ 0; 0 no bounce, 1 perfect bounce).
    public func setElasticity(_ value: Double) throws {
        elasticity = try Check.nonNegative(
            value, "PhysicsShape.setElasticity(_:)", fix: "Use an elasticity ≥ 0 (0 no bounce, 1 perfect bounce).")
        if let h = handle { cpShapeSetElasticity(h, value) }
    }

    /// Sets the surface velocity (finite components, points per second).
    public func setSurfaceVelocity(_ value: CGVector) throws {
        surfaceVelocity = try Check.vector(value, "PhysicsShape.setSurfaceVelocity(_:)")
        if let h = handle { cpShapeSetSurfaceVelocity(h, value.cp) }
    }

    /// Sets the density (finite, ≥ 0, mass per square point). Used only when the body's mass comes from
    /// its shapes; a body in a world must keep a positive total mass.
    public func setDensity(_ value: Double) throws {
        let place = "PhysicsShape.setDensity(_:)"
        try Check.nonNegative(value, place, fix: "Use a density ≥ 0 (mass per square point).")
        if let body {
            try body.validateShapeChange(place: place, replacingDensityOf: self, with: value)
        }
        density = value
        body?.shapeMassDidChange(self)
    }

    // MARK: - Geometry in the world

    /// The axis-aligned bounding box in world coordinates at the body's current transform.
    public var boundingBox: CGRect {
        guard let h = handle else { return .null }
        let bb = cpShapeCacheBB(h)
        return CGRect(x: bb.l, y: bb.b, width: bb.r - bb.l, height: bb.t - bb.b)
    }

    /// The point of this shape nearest to `point` (world coordinates), with the signed distance
    /// (negative inside). Nil when the shape's body is gone.
    public func nearestPoint(to point: CGPoint) throws -> PointQueryResult? {
        try Check.point(point, "PhysicsShape.nearestPoint(to:)")
        guard let h = handle else { return nil }
        cpShapeCacheBB(h)
        var info = cpPointQueryInfo()
        let d = cpShapePointQuery(h, point.cp, &info)
        return PointQueryResult(shape: self, point: CGPoint(info.point), distance: d, gradient: CGVector(info.gradient))
    }

    /// The first point where the segment from `start` to `end`, thickened by `radius`, touches this
    /// shape. Nil when it misses.
    public func firstHit(from start: CGPoint, to end: CGPoint, radius: Double = 0) throws -> SegmentQueryResult? {
        let place = "PhysicsShape.firstHit(from:to:radius:)"
        try Check.point(start, place)
        try Check.point(end, place)
        try Check.nonNegative(radius, place)
        guard let h = handle else { return nil }
        cpShapeCacheBB(h)
        var info = cpSegmentQueryInfo()
        guard cpShapeSegmentQuery(h, start.cp, end.cp, radius, &info) != 0 else { return nil }
        return SegmentQueryResult(
            shape: self, point: CGPoint(info.point), normal: CGVector(info.normal), fraction: info.alpha)
    }

    /// The shape's capsules for the particle collider, in body coordinates (geometry never changes;
    /// the collider patches in the current filter and shape index).
    private(set) lazy var localCapsules: [Capsule] = geometry.capsules(shape: 0, filter: .all)
    /// Distance from the body origin to the farthest point of the shape.
    private(set) lazy var localReach: Float = localCapsules.reduce(0) { r, c in
        max(r, (c.ax * c.ax + c.ay * c.ay).squareRoot() + c.radius, (c.bx * c.bx + c.by * c.by).squareRoot() + c.radius)
    }

    /// The mass this shape gives a body whose mass comes from its shapes: density × area.
    var massFromDensity: Double { density * geometry.area }
}
