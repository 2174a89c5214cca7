import LayerKit

// MARK: - Per-step view

/// One cell's particles as the last step left them: what code outside the module reads and writes
/// (docs/Particles.md, "Boundary"). Valid only inside `EmitterSimulation.withStepView(ofCell:_:_:)`.
///
/// Slots hold live particles and tombstones in birth order (`isAlive(_:)` tells them apart); a slot's
/// index is valid until the next step. Positions and velocities are those at the end of the step and
/// may be written (the next step moves particles on from what was written, and checks it for NaN); z
/// and its velocity are read-only. The view also offers what only the simulation knows: where each
/// particle was when the step began (`start(_:)`, from the law it moved by), a particle id that stays
/// with it for life (`ids`), its age and lifetime.
@usableFromInline
package struct ParticleStepView {
    /// What a view computes beyond the columns, when asked for.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// `start(_:)`: where each particle was when the last engine step began.
        package static let startPositions = Options(rawValue: 1)
        /// `ids`: a 32-bit id per particle, stable for its life (the cell keeps ids from then on).
        package static let identities = Options(rawValue: 2)
    }

    /// Number of slots (live particles and tombstones).
    @usableFromInline package let count: Int
    /// x and y positions at the end of the step, points; writable.
    @usableFromInline package let x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>
    /// x and y velocities at the end of the step, points per second; writable.
    @usableFromInline package let vx: UnsafeMutablePointer<Float>, vy: UnsafeMutablePointer<Float>
    /// Start positions computed by an extension's law (`Options.startPositions`); nil for a cell that
    /// moves under constant acceleration, whose start `start(_:)` computes in place, or when not asked for.
    @usableFromInline let startColumns: (x: UnsafePointer<Double>, y: UnsafePointer<Double>)?
    /// Whether `start(_:)` may be asked (`Options.startPositions`).
    package let hasStarts: Bool
    /// Each particle's id: stable for its life, increasing in birth order modulo 2³² (compare by the
    /// signed difference; the live particles of a cell span far less than 2³¹ births); nil unless asked
    /// for (`Options.identities`).
    package let ids: UnsafePointer<UInt32>?
    /// The emitter time the last engine step covered, seconds (0 when it did not run).
    @usableFromInline package let elapsed: Double
    /// The cell's acceleration during the step, points per second² (the extensions' radial and
    /// tangential parts not included).
    package let acceleration: (x: Double, y: Double)
    /// `acceleration` as the law reads it.
    @usableFromInline let ax: Double, ay: Double
    @usableFromInline let zColumn: SlotColumn<Float>, vzColumn: SlotColumn<Float>
    @usableFromInline let death: UnsafePointer<Float>, life: UnsafePointer<Float>
    /// Death times at or above this are alive.
    @usableFromInline let aliveFrom: Float
    /// The end of the step on the store's time axis (seconds after the simulation's epoch).
    @usableFromInline let now: Double
    /// The look-at-age law of the cell (module-internal: the draw list, records, the hash).
    let looks: ParticleLooks

    init(
        store s: ParticleStore, starts: Bool, startColumns: (x: UnsafePointer<Double>, y: UnsafePointer<Double>)?,
        elapsed: Double, acceleration: (x: Double, y: Double), aliveFrom: Float, now: Double, looks: ParticleLooks
    ) {
        count = s.count
        (x, y, vx, vy) = (s.x, s.y, s.vx, s.vy)
        hasStarts = starts
        self.startColumns = startColumns
        (ax, ay) = acceleration
        ids = s.ids.map { UnsafePointer($0) }
        self.elapsed = elapsed
        self.acceleration = acceleration
        (zColumn, vzColumn) = (s.z, s.vz)
        (death, life) = (UnsafePointer(s.death), UnsafePointer(s.life))
        self.aliveFrom = aliveFrom
        self.now = now
        self.looks = looks
    }

    /// Whether slot `i` holds a live particle.
    @inlinable @inline(__always)
    package func isAlive(_ i: Int) -> Bool { i >= 0 && i < count && death[i] >= aliveFrom }

    /// The z position of slot `i`, points; read-only.
    @inlinable @inline(__always)
    package func z(_ i: Int) -> Float { zColumn[i] }

    /// The z velocity of slot `i`, points per second; read-only.
    @inlinable @inline(__always)
    package func vz(_ i: Int) -> Float { vzColumn[i] }

    /// Age of the particle in slot `i` at the end of the step, seconds of the emitter's local time.
    @inlinable @inline(__always)
    package func age(_ i: Int) -> Float { Float(now - (Double(death[i]) - Double(life[i]))) }

    /// Where the particle in slot `i` was when the last engine step began, or where it was born when
    /// that was during the step (points): the law it moved by, read backwards from the end of the step
    /// (`StepMotion`). Only for a view with `Options.startPositions`.
    @inlinable @inline(__always)
    package func start(_ i: Int) -> (x: Double, y: Double) {
        if let c = startColumns { return (c.x[i], c.y[i]) }
        let tau = MotionLaw.span(length: elapsed, now: now, death: death[i], life: life[i])
        return (
            MotionLaw.position(Double(x[i]), Double(vx[i]), ax, before: tau),
            MotionLaw.position(Double(y[i]), Double(vy[i]), ay, before: tau)
        )
    }

    /// Lifetime of the particle in slot `i`, seconds.
    @inlinable @inline(__always)
    package func lifetime(_ i: Int) -> Float { life[i] }

    /// How slot `i` looks at `age` seconds (`ParticleLooks`).
    @inline(__always)
    func look(_ i: Int, age: Float) -> ParticleLook { looks.look(i, age: age) }
}
