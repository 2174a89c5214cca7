import Foundation

// MARK: - Engine extensions of CAEmitterCell

/// Cell properties Core Animation does not have, added so that particle systems of other engines
/// (Particle Designer / cocos2d files, docs/ParticleDesigner.md) run without silent approximation.
/// Every default switches its feature off, so a cell that does not set them behaves exactly as in
/// Core Animation (docs/Particles.md, "Extensions").
struct CellExtensionState {
    var radialAcceleration: CGFloat = 0
    var radialAccelerationRange: CGFloat = 0
    var tangentialAcceleration: CGFloat = 0
    var tangentialAccelerationRange: CGFloat = 0
    var endColor: CGColor? = nil
    var endRedRange: Float = 0
    var endGreenRange: Float = 0
    var endBlueRange: Float = 0
    var endAlphaRange: Float = 0
    var endScale: CGFloat? = nil
    var endScaleRange: CGFloat = 0
    var clampsNegativeScale = false
    var rotation: CGFloat = 0
    var rotationRange: CGFloat = 0
    var endRotation: CGFloat? = nil
    var endRotationRange: CGFloat = 0
    var orbitRadius: CGFloat? = nil
    var orbitRadiusRange: CGFloat = 0
    var orbitEndRadius: CGFloat? = nil
    var orbitEndRadiusRange: CGFloat = 0
    var orbitAngularVelocity: CGFloat = 0
    var orbitAngularVelocityRange: CGFloat = 0
}

extension CAEmitterCell {
    // MARK: - Radial and tangential acceleration

    /// Mean acceleration away from the layer's `emitterPosition` (negative: toward it), points per
    /// second², sampled per particle and applied along the current particle − emitter direction.
    /// Default 0. Extension (cocos2d's radialAccel).
    public var radialAcceleration: CGFloat {
        get { state.extensions.radialAcceleration }
        set {
            state.extensions.radialAcceleration = newValue
            cellDidChange()
        }
    }

    /// Range of `radialAcceleration`, points per second², ≥ 0 (docs/Design.md §3.1). Default 0. Extension.
    public var radialAccelerationRange: CGFloat {
        get { state.extensions.radialAccelerationRange }
        set {
            state.extensions.radialAccelerationRange = newValue
            cellDidChange()
        }
    }

    /// Mean acceleration perpendicular to the radial direction, turned +90° from it (from +x toward +y:
    /// clockwise on screen), points per second², sampled per particle. Default 0. Extension.
    public var tangentialAcceleration: CGFloat {
        get { state.extensions.tangentialAcceleration }
        set {
            state.extensions.tangentialAcceleration = newValue
            cellDidChange()
        }
    }

    /// Range of `tangentialAcceleration`, points per second², ≥ 0. Default 0. Extension.
    public var tangentialAccelerationRange: CGFloat {
        get { state.extensions.tangentialAccelerationRange }
        set {
            state.extensions.tangentialAccelerationRange = newValue
            cellDidChange()
        }
    }

    // MARK: - Start → end interpolation

    /// Mean colour at the end of a particle's life, or nil (default): when set, each particle's colour
    /// moves linearly from its birth colour to its own end colour (this ± the end ranges, clamped to
    /// 0…1) over its lifetime, and `redSpeed`…`alphaSpeed` are not used. Extension.
    public var endColor: CGColor? {
        get { state.extensions.endColor }
        set {
            state.extensions.endColor = newValue
            cellDidChange()
        }
    }

    /// Range of the end red component, ≥ 0. Default 0. Extension.
    public var endRedRange: Float {
        get { state.extensions.endRedRange }
        set {
            state.extensions.endRedRange = newValue
            cellDidChange()
        }
    }

    /// Range of the end green component, ≥ 0. Default 0. Extension.
    public var endGreenRange: Float {
        get { state.extensions.endGreenRange }
        set {
            state.extensions.endGreenRange = newValue
            cellDidChange()
        }
    }

