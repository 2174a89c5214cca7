import CChipmunk
import Foundation

/// A torsion spring with a damper on the bodies' relative angle (Chipmunk's damped rotary spring):
/// torque = stiffness × (restAngle − (angleB − angleA)), minus damping × the relative spin.
public final class DampedRotarySpring: PhysicsConstraint {
    override var isRotary: Bool { true }

    /// Creates a damped rotary spring.
    /// - Parameters:
    ///   - bodyA: the first body.
    ///   - bodyB: the second body, different from `bodyA`.
    ///   - restAngle: angleB − angleA at rest, radians.
    ///   - stiffness: ≥ 0, torque per radian.
    ///   - damping: ≥ 0, torque per radian per second.
    /// - Throws: `PhysicsError` when a body or value is refused (see `PhysicsConstraint`).
    public init(_ bodyA: PhysicsBody, _ bodyB: PhysicsBody, restAngle: Double, stiffness: Double, damping: Double)
        throws
    {
        let place = "DampedRotarySpring.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        try Check.finite(restAngle, "\(place)(restAngle:)")
        try Check.nonNegative(stiffness, "\(place)(stiffness:)")
        try Check.nonNegative(damping, "\(place)(damping:)")
        super.init(
            bodyA: bodyA, bodyB: bodyB,
            handle: cpDampedRotarySpringNew(bodyA.handle, bodyB.handle, restAngle, stiffness, damping))
    }

    /// Relative angle at rest, radians.
    public var restAngle: Double { cpDampedRotarySpringGetRestAngle(handle) }
    /// Stiffness, torque per radian.
    public var stiffness: Double { cpDampedRotarySpringGetStiffness(handle) }
    /// Damping, torque per radian per second.
    public var damping: Double { cpDampedRotarySpringGetDamping(handle) }

    /// Sets the rest angle (finite radians).
    public func setRestAngle(_ v: Double) throws {
        cpDampedRotarySpringSetRestAngle(handle, try Check.finite(v, "DampedRotarySpring.setRestAngle(_:)"))
    }
    /// Sets the stiffness (≥ 0).
    public func setStiffness(_ v: Double) throws {
        cpDampedRotarySpringSetStiffness(handle, try Check.nonNegative(v, "DampedRotarySpring.setStiffness(_:)"))
    }
    /// Sets the damping (≥ 0).
    public func setDamping(_ v: Double) throws {
        cpDampedRotarySpringSetDamping(handle, try Check.nonNegative(v, "DampedRotarySpring.setDamping(_:)"))
    }
}
