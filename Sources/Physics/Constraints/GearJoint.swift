import CChipmunk
import Foundation

/// Keeps angleB × ratio − angleA equal to `phase`: the bodies turn together like gears (Chipmunk's gear joint).
public final class GearJoint: PhysicsConstraint {
    override var isRotary: Bool { true }

    /// Creates a gear joint.
    /// - Parameters:
    ///   - bodyA: the first body.
    ///   - bodyB: the second body, different from `bodyA`.
    ///   - phase: angle offset, radians.
    ///   - ratio: non-zero; 2 makes body A turn twice as far as body B, the same way round; negative
    ///     ratios turn them opposite ways, as meshed gears do.
    /// - Throws: `PhysicsError` when a body or value is refused (see `PhysicsConstraint`).
    public init(_ bodyA: PhysicsBody, _ bodyB: PhysicsBody, phase: Double, ratio: Double) throws {
        let place = "GearJoint.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        try Check.finite(phase, "\(place)(phase:)")
        try Self.checkRatio(ratio, place: "\(place)(ratio:)")
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpGearJointNew(bodyA.handle, bodyB.handle, phase, ratio))
    }

    private static func checkRatio(_ r: Double, place: String) throws {
        try Check.finite(r, place)
        guard r != 0, abs(r) >= 1e-9 else {
            throw PhysicsError(
                .invalidValue, place: place, problem: "a gear ratio of \(r) would divide by zero",
                fix: "Use a non-zero ratio (1 for equal gears).")
        }
    }

    /// Angle offset, radians.
    public var phase: Double { cpGearJointGetPhase(handle) }
    /// Gear ratio.
    public var ratio: Double { cpGearJointGetRatio(handle) }
    /// Sets the ratio (non-zero).
    public func setRatio(_ v: Double) throws {
        try Self.checkRatio(v, place: "GearJoint.setRatio(_:)")
        cpGearJointSetRatio(handle, v)
    }
    /// Sets the phase (finite radians).
    public func setPhase(_ v: Double) throws {
        cpGearJointSetPhase(handle, try Check.finite(v, "GearJoint.setPhase(_:)"))
    }
}
