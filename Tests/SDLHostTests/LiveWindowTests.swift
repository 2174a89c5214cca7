import Foundation
import ImageCodec
import LayerKit
import Testing

@testable import SDLHost

/// A real window on a real X server, for a person to look at. Off unless SDLHOST_LIVE is set:
///
///     xvfb-run -s "-screen 0 1280x800x24" sh -c \
///       'SDLHOST_LIVE=3 swift test --filter LiveWindowTests & sleep 8; import -window root shot.png; wait'
///
/// SDLHOST_LIVE is the run time in seconds; SDLHOST_SIZE the window size in points (default 800x500);
/// SDLHOST_SNAPSHOT names a PNG for the last frame as read back. It prints the renderer, the measured
/// frame rate, the host's work per frame and the process's CPU time per second of running.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["SDLHOST_LIVE"] != nil))
struct LiveWindowTests {
    /// Moves a white band across a gradient (so motion is visible) at little cost per frame, so that the
    /// overlay's "work" figure is mostly the host's own upload and overlay time.
    final class Demo: WindowHostDelegate {
        var time = 0.0
        var deltas: [Double] = []
        var gradient: [UInt8] = []
        var pixels: [UInt8] = []
        var size = (0, 0)
        var band = 0

        func frame(_ context: FrameContext) -> FrameOutput? {
            time += context.simulationDelta
            deltas.append(context.tick.measuredDelta)
            let (w, h) = (context.drawableWidth, context.drawableHeight)
            if size != (w, h) {
                size = (w, h)
                gradient = gradientPixels(width: w, height: h)
                pixels = gradient
                band = 0
            }
            drawBand(at: band, width: w, height: h, from: gradient)
            band = Int(time * 200) % max(1, w - 40)
            drawBand(at: band, width: w, height: h, from: nil)
            return FrameOutput(
                image: FrameImage(bytes: pixels, width: w, height: h), contentsScale: context.contentsScale,
                liveParticles: 48213, bodies: 12)
        }

        /// Paints a 40-pixel column white, or restores it from `source`.
        private func drawBand(at x0: Int, width w: Int, height h: Int, from source: [UInt8]?) {
            for y in 0..<h {
                for x in x0..<min(w, x0 + 40) {
                    let i = (y * w + x) * 4
                    for c in 0..<3 { pixels[i + c] = source?[i + c] ?? 255 }
                }
            }
        }
    }

    @Test func aRealWindowShowsFramesWithTheOverlay() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = Double(environment["SDLHOST_LIVE"] ?? "") ?? 3
        #expect(WindowHost.canOpenWindow(), "no display: run under xvfb-run")
        let size = (environment["SDLHOST_SIZE"] ?? "800x500").split(separator: "x").compactMap { Int($0) }
        let (width, height) = size.count == 2 ? (size[0], size[1]) : (800, 500)
        var configuration = WindowConfiguration(
            title: "SDLHost live test", size: CGSize(width: width, height: height),
            showsStatistics: true)
        configuration.videoDriver = environment["SDL_VIDEODRIVER"]
        let host = try WindowHost(configuration: configuration)
        host.overlay.showsHelp = true
        host.playback.apply(.speedDown)  // shows the speed badge
        host.overlay.errorMessage =
            "Scenes/fire.json:14:9: layers[0].emitterCells[1].birthRate: expected a number ≥ 0, got -5"
        let demo = Demo()
        let frames = Int(seconds * 60)
        let start = (MonotonicClock().now(), cpuSeconds())
        var ran = 0
        while ran < frames - 1, host.runFrame(delegate: demo) { ran += 1 }
        host.captureNextFrame()
        if host.runFrame(delegate: demo) { ran += 1 }
        let wall = MonotonicClock().now() - start.0
        let cpu = cpuSeconds() - start.1
        print("ran \(ran) of \(frames) frames at \(width)x\(height); CPU \(Int(cpu / wall * 100)) % of one core")
        let capture = try #require(host.lastCapture, "quit early (Esc, window closed or SIGINT)")
        print(
            "renderer \(host.rendererName), vsync waits \(host.displayLink.presentWaitsForVsync), "
                + "mean delta \(demo.deltas.dropFirst().reduce(0, +) / Double(max(1, demo.deltas.count - 1))) s, "
                + "fps \(host.frameRate.framesPerSecond), work \(host.frameRate.workMilliseconds) ms")
        if let path = environment["SDLHOST_SNAPSHOT"] {
            try CGImage(width: capture.width, height: capture.height, premultipliedPixels: capture.pixels).writePNG(
                to: path)
        }
        host.close()
        #expect(capture.width == width && capture.height == height)
        #expect(host.frameRate.framesPerSecond > 20, "fps \(host.frameRate.framesPerSecond)")
    }

    /// User + system CPU seconds of this process (all threads).
    func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
    }
}
