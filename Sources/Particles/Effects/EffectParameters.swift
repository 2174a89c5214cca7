import Foundation
import LayerKit

// MARK: - Effect parameters

/// The values of a cell's effect properties for one step (docs/Particles.md, "Effects"), with
/// non-finite values replaced by their defaults. Nil in `CellParameters` for cells that use none, so
/// such cells take no extra work.
struct EffectParameters {
    /// The curves over life, nil when the cell shapes nothing over life.
    var curves: LifeCurves?
    /// Stretch along the velocity, seconds (0: off).
    var stretchWithVelocity: Float
    /// Births per point the emitter moves (0: off).
    var birthsPerPoint: Double
    /// The names of the sub-cells that burst at a particle's birth and at its death.
    var birthCells: [String], deathCells: [String]

    // MARK: - Speed over life

    /// The speed multiplier over life (`speedOverLife`), nil when the cell does not set one.
    var speedOverLife: ParticleCurveKernel?

    // MARK: - Flipbooks

    /// How the cell's contents is cut into frames and played (`contentsFrames`), nil when it is not.
    var flipbook: ParticleFlipbook?

    /// The parameters of `cell`, or nil when it uses no effect.
    init?(cell: CAEmitterCell) {
        guard cell.usesEffects else { return nil }
        let c = LifeCurves(
            color: cell.colorOverLife, alpha: cell.alphaOverLife, scale: cell.scaleOverLife, spin: cell.spinOverLife)
        curves = c.isEmpty ? nil : c
        let s = Float(cell.stretchWithVelocity)
        stretchWithVelocity = s.isFinite ? max(0, s) : 0
        let b = Double(cell.birthsPerPoint)
        birthsPerPoint = b.isFinite ? max(0, b) : 0
        birthCells = cell.birthCells
        deathCells = cell.deathCells
        speedOverLife = cell.speedOverLife?.kernel
        flipbook = cell.contentsFrames
    }
}

// MARK: - Curves over life

/// The curves of one cell applied to a particle's look at its life fraction (docs/Particles.md,
/// "Values over life"): colour and alpha multiply, scale multiplies, spin turns the rotation by spin ×
/// lifetime × ∫ curve.
struct LifeCurves {
    /// The kernels of the cell's curves, a constant 1 for a curve the cell does not set (the `has`
    /// flags tell). Fixed-size and not optional: reading them per particle allocates, retains and copies
    /// nothing (binding or chaining an optional kernel copies it per particle).
    let color: ParticleColorKernel, alpha: ParticleCurveKernel, scale: ParticleCurveKernel
    let spin: ParticleCurveKernel
    /// Which curves the cell sets.
    let hasColor: Bool, hasAlpha: Bool, hasScale: Bool, hasSpin: Bool

    init(color: ParticleColorCurve?, alpha: ParticleValueCurve?, scale: ParticleValueCurve?, spin: ParticleValueCurve?)
    {
        self.color = color?.kernels ?? .one
        self.alpha = alpha?.kernel ?? .one
        self.scale = scale?.kernel ?? .one
        self.spin = spin?.kernel ?? .one
        (hasColor, hasAlpha, hasScale, hasSpin) = (color != nil, alpha != nil, scale != nil, spin != nil)
    }

    var isEmpty: Bool { !(hasColor || hasAlpha || hasScale || hasSpin) }

    /// `look` (the Core Animation law and the extensions' rates at `age`, with spin's rotation
    /// `rotation0 + spin·age`) shaped at `age` of a particle living `lifetime` seconds.
    @inline(__always)
    func shape(_ look: ParticleLook, age: Float, lifetime: Float, rotation0: Float, spin: Float) -> ParticleLook {
        let t = lifetime > 0 ? age / lifetime : 1
        var out = look
        if hasColor {
            // The sampled colour is clamped first, as every reader of the plain law does.
            out.color = look.color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) * color.color(at: t)
        }
        if hasAlpha { out.color[3] = min(max(out.color[3], 0), 1) * alpha.value(at: t) }
        if hasScale { out.scale = look.scale * scale.value(at: t) }
        if hasSpin { out.rotation = rotation0 + spin * max(lifetime, 0) * self.spin.integral(to: t) }
        return out
    }
}
