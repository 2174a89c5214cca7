import CChipmunk
import Foundation
import LayerKit

/// Keeps two anchor points at a fixed distance, like a rigid rod (Chipmunk's pin joint).
public final class PinJoint: PhysicsConstraint {
    /// Creates a pin joint; the distance is the anchors' current distance (which must be > 0).
    /// - Parameters:
    ///   - bodyA: the first body.
    ///   - bodyB: the second body, different from `bodyA`.
    ///   - anchorA: in body A's coordinates.
    ///   - anchorB: in body B's coordinates.
    /// - Throws: `PhysicsError` when a body or value is refused (see `PhysicsConstraint`).
    public init(_ bodyA: PhysicsBody, _ bodyB: PhysicsBody, anchorA: CGPoint = .zero, anchorB: CGPoint = .zero) throws {
        let place = "PinJoint.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        let a = try Self.anchor(anchorA, "\(place)(anchorA:)")
        let b = try Self.anchor(anchorB, "\(place)(anchorB:)")
        let wa = bodyA.convertToWorld(CGPoint(a))
        let wb = bodyB.convertToWorld(CGPoint(b))
        guard hypot(wb.x - wa.x, wb.y - wa.y) > 1e-9 else {
            throw PhysicsError(
                .invalidValue, place: place,
                problem: "the two anchors are at the same world point, so the rod would have length 0",
                fix: "Use a PivotJoint to join bodies at one point.")
        }
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpPinJointNew(bodyA.handle, bodyB.handle, a, b))
    }

    /// Anchor on body A, body coordinates.
    public var anchorA: CGPoint { CGPoint(cpPinJointGetAnchorA(handle)) }
    /// Anchor on body B, body coordinates.
    public var anchorB: CGPoint { CGPoint(cpPinJointGetAnchorB(handle)) }
    /// The kept distance, points.
    public var distance: Double { cpPinJointGetDist(handle) }
    /// Sets the kept distance (> 0 points).
    public func setDistance(_ d: Double) throws {
        cpPinJointSetDist(
            handle, try Check.positive(d, "PinJoint.setDistance(_:)", fix: "Use a distance > 0, or a PivotJoint for 0.")
        )
    }
}
