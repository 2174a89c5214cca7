import Foundation

/// A game prototype: the layers and bodies it builds, its logic on the fixed step, and its per-frame code.
///
/// A `GameSession` drives it. `setUp` runs at the start and again after every restart, on a fresh engine,
/// so a restart replays the game exactly. Every callback runs with implicit animations disabled (a game
/// moves layers every step; Core Animation's implicit quarter-second actions would make them lag).
///
/// ```swift
/// final class Drop: Game {
///     let ball = CALayer()
///     func setUp(_ session: GameSession) throws {
///         ball.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
///         ball.position = CGPoint(x: 160, y: 40)
///         session.rootLayer.addSublayer(ball)
///     }
///     func fixedUpdate(_ step: GameStep, _ session: GameSession) {
///         if step.input.isHeld(.space) { ball.position.y += 100 * CGFloat(step.duration) }
///     }
/// }
/// ```
public protocol Game: AnyObject {
    /// Builds the game into `session` (layers under `session.rootLayer`, bodies in `session.physicsWorld`).
    /// Called at the start and after every restart; throw to refuse (the error names the problem).
    func setUp(_ session: GameSession) throws

    /// Game logic for one fixed step (default 1/120 s), before the emitters and the physics world step.
    /// `step.input` holds the input edges since the previous step (a press is seen by exactly one step).
    func fixedUpdate(_ step: GameStep, _ session: GameSession)

    /// Called once per display refresh before the frame's steps: timestamps, measured delta and the
    /// frame's input. Pause, restart and time-scale requests made here take effect this frame.
    func frame(_ frame: GameFrame, _ session: GameSession)

    /// Something the physics did during a fixed step, delivered after the world's step: body collisions
    /// (begin and separate, with the layers the bodies move) and collide-mode particle contacts.
    func physicsEvent(_ event: PhysicsEvent, _ session: GameSession)

    /// Births, deaths and drops of an emitter's particles during one fixed step that had any.
    func particleEvents(_ events: EmitterStepEvents, of emitter: CAEmitterLayer, _ session: GameSession)

    /// Mixes the game's own state (score, lives, phase) into the session's state hash. Default: nothing.
    func hash(into hasher: inout StateHasher)
}

extension Game {
    /// Does nothing.
    public func fixedUpdate(_ step: GameStep, _ session: GameSession) {}
    /// Does nothing.
    public func frame(_ frame: GameFrame, _ session: GameSession) {}
    /// Ignores the event.
    public func physicsEvent(_ event: PhysicsEvent, _ session: GameSession) {}
    /// Ignores the events.
    public func particleEvents(_ events: EmitterStepEvents, of emitter: CAEmitterLayer, _ session: GameSession) {}
    /// Adds nothing.
    public func hash(into hasher: inout StateHasher) {}
}
