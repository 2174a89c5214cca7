import EmitterKit
import Foundation

/// Plays a `Game` in an SDL2 window: the window's vsync display link drives the game's session with
/// measured deltas, keyboard, mouse and controller events reach it as `InputEvent`s (positions in view
/// points), its frames are drawn at the drawable's resolution, and its sounds play on the default audio
/// device through SDL2 (silently, said once in the log, on a machine without one).
///
/// Only Esc is bound by the host (quit); every other key belongs to the game, which pauses, scales time
/// and restarts through its `GameSession`.
///
/// ```swift
/// let window = try GameWindow(game: Lander(), configuration: GameConfiguration(viewSize: CGSize(width: 800, height: 600)),
///                             title: "Lander")
/// window.run()
/// ```
public final class GameWindow: WindowHostDelegate {
    /// The session the window plays.
    public let session: GameSession
    /// The window.
    public let host: WindowHost
    private var events: [InputEvent] = []
    private var framebuffer: Framebuffer?
    /// The audio device the session's sounds go to; nil when the machine has none (said once in the log).
    private var audio: SDLAudioOutput?
    /// The audio driver playing the session's sounds (`pulseaudio`, `alsa`, `disk`, …), or nil when the
    /// game plays silently.
    public var audioDriver: String? { audio?.driver }
    /// Why the game plays silently (no audio device, SDL's audio could not start), or nil when it has
    /// sound. Said once in the window's log when the window opens.
    public private(set) var audioProblem: String?

    /// Makes the session and opens a window of the view's size.
    /// - Parameters:
    ///   - game: the game to play.
    ///   - configuration: the view size, fixed step and threads.
    ///   - title: the window title.
    ///   - clock: the time source; tests pass a `ManualClock` for exact deltas.
    ///   - audioDriver: SDL's audio driver name (`"disk"`, `"dummy"`, `"pulseaudio"`), or nil (default) for
    ///     SDL's own choice, which honours `SDL_AUDIODRIVER`.
    ///   - configure: changes to the window configuration (pacing, driver, bindings) before it opens.
    /// - Throws: the session's errors (`GameError`, scene errors) or the window's (`WindowHostError`).
    public init(
        game: Game, configuration: GameConfiguration = GameConfiguration(), title: String = "Emitter game",
        clock: HostClock = MonotonicClock(), audioDriver: String? = nil,
        configure: (inout WindowConfiguration) -> Void = { _ in }
    ) throws {
        session = try GameSession(game: game, configuration: configuration)
        var windowConfiguration = WindowConfiguration(
            title: title, size: session.viewSize, keyBindings: .quitOnly,
            decodesPointer: false)
        windowConfiguration.clearColor = session.engine.backgroundColor
        configure(&windowConfiguration)
        host = try WindowHost(configuration: windowConfiguration, clock: clock)
        session.log = { [weak host] message in host?.log("game: \(message)") }
        switch SDLAudioOutput.open(driver: audioDriver) {
        case .success(let output):
            audio = output
            session.audioOutput = output
        case .failure(let problem):
            audioProblem = problem.reason
            host.log("game: \(problem); sounds are silent (they are still logged in session.playedSounds)")
        }
    }

    /// Runs until the window is closed or Esc (or `maxFrames` frames); returns the number of frames shown.
    @discardableResult
    public func run(maxFrames: Int? = nil) -> Int {
        host.run(delegate: self, maxFrames: maxFrames)
    }

    /// Runs up to `count` frames and leaves the window open (tests); returns the frames run.
    @discardableResult
    public func runFrames(_ count: Int) -> Int {
        var n = 0
        while n < count, host.runFrame(delegate: self) { n += 1 }
        return n
    }

    // MARK: - WindowHostDelegate

    /// Collects the frame's events for the session.
    public func handle(_ event: InputEvent) { events.append(event) }

    /// Runs the session's frame with the display link's timing and renders it.
    public func frame(_ context: FrameContext) -> FrameOutput? {
        let tick = context.tick
        let frameEvents = events
        events = []
        do {
            try session.runFrame(
                timestamp: tick.timestamp, targetTimestamp: tick.targetTimestamp,
                measuredDelta: tick.measuredDelta, events: frameEvents)
        } catch {
            host.log("game: \(error)")
        }
        audio?.pump()
        // The engine's body count includes particle bodies, which the world's static list misses.
        return renderFitted(session.engine, context, into: &framebuffer)
    }
}
