import Foundation

/// The benchmark results committed with the code, as Box2D commits its benchmark figures per machine:
/// one folder per machine under `benchmarks/results/`, holding the latest full run's report as
/// `latest.json`. `make bench` records there; `scripts/bench-tables.py` prints the tables of
/// docs/Performance.md and docs/Design.md §7 from these files, and a test checks that the documents
/// show what the files hold.
public enum BenchmarkResults {
    /// The results folder, relative to the package root.
    public static let defaultFolder = "benchmarks/results"
    /// The file of a machine's latest result, inside its folder.
    public static let latestFileName = "latest.json"

    /// Where `report` is recorded inside `folder`: `<folder>/<machine>/latest.json`.
    public static func path(of report: BenchmarkReport, in folder: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent(report.machine).appendingPathComponent(latestFileName)
            .path
    }

    /// Writes `report` as `<folder>/<machine>/latest.json`, replacing the machine's previous result
    /// atomically (a temporary file renamed over it, so an interrupted run never leaves half a file).
    /// Returns the path written.
    ///
    /// A result is a machine's full run: a run limited by `--filter` is refused, and so is a machine
    /// name that is not a plain folder name.
    @discardableResult
    public static func record(_ report: BenchmarkReport, in folder: String) throws -> String {
        if let filter = report.filter {
            throw BenchmarkError(
                "a recorded result holds every figure, but this run was limited by --filter \(filter); "
                    + "run without --filter to record, or leave out --record")
        }
        let allowed = report.machine.allSatisfy {
            $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_")
        }
        guard allowed, !report.machine.isEmpty, !report.machine.hasPrefix(".") else {
            throw BenchmarkError(
                "machine name '\(report.machine)' is not a plain folder name; set EMITTER_BENCH_MACHINE to "
                    + "lower-case letters, digits, '.', '-' and '_' only")
        }
        let path = path(of: report, in: folder)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data((try report.json() + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw BenchmarkError("cannot record the result as \(path): \(error.localizedDescription)")
        }
        return path
    }
}
