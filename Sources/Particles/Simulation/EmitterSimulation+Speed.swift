import LayerKit

// MARK: - Speed over life

extension EmitterSimulation {
    /// Scales how far cell `c`'s live particles moved during the step [t0, t1] (`speedOverLife`, docs/Particles.md "Speed over life"): each particle's displacement under its
    /// own law (`StepMotion` without the curve) becomes `SpeedOverLife.factor` times as long, along the
    /// same path, from where it was when the stretch began or where it was born within it. Runs after the
    /// cell's births of the step, so that they are scaled for the part of the step they lived; its
    /// sub-cells, spawned after it, read the scaled law (`StepMotion` with the curve).
    func applySpeedOverLife(
        _ c: CellRuntime, curve: ParticleCurveKernel, t0: Double, t1: Double, centre0: (x: Double, y: Double)
    ) {
        // An orbit's position is a function of age, which the next step would restore.
        guard !(c.params.extensions?.orbits ?? false) else { return }
        let s = c.store
        let now = t1 - epoch
        let motion = StepMotion(
            s, params: c.params, length: t1 - t0, now: now, centre0: centre0, centre1: centre, followsSpeedCurve: false)
        let aliveFrom = Self.floatAbove(now)
        let z = s.z
        let movesZ = !z.isShared
        for i in 0..<s.count where s.death[i] >= aliveFrom {
            let tau = motion.span(i)
            guard tau > 0 else { continue }
            let f = SpeedOverLife.factor(curve, age: motion.age(i), span: tau, lifetime: s.life[i])
            let start = motion.state(i, before: tau)
            s.x[i] = Float(start.x + f * (Double(s.x[i]) - start.x))
            s.y[i] = Float(start.y + f * (Double(s.y[i]) - start.y))
            if movesZ { z[i] = Float(start.z + f * (Double(z[i]) - start.z)) }
        }
    }
}

/// The arithmetic of `speedOverLife`, shared by the step that scales the motion and by `StepMotion`,
/// which reads it backwards.
enum SpeedOverLife {
    /// The mean of the curve over the last `span` seconds of a particle now `age` seconds old, living
    /// `lifetime` seconds: lifetime × (∫₀^{age/lifetime} − ∫₀^{(age − span)/lifetime}) ÷ span. Over a
    /// life the scaled displacements telescope to speed × lifetime × ∫₀ᵗ value whatever the step.
    @inline(__always)
    static func factor(_ curve: ParticleCurveKernel, age: Float, span: Double, lifetime: Float) -> Double {
        guard lifetime > 0, span > 0 else { return Double(curve.value(at: 1)) }
        let l = Double(lifetime)
        let t1 = Float(Double(age) / l)
        let t0 = Float((Double(age) - span) / l)
        return l * Double(curve.integral(to: t1) - curve.integral(to: t0)) / span
    }
}
