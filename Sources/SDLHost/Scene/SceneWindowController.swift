import EmitterKit
import Foundation

/// Plays a scene file in a window: the engine advances by the window's measured frame deltas, drags move
/// the scene's interactive target, clicks run its click action, R restarts, and edits to the file reload
/// it while keeping the media time (a broken edit keeps the last good scene and shows the error).
public final class SceneWindowController: WindowHostDelegate {
    /// The scene file.
    public let scenePath: String
    /// Added to every emitter's seed (`--seed`).
    public let seedOffset: UInt32
    /// The window.
    public let host: WindowHost
    /// The running engine (replaced on restart and reload).
    public private(set) var engine: Engine
    private var framebuffer: Framebuffer?
    private var warned: Set<String> = []

    /// Loads the scene and opens a window of its display size (`clock` times the frames; tests pass a
    /// `ManualClock`). Throws the scene's errors or the window's.
    public init(
        scenePath: String, seedOffset: UInt32 = 0, clock: HostClock = MonotonicClock(),
        configure: (inout WindowConfiguration) -> Void = { _ in }
    ) throws {
        self.scenePath = scenePath
        self.seedOffset = seedOffset
        let scene = try SceneSource.load(path: scenePath)
        scene.offsetSeeds(by: seedOffset)
        engine = try Engine(scene: scene)
        let name = scenePath.split(separator: "/").last.map(String.init) ?? scenePath
        var configuration = WindowConfiguration(
            title: "Emitter — \(name)", size: scene.display.size,
            watchedFiles: [scenePath])
        configuration.clearColor = scene.display.backgroundColor
        configure(&configuration)
        host = try WindowHost(configuration: configuration, clock: clock)
        attach(engine)
        for warning in scene.warnings { host.log("warning: \(warning)") }
    }

    /// Runs until the window is closed (or `maxFrames` frames); returns the number of frames shown.
    @discardableResult
    public func run(maxFrames: Int? = nil) -> Int {
        host.run(delegate: self, maxFrames: maxFrames)
    }

    /// Runs up to `count` frames and leaves the window open (for tests and scripted runs); returns the
    /// number of frames run (fewer when quit was requested).
    @discardableResult
    public func runFrames(_ count: Int) -> Int {
        var n = 0
        while n < count, host.runFrame(delegate: self) { n += 1 }
        return n
    }

    // MARK: - WindowHostDelegate

    /// Advances the engine by the frame's simulation delta and renders at the drawable's resolution.
    public func frame(_ context: FrameContext) -> FrameOutput? {
        engine.advance(by: context.simulationDelta)
        return renderFitted(engine, context, into: &framebuffer)
    }

    /// Restart, drags and clicks.
    public func handle(_ command: HostCommand) {
        switch command {
        case .restart:
            do { try replaceEngine(keepingTime: false) } catch {
                host.log("restart failed, keeping the running scene:\n\(error)")
            }
        case .cycleDiagnostics:
            let cycle = [RenderDiagnostics()] + RenderDiagnostics.all.map(\.option)
            let now = cycle.firstIndex(of: engine.compositor.renderDiagnostics) ?? 0
            engine.compositor.renderDiagnostics = cycle[(now + 1) % cycle.count]
            host.log("diagnostics: \(engine.compositor.renderDiagnostics)")
        case .dragBegan(let p), .dragMoved(let p), .dragEnded(let p):
            engine.drag(to: p)
        case .click(let p):
            do {
                if try engine.click(at: p) == .resetRequested { try replaceEngine(keepingTime: false) }
            } catch { host.log("click: \(error)") }
        default:
            break
        }
    }

    /// Reloads the scene file, keeping the media time; throws (keeping the running scene) when it is broken.
    public func reloadScene(changedFiles: [String]) throws {
        try replaceEngine(keepingTime: true)
    }

    // MARK: - Private

    private func replaceEngine(keepingTime: Bool) throws {
        let scene = try SceneSource.load(path: scenePath)
        scene.offsetSeeds(by: seedOffset)
        let next = try Engine(scene: scene, startTime: keepingTime ? engine.mediaTime : 0)
        next.compositor.renderDiagnostics = engine.compositor.renderDiagnostics
        engine = next
        attach(next)
        for warning in scene.warnings { host.log("warning: \(warning)") }
    }

    private func attach(_ engine: Engine) {
        engine.onWarning = { [weak self] message in
            guard let self, self.warned.insert(message).inserted else { return }
            self.host.log("warning: \(message)")
        }
    }
}
