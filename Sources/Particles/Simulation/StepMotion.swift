import LayerKit

// MARK: - Step motion

/// How one cell's particles moved during a stretch of simulated time that ends now (one step, or the
/// steps of one engine step): the integrator's laws (`ParticleStore.integrate`, `integrateExtended`),
/// read backwards from the particles' state at its end. The one place outside the integrator that knows
/// them: sub-cell spawning asks where a parent was when it emitted, and the per-step view
/// (`ParticleStepView`) where each particle started, so that the physics coupling sweeps the path the
/// particle took.
///
/// - Constant acceleration (Core Animation cells): p(τ) = p − v·τ + ½a·τ², v(τ) = v − a·τ, exactly the
///   inverse of the integrator's step, whatever changed the velocity between steps (fields, bounces).
/// - Orbits: the position is a function of age, so p(τ) = centre(τ) + orbit(age − τ); the centre moves
///   linearly from the emitter position at the start of the stretch to the one at its end, so a particle
///   born within the stretch starts on its circle round the emitter where the emitter then was.
/// - Radial and tangential acceleration: constant during a step, evaluated where the particle started
///   it; that start solves p₀ = p − v·τ + ½(a + radial(p₀))·τ², found by a few fixed-point iterations
///   from the end (each shrinks the error by ½|∂radial/∂p|·τ², tiny at step lengths).
///
/// - Speed over life (`speedOverLife`, any law but orbits): the law's displacement over the last τ,
///   scaled by the curve's mean over that part of the particle's life (`SpeedOverLife.factor`), as the
///   step scaled it.
///
/// z always moves under constant acceleration (scaled by the speed curve as x and y are).
struct StepMotion {
    /// The cell's constant acceleration, points per second².
    let ax: Double, ay: Double, az: Double
    /// Length of the stretch, seconds; a particle younger than that was born within it.
    let length: Double
    /// The emitter position (centre of orbits and radial acceleration) at the start and end of the
    /// stretch, points.
    let centre0: (x: Double, y: Double), centre1: (x: Double, y: Double)
    /// The stretch's end on the store's time axis (seconds after the epoch).
    let now: Double
    private let x, y, vx, vy, death, life: UnsafeMutablePointer<Float>
    private let z, vz: SlotColumn<Float>
    private let law: Law
    /// The cell's speed over life, when the positions followed it (nil for orbits and for the law as the
    /// integrator alone moved the particles).
    private let speed: ParticleCurveKernel?

    /// Which law the particles followed, with the extension columns it reads.
    private enum Law {
        case constantAcceleration
        case orbit(
            angle: UnsafeMutablePointer<Float>, omega: UnsafeMutablePointer<Float>,
            radius: UnsafeMutablePointer<Float>, radiusSpeed: UnsafeMutablePointer<Float>)
        case radial(radial: UnsafeMutablePointer<Float>, tangential: UnsafeMutablePointer<Float>)
    }

    /// Fixed-point iterations of the radial start (`start`): each gains the digits ½|∂radial/∂p|·τ² gives.
    static let radialStartIterations = 3

    /// The motion of `store`'s particles over a stretch of `length` seconds ending at `now` (store time),
    /// under `params` (the cell's values during the stretch) around an emitter that moved from `centre0`
    /// to `centre1`. Valid until the store's columns move. `followsSpeedCurve` false reads the law
    /// without the cell's speed over life (what the step scales).
    init(
        _ store: ParticleStore, params: CellParameters, length: Double, now: Double,
        centre0: (x: Double, y: Double), centre1: (x: Double, y: Double), followsSpeedCurve: Bool = true
    ) {
        (ax, ay, az) = (Double(params.ax), Double(params.ay), Double(params.az))
        self.length = length
        self.now = now
        self.centre0 = centre0
        self.centre1 = centre1
        (x, y, vx, vy, death, life) = (store.x, store.y, store.vx, store.vy, store.death, store.life)
        (z, vz) = (store.z, store.vz)
        let e = store.extras
        if params.extensions?.orbits ?? false, let angle = e[ExtraColumn.orbitAngle.rawValue],
            let omega = e[ExtraColumn.orbitAngularVelocity.rawValue], let radius = e[ExtraColumn.orbitRadius.rawValue],
            let radiusSpeed = e[ExtraColumn.orbitRadiusSpeed.rawValue]
        {
            law = .orbit(angle: angle, omega: omega, radius: radius, radiusSpeed: radiusSpeed)
        } else if let radial = e[ExtraColumn.radial.rawValue], let tangential = e[ExtraColumn.tangential.rawValue] {
            law = .radial(radial: radial, tangential: tangential)
        } else {
            law = .constantAcceleration
        }
        if case .orbit = law {
            speed = nil
        } else {
            speed = followsSpeedCurve ? params.effects?.speedOverLife : nil
        }
    }

    /// The age of slot `i` at the end of the stretch, seconds (Float, as the integrator and the looks
    /// compute it).
    @inline(__always)
    func age(_ i: Int) -> Float { Float(now - (Double(death[i]) - Double(life[i]))) }

    /// How far back slot `i`'s part of the stretch reaches: the stretch's length, or the time since its
    /// birth (at death − lifetime, as stored) when it was born within it, seconds.
    @inline(__always)
    func span(_ i: Int) -> Double { MotionLaw.span(length: length, now: now, death: death[i], life: life[i]) }

