import Foundation
import LayerKit

/// A force field (scene `fields`): an acceleration applied to particles and dynamic bodies inside its
/// region, every fixed step. Names follow SpriteKit's field nodes.
public struct FieldDescription: Equatable, Sendable {
    /// The kind of field.
    public enum FieldType: String, CaseIterable, Sendable {
        /// Pulls toward `position`: `strength / max(d, minimumRadius)^falloff` points/s².
        case radialGravity
        /// Accelerates along `direction` by `strength` points/s².
        case linearGravity
        /// Accelerates perpendicular to the line from `position` (positive: clockwise on screen).
        case vortex
        /// Decelerates: acceleration −`strength` × velocity.
        case drag
        /// Smooth random acceleration up to `strength`, varying in space and time.
        case noise
        /// Like noise, scaled by the object's speed.
        case turbulence
        /// Pulls toward `position` like a spring: acceleration −`strength` × offset.
        case spring
    }

    /// Which objects a field moves.
    public enum Affects: String, CaseIterable, Sendable {
        /// Particles and bodies.
        case all
        /// Particles only.
        case particles
        /// Dynamic bodies only.
        case bodies
    }

    /// The kind. Required.
    public var type: FieldType = .radialGravity
    /// A name for key paths and tools. Default nil.
    public var name: String?
    /// Centre of the field, points in the root layer's coordinates. Default (0, 0).
    public var position: CGPoint = .zero
    /// Strength (units depend on the type); negative repels. Default 1.
    public var strength: Double = 1
    /// Radius of the region the field acts in, points, > 0 or infinity. Default infinity.
    public var radius: Double = .infinity
    /// Exponent of the distance falloff, ≥ 0. Default 0 (no falloff).
    public var falloff: Double = 0
    /// Distances below this count as this (avoids infinite pulls at the centre), points, ≥ 0. Default 1.
    public var minimumRadius: Double = 1
    /// Direction of a linear gravity field (normalised by the engine). Default (0, 1), down.
    public var direction: CGVector = CGVector(dx: 0, dy: 1)
    /// Spatial smoothness of noise and turbulence, 0…1 (1: smoothest). Default 0.5.
    public var smoothness: Double = 0.5
    /// Rate at which noise and turbulence change over time, ≥ 0. Default 1.
    public var animationSpeed: Double = 1
    /// Seed of noise and turbulence. Default 0.
    public var seed: UInt32 = 0
    /// Whether the field acts. Default true.
    public var isEnabled: Bool = true
    /// Particles, bodies or both. Default all.
    public var affects: Affects = .all
    /// Bodies whose categories share a bit with this mask are affected. Default all bits.
    public var categoryMask: UInt32 = .max
    /// The name of a layer that carries the field: its centre is the layer's presented position (root
    /// coordinates) at every step, so the layer's animations and drags move it. Default nil.
    public var layerName: String?

    /// The defaults.
    public init() {}
}
