import Foundation

/// Plays a game without a window: a virtual display link drives the session with exact frame deltas and
/// a script delivers input by frame number or by game time, through the same `GameSession.runFrame` a
/// window uses.
/// For tests and for rendering frames of a game to PNG.
///
/// ```swift
/// var script = ScriptedInput()
/// script.add(.keyDown(.space, isRepeat: false), atFrame: 10)
/// let runner = try HeadlessGameRunner(game: MyGame(), script: script)
/// let result = try runner.run(frames: 600)
/// print(result.stateHash)
/// ```
public final class HeadlessGameRunner {
    /// The session being played.
    public let session: GameSession
    /// The virtual display; its clock is the runner's time line (not the engine's simulated time).
    public let displayLink: VirtualDisplayLink
    /// Input still to deliver, by frame number (0 is the first frame) or by game time.
    public var script: ScriptedInput

    private var link: CADisplayLink?
    private var lastTimestamp: CFTimeInterval?
    private var frameError: Error?

    /// A runner refreshing at `framesPerSecond` (default 60; 1…1000).
    /// - Throws: `GameError.invalidSetting` for a bad rate, or the session's errors.
    public convenience init(
        game: Game, configuration: GameConfiguration = GameConfiguration(),
        framesPerSecond: Double = 60, script: ScriptedInput = ScriptedInput()
    ) throws {
        guard framesPerSecond.isFinite, framesPerSecond >= 1, framesPerSecond <= 1000 else {
            throw GameError.invalidSetting("HeadlessGameRunner: framesPerSecond \(framesPerSecond); use 1...1000")
        }
        let clock = EngineClock.virtual()
        try self.init(
            game: game, configuration: configuration,
            displayLink: VirtualDisplayLink(clock: clock, period: 1 / framesPerSecond), script: script)
    }

    /// A runner whose frame deltas follow `deltas` (seconds, cycled): irregular frame rates for tests.
    public convenience init(
        game: Game, configuration: GameConfiguration = GameConfiguration(),
        scriptedDeltas deltas: [CFTimeInterval], script: ScriptedInput = ScriptedInput()
    ) throws {
        let clock = EngineClock.virtual()
        try self.init(
            game: game, configuration: configuration,
            displayLink: VirtualDisplayLink(clock: clock, scriptedDeltas: deltas), script: script)
    }

    private init(game: Game, configuration: GameConfiguration, displayLink: VirtualDisplayLink, script: ScriptedInput)
        throws
    {
        session = try GameSession(game: game, configuration: configuration)
        self.displayLink = displayLink
        self.script = script
        let link = CADisplayLink { [unowned self] link in self.fire(link) }
        link.add(to: displayLink)
        self.link = link
    }

    deinit { link?.invalidate() }

    // MARK: - Running

    /// Plays `frames` display refreshes. Returns the outcome.
    /// - Throws: the first error a frame threw (a failed restart, a physics refusal).
    @discardableResult
    public func run(frames: Int) throws -> GameRunResult {
        for _ in 0..<max(0, frames) { try tick() }
        return result
    }

    /// Plays frames until `done(session)` is true after a frame, or `maxFrames` frames ran.
    @discardableResult
    public func run(maxFrames: Int, until done: (GameSession) -> Bool) throws -> GameRunResult {
        for _ in 0..<max(0, maxFrames) {
            try tick()
            if done(session) { break }
        }
        return result
    }

    /// Runs `body` with the game's clock as `CACurrentMediaTime()` (`GameSession.withGameClock`): read
    /// `presentation()` values and media times inside it, between runs, and they are the game's, not the
    /// wall clock's.
    /// ```swift
    /// try runner.run(frames: 90)
    /// let shown = runner.withGameClock { coin.presentation()?.contentsRect }
    /// ```
    public func withGameClock<R>(_ body: () throws -> R) rethrows -> R { try session.withGameClock(body) }

    /// What the session looks like now.
    public var result: GameRunResult {
        GameRunResult(
            frames: session.frameCount, simulatedTime: session.simulatedTime,
            steps: session.engine.integrator.stepCount, restarts: session.restartCount,
            stateHash: session.stateHash().hex)
    }

    /// Writes the current frame to a PNG file at `scale` pixels per point.
    public func writePNG(to path: String, scale: CGFloat = 1) throws {
        let image = try session.snapshot(scale: scale)
        try PNGCodec.write(image, to: path)
    }

    // MARK: - Private

    private func tick() throws {
        guard try displayLink.tick() else {
            throw GameError.invalidSetting("HeadlessGameRunner: the display's scripted deltas ran out")
        }
        if let error = frameError {
            frameError = nil
            throw error
        }
    }

    private func fire(_ link: CADisplayLink) {
        let delta = lastTimestamp.map { link.timestamp - $0 } ?? link.duration
        lastTimestamp = link.timestamp
        for (time, event) in script.takeTimedEvents() { session.schedule(event, atTime: time) }
        let events = script.takeEvents(forFrame: session.frameCount)
        do {
            try session.runFrame(
                timestamp: link.timestamp, targetTimestamp: link.targetTimestamp,
                measuredDelta: delta, events: events)
        } catch {
            if frameError == nil { frameError = error }
        }
    }
}

/// The outcome of a headless run.
///
/// Restart accounting: `frames` and `restarts` count from the session's creation and never reset;
/// `simulatedTime`, `steps` and the engine part of `stateHash` are the current run's and start again
/// from 0 at every restart (a restart builds a new engine), so a restarted game that replays its input
/// reaches the same hash at the same `steps`.
public struct GameRunResult: Equatable, Sendable, CustomStringConvertible {
    /// Frames played since the session was made (restarts do not reset it).
    public var frames: Int
    /// Simulated seconds of the current run (reset by a restart).
    public var simulatedTime: CFTimeInterval
    /// Fixed steps of the current run (reset by a restart).
    public var steps: Int64
    /// Restarts carried out since the session was made.
    public var restarts: Int
    /// The session's state hash (16 hex digits), of version `Engine.stateHashVersion`.
    public var stateHash: String

    /// `frames 600, t 10.0 s, steps 1200, restarts 0, hash v2 …`.
    public var description: String {
        "frames \(frames), t \(simulatedTime) s, steps \(steps), restarts \(restarts), hash v\(Engine.stateHashVersion) \(stateHash)"
    }
}
