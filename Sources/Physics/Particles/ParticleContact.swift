import Foundation

/// A particle touching a shape during `ParticleCollider.collide`: where, which way, how hard. The
/// engine uses contacts to kill particles or spawn sub-cells (sparks, splashes).
package struct ParticleContact: Equatable, Sendable {
    /// The particle's index in the batch.
    package var index: Int32
    /// The contact point on the shape's surface, world points.
    package var x: Float
    /// The contact point's y.
    package var y: Float
    /// Unit surface normal, pointing from the shape toward the particle.
    package var normalX: Float
    /// The normal's y.
    package var normalY: Float
    /// The approach speed along the normal before the bounce, points per second (≥ 0).
    package var normalSpeed: Float
    /// The shape hit: an index for `ParticleCollider.shape(at:)`.
    package var shapeIndex: Int32
}

/// How `collide`-mode particles bounce.
package struct ParticleCollisionOptions: Equatable, Sendable {
    /// Particle radius, points (≥ 0), when no per-particle radii are given. Default 0.
    package var radius: Float
    /// Restitution of the normal velocity, ≥ 0 (0 stops, 1 keeps the speed). Default 0.5.
    package var elasticity: Float
    /// Coulomb friction: the tangential speed lost is at most friction × the normal speed change. ≥ 0.
    /// Default 0.
    package var friction: Float
    /// Which shapes the particles hit (Chipmunk's filter rule; sensors are never hit). Default `.all`.
    package var filter: CollisionFilter
    /// The fixed step the positions moved over, seconds (> 0). Default 1/120.
    package var dt: Double
    /// Bounces resolved per particle per step after the first contact, 0...8. Default 2.
    package var maximumBounces: Int

    /// Creates options.
    package init(
        radius: Float = 0, elasticity: Float = 0.5, friction: Float = 0, filter: CollisionFilter = .all,
        dt: Double = 1.0 / 120, maximumBounces: Int = 2
    ) {
        (self.radius, self.elasticity, self.friction, self.filter, self.dt, self.maximumBounces) =
            (radius, elasticity, friction, filter, dt, maximumBounces)
    }

    func validate() throws {
        let place = "ParticleCollisionOptions"
        try Check.nonNegative(Double(radius), "\(place).radius")
        try Check.nonNegative(
            Double(elasticity), "\(place).elasticity", fix: "Use an elasticity ≥ 0 (0 stops, 1 keeps the speed).")
        try Check.nonNegative(Double(friction), "\(place).friction")
        guard dt.isFinite, dt > 0, dt <= 1 else {
            throw PhysicsError(
                .invalidValue, place: "\(place).dt", problem: "expected 0 < dt ≤ 1, got \(Check.describe(dt))",
                fix: "Pass the fixed step the particles moved over.")
        }
        guard (0...8).contains(maximumBounces) else {
            throw PhysicsError(
                .invalidValue, place: "\(place).maximumBounces", problem: "expected 0...8, got \(maximumBounces)",
                fix: "Use 2 (the default).")
        }
    }
}
