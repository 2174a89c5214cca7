import EmitterKit
import Foundation
import LayerKit

/// An SDL2 window that shows a delegate's frames: a vsync-driven display link with measured deltas,
/// one streaming texture, HiDPI, resizing, prototyping keys and mouse commands, an overlay drawn into
/// the frame's pixels, and hot reload of watched files. See docs/Window.md.
///
/// ```swift
/// let host = try WindowHost(configuration: WindowConfiguration(title: "fire", size: CGSize(width: 640, height: 480),
///                                                              watchedFiles: ["Scenes/fire.json"]))
/// host.run(delegate: engineAdapter)   // returns on Esc or when the window closes
/// ```
///
/// Use it from one thread (the main thread in an application). Only this module sees SDL.
public final class WindowHost {
    // MARK: - State

    /// The configuration the window was opened with (title and size follow `setTitle` / `setWindowSize`).
    public private(set) var configuration: WindowConfiguration
    /// Pause, step and time speed. The delegate may set it (for example to start paused).
    public var playback = PlaybackState()
    /// The overlay: statistics, help, error banner.
    public var overlay: Overlay
    /// Input state as of the current frame.
    public private(set) var input = InputState()
    /// Frame timing as shown in the overlay.
    public private(set) var frameRate = FrameRateMeter()
    /// Events to inject by frame number (headless tests, demos).
    public var scriptedInput = ScriptedInput()
    /// Where the last frame was drawn and how window points map to content points.
    public private(set) var viewport: Viewport
    /// Frames run so far.
    public private(set) var frameCount = 0
    /// Whether the window is open (false after quitting or `close()`).
    public private(set) var isOpen = true
    /// The last frame read back after `captureNextFrame()`.
    public private(set) var lastCapture: CapturedFrame?
    /// The display link.
    public let displayLink: VsyncDisplayLink
    /// The file watcher for hot reload, nil when no files are watched.
    public private(set) var fileWatcher: FileWatcher?
    /// SDL's renderer (`opengl`, `software`, …), for diagnostics.
    public var rendererName: String { window.rendererName }
    /// Whether game controllers could be enabled.
    public let supportsControllers: Bool
    /// Where messages go (reload errors, warnings): stderr by default.
    public var log: (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    private let window: SDLWindow
    private let controllers = SDLControllers()
    private let clock: HostClock
    private var decoder: CommandDecoder
    private var quitRequested = false
    private var captureRequested = false
    private var pendingWarnings: [String] = []
    private var lastFrameProblem: String?

    // MARK: - Opening and closing

    /// Opens the window.
    /// - Parameters:
    ///   - configuration: title, size, pacing, driver, watched files, bindings.
    ///   - clock: the time source; tests pass a `ManualClock` for exact deltas.
    /// - Throws: `WindowHostError` when SDL, the window or the renderer cannot start.
    public init(configuration: WindowConfiguration, clock: HostClock = MonotonicClock()) throws {
        if let problem = configuration.problem { throw WindowHostError.invalidConfiguration(problem) }
        self.configuration = configuration
        self.clock = clock
        let started = try SDLSubsystems.start(
            videoDriver: configuration.videoDriver,
            controllerEventsInBackground: configuration.controllerEventsInBackground)
        supportsControllers = started.controllers
        if let warning = started.warning { pendingWarnings.append(warning) }
        let width = Int(Double(configuration.size.width).rounded())
        let height = Int(Double(configuration.size.height).rounded())
        let vsync = configuration.pacing == .vsync
        do {
            window = try SDLWindow(
                title: configuration.title, width: width, height: height,
                resizable: configuration.isResizable, highDPI: configuration.allowsHighDPI, vsync: vsync)
        } catch {
            SDLSubsystems.stop(controllers: started.controllers)
            throw error
        }
        displayLink = VsyncDisplayLink(clock: clock, refreshRate: window.refreshRate, pacing: configuration.pacing)
        decoder = CommandDecoder(bindings: configuration.keyBindings, decodesPointer: configuration.decodesPointer)
        overlay = Overlay(bindings: configuration.keyBindings, pointerHelp: configuration.decodesPointer)
        overlay.showsStatistics = configuration.showsStatistics
        let points = window.pointSize
        let pixels = window.pixelSize
        viewport = Viewport(
            windowSize: CGSize(width: points.width, height: points.height),
            drawableWidth: pixels.width, drawableHeight: pixels.height,
            frameWidth: pixels.width, frameHeight: pixels.height,
            frameScale: Double(pixels.width) / Double(max(1, points.width)))
        if !configuration.watchedFiles.isEmpty { watchFiles(configuration.watchedFiles) }
    }

    deinit { close() }

    /// Closes the window and stops SDL (idempotent). `runFrame` returns false afterwards.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        controllers.closeAll()
        window.close()
        SDLSubsystems.stop(controllers: supportsControllers)
    }

