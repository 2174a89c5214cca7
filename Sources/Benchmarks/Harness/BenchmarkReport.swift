import Foundation

/// The benchmark command's output: the machine, the build, and every result, as a table or JSON.
public struct BenchmarkReport: Codable, Sendable {
    /// CPU model as /proc/cpuinfo names it.
    public var cpu: String
    /// Logical CPUs available.
    public var cores: Int
    /// The build flags the binary was built with (from EMITTER_BENCH_FLAGS, set by `make bench`).
    public var buildFlags: String
    /// Whether this is an optimised build.
    public var optimized: Bool
    /// The Chipmunk library the physics figures use.
    public var chipmunk: String
    /// The results, in run order.
    public var results: [BenchmarkResult]

    /// Creates a report for this machine.
    public init(results: [BenchmarkResult], chipmunk: String) {
        cpu = BenchmarkReport.cpuModel()
        cores = ProcessInfo.processInfo.activeProcessorCount
        buildFlags = ProcessInfo.processInfo.environment["EMITTER_BENCH_FLAGS"] ?? "(not given; run through `make bench`)"
        #if DEBUG
        optimized = false
        #else
        optimized = true
        #endif
        self.chipmunk = chipmunk
        self.results = results
    }

    /// The report as pretty-printed JSON.
    public func json() throws -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try enc.encode(self), as: UTF8.self)
    }

    /// The report as a text table: one line per figure with median and minimum of both sides and the ratio.
    public func table() -> String {
        var lines = ["CPU: \(cpu) (\(cores) cores)   build: \(optimized ? "release" : "DEBUG (figures meaningless)")   flags: \(buildFlags)",
                     "Chipmunk: \(chipmunk)", ""]
        let header = ["figure", "engine ms (med/min)", "reference ms (med/min)", "ratio", "goal"]
        var rows: [[String]] = [header]
        for r in results {
            let goal = r.goal.map { g in "\(g) \(r.meetsGoal.map { $0 ? "✓" : "✗" } ?? "")" } ?? "-"
            rows.append([r.name, String(format: "%.4f / %.4f", r.engineMedian, r.engineMinimum),
                         String(format: "%.4f / %.4f", r.referenceMedian, r.referenceMinimum),
                         String(format: "%.3f", r.medianRatio), goal])
        }
        let widths = (0..<header.count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        for (i, row) in rows.enumerated() {
            lines.append(row.enumerated().map { c, cell in cell.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
                .joined(separator: "  "))
            if i == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        lines.append("")
        for r in results { lines.append("\(r.name): \(r.unit); reference: \(r.reference)") }
        return lines.joined(separator: "\n")
    }

    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        }
        return "unknown"
    }
}