    /// Range of the end blue component, ≥ 0. Default 0. Extension.
    public var endBlueRange: Float {
        get { state.extensions.endBlueRange }
        set {
            state.extensions.endBlueRange = newValue
            cellDidChange()
        }
    }

    /// Range of the end alpha, ≥ 0. Default 0. Extension.
    public var endAlphaRange: Float {
        get { state.extensions.endAlphaRange }
        set {
            state.extensions.endAlphaRange = newValue
            cellDidChange()
        }
    }

    /// Mean scale at the end of a particle's life, or nil (default): when set, each particle's scale
    /// moves linearly from its birth scale to its own end scale (this ± `endScaleRange`, at least 0,
    /// times the layer's scale) over its lifetime, and `scaleSpeed` is not used. Extension.
    public var endScale: CGFloat? {
        get { state.extensions.endScale }
        set {
            state.extensions.endScale = newValue
            cellDidChange()
        }
    }

    /// Range of `endScale`, ≥ 0. Default 0. Extension.
    public var endScaleRange: CGFloat {
        get { state.extensions.endScaleRange }
        set {
            state.extensions.endScaleRange = newValue
            cellDidChange()
        }
    }

    /// Whether a sampled scale below 0 becomes 0, as in cocos2d ("no negative value"), instead of
    /// drawing the sprite mirrored at its magnitude, as Core Animation does (docs/Design.md §3.8). Sub-cells'
    /// inherited scales are included. Default false. Extension (set by the Particle Designer importer).
    public var clampsNegativeScale: Bool {
        get { state.extensions.clampsNegativeScale }
        set {
            state.extensions.clampsNegativeScale = newValue
            cellDidChange()
        }
    }

    /// Mean rotation of a particle at birth, radians (from +x toward +y). Default 0 (Core Animation's
    /// fixed initial rotation). Extension.
    public var rotation: CGFloat {
        get { state.extensions.rotation }
        set {
            state.extensions.rotation = newValue
            cellDidChange()
        }
    }

    /// Range of the rotation at birth, radians, ≥ 0. Default 0. Extension.
    public var rotationRange: CGFloat {
        get { state.extensions.rotationRange }
        set {
            state.extensions.rotationRange = newValue
            cellDidChange()
        }
    }

    /// Mean rotation at the end of a particle's life, radians, or nil (default): when set, each
    /// particle turns at a constant rate from its birth rotation to its own end rotation (this ±
    /// `endRotationRange`) over its lifetime, and `spin`/`spinRange` are not used. Extension.
    public var endRotation: CGFloat? {
        get { state.extensions.endRotation }
        set {
            state.extensions.endRotation = newValue
            cellDidChange()
        }
    }

    /// Range of `endRotation`, radians, ≥ 0. Default 0. Extension.
    public var endRotationRange: CGFloat {
        get { state.extensions.endRotationRange }
        set {
            state.extensions.endRotationRange = newValue
            cellDidChange()
        }
    }

    // MARK: - Orbits (cocos2d's radius mode)

    /// Mean start radius of an orbiting particle, points, or nil (default: particles move
    /// ballistically). When set, a particle sits at `emitterPosition` + r·(cos φ, sin φ): φ starts at
    /// its emission angle (longitude ± range/2) and turns at `orbitAngularVelocity`; r starts at this
    /// ± `orbitRadiusRange` and moves linearly to its end radius over the particle's life. Velocity,
    /// accelerations and the emitter shape are not used for its position. Extension.
    public var orbitRadius: CGFloat? {
        get { state.extensions.orbitRadius }
        set {
            state.extensions.orbitRadius = newValue
            cellDidChange()
        }
    }

    /// Range of the start radius, points, ≥ 0. Default 0. Extension.
    public var orbitRadiusRange: CGFloat {
        get { state.extensions.orbitRadiusRange }
        set {
            state.extensions.orbitRadiusRange = newValue
            cellDidChange()
        }
    }

