import CChipmunk
import Foundation

/// Keeps the relative angle angleB − angleA between a minimum and a maximum (Chipmunk's rotary limit joint).
public final class RotaryLimitJoint: PhysicsConstraint {
    override var isRotary: Bool { true }

    /// Creates a rotary limit (radians, min ≤ max).
    public init(_ bodyA: PhysicsBody, _ bodyB: PhysicsBody, min: Double, max: Double) throws {
        let place = "RotaryLimitJoint.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        try Self.checkLimits(min, max, place: "\(place)(min:max:)")
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpRotaryLimitJointNew(bodyA.handle, bodyB.handle, min, max))
    }

    private static func checkLimits(_ min: Double, _ max: Double, place: String) throws {
        try Check.finite(min, place)
        try Check.finite(max, place)
        guard min <= max else {
            throw PhysicsError(
                .invalidValue, place: place, problem: "min \(min) is greater than max \(max)",
                fix: "Give min ≤ max (radians).")
        }
    }

    /// The smallest relative angle, radians.
    public var min: Double { cpRotaryLimitJointGetMin(handle) }
    /// The largest relative angle, radians.
    public var max: Double { cpRotaryLimitJointGetMax(handle) }
    /// Sets both limits (min ≤ max).
    public func setLimits(min: Double, max: Double) throws {
        try Self.checkLimits(min, max, place: "RotaryLimitJoint.setLimits(min:max:)")
        cpRotaryLimitJointSetMin(handle, min)
        cpRotaryLimitJointSetMax(handle, max)
    }
}
