import EmitterTestSupport
import Foundation
import Testing

@testable import Benchmarks

/// Results as data: `emitter bench --record` writes the report per machine, `scripts/bench-tables.py`
/// prints the documents' tables from what is committed, and the documents show exactly those tables.
struct BenchmarkResultsTests {
    /// Runs `scripts/bench-tables.py` with `arguments` from the package root.
    func tables(_ arguments: [String]) throws -> ToolRun {
        try TestSupport.run(
            "/usr/bin/env", ["python3", TestSupport.packageRoot + "/scripts/bench-tables.py"] + arguments)
    }

    /// A full-size report of one figure measuring `bytes` bytes per live particle, named for `machine`.
    func report(bytes: Double, machine: String = "test-machine-2-cores") throws -> BenchmarkReport {
        let figure = Benchmark(
            name: "test.bytes", unit: "nothing", reference: "nothing", goal: "ratio ≤ 2", maximumRatio: 2
        ) { _ in
            Benchmark.Workload(engine: {}, reference: {}, extras: { ["bytesPerLiveParticle": bytes] })
        }.checking(Budget(.bytesPerParticle, .extra("bytesPerLiveParticle"), maximum: 48))
        var report = BenchmarkReport(
            results: [try BenchmarkRunner(rounds: 1, targetMilliseconds: 0.01, scale: .full).run(figure)])
        report.machine = machine
        report.optimized = true
        return report
    }

    // MARK: - Recording

    @Test func machineNamesComeFromTheCPUModelAndTheCoreCount() {
        let cases: [(String, Int, String)] = [
            ("Intel(R) Xeon(R) Processor", 2, "intel-xeon-2-cores"),
            ("AMD EPYC 7B13 64-Core Processor", 2, "amd-epyc-7b13-64-core-2-cores"),
            ("Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz", 12, "intel-core-i7-8700-3.20ghz-12-cores"),
            ("", 1, "unknown-cpu-1-cores"),
        ]
        for (cpu, cores, expected) in cases {
            let name = BenchmarkReport.machineName(cpu: cpu, cores: cores)
            #expect(name == expected, "'\(cpu)' with \(cores) cores gave '\(name)'")
        }
    }

    @Test func aRecordedResultIsTheReportInItsMachinesFolder() throws {
        let folder = try TestSupport.temporaryFolder("bench-results")
        let report = try report(bytes: 40)
        let path = try BenchmarkResults.record(report, in: folder)
        #expect(path == folder + "/test-machine-2-cores/latest.json", "recorded at \(path)")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == (try report.json()) + "\n", "\(written.prefix(300))")
        let decoded = try JSONDecoder().decode(BenchmarkReport.self, from: Data(written.utf8))
        #expect(decoded.machine == report.machine && decoded.date == report.date && decoded.rounds == 7)

        var filtered = report
        filtered.filter = "particles"
        #expect(throws: BenchmarkError.self) { try BenchmarkResults.record(filtered, in: folder) }
        var escaping = report
        escaping.machine = "../elsewhere"
        #expect(throws: BenchmarkError.self) { try BenchmarkResults.record(escaping, in: folder) }
    }

    @Test func theCommandRefusesToRecordAFilteredRun() throws {
        let folder = try TestSupport.temporaryFolder("bench-record")
        let filtered = try BenchCommandTests().bench(["--smoke", "--filter", "memory.triad", "--record", folder])
        #expect(
            filtered.status == 2 && filtered.stderr.contains("--record keeps a machine's full result"),
            "exit \(filtered.status): \(filtered.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    // MARK: - The tables

    @Test func theDocumentsShowTheTablesOfTheCommittedResults() throws {
        let run = try tables(["--check", "docs/Performance.md", "docs/Design.md", "README.md"])
        #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
    }

    @Test func theTablesAreMadeFromWhatTheCommandRecords() throws {
        let folder = try TestSupport.temporaryFolder("bench-tables")
        try BenchmarkResults.record(try report(bytes: 49), in: folder)
        let printed = try tables(["--results", folder])
        #expect(printed.status == 0, "exit \(printed.status): \(printed.stderr)")
        for row in [
            "**test-machine-2-cores** (",
            "| simulation state per live particle ≤ 48 bytes | 49 bytes per live particle | **fail** | `test.bytes` |",
            "| memory over a one-hour run: flat, no growth after the first minute | — | not measured |",
            "| `test.bytes` | ratio ≤ 2 |",
        ] {
            #expect(printed.stdout.contains(row), "no '\(row)' in:\n\(printed.stdout)")
        }

        // A document whose table is stale fails the check, naming it; --write makes it current.
        let document = folder + "/doc.md"
        try "# Doc\n<!-- bench-tables: budgets -->\nold\n<!-- end bench-tables -->\n".write(
            toFile: document, atomically: true, encoding: .utf8)
        let stale = try tables(["--results", folder, "--check", document])
        #expect(stale.status == 1 && stale.stderr.contains(document), "exit \(stale.status): \(stale.stderr)")
        let written = try tables(["--results", folder, "--write", document])
        let current = try tables(["--results", folder, "--check", document])
        #expect(written.status == 0 && current.status == 0, "write: \(written.stderr), check: \(current.stderr)")
        #expect(try String(contentsOfFile: document, encoding: .utf8).contains("| 49 bytes per live particle |"))
    }

    @Test func aSmokeOrDebugResultCannotStandForItsMachine() throws {
        let folder = try TestSupport.temporaryFolder("bench-smoke")
        var smoke = try report(bytes: 40)
        smoke.scale = "smoke"
        smoke.optimized = false
        try BenchmarkResults.record(smoke, in: folder)
        let run = try tables(["--results", folder])
        #expect(
            run.status == 1 && run.stderr.contains("not a machine's full release run")
                && run.stderr.contains("not 'full'") && run.stderr.contains("debug build"),
            "exit \(run.status): \(run.stderr)")
    }
}
