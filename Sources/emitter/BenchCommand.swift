import ArgumentParser
import Benchmarks
import Foundation

/// `emitter bench`: every performance goal measured as a same-run ratio against a reference.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine next to reference implementations (release build).",
        usage: "emitter bench [<options>]",
        discussion: """
            Each figure alternates reference and engine over several rounds in the same process and reports \
            median and minimum times and the median ratio, so that figures hold on a noisy machine. The report \
            ends with one line per docs/Design.md §7 budget (pass, fail, or why it was not measured). Scene figures \
            measure every Scenes/*.json of the working directory (or EMITTER_SCENES) in a window on SDL's \
            dummy driver; process figures spawn this binary.

            `make bench` records the report as benchmarks/results/<machine>/latest.json (--record) and \
            regenerates the tables of docs/Performance.md from it.

            Examples:
              make bench                  # release build with the speed flags
              swift run -c release emitter bench --filter particles
              swift run -c release emitter bench --json --rounds 9 > bench.json
            """
    )

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Option(help: "Only run benchmarks whose name contains this text.")
    var filter: String?

    @Option(help: "Rounds per benchmark (at least 5 for full runs).")
    var rounds: Int = 7

    @Flag(help: "Tiny sizes and one round: checks that every benchmark runs (used by the test suite).")
    var smoke = false

    @Option(
        help: ArgumentHelp(
            "Also write the JSON report as <folder>/<machine>/latest.json (make bench: benchmarks/results).",
            valueName: "folder"))
    var record: String?

    func validate() throws {
        if !smoke && rounds < 5 { throw ValidationError("--rounds must be at least 5 (got \(rounds))") }
        if record != nil, let filter, !filter.isEmpty {
            throw ValidationError(
                "--record keeps a machine's full result, but --filter \(filter) runs only part of it; drop one of the two"
            )
        }
    }

    func run() throws {
        let runner = BenchmarkRunner(
            rounds: smoke ? 1 : rounds, targetMilliseconds: smoke ? 1 : 60,
            scale: smoke ? .smoke : .full)
        let benchmarks = BenchmarkRegistry.matching(filter)
        if benchmarks.isEmpty { throw ValidationError("no benchmark matches '\(filter ?? "")'") }
        var results: [BenchmarkResult] = []
        var failures: [BenchmarkReport.Failure] = []
        for b in benchmarks {
            if !json { FileHandle.standardError.write(Data("running \(b.name)…\n".utf8)) }
            // One broken figure (a scene that no longer loads, a missing binary) must not hide the others.
            do {
                results.append(try runner.run(b))
            } catch {
                failures.append(BenchmarkReport.Failure(name: b.name, message: "\(error)"))
                FileHandle.standardError.write(Data("  failed: \(error)\n".utf8))
            }
        }
        let report = BenchmarkReport(
            results: results, failures: failures, scale: runner.scale, rounds: runner.rounds, filter: filter)
        print(json ? try report.json() : report.table())
        if let record {
            do {
                let path = try BenchmarkResults.record(report, in: record)
                FileHandle.standardError.write(Data("recorded \(path)\n".utf8))
            } catch {
                throw CommandFailure(message: "emitter bench: \(error)", code: .runtime)
            }
        }
        if !failures.isEmpty {
            throw CommandFailure(
                message: "emitter bench: \(failures.count) figure(s) could not run: "
                    + failures.map(\.name).joined(separator: ", "), code: .runtime)
        }
    }
}