    /// Mean radius at the end of an orbiting particle's life, points, or nil (default: the radius
    /// stays at its start value). Extension.
    public var orbitEndRadius: CGFloat? {
        get { state.extensions.orbitEndRadius }
        set {
            state.extensions.orbitEndRadius = newValue
            cellDidChange()
        }
    }

    /// Range of the end radius, points, ≥ 0. Default 0. Extension.
    public var orbitEndRadiusRange: CGFloat {
        get { state.extensions.orbitEndRadiusRange }
        set {
            state.extensions.orbitEndRadiusRange = newValue
            cellDidChange()
        }
    }

    /// Mean angular velocity of an orbiting particle, radians per second (positive turns from +x
    /// toward +y: clockwise on screen). Default 0. Extension.
    public var orbitAngularVelocity: CGFloat {
        get { state.extensions.orbitAngularVelocity }
        set {
            state.extensions.orbitAngularVelocity = newValue
            cellDidChange()
        }
    }

    /// Range of the angular velocity, radians per second, ≥ 0. Default 0. Extension.
    public var orbitAngularVelocityRange: CGFloat {
        get { state.extensions.orbitAngularVelocityRange }
        set {
            state.extensions.orbitAngularVelocityRange = newValue
            cellDidChange()
        }
    }

    /// Whether the cell uses any extension (the simulation then keeps extra per-particle columns).
    public var usesExtensions: Bool {
        let e = state.extensions
        return e.radialAcceleration != 0 || e.radialAccelerationRange != 0 || e.tangentialAcceleration != 0
            || e.tangentialAccelerationRange != 0 || e.endColor != nil || e.endScale != nil || e.rotation != 0
            || e.rotationRange != 0 || e.endRotation != nil || e.orbitRadius != nil
    }

    // MARK: - Key-value coding

    /// The key table of the extension properties (merged into `keyAccessors`).
    static let extensionAccessors: [String: LayerKeyAccessor] = LayerKeyAccessor.table(extensionKeys)

    /// One description per extension property.
    static let extensionKeys: [KeyDescription<CAEmitterCell>] = [
        .init("radialAcceleration", \.radialAcceleration, animatable: true),
        .init("radialAccelerationRange", \.radialAccelerationRange, .nonNegative, animatable: true),
        .init("tangentialAcceleration", \.tangentialAcceleration, animatable: true),
        .init("tangentialAccelerationRange", \.tangentialAccelerationRange, .nonNegative, animatable: true),
        .init("endColor", \.endColor),
        .init("endRedRange", \.endRedRange, .nonNegative, animatable: true),
        .init("endGreenRange", \.endGreenRange, .nonNegative, animatable: true),
        .init("endBlueRange", \.endBlueRange, .nonNegative, animatable: true),
        .init("endAlphaRange", \.endAlphaRange, .nonNegative, animatable: true),
        .init("endScale", \.endScale),
        .init("endScaleRange", \.endScaleRange, .nonNegative, animatable: true),
        .init("clampsNegativeScale", \.clampsNegativeScale),
        .init("rotation", \.rotation, animatable: true),
        .init("rotationRange", \.rotationRange, .nonNegative, animatable: true),
        .init("endRotation", \.endRotation),
        .init("endRotationRange", \.endRotationRange, .nonNegative, animatable: true),
        .init("orbitRadius", \.orbitRadius),
        .init("orbitRadiusRange", \.orbitRadiusRange, .nonNegative, animatable: true),
        .init("orbitEndRadius", \.orbitEndRadius),
        .init("orbitEndRadiusRange", \.orbitEndRadiusRange, .nonNegative, animatable: true),
        .init("orbitAngularVelocity", \.orbitAngularVelocity, animatable: true),
        .init("orbitAngularVelocityRange", \.orbitAngularVelocityRange, .nonNegative, animatable: true),
    ]
}
