import CChipmunk
import Foundation
import LayerKit

/// Joins two bodies at one point they turn about, like a hinge pin (Chipmunk's pivot joint).
public final class PivotJoint: PhysicsConstraint {
    /// Creates a pivot at a world point, taken in both bodies' current coordinates.
    public init(_ bodyA: PhysicsBody, _ bodyB: PhysicsBody, pivot: CGPoint) throws {
        let place = "PivotJoint.init(pivot:)"
        try Self.checkBodies(bodyA, bodyB, place: place)
        let p = try Self.anchor(pivot, place)
        let a = bodyA.convertFromWorld(CGPoint(p))
        let b = bodyB.convertFromWorld(CGPoint(p))
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpPivotJointNew2(bodyA.handle, bodyB.handle, a.cp, b.cp))
    }

    /// Creates a pivot from an anchor on each body (body coordinates); the joint pulls them together.
    public init(_ bodyA: PhysicsBody, _ bodyB: PhysicsBody, anchorA: CGPoint, anchorB: CGPoint) throws {
        let place = "PivotJoint.init(anchorA:anchorB:)"
        try Self.checkBodies(bodyA, bodyB, place: place)
        let a = try Self.anchor(anchorA, place)
        let b = try Self.anchor(anchorB, place)
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpPivotJointNew2(bodyA.handle, bodyB.handle, a, b))
    }

    /// Anchor on body A, body coordinates.
    public var anchorA: CGPoint { CGPoint(cpPivotJointGetAnchorA(handle)) }
    /// Anchor on body B, body coordinates.
    public var anchorB: CGPoint { CGPoint(cpPivotJointGetAnchorB(handle)) }
}
