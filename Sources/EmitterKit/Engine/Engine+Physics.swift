import Foundation

/// Physics coupling: the world steps after the emitters in every fixed step; bodies drive layers.
extension Engine {
    /// Steps the physics world (when the scene has one) and couples particles to it.
    func stepPhysics(_ step: FixedStep, totals: inout StepTotals) {}

    /// Writes each body's interpolated position and angle into its layer.
    func syncBodiesToLayers(fraction: Double) {}

    /// Number of physics bodies.
    var bodyCount: Int { 0 }

    /// Mixes the physics state into the state hash.
    func hashPhysics(into hasher: inout StateHasher) {}
}
