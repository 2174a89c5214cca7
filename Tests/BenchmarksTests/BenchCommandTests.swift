import EmitterTestSupport
import Foundation
import Testing

@testable import Benchmarks

/// `emitter bench` as a user runs it (the debug binary beside the test bundle): JSON output, and usage
/// errors for too few rounds or a filter that matches nothing.
struct BenchCommandTests {
    func bench(_ arguments: [String]) throws -> ToolRun {
        try TestSupport.run(try BenchmarkPaths.emitterBinary(), ["bench"] + arguments)
    }

    @Test func smokeRunPrintsAReportAsJSON() throws {
        let run = try bench(["--smoke", "--filter", "memory.triad", "--json"])
        #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
        let report = try JSONDecoder().decode(BenchmarkReport.self, from: Data(run.stdout.utf8))
        #expect(
            report.results.map(\.name) == ["memory.triad.16M"] && report.scale == "smoke", "\(run.stdout.prefix(400))")
        #expect(report.budgets.count == DesignBudgets.ID.allCases.count && report.failures.isEmpty)
    }

    @Test func tooFewRoundsOrAnUnmatchedFilterAreUsageErrors() throws {
        let rounds = try bench(["--rounds", "3", "--filter", "memory"])
        #expect(
            rounds.status == 2 && rounds.stderr.contains("--rounds must be at least 5"),
            "exit \(rounds.status): \(rounds.stderr)")
        let filter = try bench(["--smoke", "--filter", "no-such-figure"])
        #expect(
            filter.status == 2 && filter.stderr.contains("no benchmark matches 'no-such-figure'"),
            "exit \(filter.status): \(filter.stderr)")
    }
}
