import Foundation
import Testing

@testable import SDLHost

/// The window code path under SDL's dummy video driver: open, present, read back, scripted and
/// platform events, resize, letterbox, controllers, hot reload, quit. SDL is not thread-safe, so
/// everything that starts SDL runs in this one serialized suite.
@Suite(.serialized) struct WindowHostTests {
    func makeHost(_ configuration: WindowConfiguration = dummyConfiguration(), clock: HostClock = ManualClock()) throws
        -> WindowHost
    {
        let host = try WindowHost(configuration: configuration, clock: clock)
        host.log = { _ in }
        return host
    }

    // MARK: - Opening and presenting

    @Test func opensAtTheConfiguredSizeWithTheSoftwareRenderer() throws {
        let host = try makeHost()
        defer { host.close() }
        #expect(host.windowSize == CGSize(width: 320, height: 200))
        #expect(host.viewport.drawableWidth == 320 && host.viewport.drawableHeight == 200)
        #expect(host.rendererName == "software", "renderer \(host.rendererName)")
        let delegate = RecordingDelegate()
        #expect(host.runFrame(delegate: delegate))
        #expect(delegate.contexts.first?.contentsScale == 1)
    }

    @Test func presentedFramesReadBackByteExact() throws {
        let host = try makeHost()
        defer { host.close() }
        let delegate = RecordingDelegate()
        host.captureNextFrame()
        _ = host.runFrame(delegate: delegate)
        let capture = try #require(host.lastCapture)
        let difference = pixelDifference(capture, gradientPixels(width: 320, height: 200), width: 320, height: 200)
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func premultipliedPixelsReplaceTheTargetWithoutBlending() throws {
        var configuration = dummyConfiguration(width: 8, height: 8)
        configuration.clearColor = .init(red: 1, green: 1, blue: 1, alpha: 1)
        let host = try makeHost(configuration)
        defer { host.close() }
        let delegate = RecordingDelegate()
        delegate.frameOverride = { _ in
            let pixels = [UInt8]([64, 32, 0, 128]) + [UInt8](repeating: 0, count: 63 * 4)
            return FrameOutput(image: FrameImage(bytes: pixels, width: 8, height: 8))
        }
        host.captureNextFrame()
        _ = host.runFrame(delegate: delegate)
        let capture = try #require(host.lastCapture)
        #expect(
            capture.pixel(x: 0, y: 0).map { Array($0[0..<3]) } == [64, 32, 0],
            "\(String(describing: capture.pixel(x: 0, y: 0)))")
        #expect(
            capture.pixel(x: 1, y: 0).map { Array($0[0..<3]) } == [0, 0, 0],
            "transparent shows black, not the white clear colour")
    }

    @Test func measuredDeltasComeFromTheClock() throws {
        let clock = ManualClock(start: 10)
        let host = try makeHost(clock: clock)
        defer { host.close() }
        let delegate = RecordingDelegate()
        for _ in 0..<4 { _ = host.runFrame(delegate: delegate) }
        let ticks = delegate.contexts.map(\.tick)
        #expect(ticks.map(\.frameIndex) == [0, 1, 2, 3])
        // The dummy driver does not wait for vsync, so the link sleeps out each 1/60 s period.
        for (i, tick) in ticks.enumerated() {
            #expect(abs(tick.timestamp - (10 + Double(i) / 60)) < 1e-9, "frame \(i) timestamp \(tick.timestamp)")
            #expect(abs(tick.measuredDelta - 1.0 / 60) < 1e-9, "frame \(i) delta \(tick.measuredDelta)")
            #expect(abs(delegate.contexts[i].simulationDelta - 1.0 / 60) < 1e-9)
        }
    }

    // MARK: - Keys and commands

    @Test func keysThroughSDLsQueueBecomeCommands() throws {
        let host = try makeHost()
        defer { host.close() }
        let delegate = RecordingDelegate()
        func tap(_ key: Key) {
            host.postPlatformEvent(.keyDown(key, isRepeat: false))
            host.postPlatformEvent(.keyUp(key))
            _ = host.runFrame(delegate: delegate)
        }
        tap(.space)
        #expect(host.playback.isPaused && delegate.commands.last == .pause)
        #expect(delegate.contexts.last?.simulationDelta == 0, "paused frame")
        #expect(delegate.contexts.last?.input.wasPressed(.space) == true)
        tap(.period)
        #expect(delegate.commands.last == .step)
        #expect(abs((delegate.contexts.last?.simulationDelta ?? 0) - 1.0 / 60) < 1e-12, "a step is one frame")
        tap(.equals)
        #expect(host.playback.timeScale == 2 && delegate.commands.last == .speedUp)
        tap(.minus)
        tap(.minus)
        #expect(host.playback.timeScale == 0.5)
        tap(.f)
        #expect(host.overlay.showsStatistics)
        tap(.h)
        #expect(host.overlay.showsHelp)
        tap(.r)
        #expect(delegate.commands.last == .restart)
        tap(.space)
        #expect(!host.playback.isPaused && delegate.commands.last == .resume)
        #expect(delegate.events.contains(.keyDown(.r, isRepeat: false)), "raw events reach the delegate too")
    }

    @Test func theOverlayIsPartOfTheShownPixels() throws {
        let host = try makeHost(dummyConfiguration(width: 640, height: 360))
        defer { host.close() }
        let delegate = RecordingDelegate()
        host.postPlatformEvent(.keyDown(.f, isRepeat: false))
        host.captureNextFrame()
        _ = host.runFrame(delegate: delegate)
        let capture = try #require(host.lastCapture)
        let gradient = gradientPixels(width: 640, height: 360)
        let corner = try #require(capture.pixel(x: 1, y: 1))
        #expect(
            Array(corner[0..<3]) != Array(gradient[(1 * 640 + 1) * 4..<(1 * 640 + 1) * 4 + 3]),
            "statistics panel darkens the top-left: \(corner)")
        let i = (300 * 640 + 600) * 4
        #expect(capture.pixel(x: 600, y: 300) == Array(gradient[i..<i + 4]), "the rest of the frame is untouched")
        // The panel's text is white: some pixel in the first line must be (255, 255, 255).
        var white = false
        for y in 0..<30 { for x in 0..<200 where capture.pixel(x: x, y: y) == [255, 255, 255, 255] { white = true } }
        #expect(white, "panel text visible")
    }

    @Test func escapeQuitsAfterTheScriptedFrame() throws {
        let host = try makeHost()
        let delegate = RecordingDelegate()
        host.scriptedInput.tap(.escape, atFrame: 3)
        let frames = host.run(delegate: delegate, maxFrames: 100)
        #expect(frames == 3 && !host.isOpen)
        #expect(delegate.commands == [.quit])
        #expect(!host.runFrame(delegate: delegate), "a closed host runs no frames")
    }

    @Test func closingTheWindowQuits() throws {
        let host = try makeHost()
        let delegate = RecordingDelegate()
        _ = host.runFrame(delegate: delegate)
        host.postPlatformEvent(.quitRequested)
        #expect(host.run(delegate: delegate, maxFrames: 10) == 0)
        #expect(delegate.commands == [.quit] && delegate.events.last == .quitRequested)
    }

    // MARK: - Pointer

    @Test func dragAndClickArriveInContentPoints() throws {
        let host = try makeHost()
        defer { host.close() }
        let delegate = RecordingDelegate()
        for event: InputEvent in [
            .mouseDown(.left, at: CGPoint(x: 50, y: 40)), .mouseMoved(to: CGPoint(x: 60, y: 40)),
            .mouseMoved(to: CGPoint(x: 80, y: 50)), .mouseUp(.left, at: CGPoint(x: 80, y: 50)),
        ] {
            host.postPlatformEvent(event)
            _ = host.runFrame(delegate: delegate)
        }
        host.postPlatformEvent(.mouseDown(.left, at: CGPoint(x: 10, y: 12)))
        host.postPlatformEvent(.mouseUp(.left, at: CGPoint(x: 11, y: 12)))
        _ = host.runFrame(delegate: delegate)
        #expect(
            delegate.commands == [
                .dragBegan(at: CGPoint(x: 50, y: 40)), .dragMoved(to: CGPoint(x: 60, y: 40)),
                .dragMoved(to: CGPoint(x: 80, y: 50)), .dragEnded(at: CGPoint(x: 80, y: 50)),
                .click(at: CGPoint(x: 10, y: 12)),
            ], "\(delegate.commands)")
        #expect(delegate.contexts.last?.input.mouseLocation == CGPoint(x: 11, y: 12))
    }

    @Test func scriptedInputTakesTheSamePathAsPlatformEvents() throws {
        let host = try makeHost()
        defer { host.close() }
        let delegate = RecordingDelegate()
        host.scriptedInput.drag(
            from: CGPoint(x: 100, y: 100), to: CGPoint(x: 160, y: 100), steps: 3, startingAtFrame: 1)
        host.scriptedInput.click(at: CGPoint(x: 5, y: 6), atFrame: 7)
        for _ in 0..<8 { _ = host.runFrame(delegate: delegate) }
        #expect(
            delegate.commands == [
                .dragBegan(at: CGPoint(x: 100, y: 100)), .dragMoved(to: CGPoint(x: 120, y: 100)),
                .dragMoved(to: CGPoint(x: 140, y: 100)), .dragMoved(to: CGPoint(x: 160, y: 100)),
                .dragEnded(at: CGPoint(x: 160, y: 100)), .click(at: CGPoint(x: 5, y: 6)),
            ],
            "\(delegate.commands)")
        #expect(host.scriptedInput.pendingFrames.isEmpty)
    }

    // MARK: - Resizing and letterboxing

    @Test func resizingRecreatesTheTextureAtTheNewSize() throws {
        let host = try makeHost()
        defer { host.close() }
        let delegate = RecordingDelegate()
        _ = host.runFrame(delegate: delegate)
        host.setWindowSize(CGSize(width: 400, height: 300))
        host.captureNextFrame()
        _ = host.runFrame(delegate: delegate)
        #expect(delegate.events.contains(.windowResized(CGSize(width: 400, height: 300))), "\(delegate.events)")
        let context = try #require(delegate.contexts.last)
        #expect(context.windowSize == CGSize(width: 400, height: 300))
        #expect(context.drawableWidth == 400 && context.drawableHeight == 300)
        let capture = try #require(host.lastCapture)
        let difference = pixelDifference(capture, gradientPixels(width: 400, height: 300), width: 400, height: 300)
        #expect(difference == nil, "the new-size frame reads back exactly: \(difference ?? "")")
    }

    @Test func aFrameOfAnotherShapeIsLetterboxedAndTheMouseMapsIntoIt() throws {
        var configuration = dummyConfiguration()
        configuration.clearColor = .init(red: 0, green: 0, blue: 1, alpha: 1)
        let host = try makeHost(configuration)
        defer { host.close() }
        let delegate = RecordingDelegate()
        delegate.fixedSize = (100, 100)
        _ = host.runFrame(delegate: delegate)
        #expect(host.viewport.destination == (60, 0, 200, 200))
        host.postPlatformEvent(.mouseDown(.left, at: CGPoint(x: 160, y: 100)))
        host.postPlatformEvent(.mouseUp(.left, at: CGPoint(x: 160, y: 100)))
        host.captureNextFrame()
        _ = host.runFrame(delegate: delegate)
        #expect(delegate.commands == [.click(at: CGPoint(x: 50, y: 50))], "\(delegate.commands)")
        let capture = try #require(host.lastCapture)
        #expect(capture.pixel(x: 10, y: 100) == [0, 0, 255, 255], "clear colour in the bars")
        #expect(capture.pixel(x: 60, y: 0) == [0, 0, 0, 255], "frame's top-left gradient pixel")
    }

    // MARK: - Game controllers

    @Test func gameControllerEventsArriveThroughSDL() throws {
        let host = try makeHost()
        defer { host.close() }
        #expect(host.supportsControllers)
        let delegate = RecordingDelegate()
        let pad = try #require(SDLVirtualController())
        _ = host.runFrame(delegate: delegate)
        let added = delegate.events.compactMap { event -> ControllerID? in
            if case .controllerAdded(let id, _) = event { return id } else { return nil }
        }
        let id = try #require(added.first, "events \(delegate.events)")
        pad.set(.a, pressed: true)
        pad.set(.leftX, raw: 32767)
        pad.set(.rightTrigger, raw: 32767)
        _ = host.runFrame(delegate: delegate)
        let state = try #require(delegate.contexts.last?.input.primaryController)
        #expect(state.id == id && state.wasPressed(.a) && state.isHeld(.a), "\(state)")
        #expect(state.axis(.leftX) == 1 && state.axis(.rightTrigger) == 1, "\(state.axes)")
        pad.set(.a, pressed: false)
        _ = host.runFrame(delegate: delegate)
        #expect(delegate.contexts.last?.input.primaryController?.wasReleased(.a) == true)
        pad.detach()
        _ = host.runFrame(delegate: delegate)
        #expect(delegate.events.last == .controllerRemoved(id), "\(String(describing: delegate.events.last))")
        #expect(delegate.contexts.last?.input.controllers.isEmpty == true)
    }

    // MARK: - Hot reload

    @Test func hotReloadSeesAnEditWithinHalfASecond() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = directory.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: scene)
        let clock = MonotonicClock()
        let host = try makeHost(
            dummyConfiguration(watchedFiles: [scene.path], pacing: .timer(framesPerSecond: 200)), clock: clock)
        defer { host.close() }
        #expect(host.fileWatcher?.mechanism == .inotify)
        let delegate = RecordingDelegate()
        for _ in 0..<3 { _ = host.runFrame(delegate: delegate) }
        #expect(delegate.reloads.isEmpty)
        let written = clock.now()
        try Data("{\"edited\": true}".utf8).write(to: scene)
        while delegate.reloads.isEmpty, clock.now() - written < 2 { _ = host.runFrame(delegate: delegate) }
        let latency = clock.now() - written
        #expect(delegate.reloads == [[scene.path]], "reloads \(delegate.reloads)")
        #expect(latency < 0.5, "reload after \(latency) s")
    }

    @Test func aBrokenReloadShowsTheErrorAndKeepsTheLastGoodScene() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = directory.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: scene)
        let clock = ManualClock()
        var configuration = dummyConfiguration(width: 640, height: 360, watchedFiles: [scene.path])
        configuration.fileWatchMechanism = .polling
        let host = try makeHost(configuration, clock: clock)
        defer { host.close() }
        var logged: [String] = []
        host.log = { logged.append($0) }
        let delegate = RecordingDelegate()
        _ = host.runFrame(delegate: delegate)
        let message = "scene.json:1:2: layers[0].birthRate: expected a number ≥ 0, got -5"
        delegate.reloadError = SceneError(message: message)
        try Data("{\"broken\": 1}".utf8).write(to: scene)
        host.captureNextFrame()
        for _ in 0..<30 where delegate.reloads.isEmpty { _ = host.runFrame(delegate: delegate) }
        #expect(delegate.reloads.count == 1, "the polling watcher noticed the edit")
        #expect(host.overlay.errorMessage == message)
        #expect(logged.contains { $0.contains(message) }, "stderr gets the message: \(logged)")
        host.captureNextFrame()
        #expect(host.runFrame(delegate: delegate), "frames keep coming")
        let capture = try #require(host.lastCapture)
        let banner = try #require(capture.pixel(x: 320, y: 358))
        #expect(banner[0] > 100 && banner[1] < 60 && banner[2] < 60, "red banner at the bottom: \(banner)")

        delegate.reloadError = nil
        try Data("{\"fixed\": true, \"longer\": 1}".utf8).write(to: scene)
        for _ in 0..<30 where delegate.reloads.count < 2 { _ = host.runFrame(delegate: delegate) }
        #expect(delegate.reloads.count == 2 && host.overlay.errorMessage == nil, "a good reload clears the banner")
    }

    // MARK: - Errors and availability

    @Test func invalidFramesAreSkippedWithOneClearMessage() throws {
        let host = try makeHost()
        defer { host.close() }
        var logged: [String] = []
        host.log = { logged.append($0) }
        let delegate = RecordingDelegate()
        delegate.frameOverride = { _ in FrameOutput(image: FrameImage(bytes: [1, 2, 3], width: 10, height: 10)) }
        for _ in 0..<3 { #expect(host.runFrame(delegate: delegate)) }
        #expect(
            logged == ["the frame cannot be shown: 3 bytes for 10x10 pixels with 40 bytes per row (needs 400)."],
            "\(logged)")
    }

    @Test func badConfigurationsAndDriversThrowClearErrors() {
        var configuration = dummyConfiguration()
        configuration.size = CGSize(width: 0, height: 100)
        #expect(throws: WindowHostError.invalidConfiguration("size 0.0x100.0 points; each side must be 1...16384")) {
            try WindowHost(configuration: configuration)
        }
        configuration = dummyConfiguration()
        configuration.videoDriver = "no-such-driver"
        do {
            _ = try WindowHost(configuration: configuration)
            Issue.record("opened a window with a missing driver")
        } catch let error as WindowHostError {
            #expect(
                error.description.contains("no-such-driver") && error.description.contains("SDL_VIDEODRIVER=dummy"),
                "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func availabilityNeedsADisplayOrAnExplicitDriver() {
        let none = WindowAvailability.check(environment: [:])
        #expect(!none.isAvailable)
        if case .unavailable(let reason) = none { #expect(reason.contains("DISPLAY"), "\(reason)") }
        #expect(WindowAvailability.check(environment: ["SDL_VIDEODRIVER": "dummy"]) == .available(driver: "dummy"))
        #expect(!WindowAvailability.check(environment: ["SDL_VIDEODRIVER": "no-such-driver"]).isAvailable)
        #expect(WindowHost.canOpenWindow(environment: ["SDL_VIDEODRIVER": "dummy"]))
    }
}
