import Foundation
import LayerKit

/// A joint between two bodies (scene `constraints`), named after Chipmunk's constraints.
///
/// Bodies are named by their layers' `name`; `bodyB` nil means the static world. Anchors are in each
/// body's own coordinates (points relative to the layer's position); angles in radians.
public struct ConstraintDescription: Equatable, Sendable {
    /// The kind of joint.
    public enum ConstraintType: String, CaseIterable, Sendable {
        /// Keeps the anchors at their initial distance (cpPinJoint).
        case pin
        /// Keeps the anchors' distance within `min`…`max` (cpSlideJoint).
        case slide
        /// Joins the bodies at a pivot point (cpPivotJoint).
        case pivot
        /// Keeps `anchorB` on the segment `grooveA`–`grooveB` of body A (cpGrooveJoint).
        case groove
        /// A spring between the anchors (cpDampedSpring).
        case dampedSpring
        /// A rotary spring (cpDampedRotarySpring).
        case dampedRotarySpring
        /// Keeps the relative angle within `min`…`max` (cpRotaryLimitJoint).
        case rotaryLimit
        /// A socket wrench (cpRatchetJoint).
        case ratchet
        /// Keeps the angular velocity ratio (cpGearJoint).
        case gear
        /// Drives the relative angular velocity at `rate` (cpSimpleMotor).
        case simpleMotor
    }

    /// The kind. Required.
    public var type: ConstraintType = .pin
    /// A name for tools. Default nil.
    public var name: String?
    /// The name of the layer whose body is A. Required.
    public var bodyA: String = ""
    /// The name of the layer whose body is B; nil joins A to the static world. Default nil.
    public var bodyB: String?
    /// Anchor on body A, points in its coordinates. Default (0, 0).
    public var anchorA: CGPoint = .zero
    /// Anchor on body B (in world coordinates when B is the world). Default (0, 0).
    public var anchorB: CGPoint = .zero
    /// For pivot: the joint point in root-layer coordinates, instead of the anchors.
    public var pivot: CGPoint?
    /// For groove: the groove's ends on body A.
    public var grooveA: CGPoint = .zero
    /// For groove: the groove's ends on body A.
    public var grooveB: CGPoint = .zero
    /// Slide: least distance (points); rotaryLimit: least relative angle (radians).
    public var min: Double = 0
    /// Slide: largest distance (points); rotaryLimit: largest relative angle (radians).
    public var max: Double = 0
    /// Damped spring: rest length, points, ≥ 0.
    public var restLength: Double = 0
    /// Springs: stiffness, ≥ 0.
    public var stiffness: Double = 0
    /// Springs: damping, ≥ 0.
    public var damping: Double = 0
    /// Rotary spring: rest angle, radians.
    public var restAngle: Double = 0
    /// Ratchet and gear: initial angular offset, radians.
    public var phase: Double = 0
    /// Ratchet: distance between clicks, radians, > 0.
    public var ratchet: Double = 0
    /// Gear: ratio of the angular velocities, ≠ 0.
    public var ratio: Double = 1
    /// Simple motor: relative angular velocity, radians per second.
    public var rate: Double = 0
    /// Most force the constraint may apply, ≥ 0 or infinity. Default infinity.
    public var maxForce: Double = .infinity
    /// Fastest error correction, points (or radians) per second, ≥ 0 or infinity. Default infinity.
    public var maxBias: Double = .infinity
    /// Fraction of error left uncorrected after one second, 0…1. Default 0.001797010299914434 (Chipmunk's, (1 − 0.1)⁶⁰).
    public var errorBias: Double = 0.001797010299914434
    /// Whether the two bodies still collide with each other. Default true.
    public var collideBodies: Bool = true

    /// The defaults.
    public init() {}
}