    /// Whether a window can be opened here; see `WindowAvailability.check`.
    public static func canOpenWindow(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        WindowAvailability.check(environment: environment).isAvailable
    }

    // MARK: - Window

    /// Sets the window title.
    public func setTitle(_ title: String) {
        configuration.title = title
        window.setTitle(title)
    }

    /// Resizes the window (points); the change arrives as a `windowResized` event on the next frame.
    public func setWindowSize(_ size: CGSize) {
        let w = Double(size.width)
        let h = Double(size.height)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else { return }
        configuration.size = size
        window.setSize(width: Int(w.rounded()), height: Int(h.rounded()))
    }

    /// The window's size in points.
    public var windowSize: CGSize { viewport.windowSize }

    /// Replaces the watched files (after a reload that loads other images, say). Empty stops watching.
    public func watchFiles(_ paths: [String]) {
        configuration.watchedFiles = paths
        guard !paths.isEmpty else {
            fileWatcher = nil
            return
        }
        let watcher = FileWatcher(paths: paths, mechanism: configuration.fileWatchMechanism, clock: clock)
        if let reason = watcher.fallbackReason { log("hot reload: \(reason); checking files 4 times a second instead") }
        fileWatcher = watcher
    }

    /// Reads the render target back during the next present (into `lastCapture`).
    public func captureNextFrame() { captureRequested = true }

    /// Asks the loop to end after the current frame, as Esc does.
    public func requestQuit() { quitRequested = true }

    /// Queues an event in SDL's own queue (window-point positions), so that it travels the same path
    /// as a real one: for tests. False when SDL has no equivalent event or refused it.
    @discardableResult
    func postPlatformEvent(_ event: InputEvent) -> Bool {
        guard isOpen, let sdlEvent = SDLEventTranslator.sdlEvent(for: event, windowID: window.windowID) else {
            return false
        }
        return SDLEventPump.push(sdlEvent)
    }

    // MARK: - Running

    /// Runs frames until quit (Esc, closing the window, `requestQuit()`) or `maxFrames`, then closes the
    /// window. Returns the number of frames run.
    @discardableResult
    public func run(delegate: WindowHostDelegate, maxFrames: Int? = nil) -> Int {
        let start = frameCount
        while runFrame(delegate: delegate) {
            if let maxFrames, frameCount - start >= maxFrames { break }
        }
        close()
        return frameCount - start
    }

    /// Runs one frame: tick, events, commands, hot reload, the delegate's frame, overlay, present.
    /// Returns false when the loop should end (quit was requested, or the window is closed).
    public func runFrame(delegate: WindowHostDelegate) -> Bool {
        guard isOpen else { return false }
        for warning in pendingWarnings { log(warning) }
        pendingWarnings = []
        let tick = displayLink.beginFrame()
        input.beginFrame()
        processEvents(delegate: delegate)
        if quitRequested { return false }
        reloadIfNeeded(delegate: delegate)

        let workStart = clock.now()
        let simulationDelta = playback.simulationDelta(measured: tick.measuredDelta, frameDuration: tick.duration)
        let context = FrameContext(
            tick: tick, simulationDelta: simulationDelta, playback: playback, input: input,
            windowSize: viewport.windowSize, drawableWidth: viewport.drawableWidth,
            drawableHeight: viewport.drawableHeight)
        if let output = delegate.frame(context) { show(output) }
        let work = clock.now() - workStart
        let capture = window.present(destination: viewport.destination, clear: clearColor, capture: captureRequested)
        if captureRequested {
            lastCapture = capture
            captureRequested = false
        }
        displayLink.endFrame()
        frameRate.record(interval: tick.measuredDelta, work: work)
        frameCount += 1
        return !quitRequested
    }

