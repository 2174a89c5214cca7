import Foundation

extension BenchmarkRegistry {
    /// The `emitter` binary as a user runs it: start-up to the first frame written, and the peak
    /// resident memory of a headless render and of a windowed run, each a spawned child measured by
    /// the kernel (`wait4`).
    static let process: [Benchmark] = [
        ProcessBench.startUp(),
        ProcessBench.headlessRender(),
        ProcessBench.window(),
    ]
}

/// Builders for the process figures. The emitter binary is this one when the benchmark runs as
/// `emitter bench` (so its start-up is the release build's), else the one beside the test bundle.
enum ProcessBench {
    /// `/bin/true`: the cost of spawning and reaping any process on this machine.
    static let trueProgram = "/bin/true"

    static func fireScene() throws -> String {
        let path = try BenchmarkPaths.scenesFolder() + "/fire.json"
        guard FileManager.default.fileExists(atPath: path) else {
            throw BenchmarkError("\(path) is missing: the process figures run the fire scene")
        }
        return path
    }

    /// The largest peak over a figure's runs. Where tracing is not permitted the kernel's ru_maxrss
    /// stands in, flagged: it also counts the benchmark process's own peak.
    struct PeakMemory {
        var traced = 0.0, maxrss = 0.0, untraced = false

        mutating func add(_ m: ChildProcess.Measurement) {
            if let p = m.peakResidentMegabytes { traced = max(traced, p) } else { untraced = true }
            maxrss = max(maxrss, m.maxrssMegabytes)
        }

        var extras: [String: Double] {
            untraced
                ? ["peakResidentMB": maxrss, "peakIsUpperBoundIncludingTheBenchmark": 1] : ["peakResidentMB": traced]
        }
    }

    /// Runs `body` with a fresh temporary folder for the children's outputs; removes the folder when
    /// the workload cannot be built (its tear-down removes it otherwise).
    static func inTemporaryFolder(_ body: (String) throws -> Benchmark.Workload) throws -> Benchmark.Workload {
        let folder = try BenchmarkPaths.temporaryFolder()
        do {
            return try body(folder)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    // MARK: - Start-up

    static func startUp() -> Benchmark {
        Benchmark(
            name: "process.startup.render.fire",
            unit: "`emitter render Scenes/fire.json --frames 1 --size 1280x720 --out …`: spawn to exit, wall time",
            reference: "spawning /bin/true and waiting for it",
            goal: "≤ 300 ms", maximumMilliseconds: 300
        ) { scale in
            let binary = try BenchmarkPaths.emitterBinary()
            return try inTemporaryFolder { folder in
                let size = scale == .full ? "1280x720" : "160x90"
                let render = ChildProcess(
                    path: binary,
                    arguments: [
                        "render", try fireScene(), "--frames", "1", "--size", size,
                        "--out", folder + "/startup.png",
                    ])
                _ = try render.runChecked()
                guard FileManager.default.fileExists(atPath: folder + "/startup.png") else {
                    throw ChildProcessError(description: "`emitter render … --frames 1` wrote no PNG into \(folder)")
                }
                let reference = ChildProcess(path: trueProgram)
                _ = try reference.runChecked()
                return Benchmark.Workload(
                    engine: { _ = try? render.run() },
                    reference: { _ = try? reference.run() },
                    tearDown: { try? FileManager.default.removeItem(atPath: folder) })
            }
        }.checking(Budget(.startUp, .engineMedianMilliseconds, maximum: 300))
    }

    // MARK: - Peak memory, headless

    static func headlessRender() -> Benchmark {
        Benchmark(
            name: "process.render.fire",
            unit:
                "`emitter render Scenes/fire.json --size 1280x720 --out …` (5 s of the scene, last frame drawn): spawn to exit, wall time",
            reference: "spawning /bin/true and waiting for it",
            goal: "peak resident ≤ 64 MB"
        ) { scale in
            let binary = try BenchmarkPaths.emitterBinary()
            return try inTemporaryFolder { folder in
                let arguments = scale == .full ? ["--size", "1280x720"] : ["--size", "160x90", "--frames", "2"]
                let render = ChildProcess(
                    path: binary,
                    arguments: ["render", try fireScene()] + arguments + ["--out", folder + "/fire.png"],
                    measuresPeakMemory: true)
                var peak = PeakMemory()
                peak.add(try render.runChecked())
                let reference = ChildProcess(path: trueProgram)
                return Benchmark.Workload(
                    engine: { if let m = try? render.run() { peak.add(m) } },
                    reference: { _ = try? reference.run() },
                    tearDown: { try? FileManager.default.removeItem(atPath: folder) },
                    extras: { peak.extras })
            }
        }.checking(Budget(.peakMemoryHeadless, .extra("peakResidentMB"), maximum: 64))
    }

    // MARK: - Window

    static func window() -> Benchmark {
        // Five seconds: the smoke lives 4.5 ± 1 s, so the run reaches the scene's steady state.
        let frames = 300
        var benchmark = Benchmark(
            name: "process.window.fire",
            unit:
                "`emitter run Scenes/fire.json --frames \(frames)` in a window (SDL dummy driver, paced at 60 Hz, 5 s): child CPU ms per frame, start-up and ramp-up included",
            reference:
                "`emitter render Scenes/fire.json --frames 1` at the window's size: child CPU ms (start-up and one frame)",
            goal: "peak resident ≤ 128 MB"
        ) { scale in
            let binary = try BenchmarkPaths.emitterBinary()
            return try inTemporaryFolder { folder in
                let count = scale == .full ? frames : 2
                let display: [String: String?] = ["SDL_VIDEODRIVER": "dummy"]
                let run = ChildProcess(
                    path: binary, arguments: ["run", try fireScene(), "--frames", String(count)], environment: display,
                    measuresPeakMemory: true)
                let start = ChildProcess(
                    path: binary,
                    arguments: [
                        "render", try fireScene(), "--frames", "1", "--size", "800x600",
                        "--out", folder + "/one.png",
                    ])
                var peak = PeakMemory()
                peak.add(try run.runChecked())
                _ = try start.runChecked()
                return Benchmark.Workload(
                    measuredEngine: {
                        guard let m = try? run.run(), m.status == 0 else { return .nan }
                        peak.add(m)
                        return m.cpuMilliseconds / Double(count)
                    },
                    measuredReference: { (try? start.run())?.cpuMilliseconds ?? .nan },
                    tearDown: { try? FileManager.default.removeItem(atPath: folder) },
                    extras: { peak.extras })
            }
        }
        benchmark.timing = .reported
        benchmark.framesPerSecond = 60
        return benchmark.checking(Budget(.peakMemoryWindow, .extra("peakResidentMB"), maximum: 128))
    }
}
