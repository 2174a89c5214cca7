import CChipmunk
import Foundation
import LayerKit

/// A spring with a damper between two anchor points (Chipmunk's damped spring): force =
/// stiffness × (restLength − distance), minus damping × the closing speed.
public final class DampedSpring: PhysicsConstraint {
    /// Creates a damped spring.
    /// - Parameters:
    ///   - bodyA: the first body.
    ///   - bodyB: the second body, different from `bodyA`.
    ///   - anchorA: in body A's coordinates.
    ///   - anchorB: in body B's coordinates.
    ///   - restLength: ≥ 0 points.
    ///   - stiffness: ≥ 0, force per point of stretch.
    ///   - damping: ≥ 0, force per point per second.
    /// - Throws: `PhysicsError` when a body or value is refused (see `PhysicsConstraint`).
    public init(
        _ bodyA: PhysicsBody, _ bodyB: PhysicsBody, anchorA: CGPoint = .zero, anchorB: CGPoint = .zero,
        restLength: Double, stiffness: Double, damping: Double
    ) throws {
        let place = "DampedSpring.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        let a = try Self.anchor(anchorA, "\(place)(anchorA:)")
        let b = try Self.anchor(anchorB, "\(place)(anchorB:)")
        try Check.nonNegative(restLength, "\(place)(restLength:)")
        try Check.nonNegative(
            stiffness, "\(place)(stiffness:)", fix: "Use a stiffness ≥ 0; a negative spring pushes apart without bound."
        )
        try Check.nonNegative(damping, "\(place)(damping:)")
        super.init(
            bodyA: bodyA, bodyB: bodyB,
            handle: cpDampedSpringNew(bodyA.handle, bodyB.handle, a, b, restLength, stiffness, damping))
    }

    /// Anchor on body A, body coordinates.
    public var anchorA: CGPoint { CGPoint(cpDampedSpringGetAnchorA(handle)) }
    /// Anchor on body B, body coordinates.
    public var anchorB: CGPoint { CGPoint(cpDampedSpringGetAnchorB(handle)) }
    /// Rest length, points.
    public var restLength: Double { cpDampedSpringGetRestLength(handle) }
    /// Stiffness, force per point.
    public var stiffness: Double { cpDampedSpringGetStiffness(handle) }
    /// Damping, force per point per second.
    public var damping: Double { cpDampedSpringGetDamping(handle) }

    /// Sets the rest length (≥ 0).
    public func setRestLength(_ v: Double) throws {
        cpDampedSpringSetRestLength(handle, try Check.nonNegative(v, "DampedSpring.setRestLength(_:)"))
    }
    /// Sets the stiffness (≥ 0).
    public func setStiffness(_ v: Double) throws {
        cpDampedSpringSetStiffness(handle, try Check.nonNegative(v, "DampedSpring.setStiffness(_:)"))
    }
    /// Sets the damping (≥ 0).
    public func setDamping(_ v: Double) throws {
        cpDampedSpringSetDamping(handle, try Check.nonNegative(v, "DampedSpring.setDamping(_:)"))
    }
}
