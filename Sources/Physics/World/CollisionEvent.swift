import Foundation
import LayerKit

/// A collision that began or ended during a step, delivered after the step.
///
/// Shapes are ordered by creation: `shapeA.id < shapeB.id`. The normal points from shape A toward
/// shape B; `impulse` is what the step's solver applied to body B (body A received the opposite).
public struct CollisionEvent {
    /// Whether the shapes started or stopped touching.
    public enum Phase: String, Sendable {
        /// The shapes touch for the first time (after not touching).
        case begin
        /// The shapes stopped touching, or one of them left the world (`isRemoval`).
        case separate
    }

    /// Began or ended.
    public var phase: Phase
    /// The shape created first.
    public var shapeA: PhysicsShape
    /// The shape created second.
    public var shapeB: PhysicsShape
    /// Shape A's body.
    public var bodyA: PhysicsBody
    /// Shape B's body.
    public var bodyB: PhysicsBody
    /// Contact points (begin only; up to 2).
    public var contacts: [ContactPoint] {
        switch contactCount {
        case 0: return []
        case 1: return [firstContact]
        default: return [firstContact, secondContact]
        }
    }
    /// Contacts are kept inline (no allocation per event).
    var contactCount: Int
    var firstContact: ContactPoint
    var secondContact: ContactPoint
    /// Unit normal from A toward B (begin only; zero for separate).
    public var normal: CGVector
    /// Total impulse applied to body B in the step the contact began (N·s in the world's units; zero
    /// for sensors and separate events).
    public var impulse: CGVector
    /// Whether either shape is a sensor (sensors report but never push).
    public var isSensor: Bool
    /// For separate events: the separation happened because a shape or body was removed. Such
    /// events are delivered with the next step's events.
    public var isRemoval: Bool
    /// The world's step count when the event was delivered.
    public var step: Int

    init(
        phase: Phase, shapeA: PhysicsShape, shapeB: PhysicsShape, bodyA: PhysicsBody, bodyB: PhysicsBody,
        contactCount: Int = 0, firstContact: ContactPoint = .none, secondContact: ContactPoint = .none,
        normal: CGVector = .zero, impulse: CGVector = .zero, isSensor: Bool, isRemoval: Bool, step: Int
    ) {
        (self.phase, self.shapeA, self.shapeB, self.bodyA, self.bodyB) = (phase, shapeA, shapeB, bodyA, bodyB)
        (self.contactCount, self.firstContact, self.secondContact) = (contactCount, firstContact, secondContact)
        (self.normal, self.impulse, self.isSensor, self.isRemoval, self.step) = (
            normal, impulse, isSensor, isRemoval, step
        )
    }
}

/// One contact point of a collision.
public struct ContactPoint: Equatable, Sendable {
    /// The contact on shape A's surface, world points.
    public var pointA: CGPoint
    /// The contact on shape B's surface, world points.
    public var pointB: CGPoint
    /// How far the shapes overlap at this point, points (≥ 0 when they overlap).
    public var depth: Double

    static let none = ContactPoint(pointA: .zero, pointB: .zero, depth: 0)
}

/// Identifies a collision observer so it can be removed.
public struct CollisionObserverToken: Hashable, Sendable {
    let id: Int
}
