import Foundation

/// Emitters that follow bodies.
extension GameSession {
    /// Makes `emitter` follow `body` every fixed step: its `emitterPosition` goes to the body's point
    /// `offset` (body coordinates: points from the body's origin, turning with it) and, with `turnsEmission`,
    /// each top-level cell's `emissionLongitude` becomes its value at mounting plus the body's angle, so a
    /// cell that emits down (`emissionLongitude = .pi / 2`) from a ship pointing up keeps emitting out of
    /// the ship's tail as it turns. Runs in the fixed-update stage after `fixedUpdate` (docs/Design.md §1.3).
    /// Mounting an emitter again replaces its mount; removing the body (`remove(_:)`) unmounts it.
    /// ```swift
    /// session.mount(exhaust, on: ship, at: CGPoint(x: 0, y: 14))
    /// ```
    public func mount(
        _ emitter: CAEmitterLayer, on body: PhysicsBody, at offset: CGPoint = .zero, turnsEmission: Bool = true
    ) {
        unmount(emitter)
        let mount = EmitterMount(emitter: emitter, body: body, offset: offset, turnsEmission: turnsEmission)
        run.mounts.append(mount)
        CATransaction.performWithoutActions { mount.move(root: rootLayer) }
    }

    /// Stops `emitter` following its body; it stays where it was.
    public func unmount(_ emitter: CAEmitterLayer) { run.mounts.removeAll { $0.emitter === emitter } }

    /// The body `emitter` follows, or nil.
    public func body(mounting emitter: CAEmitterLayer) -> PhysicsBody? {
        run.mounts.first { $0.emitter === emitter }?.body
    }
}
