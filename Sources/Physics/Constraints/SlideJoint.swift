import CChipmunk
import Foundation
import LayerKit

/// Keeps two anchor points between a minimum and a maximum distance, like a chain (Chipmunk's slide joint).
public final class SlideJoint: PhysicsConstraint {
    /// Creates a slide joint.
    /// - Parameters:
    ///   - bodyA: the first body.
    ///   - bodyB: the second body, different from `bodyA`.
    ///   - anchorA: in body A's coordinates.
    ///   - anchorB: in body B's coordinates.
    ///   - min: the shortest distance, ≥ 0 points.
    ///   - max: the longest distance, ≥ min.
    /// - Throws: `PhysicsError` when a body or value is refused (see `PhysicsConstraint`).
    public init(
        _ bodyA: PhysicsBody, _ bodyB: PhysicsBody, anchorA: CGPoint = .zero, anchorB: CGPoint = .zero,
        min: Double, max: Double
    ) throws {
        let place = "SlideJoint.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        let a = try Self.anchor(anchorA, "\(place)(anchorA:)")
        let b = try Self.anchor(anchorB, "\(place)(anchorB:)")
        try Self.checkLimits(min, max, place: "\(place)(min:max:)")
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpSlideJointNew(bodyA.handle, bodyB.handle, a, b, min, max))
    }

    private static func checkLimits(_ min: Double, _ max: Double, place: String) throws {
        try Check.nonNegative(min, place, fix: "Use a minimum distance ≥ 0 points.")
        try Check.nonNegative(max, place, fix: "Use a maximum distance ≥ 0 points.")
        guard min <= max else {
            throw PhysicsError(
                .invalidValue, place: place, problem: "min \(min) is greater than max \(max)", fix: "Give min ≤ max.")
        }
    }

    /// Anchor on body A, body coordinates.
    public var anchorA: CGPoint { CGPoint(cpSlideJointGetAnchorA(handle)) }
    /// Anchor on body B, body coordinates.
    public var anchorB: CGPoint { CGPoint(cpSlideJointGetAnchorB(handle)) }
    /// The shortest distance, points.
    public var min: Double { cpSlideJointGetMin(handle) }
    /// The longest distance, points.
    public var max: Double { cpSlideJointGetMax(handle) }
    /// Sets both limits (0 ≤ min ≤ max).
    public func setLimits(min: Double, max: Double) throws {
        try Self.checkLimits(min, max, place: "SlideJoint.setLimits(min:max:)")
        cpSlideJointSetMin(handle, min)
        cpSlideJointSetMax(handle, max)
    }
}