    // MARK: - Events

    private func processEvents(delegate: WindowHostDelegate) {
        var events: [InputEvent] = []
        for sdlEvent in SDLEventPump.drain() {
            switch SDLEventTranslator.translate(sdlEvent) {
            case .input(let event):
                events.append(viewport.contentEvent(fromWindowEvent: event))
            case .controllerDeviceAdded(let index):
                if let event = controllers.open(deviceIndex: index) { events.append(event) }
            case .controllerDeviceRemoved(let id):
                if let event = controllers.close(id) { events.append(event) }
            case .windowSizeChanged:
                if let event = refreshWindowSize() { events.append(event) }
            case .ignored:
                break
            }
        }
        events += scriptedInput.takeEvents(forFrame: frameCount)
        for event in events { dispatch(event, delegate: delegate) }
    }

    private func dispatch(_ event: InputEvent, delegate: WindowHostDelegate) {
        input.apply(event)
        delegate.handle(event)
        for command in decoder.commands(for: event, isPaused: playback.isPaused) {
            apply(command)
            delegate.handle(command)
        }
    }

    private func apply(_ command: HostCommand) {
        switch command {
        case .pause, .resume, .step, .speedUp, .speedDown, .resetSpeed: playback.apply(command)
        case .toggleOverlay: overlay.showsStatistics.toggle()
        case .toggleHelp: overlay.showsHelp.toggle()
        case .quit: quitRequested = true
        default: break
        }
    }

    /// Re-reads the window and drawable sizes; a `windowResized` event when the point size changed.
    private func refreshWindowSize() -> InputEvent? {
        let points = window.pointSize
        let pixels = window.pixelSize
        let size = CGSize(width: points.width, height: points.height)
        let changed = size != viewport.windowSize
        viewport.windowSize = CGSize(width: max(1, points.width), height: max(1, points.height))
        viewport.drawableWidth = max(1, pixels.width)
        viewport.drawableHeight = max(1, pixels.height)
        if window.refreshRate > 0 { displayLink.setRefreshRate(window.refreshRate) }
        return changed ? .windowResized(size) : nil
    }

    // MARK: - Hot reload

    private func reloadIfNeeded(delegate: WindowHostDelegate) {
        guard let changed = fileWatcher?.poll(), !changed.isEmpty else { return }
        do {
            try delegate.reloadScene(changedFiles: changed)
            if overlay.errorMessage != nil { log("reloaded \(changed.joined(separator: ", "))") }
            overlay.errorMessage = nil
        } catch {
            let message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            overlay.errorMessage = message
            log("reload failed, keeping the last good scene: \(message)")
        }
    }

    // MARK: - Frames

    private var clearColor: OverlayColor {
        let c = configuration.clearColor
        return OverlayColor(red: Double(c.red), green: Double(c.green), blue: Double(c.blue))
    }

    private func show(_ output: FrameOutput) {
        let image = output.image
        if let problem = image.problem {
            if problem != lastFrameProblem { log(WindowHostError.invalidFrame(problem).description) }
            lastFrameProblem = problem
            return
        }
        lastFrameProblem = nil
        let report = OverlayReport(
            frameRate: frameRate, liveParticles: output.liveParticles, bodies: output.bodies,
            badge: playback.badge)
        let overlay = self.overlay
        let scale = output.contentsScale.isFinite && output.contentsScale > 0 ? output.contentsScale : 1
        do {
            try window.upload(image) { canvas in
                if overlay.isVisible(badge: report.badge) {
                    overlay.draw(in: canvas, contentsScale: scale, report: report)
                }
            }
        } catch {
            let message = (error as? WindowHostError)?.description ?? String(describing: error)
            if message != lastFrameProblem { log(message) }
            lastFrameProblem = message
            return
        }
        viewport.frameWidth = image.width
        viewport.frameHeight = image.height
        viewport.frameScale = scale
    }
}
