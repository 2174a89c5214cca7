import Foundation

// MARK: - Trail

/// A ribbon each particle of a cell leaves behind (`CAEmitterCell.trail`; docs/Particles.md, "Trails").
///
/// The ribbon runs from the particle (the head, t = 0) back through the positions it had at the ends of
/// the last simulation steps (the tail, t = 1): sampled at the fixed step, so its shape does not depend
/// on the frame rate. It keeps the samples of the last `duration` seconds and at most `length` points of
/// path; when both are given, the trail ends where the first of the two ends it. Along it, t is the
/// fraction of the ribbon's path length from the head. Extension (Unity's Trails module, Godot's ribbon
/// trails).
public struct ParticleTrail: Equatable, Sendable {
    /// Stored points a trail of one particle may hold whatever its `duration` or `length`: 1024 (8.5 s
    /// at 120 steps per second), so a particle at rest cannot grow a trail of unbounded length.
    public static let maximumPointsPerTrail = 1024
    /// The default per-cell budget of stored trail points (`maxPoints`): 100 000 (1.6 MB).
    public static let defaultMaxPoints = 100_000
    /// The largest per-cell budget a trail may ask for: 10 000 000 (160 MB), as `maxParticles` is bounded.
    public static let maxPointsCeiling = 10_000_000

    /// How long the ribbon is in time, seconds, > 0: samples older than this are dropped. Nil (default):
    /// limited by `length` only.
    public var duration: CGFloat?
    /// How long the ribbon is along its path, points, > 0: the ribbon is cut where its path length from
    /// the head reaches this (the last piece interpolated). Nil (default): limited by `duration` only.
    public var length: CGFloat?
    /// Width of the ribbon at the head, points, ≥ 0. Default 4. Not multiplied by the particle's scale.
    public var width: CGFloat
    /// Multiplier of `width` from head (t = 0) to tail (t = 1), values ≥ 0; nil (default): 1 all along.
    public var widthOverTrail: ParticleValueCurve?
    /// Colour from head (t = 0) to tail (t = 1), multiplying the particle's own colour as drawn (so the
    /// ribbon fades with the particle); nil (default): the particle's colour all along.
    public var colorOverTrail: ParticleColorCurve?
    /// Whether the particle's sprite is drawn as well, over the ribbon (the ribbons of an emitter are drawn
    /// under all of its sprites). False: only the ribbon is drawn. Default true.
    public var drawsParticle: Bool
    /// Most trail points stored over all particles of the cell, integer 0…`maxPointsCeiling`. Default
    /// `defaultMaxPoints`. When a step would need more, the particles in birth order (oldest first) keep
    /// their newest points while the budget lasts and the rest keep none (`EmitterSimulation`'s
    /// `takeTrailBudgetWarning()` reports it once).
    public var maxPoints: Int

    /// A trail of `duration` seconds and/or `length` points (at least one), validated (`validate()`).
    public init(
        duration: CGFloat? = nil, length: CGFloat? = nil, width: CGFloat = 4, widthOverTrail: ParticleValueCurve? = nil,
        colorOverTrail: ParticleColorCurve? = nil, drawsParticle: Bool = true, maxPoints: Int = defaultMaxPoints
    ) throws {
        self.duration = duration
        self.length = length
        self.width = width
        self.widthOverTrail = widthOverTrail
        self.colorOverTrail = colorOverTrail
        self.drawsParticle = drawsParticle
        self.maxPoints = maxPoints
        try validate()
    }

    /// Checks the values; throws a `ParticleTrailError` naming the key and the fix.
    public func validate() throws {
        guard duration != nil || length != nil else {
            throw ParticleTrailError(description: "a trail needs \"duration\" (seconds) or \"length\" (points)")
        }
        if let d = duration, !(d.isFinite && d > 0) {
            throw ParticleTrailError(description: "\"duration\" must be a finite number of seconds > 0, got \(d)")
        }
        if let l = length, !(l.isFinite && l > 0) {
            throw ParticleTrailError(description: "\"length\" must be a finite number of points > 0, got \(l)")
        }
        guard width.isFinite, width >= 0 else {
            throw ParticleTrailError(description: "\"width\" must be a finite number of points ≥ 0, got \(width)")
        }
        if let w = widthOverTrail, let k = w.values.firstIndex(where: { $0 < 0 }) {
            throw ParticleTrailError(
                description:
                    "\"widthOverTrail\" values must be ≥ 0 (a multiplier of width): stop \(k) is \(w.values[k])")
        }
        guard (0...Self.maxPointsCeiling).contains(maxPoints) else {
            throw ParticleTrailError(
                description: "\"maxPoints\" must be an integer in 0…\(Self.maxPointsCeiling), got \(maxPoints)")
        }
    }
}

/// Why a trail's values are not valid; `description` names the key and the fix.
public struct ParticleTrailError: Error, Equatable, CustomStringConvertible {
    /// The message.
    public let description: String
}
