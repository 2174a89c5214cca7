import EmitterTestSupport
import Foundation

@testable import SDLHost

/// A test pattern: red grows to the right, green downwards, blue along the diagonal; opaque.
func gradientPixels(width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            pixels[i] = UInt8(x * 255 / max(1, width - 1))
            pixels[i + 1] = UInt8(y * 255 / max(1, height - 1))
            pixels[i + 2] = UInt8((x + y) & 255)
        }
    }
    return pixels
}

/// A configuration for the dummy video driver (no display needed) with exact timing.
func dummyConfiguration(
    width: Int = 320, height: Int = 200, watchedFiles: [String] = [],
    pacing: FramePacing = .vsync
) -> WindowConfiguration {
    WindowConfiguration(
        title: "SDLHost test", size: CGSize(width: width, height: height), pacing: pacing,
        videoDriver: "dummy", watchedFiles: watchedFiles, controllerEventsInBackground: true)
}

/// A delegate that draws the gradient at the drawable's size (or a fixed size) and records everything.
final class RecordingDelegate: WindowHostDelegate {
    var fixedSize: (width: Int, height: Int)?
    var contexts: [FrameContext] = []
    var commands: [HostCommand] = []
    var events: [InputEvent] = []
    var reloads: [[String]] = []
    var reloadError: Error?
    var frameOverride: ((FrameContext) -> FrameOutput?)?
    var liveParticles: Int? = 1234
    var bodies: Int? = 5

    func frame(_ context: FrameContext) -> FrameOutput? {
        contexts.append(context)
        if let frameOverride { return frameOverride(context) }
        let (w, h) = fixedSize ?? (context.drawableWidth, context.drawableHeight)
        return FrameOutput(
            image: FrameImage(bytes: gradientPixels(width: w, height: h), width: w, height: h),
            contentsScale: context.contentsScale, liveParticles: liveParticles, bodies: bodies)
    }

    func handle(_ command: HostCommand) { commands.append(command) }
    func handle(_ event: InputEvent) { events.append(event) }

    func reloadScene(changedFiles: [String]) throws {
        reloads.append(changedFiles)
        if let reloadError { throw reloadError }
    }
}

/// A reload failure with a scene-format style message.
struct SceneError: Error, LocalizedError {
    let message: String
    var errorDescription: String? { message }
}

/// A fresh empty directory, removed with the test process's temporary root.
func temporaryDirectory() throws -> URL { URL(fileURLWithPath: try TestSupport.temporaryFolder("sdlhost")) }

/// How a read-back frame differs from the expected RGBA bytes: nil when identical, else the count of
/// differing pixels and the first one (never a whole-array diff, which is slow on frames this size).
func pixelDifference(_ capture: CapturedFrame, _ expected: [UInt8], width: Int, height: Int) -> String? {
    guard capture.width == width, capture.height == height, capture.pixels.count == expected.count else {
        return "size \(capture.width)x\(capture.height), expected \(width)x\(height)"
    }
    var count = 0
    var first = ""
    for i in stride(from: 0, to: expected.count, by: 4) {
        if capture.pixels[i] != expected[i] || capture.pixels[i + 1] != expected[i + 1]
            || capture.pixels[i + 2] != expected[i + 2] || capture.pixels[i + 3] != expected[i + 3]
        {
            if count == 0 {
                first =
                    "pixel (\(i / 4 % width), \(i / 4 / width)) is \(Array(capture.pixels[i..<i + 4])), "
                    + "expected \(Array(expected[i..<i + 4]))"
            }
            count += 1
        }
    }
    return count == 0 ? nil : "\(count) pixels differ; first: \(first)"
}
