// MARK: - Step events

/// What happened during one simulation step, delivered to `EmitterSimulation.onStep`.
public struct EmitterStepEvents: Equatable, Sendable {
    /// The simulation's local time at the end of the step, seconds.
    public var time: Double
    /// Particles born during the step (all cells).
    public var births: Int
    /// Particles that died during the step (all cells).
    public var deaths: Int
    /// Births dropped by the budget during the step.
    public var dropped: Int
    /// Particles removed during the step because their position or velocity became NaN or infinite
    /// (included in `deaths`).
    public var nonFinite: Int

    /// Creates an event record.
    public init(time: Double, births: Int, deaths: Int, dropped: Int, nonFinite: Int = 0) {
        (self.time, self.births, self.deaths, self.dropped, self.nonFinite) = (time, births, deaths, dropped, nonFinite)
    }
}

/// The first time an emitter drops births because `maxParticles` is reached; the engine reports it once.
public struct BudgetWarning: Equatable, Sendable, CustomStringConvertible {
    /// The emitter layer's name, if any.
    public var layerName: String?
    /// The budget, particles.
    public var maxParticles: Int
    /// Births dropped in the step that overflowed.
    public var dropped: Int
    /// Simulation time of that step, seconds.
    public var time: Double

    /// A message naming the layer, the budget and the fix.
    public var description: String {
        let who = layerName.map { "emitter '\($0)'" } ?? "an emitter layer"
        return "\(who) reached maxParticles = \(maxParticles) at t = \(time) s and dropped \(dropped) births; "
            + "raise maxParticles or lower the birth rates or lifetimes"
    }
}
