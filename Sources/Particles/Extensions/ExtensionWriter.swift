import LayerKit

// MARK: - Extension writer

/// Samples and writes the extension values of one birth (docs/Particles.md, "Extensions"): radial and
/// tangential acceleration, per-particle end colour, end scale and rotations, and orbits. Part of
/// `BirthWriter`, used only for cells whose store has extension columns.
struct ExtensionWriter {
    private let e: ExtensionParameters?
    private let k: Float
    private let centre: (x: Double, y: Double)
    private var columns: [UnsafeMutablePointer<Float>?]

    init(params: CellParameters, store: ParticleStore, centre: (x: Double, y: Double)) {
        e = params.extensions
        k = params.rangeFactor
        self.centre = centre
        columns = store.extras
    }

    /// The draws `write` takes per birth (a constant of the cell's features, in `write`'s order).
    var drawCount: Int {
        guard let e else { return 0 }
        var n = 0
        if e.hasRadial && !e.orbits { n += 2 }
        if e.endColor != nil { n += 4 }
        if e.endScale != nil { n += 1 }
        if e.hasRotation { n += e.endRotation != nil ? 2 : 1 }
        if e.orbitRadius != nil { n += e.orbitEndRadius != nil ? 3 : 2 }
        if e.startFrames > 0 { n += 1 }
        return n
    }

    /// Picks up the column pointers after the store grew.
    mutating func refresh(_ store: ParticleStore) { columns = store.extras }

    @inline(__always)
    private func put(_ column: ExtraColumn, _ i: Int, _ v: Float) {
        if let p = columns[column.rawValue] { p[i] = v.isFinite ? v : 0 }
    }

    /// Writes slot `i`'s extension columns and returns its position and velocity at the end of the
    /// step (the particle has lived `age` seconds of it). Draws, in this order and only for the
    /// features in use: radial, tangential; end red, green, blue, alpha; end scale; rotation, end
    /// rotation; flipbook start frame; orbit radius, end radius, angular velocity. Non-mutating (it writes through the
    /// column pointers), so a birth needs no copy and write-back of the writer.
    func write<R: RandomDraws>(
        _ i: Int, _ random: inout R, x: Double, y: Double, z: Double,
        v0: (Double, Double, Double), g: (Double, Double, Double), age: Double, longitude: Double,
        life: Float, color: SIMD4<Float>, scale: Float, layerScale: Float,
        spin: inout Float
    ) -> (x: Double, y: Double, vx: Double, vy: Double) {
        for p in columns { if let p { p[i] = 0 } }
        var ax = g.0
        var ay = g.1
        let inverseLife: Float = life > 0 ? 1 / life : 0
        guard let e else {
            return (
                x + v0.0 * age + 0.5 * ax * age * age, y + v0.1 * age + 0.5 * ay * age * age, v0.0 + ax * age,
                v0.1 + ay * age
            )
        }
        if e.hasRadial && !e.orbits {
            let radial = e.radial + e.radialRange * k * random.nextSignedFloat()
            let tangential = e.tangential + e.tangentialRange * k * random.nextSignedFloat()
            put(.radial, i, radial)
            put(.tangential, i, tangential)
            let a = ExtendedMotion.radialAcceleration(
                dx: Float(x - centre.x), dy: Float(y - centre.y), radial: radial, tangential: tangential)
            ax += Double(a.x)
            ay += Double(a.y)
        }
        if let end = e.endColor {
            let s = SIMD4(
                random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat())
            let target = BirthWriter.clamp01(end + e.endColorRange * k * s)
            let rate = (target - color) * inverseLife
            put(.redSpeed, i, rate[0])
            put(.greenSpeed, i, rate[1])
            put(.blueSpeed, i, rate[2])
            put(.alphaSpeed, i, rate[3])
        }
        if let end = e.endScale {
            let target = max(0, (end + e.endScaleRange * k * random.nextSignedFloat()) * layerScale)
            put(.scaleSpeed, i, (target - scale) * inverseLife)
        }
        if e.hasRotation {
            let start = e.rotation + e.rotationRange * k * random.nextSignedFloat()
            put(.rotation, i, start)
            if let end = e.endRotation {
                let target = end + e.endRotationRange * k * random.nextSignedFloat()
                spin = (target - start) * inverseLife
            }
        }
        if e.startFrames > 0 {
            let n = e.startFrames
            put(.frameStart, i, Float(min(n - 1, Int(random.nextUnitFloat() * Float(n)))))
        }
        if let r = e.orbitRadius {
            let start = r + e.orbitRadiusRange * k * random.nextSignedFloat()
            let radiusSpeed: Float
            if let end = e.orbitEndRadius {
                radiusSpeed = (end + e.orbitEndRadiusRange * k * random.nextSignedFloat() - start) * inverseLife
            } else {
                radiusSpeed = 0
            }
            let omega = e.orbitAngularVelocity + e.orbitAngularVelocityRange * k * random.nextSignedFloat()
            put(.orbitAngle, i, Float(longitude))
            put(.orbitAngularVelocity, i, omega)
            put(.orbitRadius, i, start)
            put(.orbitRadiusSpeed, i, radiusSpeed)
            let p = ExtendedMotion.orbit(
                angle: Float(longitude), omega: omega, radius: start, radiusSpeed: radiusSpeed, age: Float(age))
            return (centre.x + Double(p.x), centre.y + Double(p.y), Double(p.vx), Double(p.vy))
        }
        return (
            x + v0.0 * age + 0.5 * ax * age * age, y + v0.1 * age + 0.5 * ay * age * age, v0.0 + ax * age,
            v0.1 + ay * age
        )
    }
}
