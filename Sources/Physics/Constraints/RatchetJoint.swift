import CChipmunk
import Foundation

/// Lets the relative angle advance in one direction only, in clicks of `ratchet` radians, like a
/// socket wrench (Chipmunk's ratchet joint).
public final class RatchetJoint: PhysicsConstraint {
    override var isRotary: Bool { true }

    /// Creates a ratchet.
    /// - Parameters:
    ///   - bodyA: the first body.
    ///   - bodyB: the second body, different from `bodyA`.
    ///   - phase: the offset of the clicks, radians.
    ///   - ratchet: the click spacing, radians, non-zero (its sign sets the free direction).
    /// - Throws: `PhysicsError` when a body or value is refused (see `PhysicsConstraint`).
    public init(_ bodyA: PhysicsBody, _ bodyB: PhysicsBody, phase: Double, ratchet: Double) throws {
        let place = "RatchetJoint.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        try Check.finite(phase, "\(place)(phase:)")
        try Self.checkRatchet(ratchet, place: "\(place)(ratchet:)")
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpRatchetJointNew(bodyA.handle, bodyB.handle, phase, ratchet))
    }

    private static func checkRatchet(_ r: Double, place: String) throws {
        try Check.finite(r, place)
        guard r != 0 else {
            throw PhysicsError(
                .invalidValue, place: place, problem: "a click spacing of 0 would divide by zero",
                fix: "Use a non-zero spacing, e.g. .pi / 8.")
        }
    }

    /// The clicks' offset, radians.
    public var phase: Double { cpRatchetJointGetPhase(handle) }
    /// The click spacing, radians.
    public var ratchet: Double { cpRatchetJointGetRatchet(handle) }
    /// The angle the ratchet has reached, radians.
    public var angle: Double { cpRatchetJointGetAngle(handle) }
    /// Sets the click spacing (non-zero).
    public func setRatchet(_ v: Double) throws {
        try Self.checkRatchet(v, place: "RatchetJoint.setRatchet(_:)")
        cpRatchetJointSetRatchet(handle, v)
    }
    /// Sets the clicks' offset (finite radians).
    public func setPhase(_ v: Double) throws {
        cpRatchetJointSetPhase(handle, try Check.finite(v, "RatchetJoint.setPhase(_:)"))
    }
}
