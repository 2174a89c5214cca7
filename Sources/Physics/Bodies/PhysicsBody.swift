import CChipmunk
import Foundation
import LayerKit

/// A rigid body: a position, an angle, their velocities, a mass, and the shapes attached to it.
///
/// Coordinates are points with y down (gravity (0, +g) pulls down the screen); angles are radians and
/// positive angles turn +x toward +y, clockwise on screen, as layer rotations do. `position` is the
/// body's origin, the point its shapes are drawn around; `velocity` is the velocity of its centre of
/// gravity (the origin, unless the mass comes from off-centre shapes).
///
/// A dynamic body's mass is either explicit (`mass:`; the moment of inertia then follows from the
/// shapes, spread by area, unless given) or, when `mass` is nil, the sum of its shapes' density × area
/// (Chipmunk's automatic mass, centre of gravity and moment).
public final class PhysicsBody {
    /// How a body moves.
    public enum BodyType: String, Sendable, CaseIterable {
        /// Moved by forces, gravity and collisions.
        case dynamic
        /// Moved only by its velocity (or `setTarget`); pushes dynamic bodies, is never pushed.
        case kinematic
        /// Never moves by itself (ground, walls).
        case `static`
    }

    /// A process-wide creation number; orders events and query results deterministically.
    public let id: Int
    /// How the body moves; fixed at creation.
    public let type: BodyType
    /// The world the body is in (set as soon as `PhysicsWorld.add(_:)` returns), or nil.
    public internal(set) weak var world: PhysicsWorld?
    /// The attached shapes, in the order they were added.
    public private(set) var shapes: [PhysicsShape] = []
    /// A free-form name for debugging and events. Default nil.
    public var name: String?
    /// What this body stands for (for example the layer it drives); not retained. Default nil.
    public weak var owner: AnyObject?

    /// The Chipmunk body, owned.
    let handle: UnsafeMutablePointer<cpBody>
    /// Whether the Chipmunk body is currently in a space (the physical state).
    var isInSpace = false
    /// Explicit mass (dynamic bodies), or nil for mass from shape densities.
    private(set) var explicitMass: Double?
    /// Explicit moment of inertia, or nil for the automatic one.
    private(set) var explicitMoment: Double?

    // MARK: - Transform state

    /// The world's snapshots of its bodies' transforms before the last step (contiguous, so the
    /// per-step pass streams through memory and never touches this object), and this body's index in
    /// them; nil and −1 outside a world.
    var snapshots: PodBuffer<BodySnapshot>?
    var worldIndex = -1
    /// The target of a kinematic body for the next step.
    var target: (x: Double, y: Double, a: Double)?
    /// Whether the last step moved this kinematic body to a target (its velocity is reset when no new
    /// target comes).
    var movedToTarget = false

    // MARK: - Creating

    /// Creates a body (not yet in a world).
    ///
    /// - Parameters:
    ///   - type: dynamic (default), kinematic or static.
    ///   - mass: dynamic bodies only: mass (> 0, finite), or nil (default) to take it from the shapes'
    ///     densities.
    ///   - moment: dynamic bodies with an explicit mass only: moment of inertia (> 0; `.infinity` stops
    ///     rotation), or nil (default) to compute it from the shapes.
    ///   - position: the origin in world points. Default (0, 0).
    ///   - angle: radians, positive turns +x toward +y. Default 0.
    /// - Throws: `PhysicsError` when a value is not finite or out of range.
    public init(
        type: BodyType = .dynamic, mass: Double? = nil, moment: Double? = nil,
        position: CGPoint = .zero, angle: Double = 0
    ) throws {
        let place = "PhysicsBody.init"
        try Check.point(position, "\(place)(position:)")
        try Check.finite(angle, "\(place)(angle:)", fix: "Pass the angle in radians as a finite number.")
        if type != .dynamic {
            if mass != nil || moment != nil {
                throw PhysicsError(
                    .wrongBodyType, place: "\(place)(mass:moment:)",
                    problem: "a \(type.rawValue) body has infinite mass and cannot take a mass or moment",
                    fix: "Leave mass and moment nil, or make the body dynamic.")
            }
        }
        if let mass {
            try Check.positive(
                mass, "\(place)(mass:)",
                fix: "Give a positive mass, or nil to take the mass from the shapes' densities.")
        }
        if let moment {
            guard mass != nil else {
                throw PhysicsError(
                    .invalidValue, place: "\(place)(moment:)",
                    problem: "a moment was given without a mass; with mass nil both come from the shapes",
                    fix: "Give an explicit mass too, or leave the moment nil.")
            }
            try Self.checkMoment(moment, place: "\(place)(moment:)")
        }
        id = PhysicsIdentity.next()
        self.type = type
        explicitMass = mass
        explicitMoment = moment
        switch type {
        case .dynamic: handle = cpBodyNew(mass ?? 0, moment ?? (mass == nil ? 0 : .infinity))
        case .kinematic: handle = cpBodyNewKinematic()
        case .static: handle = cpBodyNewStatic()
        }
        cpBodySetPosition(handle, position.cp)
        cpBodySetAngle(handle, angle)
        cpBodySetUserData(handle, Unmanaged.passUnretained(self).toOpaque())
    }

