import CChipmunk
import Foundation

/// Drives the relative spin angularVelocityA − angularVelocityB toward `rate` (Chipmunk's simple
/// motor): `SimpleMotor(wheel, world.staticBody, rate: 3)` spins the wheel at +3 rad/s. Limit its
/// torque with `setMaxForce(_:)`.
public final class SimpleMotor: PhysicsConstraint {
    override var isRotary: Bool { true }

    /// Creates a motor turning body A relative to body B at `rate` radians per second (positive turns
    /// +x toward +y).
    public init(_ bodyA: PhysicsBody, _ bodyB: PhysicsBody, rate: Double) throws {
        let place = "SimpleMotor.init"
        try Self.checkBodies(bodyA, bodyB, place: place)
        try Check.finite(rate, "\(place)(rate:)")
        super.init(bodyA: bodyA, bodyB: bodyB, handle: cpSimpleMotorNew(bodyA.handle, bodyB.handle, rate))
    }

    /// Relative spin rate, radians per second.
    public var rate: Double { cpSimpleMotorGetRate(handle) }
    /// Sets the rate (finite radians per second).
    public func setRate(_ v: Double) throws {
        cpSimpleMotorSetRate(handle, try Check.finite(v, "SimpleMotor.setRate(_:)"))
    }
}
