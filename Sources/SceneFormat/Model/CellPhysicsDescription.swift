import Foundation
import LayerKit

/// An emitter cell's `physics`: how its particles meet the physics world (docs/Design.md §4).
public struct CellPhysicsDescription: Equatable, Sendable {
    /// How particles take part in the physics.
    public enum Mode: String, CaseIterable, Sendable {
        /// Each particle is swept against the world's shapes every step and responds to contacts.
        case collide
        /// Each particle is a real Chipmunk body that pushes and is pushed (within `maxBodies`).
        case body
    }

    /// What a `collide` particle does when it touches a shape.
    public enum ContactResponse: String, CaseIterable, Sendable {
        /// Bounces with the cell's elasticity and friction.
        case bounce
        /// Dies at the contact.
        case die
        /// Stops at the contact and stays there until its lifetime ends.
        case stick
    }

    /// Collide or body. Required.
    public var mode: Mode = .collide
    /// Bounciness, ≥ 0. Default 0.
    public var elasticity: Double = 0
    /// Friction, ≥ 0. Default 0.
    public var friction: Double = 0
    /// Collision radius in points, > 0; nil uses half the particle's drawn width. Default nil.
    public var radius: Double?
    /// What a contact does (collide mode). Default bounce.
    public var onContact: ContactResponse = .bounce
    /// Names of this cell's sub-cells that emit only at contacts: each contact spawns each one's
    /// `burstCount` particles (with its `burstProbability`, as event cells do), or `contactBurst`
    /// particles of each of them at the contact point, instead of continuous emission. Default none.
    public var contactCells: [String] = []
    /// Particles per contact for each of `contactCells`, 1…100000, overriding their `burstCount` (the
    /// key scenes used before contact cells shared the event cells' vocabulary). Default nil: each
    /// contact cell's own `burstCount`.
    public var contactBurst: Int?
    /// Mass of each particle body (body mode), > 0. Default 1.
    public var mass: Double = 1
    /// Most particle bodies alive at once for this cell (body mode), 1…100000; later particles only collide. Default 1000.
    public var maxBodies: Int = 1000
    /// Collision categories of the particles (bit mask). Default all bits.
    public var categories: UInt32 = .max
    /// Categories the particles collide with (bit mask). Default all bits.
    public var mask: UInt32 = .max

    /// The defaults.
    public init() {}
}