    /// A static body at the origin (the world's own `staticBody`; nothing to validate).
    init(staticAtOrigin: Void) {
        id = PhysicsIdentity.next()
        type = .static
        handle = cpBodyNewStatic()
        cpBodySetUserData(handle, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        for shape in shapes { shape.releaseHandle() }
        cpBodyFree(handle)
    }

    private static func checkMoment(_ moment: Double, place: String) throws {
        guard
            moment == .infinity
                || (moment.isFinite && moment > 0
                    && moment <= PhysicsLimits.maximumMagnitude * PhysicsLimits.maximumMagnitude)
        else {
            throw PhysicsError(
                .invalidValue, place: place,
                problem: "expected a moment of inertia > 0 (or infinity), got \(Check.describe(moment))",
                fix: "Give a positive moment, .infinity to stop rotation, or nil to compute it from the shapes.")
        }
    }

    // MARK: - Shapes

    /// Attaches a new shape. Its values are validated first.
    ///
    /// - Parameters:
    ///   - geometry: the outline in body coordinates.
    ///   - friction: ≥ 0. Default 0.
    ///   - elasticity: ≥ 0. Default 0.
    ///   - density: mass per square point, ≥ 0, used when the body's mass comes from its shapes. Default 1.
    /// - Returns: the shape, already in the world if the body is.
    /// - Throws: `PhysicsError` when the geometry or a material value is refused.
    @discardableResult
    public func addShape(_ geometry: ShapeGeometry, friction: Double = 0, elasticity: Double = 0, density: Double = 1)
        throws -> PhysicsShape
    {
        let place = "PhysicsBody.addShape"
        let valid = try geometry.validated("\(place)(_:)")
        try Check.nonNegative(friction, "\(place)(friction:)", fix: "Use a friction coefficient ≥ 0 (0.5 is typical).")
        try Check.nonNegative(
            elasticity, "\(place)(elasticity:)", fix: "Use an elasticity ≥ 0 (0 no bounce, 1 perfect bounce).")
        try Check.nonNegative(density, "\(place)(density:)", fix: "Use a density ≥ 0 (mass per square point).")
        let shape = PhysicsShape(body: self, geometry: valid)
        try shape.setFriction(friction)
        try shape.setElasticity(elasticity)
        shape.density = density
        shapes.append(shape)
        shapeMassDidChange(shape)
        world?.attach(shape)
        return shape
    }

    /// Detaches a shape from this body (and from the world). The shape keeps its values but can no
    /// longer collide.
    public func removeShape(_ shape: PhysicsShape) throws {
        let place = "PhysicsBody.removeShape(_:)"
        guard let index = shapes.firstIndex(where: { $0 === shape }) else {
            throw PhysicsError(
                .notAdded, place: place, problem: "the shape is not attached to this body",
                fix: "Remove a shape from the body it was added to, once.")
        }
        try validateShapeChange(place: place, removing: shape)
        shapes.remove(at: index)
        shape.body = nil
        if let world {
            world.detach(shape, from: self)
        } else {
            shape.releaseHandle()
        }
        if explicitMass != nil { applyAutomaticMoment() }
    }

    /// Refuses a change that would leave a body in a world with no mass to simulate.
    func validateShapeChange(
        place: String, removing: PhysicsShape? = nil, replacingDensityOf changed: PhysicsShape? = nil,
        with newDensity: Double = 0
    ) throws {
        guard type == .dynamic, explicitMass == nil, world != nil else { return }
        var total = 0.0
        for s in shapes where s !== removing {
            total += s === changed ? newDensity * s.geometry.area : s.massFromDensity
        }
        guard total > 0 else {
            throw PhysicsError(
                .unsolvable, place: place,
                problem: "the body's mass comes from its shapes' densities and would drop to 0 while it is in a world",
                fix:
                    "Keep a shape with a positive density and area, give the body an explicit mass, or remove the body from the world first."
            )
        }
    }

    /// Keeps Chipmunk's mass in step after a shape was added or its density changed.
    func shapeMassDidChange(_ shape: PhysicsShape) {
        guard type == .dynamic else { return }
        if explicitMass == nil {
            if let h = shape.handle { cpShapeSetDensity(h, shape.density) }
        } else {
            applyAutomaticMoment()
        }
    }

    // MARK: - Mass

    /// Mass; `.infinity` for kinematic and static bodies. For a dynamic body without explicit mass, the
    /// sum of its shapes' density × area.
    public var mass: Double {
        guard type == .dynamic else { return .infinity }
        if let explicitMass { return explicitMass }
        return isInSpace ? cpBodyGetMass(handle) : shapes.reduce(0) { $0 + $1.massFromDensity }
    }

    /// Moment of inertia about the centre of gravity; `.infinity` for kinematic and static bodies and
    /// for dynamic bodies that cannot turn.
    public var moment: Double {
        guard type == .dynamic else { return .infinity }
        if explicitMass != nil { return cpBodyGetMoment(handle) }
        return isInSpace ? cpBodyGetMoment(handle) : MassProperties(shapes: shapes, totalMass: nil).momentAboutCentroid
    }

    /// The centre of gravity in body coordinates (the origin for explicit masses).
    public var centerOfGravity: CGPoint {
        guard type == .dynamic, explicitMass == nil else { return .zero }
        return isInSpace
            ? CGPoint(cpBodyGetCenterOfGravity(handle)) : MassProperties(shapes: shapes, totalMass: nil).centroid
    }

    /// Sets an explicit mass (> 0, finite), or nil to take mass, centre of gravity and moment from the
    /// shapes' densities. Dynamic bodies only.
    public func setMass(_ newMass: Double?) throws {
        let place = "PhysicsBody.setMass(_:)"
        guard type == .dynamic else {
            throw PhysicsError(
                .wrongBodyType, place: place, problem: "a \(type.rawValue) body has no mass to set",
                fix: "Set masses on dynamic bodies only.")
        }
        if let newMass {
            try Check.positive(
                newMass, place, fix: "Give a positive mass, or nil to take the mass from the shapes' densities.")
            if explicitMass == nil {
                for s in shapes { if let h = s.handle { cpShapeSetMass(h, 0) } }
                cpBodySetCenterOfGravity(handle, cpVect(x: 0, y: 0))
            }
            explicitMass = newMass
            cpBodySetMass(handle, newMass)
            applyAutomaticMoment()
        } else {
            guard explicitMass != nil else { return }
            if world != nil && shapes.reduce(0, { $0 + $1.massFromDensity }) <= 0 {
                throw PhysicsError(
                    .unsolvable, place: place,
                    problem: "the shapes' densities give no mass, and the body is in a world",
                    fix: "Give a shape a positive density first, or keep an explicit mass.")
            }
            explicitMass = nil
            explicitMoment = nil
            for s in shapes { if let h = s.handle { cpShapeSetDensity(h, s.density) } }
        }
    }

    /// Sets an explicit moment of inertia (> 0, or `.infinity` to stop rotation), or nil for the
    /// automatic one. Dynamic bodies with an explicit mass only.
    public func setMoment(_ newMoment: Double?) throws {
        let place = "PhysicsBody.setMoment(_:)"
        guard type == .dynamic, explicitMass != nil else {
            throw PhysicsError(
                type == .dynamic ? .invalidValue : .wrongBodyType, place: place,
                problem: type == .dynamic
                    ? "the body's mass comes from its shapes, which fix the moment too"
                    : "a \(type.rawValue) body has no moment to set",
                fix: "Give the body an explicit mass with setMass(_:) first.")
        }
        if let newMoment {
            try Self.checkMoment(newMoment, place: place)
            if newMoment == .infinity, let world { try world.checkRotaryConstraints(of: self, place: place) }
        }
        explicitMoment = newMoment
        applyAutomaticMoment()
    }

    /// Whether Chipmunk can integrate the body: dynamic bodies need a mass and a moment > 0.
    func checkSimulatable(place: String) throws {
        guard type == .dynamic, explicitMass == nil else { return }
        guard shapes.reduce(0, { $0 + $1.massFromDensity }) > 0 else {
            throw PhysicsError(
                .unsolvable, place: place,
                problem: "the dynamic body has no explicit mass and its shapes' densities give none",
                fix: "Give it a mass (PhysicsBody(mass:)) or attach a shape with a positive density and area first.")
        }
    }

    /// Explicit-mass bodies: the moment from the shapes, their mass shared by area, about the origin.
    private func applyAutomaticMoment() {
        guard let m = explicitMass else { return }
        let moment =
            explicitMoment
            ?? (shapes.isEmpty ? .infinity : MassProperties(shapes: shapes, totalMass: m).momentAboutOrigin)
        cpBodySetMoment(handle, moment > 0 ? moment : .infinity)
    }

    // MARK: - Position and motion

    /// Chipmunk's transform now: origin, angle, cos and sin.
    var current: BodySnapshot { BodySnapshot(handle) }
    /// The transform before the last step (the current one outside a world).
    var previous: BodySnapshot {
        if let snapshots, worldIndex >= 0 { return snapshots[worldIndex] }
        return current
    }
    /// Origin x, y and angle now.
    var x: Double { handle.pointee.transform.tx }
    var y: Double { handle.pointee.transform.ty }
    var a: Double { handle.pointee.a }

    /// The origin in world points (after the last step).
    public var position: CGPoint { CGPoint(x: x, y: y) }
    /// The angle in radians (positive turns +x toward +y).
    public var angle: Double { a }
    /// The origin before the last step.
    public var previousPosition: CGPoint {
        let p = previous
        return CGPoint(x: p.x, y: p.y)
    }
    /// The angle before the last step.
    public var previousAngle: Double { previous.a }

    /// The origin between the last two steps: `previous + (current − previous) · alpha`, alpha in 0...1
    /// (the engine draws with alpha = the accumulator's leftover fraction of a step).
    @inline(__always)
    public func interpolatedPosition(_ alpha: Double) -> CGPoint {
        let p = previous
        let x = self.x
        let y = self.y
        return CGPoint(x: p.x + (x - p.x) * alpha, y: p.y + (y - p.y) * alpha)
    }

    /// The angle between the last two steps (linear in the angle, which Chipmunk keeps continuous).
    @inline(__always)
    public func interpolatedAngle(_ alpha: Double) -> Double {
        let p = previous.a
        return p + (a - p) * alpha
    }

    /// Velocity of the centre of gravity, points per second.
    public var velocity: CGVector { CGVector(cpBodyGetVelocity(handle)) }
    /// Angular velocity, radians per second (positive turns +x toward +y).
    public var angularVelocity: Double { cpBodyGetAngularVelocity(handle) }
    /// Whether the body is asleep (only when the world's sleep time threshold is finite).
    public var isSleeping: Bool { cpBodyIsSleeping(handle) != 0 }
    /// Kinetic energy (linear and angular), Chipmunk's mass units × points² / s².
    public var kineticEnergy: Double { type == .dynamic ? cpBodyKineticEnergy(handle) : 0 }

    /// Moves the body (a teleport: no interpolation from the old place, velocity unchanged).
    public func setPosition(_ p: CGPoint) throws {
        try Check.point(p, "PhysicsBody.setPosition(_:)")
        cpBodySetPosition(handle, p.cp)
        forgetPrevious()
        world?.bodyDidTeleport(self)
    }

    /// Turns the body (a teleport, like `setPosition`). Radians, positive turns +x toward +y.
    public func setAngle(_ angle: Double) throws {
        try Check.finite(angle, "PhysicsBody.setAngle(_:)", fix: "Pass the angle in radians as a finite number.")
        cpBodySetAngle(handle, angle)
        forgetPrevious()
        world?.bodyDidTeleport(self)
    }

    /// Sets the velocity of the centre of gravity (points per second). Not for static bodies.
    public func setVelocity(_ v: CGVector) throws {
        let place = "PhysicsBody.setVelocity(_:)"
        try requireMoving(place)
        try Check.vector(v, place)
        cpBodySetVelocity(handle, v.cp)
    }

    /// Sets the angular velocity (radians per second). Not for static bodies.
    public func setAngularVelocity(_ w: Double) throws {
        let place = "PhysicsBody.setAngularVelocity(_:)"
        try requireMoving(place)
        try Check.finite(w, place)
        cpBodySetAngularVelocity(handle, w)
    }

    /// Adds a force for the next step (cleared after it), at a world point or at the centre of gravity.
    public func applyForce(_ force: CGVector, at point: CGPoint? = nil) throws {
        let place = "PhysicsBody.applyForce(_:at:)"
        try Check.vector(force, place)
        if let point { try Check.point(point, place) }
        guard type == .dynamic else { return }
        cpBodyApplyForceAtWorldPoint(
            handle, force.cp, point?.cp ?? cpBodyLocalToWorld(handle, cpBodyGetCenterOfGravity(handle)))
    }

    /// Changes the velocity at once by impulse / mass, at a world point or at the centre of gravity.
    public func applyImpulse(_ impulse: CGVector, at point: CGPoint? = nil) throws {
        let place = "PhysicsBody.applyImpulse(_:at:)"
        try Check.vector(impulse, place)
        if let point { try Check.point(point, place) }
        guard type == .dynamic else { return }
        cpBodyApplyImpulseAtWorldPoint(
            handle, impulse.cp, point?.cp ?? cpBodyLocalToWorld(handle, cpBodyGetCenterOfGravity(handle)))
    }

    /// Adds a torque for the next step (cleared after it).
    public func applyTorque(_ torque: Double) throws {
        try Check.finite(torque, "PhysicsBody.applyTorque(_:)")
        guard type == .dynamic else { return }
        cpBodySetTorque(handle, cpBodyGetTorque(handle) + torque)
    }

    /// Kinematic bodies: reach `position` (and `angle`, if given) exactly at the end of the next step.
    /// The world sets the velocity to (target − current) / dt for that step, so the body pushes dynamic
    /// bodies with its true speed; without a new target it stops after it.
    public func setTarget(position: CGPoint, angle: Double? = nil) throws {
        let place = "PhysicsBody.setTarget(position:angle:)"
        guard type == .kinematic else {
            throw PhysicsError(
                .wrongBodyType, place: place,
                problem: "only kinematic bodies follow targets, this one is \(type.rawValue)",
                fix: "Create the body with type: .kinematic, or move dynamic bodies with forces.")
        }
        try Check.point(position, place)
        if let angle { try Check.finite(angle, place, fix: "Pass the angle in radians as a finite number.") }
        target = (Double(position.x), Double(position.y), angle ?? (target?.a ?? a))
        world?.noteTarget(self)
    }

    private func requireMoving(_ place: String) throws {
        guard type != .static else {
            throw PhysicsError(
                .wrongBodyType, place: place, problem: "static bodies never move",
                fix: "Use a kinematic body for something that moves but is not pushed.")
        }
    }

    // MARK: - Coordinates

    /// A body point in world coordinates.
    public func convertToWorld(_ p: CGPoint) -> CGPoint {
        let t = handle.pointee.transform
        return CGPoint(x: t.tx + t.a * p.x - t.b * p.y, y: t.ty + t.b * p.x + t.a * p.y)
    }

    /// A world point in body coordinates.
    public func convertFromWorld(_ p: CGPoint) -> CGPoint {
        let t = handle.pointee.transform
        let dx = p.x - t.tx
        let dy = p.y - t.ty
        return CGPoint(x: t.a * dx + t.b * dy, y: -t.b * dx + t.a * dy)
    }

    /// The velocity of the body's material at a world point (points per second).
    public func velocity(atWorldPoint p: CGPoint) -> CGVector {
        CGVector(cpBodyGetVelocityAtWorldPoint(handle, p.cp))
    }

    // MARK: - World support

    /// A teleport: the previous transform becomes the current one (no interpolation across it).
    func forgetPrevious() {
        if let snapshots, worldIndex >= 0 { snapshots[worldIndex] = current }
    }

    /// After the space was freed: forget every link into it (Chipmunk's lists, arbiters, sleeping
    /// state), so the body can join another world or be freed safely.
    func detachFromFreedSpace() {
        handle.pointee.space = nil
        handle.pointee.arbiterList = nil
        handle.pointee.constraintList = nil
        handle.pointee.shapeList = nil
        handle.pointee.sleeping.root = nil
        handle.pointee.sleeping.next = nil
        handle.pointee.sleeping.idleTime = 0
        for shape in shapes {
            guard let h = shape.handle else { continue }
            h.pointee.space = nil
            h.pointee.next = nil
            h.pointee.prev = nil
            shape.isInSpace = false
        }
        isInSpace = false
        snapshots = nil
        worldIndex = -1
    }
}

/// A body's transform at one moment: origin, angle, and Chipmunk's cos and sin of it.
struct BodySnapshot {
    var x: Double
    var y: Double
    var a: Double
    var cos: Double
    var sin: Double

    @inline(__always)
    init(_ body: UnsafeMutablePointer<cpBody>) {
        let t = body.pointee.transform
        (x, y, a, cos, sin) = (t.tx, t.ty, body.pointee.a, t.a, t.b)
    }
}
