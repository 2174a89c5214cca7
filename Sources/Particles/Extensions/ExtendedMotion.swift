// MARK: - Extended motion

/// Motion of particles of cells that use the radial/tangential acceleration or orbit extensions
/// (docs/Particles.md, "Extensions"). Core Animation cells never come here.
enum ExtendedMotion {
    /// The radial plus tangential acceleration at offset (dx, dy) from the emitter position: radial
    /// along the unit offset, tangential along it turned +90° (from +x toward +y). Zero at the centre.
    @inline(__always)
    static func radialAcceleration(dx: Float, dy: Float, radial: Float, tangential: Float) -> (x: Float, y: Float) {
        let length2 = dx * dx + dy * dy
        // Selected without branches so that the particle loop vectorises.
        let inverse = length2 > 0 && length2 < .infinity ? 1 / length2.squareRoot() : 0
        let rx = dx * inverse
        let ry = dy * inverse
        return (radial * rx - tangential * ry, radial * ry + tangential * rx)
    }

    /// Offset from the centre and velocity of an orbiting particle at `age`: angle φ = angle + ω·age,
    /// radius r = radius + radiusSpeed·age (not clamped: cocos2d lets it pass through the centre).
    @inline(__always)
    static func orbit(angle: Float, omega: Float, radius: Float, radiusSpeed: Float, age: Float) -> (
        x: Float, y: Float, vx: Float, vy: Float
    ) {
        let sc = sinCos(angle + omega * age)
        let c = sc.cos
        let s = sc.sin
        let r = radius + radiusSpeed * age
        return (r * c, r * s, radiusSpeed * c - r * omega * s, radiusSpeed * s + r * omega * c)
    }

    /// Sine and cosine in Float from IEEE basic operations only (deterministic on every machine, like
    /// `DeterministicMath`), without branches so that loops over particles vectorise: Cody–Waite
    /// reduction by π/2 and polynomials on [−π/4, π/4]; error below 4e-7 for |x| < 6000 (beyond 2²²
    /// the reduction is meaningless but finite).
    @inline(__always)
    static func sinCos(_ x: Float) -> (sin: Float, cos: Float) {
        let k = roundedToEven(x * 0.63661975)
        let y = (x - k * 1.5703125) - k * 4.8382679e-4
        let y2 = y * y
        let s = y * (1 + y2 * (-1.0 / 6 + y2 * (1.0 / 120 + y2 * (-1.0 / 5040 + y2 * (1.0 / 362_880)))))
        let c = 1 + y2 * (-0.5 + y2 * (1.0 / 24 + y2 * (-1.0 / 720 + y2 * (1.0 / 40320))))
        // Quadrant q = k mod 4 (0…3): odd quadrants swap sine and cosine, q ≥ 2 negates the sine,
        // q = 1 or 2 the cosine. Selects and comparisons only, so that the loop vectorises.
        let r = k - 4 * roundedToEven(k * 0.25)
        let q = r < 0 ? r + 4 : r
        let odd = abs(q - 2) == 1
        let a = odd ? c : s
        let b = odd ? s : c
        return (q >= 2 ? -a : a, abs(q - 1.5) == 0.5 ? -b : b)
    }

    /// `v` rounded to the nearest integer, ties to even, for |v| < 2²²: adding and subtracting 1.5·2²³
    /// (IEEE rounding does the work; no library call, which baseline x86-64 would need for `rounded`).
    @inline(__always)
    static func roundedToEven(_ v: Float) -> Float {
        let magic: Float = 12_582_912
        return v >= 0 ? (v + magic) - magic : (v - magic) + magic
    }
}

extension ParticleStore {
    /// `integrate` for cells with extension columns: orbiting particles are placed from their age
    /// (`now` is the end of the step relative to the epoch), the others move under the cell's
    /// acceleration plus their own radial and tangential acceleration evaluated at the start of the
    /// step (p += v·dt + ½a·dt², v += a·dt). Returns the deaths in [diedFrom, diedThrough].
    func integrateExtended(
        dt: Float, ax: Float, ay: Float, az: Float, centre: (x: Float, y: Float), orbits: Bool,
        now: Float, diedFrom: Float, diedThrough: Float
    ) -> Int {
        let n = count
        if n == 0 { return 0 }
        let x = self.x
        let y = self.y
        let vx = self.vx
        let vy = self.vy
        let death = self.death
        let life = self.life
        if orbits, let angle = extras[ExtraColumn.orbitAngle.rawValue],
            let omega = extras[ExtraColumn.orbitAngularVelocity.rawValue],
            let radius = extras[ExtraColumn.orbitRadius.rawValue],
            let radiusSpeed = extras[ExtraColumn.orbitRadiusSpeed.rawValue]
        {
            for i in 0..<n {
                let age = now - (death[i] - life[i])
                let p = ExtendedMotion.orbit(
                    angle: angle[i], omega: omega[i], radius: radius[i], radiusSpeed: radiusSpeed[i], age: age)
                x[i] = centre.x + p.x
                y[i] = centre.y + p.y
                vx[i] = p.vx
                vy[i] = p.vy
            }
        } else if let radial = extras[ExtraColumn.radial.rawValue],
            let tangential = extras[ExtraColumn.tangential.rawValue]
        {
            let half = 0.5 * dt * dt
            for i in 0..<n {
                let a = ExtendedMotion.radialAcceleration(
                    dx: x[i] - centre.x, dy: y[i] - centre.y, radial: radial[i], tangential: tangential[i])
                let axi = ax + a.x
                let ayi = ay + a.y
                let vxi = vx[i]
                let vyi = vy[i]
                x[i] += vxi * dt + axi * half
                y[i] += vyi * dt + ayi * half
                vx[i] = vxi + axi * dt
                vy[i] = vyi + ayi * dt
            }
        } else {
            // No orbits and no radial columns: the plain integration.
            return integrate(dt: dt, ax: ax, ay: ay, az: az, diedFrom: diedFrom, diedThrough: diedThrough)
        }
        if zMoves || az != 0 {
            if az != 0 { startMovingInZ(written: n) }
            Self.advance(z.base, vz.base, n, az, dt)
        }
        return countDeaths(from: diedFrom, through: diedThrough)
    }
}
