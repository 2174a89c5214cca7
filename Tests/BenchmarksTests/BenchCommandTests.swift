import Foundation
import Testing
@testable import Benchmarks

/// `emitter bench` as a user runs it (the debug binary beside the test bundle): JSON output, and usage
/// errors for too few rounds or a filter that matches nothing.
struct BenchCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func bench(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BenchmarkPaths.emitterBinary())
        process.arguments = ["bench"] + arguments
        var packageRoot = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { packageRoot.deleteLastPathComponent() }
        process.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test func smokeRunPrintsAReportAsJSON() throws {
        let run = try bench(["--smoke", "--filter", "memory.triad", "--json"])
        #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
        let report = try JSONDecoder().decode(BenchmarkReport.self, from: Data(run.stdout.utf8))
        #expect(report.results.map(\.name) == ["memory.triad.16M"] && report.scale == "smoke", "\(run.stdout.prefix(400))")
        #expect(report.budgets.count == DesignBudgets.ID.allCases.count && report.failures.isEmpty)
    }

    @Test func tooFewRoundsOrAnUnmatchedFilterAreUsageErrors() throws {
        let rounds = try bench(["--rounds", "3", "--filter", "memory"])
        #expect(rounds.status == 2 && rounds.stderr.contains("--rounds must be at least 5"), "exit \(rounds.status): \(rounds.stderr)")
        let filter = try bench(["--smoke", "--filter", "no-such-figure"])
        #expect(filter.status == 2 && filter.stderr.contains("no benchmark matches 'no-such-figure'"), "exit \(filter.status): \(filter.stderr)")
    }
}
