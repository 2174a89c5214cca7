import ArgumentParser
import EmitterKit
import Foundation

/// `emitter soak`: runs a scene headless for a long simulated time and reports memory and step cost,
/// to show that a window left running for hours stays flat (docs/Limits.md, "Soak").
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run a scene headless for hours of simulated time; report memory and step cost.",
        usage: "emitter soak <scene> [<options>]",
        discussion: """
            The engine advances frame by frame through a virtual display link at --fps, as fast as the \
            machine allows (no waiting). Every fixed step runs (emitters, physics, coupling); one frame is \
            drawn per report interval into a framebuffer of the scene's size scaled to at most 320 points \
            wide, so the compositor and its caches are exercised without drawing every frame.

            Each report line gives the simulated time, the mean wall and CPU time per fixed step in the \
            interval (the CPU time of the simulating thread stays steady on a shared machine), the live \
            particles and bodies, the resident memory (VmRSS) and its peak so far (VmHWM, from \
            /proc/self/status), and the particles removed as non-finite. The summary compares the peak at \
            the start with the peak at the end, and the memory and step cost of the first interval with \
            the last.

            Examples:
              emitter soak Scenes/fire.json       # one simulated hour, a line a minute
              emitter soak Scenes/fire.json --simulated-hours 0.1 --report-every 30
              emitter soak Scenes/fire.json --max-rss-growth-mb 8    # exit 3 beyond
            """
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Option(name: .customLong("simulated-hours"), help: "Simulated hours to run.")
    var simulatedHours: Double = 1

    @Option(help: "Frames per second of the virtual display link (default: the scene's).")
    var fps: Double?

    @Option(name: .customLong("report-every"), help: "Simulated seconds per report line (default 60).")
    var reportEvery: Double = 60

    @Option(help: "Added to every emitter layer's seed (wrapping).")
    var seed: UInt32?

    @Option(
        name: .customLong("max-rss-growth-mb"),
        help: "Fail (exit 3) when resident memory grows more than this from the end of the first interval.")
    var maxRSSGrowthMB: Double?

    func validate() throws {
        guard simulatedHours.isFinite, simulatedHours > 0, simulatedHours <= 48 else {
            throw ValidationError("--simulated-hours must be in (0, 48], got \(simulatedHours)")
        }
        if let f = fps, !(f.isFinite && f > 0 && f <= 1000) {
            throw ValidationError("--fps must be in (0, 1000], got \(f)")
        }
        guard reportEvery.isFinite, reportEvery > 0, reportEvery <= 3600 else {
            throw ValidationError("--report-every must be in (0, 3600] seconds, got \(reportEvery)")
        }
        if let m = maxRSSGrowthMB, !(m.isFinite && m >= 0) {
            throw ValidationError("--max-rss-growth-mb must be ≥ 0, got \(m)")
        }
    }

    func run() throws {
        let loaded = try SimulationOptions.loadScene(scene, seed: seed)
        let engine = try failing { try Engine(scene: loaded) }
        engine.installClock()
        var warnings: [String] = []
        engine.onWarning = { warnings.append($0) }
        let rate = fps ?? loaded.display.framesPerSecond
        let totalFrames = max(1, Int((simulatedHours * 3600 * rate).rounded()))
        let framesPerReport = max(1, Int((reportEvery * rate).rounded()))
        let scale = min(1, 320 / engine.viewSize.width)
        let fb = try failing { try engine.makeFramebuffer(scale: scale) }

        engine.advance(by: 1 / rate)
        engine.render(into: fb)
        let start = ProcessMemory.current()
        print(
            "soak \(scene): \(format(simulatedHours)) simulated hours at \(format(rate)) fps (\(totalFrames) frames, fixed step \(format(engine.fixedStep * 1000)) ms); one frame drawn per \(format(reportEvery)) s at \(fb.width)×\(fb.height)"
        )
        print("start: VmRSS \(mb(start.rss)) MB, VmHWM \(mb(start.peak)) MB")
        print(
            row(["sim-s", "steps", "µs/step", "cpu-µs/step", "particles", "bodies", "rss-MB", "peak-MB", "non-finite"]))

        var intervals: [(rss: Int, stepMicroseconds: Double, cpuMicroseconds: Double)] = []
        var frame = 1
        while frame < totalFrames {
            let frames = min(framesPerReport, totalFrames - frame)
            var steps = 0
            var nanoseconds: UInt64 = 0
            let cpu0 = Self.threadCPUNanoseconds()
            for _ in 0..<frames {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let advanced = engine.advance(by: 1 / rate)
                nanoseconds += DispatchTime.now().uptimeNanoseconds - t0
                steps += advanced.steps
            }
            let cpu = Self.threadCPUNanoseconds() - cpu0
            frame += frames
            engine.render(into: fb)
            let memory = ProcessMemory.current()
            let perStep = steps > 0 ? Double(nanoseconds) / 1000 / Double(steps) : 0
            let cpuPerStep = steps > 0 ? Double(cpu) / 1000 / Double(steps) : 0
            intervals.append((memory.rss, perStep, cpuPerStep))
            let s = engine.statistics
            print(
                row([
                    format(engine.simulatedTime), String(steps), String(format: "%.1f", perStep),
                    String(format: "%.1f", cpuPerStep), String(s.liveParticles),
                    String(s.bodies), mb(memory.rss), mb(memory.peak), String(engine.nonFiniteRemovedTotal),
                ]))
        }
        let end = ProcessMemory.current()
        print("end: VmRSS \(mb(end.rss)) MB, VmHWM \(mb(end.peak)) MB")
        if let first = intervals.first, let last = intervals.last {
            let growth = Double(last.rss - first.rss) / 1_048_576
            print(
                "summary: peak RSS \(mb(start.peak)) MB at the start, \(mb(end.peak)) MB at the end; RSS \(mb(first.rss)) MB after the first interval, \(mb(last.rss)) MB at the end (\(String(format: "%+.1f", growth)) MB); step cost \(String(format: "%.1f", first.stepMicroseconds)) µs (CPU \(String(format: "%.1f", first.cpuMicroseconds)) µs) in the first interval, \(String(format: "%.1f", last.stepMicroseconds)) µs (CPU \(String(format: "%.1f", last.cpuMicroseconds)) µs) in the last"
            )
            if let limit = maxRSSGrowthMB, growth > limit {
                throw CommandFailure(
                    message:
                        "emitter soak: resident memory grew \(String(format: "%.1f", growth)) MB after the first interval; the limit given is \(format(limit)) MB",
                    code: .runtime)
            }
        }
        for w in warnings { printError("warning: \(w)") }
    }

    /// CPU time of the calling thread, nanoseconds: unlike wall time it does not grow when other
    /// processes take the cores, so step costs stay comparable on a shared machine.
    static func threadCPUNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    private func row(_ cells: [String]) -> String {
        cells.map { $0.count >= 10 ? $0 : String(repeating: " ", count: 10 - $0.count) + $0 }.joined(separator: " ")
    }

    private func mb(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

    private func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%g", v)
    }
}

/// The resident memory of this process, from /proc/self/status (zero where unavailable).
struct ProcessMemory {
    /// VmRSS: resident now, bytes.
    var rss: Int
    /// VmHWM: the peak resident so far, bytes.
    var peak: Int

    static func current() -> ProcessMemory {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func kilobytes(_ key: String) -> Int {
            for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
                let digits = line.dropFirst(key.count + 1).filter(\.isNumber)
                return (Int(digits) ?? 0) * 1024
            }
            return 0
        }
        return ProcessMemory(rss: kilobytes("VmRSS"), peak: kilobytes("VmHWM"))
    }
}
