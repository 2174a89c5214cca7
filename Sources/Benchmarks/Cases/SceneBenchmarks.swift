import EmitterKit
import Foundation
import LayerKit
import SDLHost

extension BenchmarkRegistry {
    /// Every scene of `Scenes/` (read when the benchmark runs) as CPU time per frame at 60 fps in a
    /// 1280×720 window, next to the engine's headless frame of the same size; and the fire in a 1920×1080
    /// window (`scenes.fire.1080p`).
    static var scenes: [Benchmark] {
        guard let files = try? BenchmarkPaths.sceneFiles() else { return [SceneBench.missingFolder()] }
        let fullHD = files.filter { $0.hasSuffix("/fire.json") }.map(SceneBench.fireFullHD)
        return files.map(SceneBench.scene) + fullHD
    }
}

/// Builders for the scene figures. The engine side is the real window code path: a
/// `SceneWindowController` on SDL's dummy video driver, paced as at 60 Hz by its display link on a
/// manual clock (so every frame advances exactly 1/60 s and nothing sleeps), each frame advancing the
/// engine, compositing and presenting through SDL. The reference is the headless engine frame alone
/// (advance 1/60 s, composite into a framebuffer of the same size). Both are process CPU time, all
/// threads, so "% of one core" is what the scene costs the machine.
enum SceneBench {
    static let framesPerSecond = 60.0

    static func scene(_ path: String) -> Benchmark {
        let file = URL(fileURLWithPath: path).lastPathComponent
        let name = "scenes." + String(file.dropLast(".json".count))
        var benchmark = Benchmark(
            name: name,
            unit: "one frame of Scenes/\(file) at 60 fps in a 1280×720 window (SDL dummy driver), process CPU time",
            reference: "the headless engine frame of the same size (advance 1/60 s + composite), process CPU time",
            goal: file == "fire.json" ? "≤ 15 % of one core at 60 fps" : nil,
            maximumMilliseconds: file == "fire.json" ? 0.15 * 1000 / framesPerSecond : nil
        ) { scale in
            try workload(path: path, scale: scale)
        }
        benchmark.timing = .processCPU
        benchmark.sampleMilliseconds = 300
        benchmark.framesPerSecond = framesPerSecond
        if file == "fire.json" {
            benchmark = benchmark.checking(Budget(.fireAt60fps, .extra("corePercentAt60fps"), maximum: 15))
        }
        return benchmark
    }

    /// The fire in a 1920×1080 window: a 1440×1080 frame, 2.25 times the pixels of the 1280×720 figure's.
    static func fireFullHD(_ path: String) -> Benchmark {
        var benchmark = Benchmark(
            name: "scenes.fire.1080p",
            unit: "one frame of Scenes/fire.json at 60 fps in a 1920×1080 window (SDL dummy driver), process CPU time",
            reference: "the headless engine frame of the same size (advance 1/60 s + composite), process CPU time",
            goal: "≤ 35 % of one core at 60 fps",
            maximumMilliseconds: 0.35 * 1000 / framesPerSecond
        ) { scale in
            try workload(path: path, scale: scale, fullSize: (1920, 1080))
        }
        benchmark.timing = .processCPU
        benchmark.sampleMilliseconds = 300
        benchmark.framesPerSecond = framesPerSecond
        return benchmark
    }

    /// A figure that fails with the reason when there is no scene folder to enumerate.
    static func missingFolder() -> Benchmark {
        Benchmark(name: "scenes.(none)", unit: "-", reference: "-") { _ in
            _ = try BenchmarkPaths.sceneFiles()
            throw BenchmarkError("no scenes found")
        }
    }

    /// The window is `fullSize` (default 1280×720) pixels, 320×180 for smoke runs.
    static func workload(path: String, scale: BenchmarkScale, fullSize: (Int, Int) = (1280, 720)) throws
        -> Benchmark.Workload
    {
        let (width, height) = scale == .full ? fullSize : (320, 180)
        let clock = ManualClock()
        let controller = try SceneWindowController(scenePath: path, clock: clock) { config in
            config.videoDriver = "dummy"
            config.size = CGSize(width: width, height: height)
            config.pacing = .vsync
            config.isResizable = false
            config.allowsHighDPI = false
        }
        // The headless engine draws at the size the window's frames have: the scene fitted into the window.
        let headless = try Engine(scene: try SceneSource.load(path: path))
        let view = headless.viewSize
        let fit = min(Double(width) / Double(view.width), Double(height) / Double(view.height))
        let framebuffer = try Framebuffer(
            width: max(1, Int((Double(view.width) * fit).rounded())),
            height: max(1, Int((Double(view.height) * fit).rounded())), scale: CGFloat(fit))
        let dt = 1 / framesPerSecond
        let headlessFrame = {
            headless.advance(by: dt)
            headless.render(into: framebuffer)
        }
        // Both sides run two seconds of the scene first, so the timed frames see its steady state.
        let warmUp = scale == .full ? 120 : 1
        guard controller.runFrames(warmUp) == warmUp else {
            controller.host.close()
            throw BenchmarkError("\(path): the window stopped during warm-up")
        }
        for _ in 0..<warmUp { headlessFrame() }
        return Benchmark.Workload(
            engine: { controller.runFrames(1) },
            reference: headlessFrame,
            tearDown: { controller.host.close() },
            extras: {
                [
                    "liveParticles": Double(controller.engine.statistics.liveParticles),
                    "frameWidth": Double(framebuffer.width), "frameHeight": Double(framebuffer.height),
                ]
            })
    }
}
