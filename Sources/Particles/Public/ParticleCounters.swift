// MARK: - Counters

/// Particle counts of one cell, or of a whole emitter (the sum over its cells).
public struct ParticleCounters: Equatable, Sendable, CustomStringConvertible {
    /// Particles alive after the last step, ≥ 0.
    public var alive: Int = 0
    /// Particles born since the simulation was created (including those that died in their birth step).
    public var born: Int = 0
    /// Particles that died: end of lifetime, `kill`, or removal of their cell.
    public var died: Int = 0
    /// Births dropped because the emitter's `maxParticles` budget was full (docs/Design.md §3.10).
    public var dropped: Int = 0
    /// Particles removed because their position or velocity became NaN or infinite (also counted in
    /// `died`; docs/Limits.md, "Numerical safety").
    public var nonFinite: Int = 0

    /// All zero.
    public init() {}

    /// Creates counters with the given values.
    public init(alive: Int, born: Int, died: Int, dropped: Int, nonFinite: Int = 0) {
        (self.alive, self.born, self.died, self.dropped, self.nonFinite) = (alive, born, died, dropped, nonFinite)
    }

    /// The field-wise sum.
    public static func + (a: ParticleCounters, b: ParticleCounters) -> ParticleCounters {
        ParticleCounters(
            alive: a.alive + b.alive, born: a.born + b.born, died: a.died + b.died, dropped: a.dropped + b.dropped,
            nonFinite: a.nonFinite + b.nonFinite)
    }

    /// "alive 440, born 1203, died 763, dropped 0" (", non-finite 3" when particles were removed so).
    public var description: String {
        "alive \(alive), born \(born), died \(died), dropped \(dropped)"
            + (nonFinite > 0 ? ", non-finite \(nonFinite)" : "")
    }
}
