import CChipmunk
import Foundation
import LayerKit

/// A joint between two bodies (Chipmunk's constraints). Subclasses are the ten joint kinds.
///
/// Anchors are in each body's own coordinates. The two bodies must differ, at least one must be
/// dynamic, and a rotary joint needs a dynamic body that can turn (finite moment): otherwise Chipmunk
/// would divide by zero, so these cases are refused with a `PhysicsError`.
public class PhysicsConstraint {
    /// A process-wide creation number.
    public let id: Int
    /// The first body.
    public let bodyA: PhysicsBody
    /// The second body.
    public let bodyB: PhysicsBody
    /// The world the constraint is in, or nil.
    public internal(set) weak var world: PhysicsWorld?
    /// A free-form name for debugging. Default nil.
    public var name: String?

    /// The Chipmunk constraint, owned.
    let handle: UnsafeMutablePointer<cpConstraint>
    /// Whether the Chipmunk constraint is in a space (the physical state).
    var isInSpace = false

    /// Whether the joint acts on angles only (it needs a body that can turn).
    var isRotary: Bool { false }

    /// Wraps a new Chipmunk constraint made by a subclass after `checkBodies`.
    init(bodyA: PhysicsBody, bodyB: PhysicsBody, handle: UnsafeMutablePointer<cpConstraint>) {
        id = PhysicsIdentity.next()
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.handle = handle
    }

    deinit {
        cpConstraintFree(handle)
    }

    /// The checks every joint needs before Chipmunk sees the bodies.
    static func checkBodies(_ a: PhysicsBody, _ b: PhysicsBody, place: String) throws {
        guard a !== b else {
            throw PhysicsError(
                .sameBody, place: place, problem: "the constraint joins body #\(a.id) to itself",
                fix: "Join two different bodies; use world.staticBody to pin a body to the world.")
        }
        guard a.type == .dynamic || b.type == .dynamic else {
            throw PhysicsError(
                .unsolvable, place: place,
                problem:
                    "neither body is dynamic (\(a.type.rawValue) and \(b.type.rawValue)), so nothing can move to satisfy it",
                fix: "Make at least one of the two bodies dynamic.")
        }
    }

    /// Rotary joints need a body that can turn; checked when added to a world.
    func checkSolvable(place: String) throws {
        guard isRotary else { return }
        let turns = [bodyA, bodyB].contains { $0.type == .dynamic && $0.moment.isFinite && $0.moment > 0 }
        guard turns else {
            throw PhysicsError(
                .unsolvable, place: place,
                problem:
                    "\(type(of: self)) acts on angles, but neither body can turn (no dynamic body with a finite moment)",
                fix: "Give one dynamic body a finite moment of inertia.")
        }
    }

    // MARK: - Common settings

    /// The largest force the joint may apply, ≥ 0 (`.infinity`, the default, for no limit).
    public var maxForce: Double { cpConstraintGetMaxForce(handle) }
    /// Sets the largest force (≥ 0 or `.infinity`).
    public func setMaxForce(_ v: Double) throws {
        cpConstraintSetMaxForce(handle, try Check.nonNegativeOrInfinity(v, "\(type(of: self)).setMaxForce(_:)"))
    }

    /// The fraction of joint error left uncorrected after one second, 0...1. Default 0.9⁶⁰ ≈ 0.0018.
    public var errorBias: Double { cpConstraintGetErrorBias(handle) }
    /// Sets the error bias (0...1).
    public func setErrorBias(_ v: Double) throws {
        cpConstraintSetErrorBias(handle, try Check.inRange(v, 0...1, "\(type(of: self)).setErrorBias(_:)"))
    }

    /// The fastest the joint corrects its error, points (or radians) per second, ≥ 0. Default `.infinity`.
    public var maxBias: Double { cpConstraintGetMaxBias(handle) }
    /// Sets the largest correction speed (≥ 0 or `.infinity`).
    public func setMaxBias(_ v: Double) throws {
        cpConstraintSetMaxBias(handle, try Check.nonNegativeOrInfinity(v, "\(type(of: self)).setMaxBias(_:)"))
    }

    /// Whether the two joined bodies still collide with each other. Default true.
    public var collideBodies: Bool {
        get { cpConstraintGetCollideBodies(handle) != 0 }
        set { cpConstraintSetCollideBodies(handle, newValue ? 1 : 0) }
    }

    /// The impulse the joint applied in the last step (magnitude; N·s or N·m·s in world units).
    public var impulse: Double { cpConstraintGetImpulse(handle) }

    // MARK: - Helpers for subclasses

    /// A finite point (anchor) check.
    static func anchor(_ p: CGPoint, _ place: String) throws -> cpVect { try Check.point(p, place).cp }
}
