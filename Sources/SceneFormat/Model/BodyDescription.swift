import Foundation
import LayerKit

/// A layer's `body`: a Chipmunk body and its one shape. The engine writes the body's position and angle
/// into the layer every frame (docs/Design.md §4); a kinematic body follows the layer's animations.
///
/// Shape coordinates are in points, relative to the layer's `position` (the body's centre), before
/// the layer's rotation.
public struct BodyDescription: Equatable, Sendable {
    /// How the body moves.
    public enum BodyType: String, CaseIterable, Sendable {
        /// Moved by forces, gravity and collisions.
        case dynamic
        /// Moved by the layer (its animations), pushes dynamic bodies, is not pushed.
        case kinematic
        /// Never moves.
        case `static`
    }

    /// The collision shape.
    public enum Shape: Equatable, Sendable {
        /// A circle around the centre.
        case circle(radius: Double)
        /// A box centred on the centre, with corners rounded by `radius`.
        case box(size: CGSize, radius: Double)
        /// A convex polygon (vertices relative to the centre) with corners rounded by `radius`.
        case polygon(vertices: [CGPoint], radius: Double)
        /// A segment from `a` to `b` with thickness 2 × `radius`.
        case segment(a: CGPoint, b: CGPoint, radius: Double)
    }

    /// Dynamic, kinematic or static. Default dynamic.
    public var type: BodyType = .dynamic
    /// The shape. Default: a box the size of the layer's bounds.
    public var shape: Shape = .box(size: .zero, radius: 0)
    /// Mass, > 0; nil computes it from `density`. Dynamic bodies only.
    public var mass: Double?
    /// Mass per square point, > 0, used when `mass` is nil. Default 1 for dynamic bodies.
    public var density: Double?
    /// Moment of inertia, > 0; nil computes it from the shape and mass.
    public var moment: Double?
    /// Bounciness, ≥ 0 (0: no bounce, 1: perfect). Default 0.
    public var elasticity: Double = 0
    /// Coulomb friction, ≥ 0. Default 0.
    public var friction: Double = 0
    /// Initial velocity, points per second. Default (0, 0).
    public var velocity: CGVector = CGVector(dx: 0, dy: 0)
    /// Initial angular velocity, radians per second (positive turns clockwise on screen). Default 0.
    public var angularVelocity: Double = 0
    /// A sensor reports contacts but does not collide. Default false.
    public var isSensor: Bool = false
    /// Shapes in the same non-zero group never collide with each other. Default 0 (no group).
    public var group: UInt32 = 0
    /// The collision categories this shape is in (bit mask). Default all bits.
    public var categories: UInt32 = .max
    /// The categories this shape collides with (bit mask). Default all bits.
    public var mask: UInt32 = .max
    /// A name for collision events and handlers. Default nil.
    public var collisionType: String?

    /// The defaults.
    public init() {}
}
