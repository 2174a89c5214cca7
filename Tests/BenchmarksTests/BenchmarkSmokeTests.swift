import EmitterTestSupport
import Foundation
import Testing

@testable import Benchmarks

/// The benchmark command at smoke sizes: every registered figure runs once and measures something,
/// and the report judges budgets from what was measured. Speed itself is not tested here (debug build).
@Suite(.serialized)
struct BenchmarkSmokeTests {
    /// Runs in a child `emitter bench --smoke` process: the scene figures open SDL windows, and SDL
    /// allows one per process, which the window tests of this test process may be using.
    /// The run is also recorded (`--record`), as `make bench` records full runs: the file is the JSON printed.
    @Test func everyBenchmarkRunsAtSmokeSizeWithFinitePositiveTimes() throws {
        let results = try TestSupport.temporaryFolder("bench-smoke-record")
        let run = try BenchCommandTests().bench(["--smoke", "--json", "--record", results])
        #expect(run.status == 0, "emitter bench --smoke exited \(run.status): \(run.stderr.suffix(2000))")
        let machines = try FileManager.default.contentsOfDirectory(atPath: results)
        let recorded = machines.first.flatMap {
            try? String(contentsOfFile: "\(results)/\($0)/latest.json", encoding: .utf8)
        }
        #expect(
            machines.count == 1 && recorded == run.stdout,
            "recorded \(machines): \(recorded?.prefix(200) ?? "nothing"), printed \(run.stdout.prefix(200))")
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let report = try decoder.decode(BenchmarkReport.self, from: Data(run.stdout.utf8))
        #expect(report.failures.isEmpty, "failed figures: \(report.failures.map { "\($0.name): \($0.message)" })")
        for result in report.results {
            let times = result.engineMilliseconds + result.referenceMilliseconds
            #expect(
                times.count == 2 && times.allSatisfy { $0.isFinite && $0 > 0 },
                "\(result.name): engine \(result.engineMilliseconds) ms, reference \(result.referenceMilliseconds) ms")
            #expect(
                result.medianRatio.isFinite && result.medianRatio > 0, "\(result.name): ratio \(result.medianRatio)")
            #expect(
                result.budgets.allSatisfy { $0.measured.isFinite && $0.passed == nil },
                "\(result.name): budgets \(result.budgets.map { "\($0.id)=\($0.measured)" })")
        }
        let names = report.results.map(\.name)
        #expect(
            names == BenchmarkRegistry.all.map(\.name), "ran \(names.count) of \(BenchmarkRegistry.all.count): \(names)"
        )
        #expect(names.contains("scenes.fire") && names.contains("process.startup.render.fire"), "figures: \(names)")
        #expect(
            report.budgets.filter { $0.result != nil }.count == DesignBudgets.ID.allCases.count - 1,
            "budgets measured: \(report.budgets.map { "\($0.id): \($0.result?.measured ?? .nan)" })")
    }

    @Test func sceneFiguresFollowTheScenesFolder() throws {
        let files = try BenchmarkPaths.sceneFiles()
        let figures = BenchmarkRegistry.scenes.map(\.name)
        // One figure per scene file, and the fire once more in a 1920×1080 window.
        let hasFire = files.contains { $0.hasSuffix("/fire.json") }
        #expect(
            figures.count == files.count + (hasFire ? 1 : 0) && !files.isEmpty, "files \(files), figures \(figures)")
        #expect(figures.contains("scenes.fire.1080p") == hasFire, "figures \(figures)")
        for file in files {
            let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            #expect(figures.contains("scenes.\(stem)"), "\(file) has no figure in \(figures)")
        }
    }

    @Test func everyDesignBudgetIsCheckedByOneBenchmarkExceptTheHourLongRun() {
        let checked = BenchmarkRegistry.all.flatMap { $0.budgets.map(\.id) }
        for id in DesignBudgets.ID.allCases where id != .memoryOverOneHour {
            #expect(
                checked.filter { $0 == id }.count == 1,
                "budget \(id) is checked by \(checked.filter { $0 == id }.count) benchmarks")
        }
        let report = BenchmarkReport(results: [])
        #expect(report.budgets.map(\.id) == DesignBudgets.ID.allCases.map(\.rawValue))
        #expect(report.budgets.allSatisfy { $0.result == nil && $0.notMeasured != nil })
    }

    @Test func budgetsPassOrFailOnTheMeasuredValueAtFullSize() throws {
        func figure(bytes: Double) -> Benchmark {
            Benchmark(name: "test.bytes", unit: "nothing", reference: "nothing") { _ in
                Benchmark.Workload(engine: {}, reference: {}, extras: { ["bytesPerLiveParticle": bytes] })
            }.checking(Budget(.bytesPerParticle, .extra("bytesPerLiveParticle"), maximum: 48))
        }
        let runner = BenchmarkRunner(rounds: 1, targetMilliseconds: 0.01, scale: .full)
        let over = try runner.run(figure(bytes: 49)).budgets
        let under = try runner.run(figure(bytes: 48)).budgets
        #expect(over.count == 1 && over[0].passed == false && over[0].measured == 49, "49 bytes: \(over)")
        #expect(under.count == 1 && under[0].passed == true, "48 bytes: \(under)")
        let report = BenchmarkReport(results: [try runner.run(figure(bytes: 49))])
        #expect(report.table().contains("FAIL  simulation state per live particle ≤ 48 bytes: 49"), "\(report.table())")
    }

    @Test func reportNamesTheMachineAndRoundTripsAsJSON() throws {
        let figure = Benchmark(name: "test.json", unit: "nothing", reference: "nothing") { _ in
            Benchmark.Workload(engine: {}, reference: {}, extras: { ["bytesPerLiveParticle": 40] })
        }.checking(Budget(.bytesPerParticle, .extra("bytesPerLiveParticle"), maximum: 48))
        let result = try BenchmarkRunner(rounds: 1, targetMilliseconds: 0.01, scale: .full).run(figure)
        let report = BenchmarkReport(results: [result], failures: [.init(name: "test.broken", message: "no scene")])
        #expect(
            report.chipmunk.hasPrefix("Chipmunk 7.") && report.chipmunk.contains("libchipmunk"), "\(report.chipmunk)")
        #expect(report.cores > 0 && !report.cpu.isEmpty)
        let decoded = try JSONDecoder().decode(BenchmarkReport.self, from: Data(try report.json().utf8))
        #expect(decoded.results.map(\.name) == ["test.json"] && decoded.failures.map(\.name) == ["test.broken"])
        #expect(decoded.budgets.first { $0.id == "bytesPerParticle" }?.result?.passed == true, "\(decoded.budgets)")
        #expect(report.table().contains("FAILED:\n  test.broken: no scene"), "\(report.table())")
    }

    @Test func framesReportTheirShareOfOneCore() throws {
        var frame = Benchmark(name: "test.frame", unit: "one frame", reference: "-") { _ in
            Benchmark.Workload(measuredEngine: { 2.5 }, measuredReference: { 1 })
        }
        frame.timing = .reported
        frame.framesPerSecond = 60
        let result = try BenchmarkRunner(rounds: 5, targetMilliseconds: 1, scale: .full).run(frame)
        #expect(
            result.engineMedian == 2.5 && result.medianRatio == 2.5,
            "engine \(result.engineMilliseconds), ratio \(result.medianRatio)")
        #expect(
            abs((result.corePercent ?? 0) - 15) < 1e-9, "2.5 ms per frame at 60 fps: \(result.corePercent ?? .nan) %")
    }

    @Test func childProcessesReportExitStatusAndMemory() throws {
        let ok = try ChildProcess(path: "/bin/true").run()
        let failed = try ChildProcess(path: "/bin/false").run()
        #expect(ok.status == 0 && failed.status == 1, "true → \(ok.status), false → \(failed.status)")
        #expect(ok.peakResidentMegabytes == nil && ok.wallMilliseconds > 0, "\(ok)")
        // Traced, the peak is the child's own (a few MB for /bin/true), not the test process's inherited mark.
        let traced = try ChildProcess(path: "/bin/true", measuresPeakMemory: true).run()
        if let peak = traced.peakResidentMegabytes {
            #expect(
                peak > 0 && peak < 16 && peak <= traced.maxrssMegabytes,
                "/bin/true peak \(peak) MB, ru_maxrss \(traced.maxrssMegabytes) MB")
        }
        #expect(throws: ChildProcessError.self) { try ChildProcess(path: "/bin/false").runChecked() }
        #expect(throws: ChildProcessError.self) { try ChildProcess(path: "/nonexistent/program").run() }
    }
}
