import LayerKit

// MARK: - Birth writer

/// Writes a batch of births of one cell straight into its store's columns: sampling every initial
/// value from the cell's parameters in the documented draw order (docs/Particles.md, "Random draws"),
/// placing each particle where it is at the end of the step. `commit` makes them part of the store.
///
/// The writer holds the generator and the column pointers as values, so the per-birth work touches no
/// class properties (no exclusivity checks, no reloads).
struct BirthWriter {
    private let store: ParticleStore
    private var columns: ParticleStore.Columns
    private let start: Int
    private(set) var next: Int
    /// Births that are alive at the end time / that died within their birth step.
    private(set) var alive = 0, died = 0
    private var movesInZ = false
    private let params: CellParameters
    private let epoch: Double
    private let endTime: Double
    private let aliveFrom: Float

    /// A writer for births of a cell with `params` into `store`, all placed at clock time `endTime`.
    init(store: ParticleStore, params: CellParameters, epoch: Double, endTime: Double) {
        self.store = store
        columns = store.columns
        start = store.count
        next = start
        self.params = params
        self.epoch = epoch
        self.endTime = endTime
        aliveFrom = EmitterSimulation.floatAbove(endTime - epoch)
    }

    /// Births written so far.
    var count: Int { next - start }

    /// Makes room for `n` more births.
    mutating func reserve(_ n: Int) {
        if next + n > columns.capacity { columns = store.reserveForBirths(through: next + n, written: next) }
    }

    /// Writes one particle born at clock time `birthTime` at (x, y, z), emitted in `frame` and with
    /// its colour multiplied by `inherit`. Room must have been reserved. Draws, in this order:
    /// longitude offset, speed, lifetime, scale, spin, red, green, blue, alpha.
    @inline(__always)
    mutating func add(_ random: inout SeededRandom, x: Double, y: Double, z: Double, frame: EmissionFrame,
                      inherit: (Float, Float, Float, Float), birthTime: Double) {
        let p = params
        let k = p.rangeFactor
        let uLongitude = Double(random.nextUnitFloat())
        let sSpeed = random.nextSignedFloat()
        let sLife = random.nextSignedFloat()
        let sScale = random.nextSignedFloat()
        let sSpin = random.nextSignedFloat()
        let sRed = random.nextSignedFloat(), sGreen = random.nextSignedFloat()
        let sBlue = random.nextSignedFloat(), sAlpha = random.nextSignedFloat()

        let direction = frame.direction(longitude: p.longitude + p.emissionRange * (uLongitude - 0.5), latitude: p.latitude)
        let speed = Double((p.velocity + p.velocityRange * k * sSpeed) * p.layerVelocity)
        let life = (p.lifetime + p.lifetimeRange * k * sLife) * p.layerLifetime
        let scale = max(0, (p.scale + p.scaleRange * k * sScale) * p.layerScale)
        let spin = (p.spin + p.spinRange * k * sSpin) * p.layerSpin
        let red = EmitterSimulation.clamp01((p.red + p.redRange * k * sRed) * inherit.0)
        let green = EmitterSimulation.clamp01((p.green + p.greenRange * k * sGreen) * inherit.1)
        let blue = EmitterSimulation.clamp01((p.blue + p.blueRange * k * sBlue) * inherit.2)
        let alpha = EmitterSimulation.clamp01((p.alpha + p.alphaRange * k * sAlpha) * inherit.3)

        // Aged by the rest of the step under constant acceleration (DESIGN.md §3.6).
        let age = max(0, endTime - birthTime)
        let half = 0.5 * age * age
        let ax = Double(p.ax), ay = Double(p.ay), az = Double(p.az)
        let v0x = direction.0 * speed, v0y = direction.1 * speed, v0z = direction.2 * speed
        let death = Float(birthTime + Double(life) - epoch)
        let vz = Float(v0z + az * age)
        let i = next
        let c = columns
        c.x[i] = Float(x + v0x * age + ax * half)
        c.y[i] = Float(y + v0y * age + ay * half)
        c.z[i] = Float(z + v0z * age + az * half)
        c.vx[i] = Float(v0x + ax * age)
        c.vy[i] = Float(v0y + ay * age)
        c.vz[i] = vz
        c.death[i] = death
        c.life[i] = life
        // Bases are the values at birth: colour(age) = clamp(base + rate·age), scale likewise.
        c.scale[i] = scale
        c.spin[i] = spin
        c.color[4 * i] = HalfFloat.pack(red)
        c.color[4 * i + 1] = HalfFloat.pack(green)
        c.color[4 * i + 2] = HalfFloat.pack(blue)
        c.color[4 * i + 3] = HalfFloat.pack(alpha)
        if vz != 0 { movesInZ = true }
        if death >= aliveFrom { alive += 1 } else { died += 1 }
        next = i + 1
    }

    /// Adds the written births to the store as one run of birth batch `batch`.
    func commit(batch: UInt64) {
        store.commitBirths(from: start, to: next, batch: batch, movesInZ: movesInZ)
    }
}
