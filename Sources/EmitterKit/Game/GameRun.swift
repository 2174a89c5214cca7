import Foundation

/// The parts of a session that belong to one run and that a restart throws away with the engine: timers,
/// collision handlers, mounted emitters, the camera and the HUD.
final class GameRun {
    // MARK: - Parts

    let engine: Engine
    /// Timers still pending, in creation order.
    var timers: [GameTimer] = []
    var nextTimerSequence = 0
    /// Typed collision handlers, in registration order.
    var collisionHandlers: [CollisionHandler] = []
    /// Emitters that follow bodies, in mount order.
    var mounts: [EmitterMount] = []
    /// The camera (at rest until the game moves it).
    let camera: GameCamera

    init(engine: Engine) {
        self.engine = engine
        camera = GameCamera(engine: engine)
    }

    /// Cancels what the run still had pending (its timers), when a restart replaces it.
    func end() {
        for timer in timers { timer.cancel() }
        timers.removeAll()
    }

    // MARK: - Timers

    /// Fires the timers due at `step`, in the order of their due times, then of their creation; a
    /// repeating timer due several times in one step fires that often. Timers made while firing are
    /// due one step later at the earliest.
    func fireTimers(at step: FixedStep) {
        guard !timers.isEmpty else { return }
        while true {
            var next: GameTimer?
            for timer in timers where timer.isPending {
                guard let due = timer.dueStep(stepDuration: step.duration), due <= step.index else { continue }
                if let n = next, !Self.firesBefore(timer, n) { continue }
                next = timer
            }
            guard let timer = next else { break }
            timer.fire()
        }
        timers.removeAll { !$0.isPending }
    }

    private static func firesBefore(_ a: GameTimer, _ b: GameTimer) -> Bool {
        let ta = a.nextFireTime ?? .infinity
        let tb = b.nextFireTime ?? .infinity
        return ta != tb ? ta < tb : a.sequence < b.sequence
    }

    // MARK: - Mounted emitters

    /// Puts every mounted emitter at its body's place (and turns its cells' emission with the body).
    func moveMountedEmitters(root: CALayer) {
        guard !mounts.isEmpty else { return }
        mounts.removeAll { $0.body.world == nil || $0.emitter.superlayer == nil && $0.emitter !== root }
        for mount in mounts { mount.move(root: root) }
    }

    // MARK: - State hash

    /// Mixes the pending timers (due times and counts) and the camera into `hasher`, when the game uses
    /// them (a game without them hashes as before they existed).
    func hash(into hasher: inout StateHasher) {
        if !timers.isEmpty {
            hasher.combine(timers.count)
            for timer in timers {
                hasher.combine(timer.nextFireTime ?? -1)
                hasher.combine(timer.fireCount)
            }
        }
        camera.hash(into: &hasher)
    }
}
