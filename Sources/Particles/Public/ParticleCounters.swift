// MARK: - Counters

/// Particle counts of one cell, or of a whole emitter (the sum over its cells).
public struct ParticleCounters: Equatable, Sendable, CustomStringConvertible {
    /// Particles alive after the last step, ≥ 0.
    public var alive: Int = 0
    /// Particles born since the simulation was created (including those that died in their birth step).
    public var born: Int = 0
    /// Particles that died: end of lifetime, `kill`, or removal of their cell.
    public var died: Int = 0
    /// Births dropped because the emitter's `maxParticles` budget was full (DESIGN.md §3.10).
    public var dropped: Int = 0

    /// All zero.
    public init() {}

    /// Creates counters with the given values.
    public init(alive: Int, born: Int, died: Int, dropped: Int) {
        (self.alive, self.born, self.died, self.dropped) = (alive, born, died, dropped)
    }

    /// The field-wise sum.
    public static func + (a: ParticleCounters, b: ParticleCounters) -> ParticleCounters {
        ParticleCounters(alive: a.alive + b.alive, born: a.born + b.born, died: a.died + b.died, dropped: a.dropped + b.dropped)
    }

    /// "alive 440, born 1203, died 763, dropped 0".
    public var description: String { "alive \(alive), born \(born), died \(died), dropped \(dropped)" }
}