    /// Position and velocity of slot `i` at `tau` seconds before the end of the stretch
    /// (0 ≤ τ ≤ `span(i)`), points and points per second.
    @inline(__always)
    func state(_ i: Int, before tau: Double) -> (
        x: Double, y: Double, z: Double, vx: Double, vy: Double, vz: Double
    ) {
        let u = lawState(i, before: tau)
        guard let speed, tau > 0 else { return u }
        let m = SpeedOverLife.factor(speed, age: age(i), span: tau, lifetime: life[i])
        let (x1, y1, z1) = (Double(x[i]), Double(y[i]), Double(z[i]))
        return (x1 - m * (x1 - u.x), y1 - m * (y1 - u.y), z1 - m * (z1 - u.z), u.vx, u.vy, u.vz)
    }

    /// `state` under the law alone (without the speed curve).
    @inline(__always)
    private func lawState(_ i: Int, before tau: Double) -> (
        x: Double, y: Double, z: Double, vx: Double, vy: Double, vz: Double
    ) {
        let pz = MotionLaw.position(Double(z[i]), Double(vz[i]), az, before: tau)
        let velocityZ = MotionLaw.velocity(Double(vz[i]), az, before: tau)
        switch law {
        case .constantAcceleration:
            let (vx1, vy1) = (Double(vx[i]), Double(vy[i]))
            return (
                MotionLaw.position(Double(x[i]), vx1, ax, before: tau),
                MotionLaw.position(Double(y[i]), vy1, ay, before: tau),
                pz, MotionLaw.velocity(vx1, ax, before: tau), MotionLaw.velocity(vy1, ay, before: tau), velocityZ
            )
        case .orbit(let angle, let omega, let radius, let radiusSpeed):
            let a = age(i)
            let p = ExtendedMotion.orbit(
                angle: angle[i], omega: omega[i], radius: radius[i], radiusSpeed: radiusSpeed[i],
                age: max(0, a - Float(tau)))
            let c = centre(at: tau)
            return (c.x + Double(p.x), c.y + Double(p.y), pz, Double(p.vx), Double(p.vy), velocityZ)
        case .radial(let radial, let tangential):
            let a = acceleration(i, radial: radial[i], tangential: tangential[i])
            let (vx1, vy1) = (Double(vx[i]), Double(vy[i]))
            return (
                MotionLaw.position(Double(x[i]), vx1, a.x, before: tau),
                MotionLaw.position(Double(y[i]), vy1, a.y, before: tau), pz,
                MotionLaw.velocity(vx1, a.x, before: tau), MotionLaw.velocity(vy1, a.y, before: tau), velocityZ
            )
        }
    }

    /// Whether the particles moved under constant acceleration alone (no extension law, no speed curve).
    var isConstantAcceleration: Bool {
        if case .constantAcceleration = law { return speed == nil }
        return false
    }

    /// Where slot `i` was at the start of the stretch, or where it was born within it.
    @inline(__always)
    func start(_ i: Int) -> (x: Double, y: Double) {
        let s = state(i, before: span(i))
        return (s.x, s.y)
    }

    /// The emitter position `tau` seconds before the end of the stretch (moving linearly through it).
    @inline(__always)
    private func centre(at tau: Double) -> (x: Double, y: Double) {
        guard length > 0 else { return centre1 }
        let f = min(1, tau / length)
        return (centre1.x + (centre0.x - centre1.x) * f, centre1.y + (centre0.y - centre1.y) * f)
    }

    /// The acceleration of slot `i` through its part of the stretch: the cell's plus the radial and
    /// tangential one where it started (`radialStartIterations` fixed-point steps from the end).
    @inline(__always)
    private func acceleration(_ i: Int, radial: Float, tangential: Float) -> (x: Double, y: Double) {
        let tau = span(i)
        let x1 = Double(x[i])
        let y1 = Double(y[i])
        let vx1 = Double(vx[i])
        let vy1 = Double(vy[i])
        var start = (x: x1, y: y1)
        var a = (x: ax, y: ay)
        for _ in 0...Self.radialStartIterations {
            let r = ExtendedMotion.radialAcceleration(
                dx: Float(start.x - centre1.x), dy: Float(start.y - centre1.y), radial: radial, tangential: tangential)
            a = (ax + Double(r.x), ay + Double(r.y))
            start = (MotionLaw.position(x1, vx1, a.x, before: tau), MotionLaw.position(y1, vy1, a.y, before: tau))
        }
        return a
    }
}

// MARK: - Motion law

/// The constant-acceleration law read backwards, and how far back a particle's part of a stretch
/// reaches: the arithmetic `StepMotion` and the per-step view's start positions share, written once
/// (inlinable, so that the physics coupling's loop over particles computes it in place).
@usableFromInline
enum MotionLaw {
    /// Where a particle now at `p` with velocity `v` was `tau` seconds ago under constant acceleration
    /// `a` (one axis): p − v·τ + ½a·τ².
    @inlinable @inline(__always)
    static func position(_ p: Double, _ v: Double, _ a: Double, before tau: Double) -> Double {
        p - v * tau + 0.5 * a * tau * tau
    }

    /// Its velocity then: v − a·τ.
    @inlinable @inline(__always)
    static func velocity(_ v: Double, _ a: Double, before tau: Double) -> Double { v - a * tau }

    /// How far back a particle's part of a stretch of `length` seconds ending at `now` (store time)
    /// reaches: the length, or the time since its birth (at `death` − `life`, as stored) when it was
    /// born within the stretch.
    @inlinable @inline(__always)
    static func span(length: Double, now: Double, death: Float, life: Float) -> Double {
        min(length, max(0, now - Double(death - life)))
    }
}
