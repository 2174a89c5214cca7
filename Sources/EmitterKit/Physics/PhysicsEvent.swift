import Foundation

/// Something the physics did during a fixed step, for game code and tests (`Engine.onPhysicsEvent`).
///
/// Events are delivered after the step that produced them, in a fixed order: body collisions (the
/// world's order: separations, then beginnings, by shape creation), then particle contacts (emitters
/// in tree order, cells in coupling order, particles in slot order).
public enum PhysicsEvent {
    /// Two bodies started or stopped touching (the world's `CollisionEvent`), with the layers they move
    /// (nil for walls and bodies without a layer).
    case collision(CollisionEvent, layerA: CALayer?, layerB: CALayer?)
    /// A `collide`-mode particle touched a shape.
    case particleContact(ParticleContactEvent)
}

/// A `collide`-mode particle touching a shape during a fixed step.
public struct ParticleContactEvent {
    /// The emitter layer (model) whose particle it was.
    public var emitter: CAEmitterLayer
    /// The particle's cell.
    public var cell: CAEmitterCell
    /// The contact point on the shape's surface, world (root layer) points.
    public var point: CGPoint
    /// Unit surface normal, from the shape toward the particle.
    public var normal: CGVector
    /// Approach speed along the normal before the contact, points per second (≥ 0).
    public var normalSpeed: Double
    /// The shape that was hit.
    public var shape: PhysicsShape?
    /// The layer moved by the shape's body, if any.
    public var layer: CALayer?
    /// What the contact did to the particle.
    public var response: CellPhysicsDescription.ContactResponse
    /// The engine's fixed step index.
    public var step: Int64
}
