import CChipmunk
import Foundation
import LayerKit

/// Keeps an anchor of body B on a groove (segment) of body A, like a pin in a slot (Chipmunk's groove joint).
public final class GrooveJoint: PhysicsConstraint {
    /// Creates a groove joint.
    /// - Parameters:
    ///   - bodyA: the first body.
    ///   - bodyB: the second body, different from `bodyA`.
    ///   - grooveFrom: one end of the groove, body A's coordinates.
    ///   - grooveTo: the other end (a different point).
    ///   - anchorB: the pin, body B's coordinates.
    /// - Throws: `PhysicsError` when a body or value is refused (see `PhysicsConstraint`).
    public init(
        _ bodyA: PhysicsBody, _ bodyB: PhysicsBody, grooveFrom: CGPoint, grooveTo: CGPoint, anchorB: CGPoint = .zero
    ) throws {
        let place = "GrooveJoint.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        let ga = try Self.anchor(grooveFrom, "\(place)(grooveFrom:)")
        let gb = try Self.anchor(grooveTo, "\(place)(grooveTo:)")
        let b = try Self.anchor(anchorB, "\(place)(anchorB:)")
        guard grooveFrom != grooveTo else {
            throw PhysicsError(
                .invalidValue, place: "\(place)(grooveFrom:grooveTo:)",
                problem: "the groove's two ends are the same point",
                fix: "Give the groove a length, or use a PivotJoint.")
        }
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpGrooveJointNew(bodyA.handle, bodyB.handle, ga, gb, b))
    }

    /// One end of the groove, body A's coordinates.
    public var grooveFrom: CGPoint { CGPoint(cpGrooveJointGetGrooveA(handle)) }
    /// The other end of the groove.
    public var grooveTo: CGPoint { CGPoint(cpGrooveJointGetGrooveB(handle)) }
    /// The pin on body B, body coordinates.
    public var anchorB: CGPoint { CGPoint(cpGrooveJointGetAnchorB(handle)) }
}
