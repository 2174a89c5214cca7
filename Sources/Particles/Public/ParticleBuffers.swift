// MARK: - Buffers for the physics coupling

/// A cell's particles as contiguous buffers, for code that moves particles itself (the physics
/// coupling in EmitterKit). Valid only inside `EmitterSimulation.withParticleBuffers(ofCell:_:)`.
///
/// Slots hold live particles and tombstones in birth order; check `isAlive(_:)` before using a slot.
/// Positions and velocities are those at the end of the last step; the position at the start of that
/// step is `p − v·dt + ½a·dt²` with `dt = stepDuration` and the cell's acceleration `a`.
/// z and z velocity are read-only: the coupling is planar, and the store skips z integration while no
/// particle moves in z.
///
/// Package API: a hook for EmitterKit's coupling, not for games. Its per-slot accessors are inlinable
/// because the coupling calls them for every particle of every step.
@usableFromInline
package struct ParticleBuffers {
    /// Number of slots (live particles and tombstones).
    @usableFromInline package let count: Int
    /// x and y positions, points; writable.
    package let x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>
    /// x and y velocities, points per second; writable.
    package let vx: UnsafeMutablePointer<Float>, vy: UnsafeMutablePointer<Float>
    /// z positions and velocities (kept once while every particle has the same value).
    @usableFromInline let zColumn: SlotColumn<Float>, vzColumn: SlotColumn<Float>
    /// Length of the last step in the emitter's local time, seconds.
    package let stepDuration: Double
    @usableFromInline let death: UnsafePointer<Float>
    @usableFromInline let life: UnsafePointer<Float>
    @usableFromInline let aliveFrom: Float
    /// The simulation's clock and the origin of the Float times, seconds.
    @usableFromInline let now: Double, epoch: Double

    /// The z position of slot `i`, points; read-only.
    @inlinable @inline(__always)
    package func z(_ i: Int) -> Float { zColumn[i] }

    /// The z velocity of slot `i`, points per second; read-only.
    @inlinable @inline(__always)
    package func vz(_ i: Int) -> Float { vzColumn[i] }

    /// Whether slot `i` holds a live particle.
    @inlinable @inline(__always)
    package func isAlive(_ i: Int) -> Bool { i >= 0 && i < count && death[i] >= aliveFrom }

    /// Age of the particle in slot `i` at the end of the last step, seconds of the emitter's local time
    /// (less than `stepDuration` for a particle born during that step).
    @inlinable @inline(__always)
    package func age(_ i: Int) -> Double { now - epoch - Double(death[i] - life[i]) }

    /// The death time of the particle in slot `i` on the simulation's clock (`EmitterSimulation.time`),
    /// seconds. Each particle keeps it for life (unless killed), so together with birth order it
    /// identifies particles across steps while slots move.
    @inlinable @inline(__always)
    package func deathTime(_ i: Int) -> Double { epoch + Double(death[i]) }
}
