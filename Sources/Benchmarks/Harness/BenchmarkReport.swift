import Foundation
import Physics

/// The benchmark command's output: the machine, the build, every result and the docs/Design.md §7
/// budgets, as a table or JSON.
public struct BenchmarkReport: Codable, Sendable {
    /// CPU model as /proc/cpuinfo names it.
    public var cpu: String
    /// Logical CPUs available.
    public var cores: Int
    /// The machine's name in the results folder (`BenchmarkResults`): `EMITTER_BENCH_MACHINE` when set,
    /// else the CPU model and core count as a folder name, e.g. `intel-xeon-2-cores`.
    public var machine: String
    /// When the report was made, ISO 8601 in UTC, e.g. `2026-11-28T03:00:00Z`.
    public var date: String
    /// The commit measured, from `EMITTER_BENCH_COMMIT` (`make bench` sets it; a trailing `+` marks
    /// uncommitted changes); nil when not given.
    public var commit: String?
    /// Rounds per figure (1 at smoke sizes).
    public var rounds: Int
    /// The `--filter` the run was limited to; nil when every figure ran.
    public var filter: String?
    /// The build flags the binary was built with (from EMITTER_BENCH_FLAGS, set by `make bench`).
    public var buildFlags: String
    /// Whether this is an optimised build.
    public var optimized: Bool
    /// The Chipmunk library the physics figures use: its version and the shared object loaded.
    public var chipmunk: String
    /// Sizes run (`full` or `smoke`).
    public var scale: String
    /// The results, in run order.
    public var results: [BenchmarkResult]
    /// Benchmarks that could not run, with the reason.
    public var failures: [Failure]
    /// One line per docs/Design.md §7 budget, in its order.
    public var budgets: [BudgetLine]

    /// A benchmark that threw instead of measuring.
    public struct Failure: Codable, Sendable {
        /// The benchmark's name.
        public var name: String
        /// Its error.
        public var message: String

        /// Creates a failure record.
        public init(name: String, message: String) {
            self.name = name
            self.message = message
        }
    }

    /// A budget's line in the report: its result, or why it was not measured.
    public struct BudgetLine: Codable, Sendable {
        /// The budget's id.
        public var id: String
        /// docs/Design.md §7's wording.
        public var budget: String
        /// The measurement, when there is one.
        public var result: BudgetResult?
        /// Why there is none.
        public var notMeasured: String?
    }

    /// Creates a report for this machine, dated now.
    public init(
        results: [BenchmarkResult], failures: [Failure] = [], scale: BenchmarkScale = .full, rounds: Int = 7,
        filter: String? = nil
    ) {
        let environment = ProcessInfo.processInfo.environment
        cpu = BenchmarkReport.cpuModel()
        cores = ProcessInfo.processInfo.activeProcessorCount
        machine =
            environment["EMITTER_BENCH_MACHINE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? BenchmarkReport.machineName(cpu: cpu, cores: cores)
        date = ISO8601DateFormatter().string(from: Date())
        commit = environment["EMITTER_BENCH_COMMIT"].flatMap { $0.isEmpty ? nil : $0 }
        self.rounds = rounds
        self.filter = filter.flatMap { $0.isEmpty ? nil : $0 }
        buildFlags = environment["EMITTER_BENCH_FLAGS"] ?? "(not given; run through `make bench`)"
        #if DEBUG
            optimized = false
        #else
            optimized = true
        #endif
        chipmunk = BenchmarkReport.chipmunkBuild()
        self.scale = scale.rawValue
        self.results = results
        self.failures = failures
        let measured = results.flatMap(\.budgets)
        budgets = DesignBudgets.ID.allCases.map { id in
            let result = measured.first { $0.id == id.rawValue }
            return BudgetLine(
                id: id.rawValue, budget: DesignBudgets.text(id), result: result,
                notMeasured: result == nil ? DesignBudgets.notMeasured(id) : nil)
        }
    }

    // MARK: - Output

    /// The report as pretty-printed JSON.
    public func json() throws -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        enc.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try enc.encode(self), as: UTF8.self)
    }

    /// The report as text: the machine, one line per figure with median and minimum of both sides and
    /// the ratio, what each figure is, and the budgets.
    public func table() -> String {
        var lines = [
            "CPU: \(cpu) (\(cores) cores)   build: \(optimized ? "release" : "DEBUG (figures meaningless)")   flags: \(buildFlags)",
            "machine: \(machine)   date: \(date)   commit: \(commit ?? "(not given)")",
            "Chipmunk: \(chipmunk)", "sizes: \(scale), \(rounds) round(s)\(filter.map { ", filter: \($0)" } ?? "")", "",
        ]
        let header = ["figure", "engine ms (med/min)", "reference ms (med/min)", "ratio", "goal"]
        var rows: [[String]] = [header]
        for r in results {
            var goal = r.goal.map { g in "\(g) \(r.meetsGoal.map { $0 ? "✓" : "✗" } ?? "")" } ?? "-"
            if let core = r.corePercent {
                goal = String(format: "%.1f %% of a core at %.0f fps; ", core, r.framesPerSecond ?? 0) + goal
            }
            rows.append([
                r.name, String(format: "%.4f / %.4f", r.engineMedian, r.engineMinimum),
                String(format: "%.4f / %.4f", r.referenceMedian, r.referenceMinimum),
                String(format: "%.3f", r.medianRatio), goal,
            ])
        }
        let widths = (0..<header.count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        for (i, row) in rows.enumerated() {
            lines.append(
                row.enumerated().map { c, cell in cell.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
                    .joined(separator: "  "))
            if i == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        lines.append("")
        for r in results {
            var line = "\(r.name): \(r.unit); reference: \(r.reference)"
            if r.timing != .wallClock {
                line += " [\(r.timing == .processCPU ? "process CPU time" : "times measured by the call")]"
            }
            if !r.extras.isEmpty {
                line +=
                    "; "
                    + r.extras.keys.sorted().map { String(format: "%@ = %.4g", $0, r.extras[$0] ?? .nan) }.joined(
                        separator: ", ")
            }
            lines.append(line)
        }
        if !failures.isEmpty {
            lines.append("")
            lines.append("FAILED:")
            for f in failures { lines.append("  \(f.name): \(f.message)") }
        }
        lines.append("")
        lines.append("Budgets (docs/Design.md §7):")
        for b in budgets {
            if let r = b.result {
                let verdict = r.passed.map { $0 ? "PASS" : "FAIL" } ?? "smoke sizes, not judged"
                lines.append(
                    String(
                        format: "  %@  %@: %.4g %@ (max %.4g) from %@", verdict, b.budget, r.measured, r.unit,
                        r.maximum, r.benchmark))
            } else {
                lines.append("  —     \(b.budget): \(b.notMeasured ?? "not measured")")
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Machine

    /// A folder name for a machine: the CPU model in lower case without trademark signs and the words
    /// "processor" and "CPU", words joined by `-`, then the core count (`Intel(R) Xeon(R) Processor`
    /// with 2 cores gives `intel-xeon-2-cores`).
    public static func machineName(cpu: String, cores: Int) -> String {
        var text = cpu.lowercased()
        for mark in ["(r)", "(tm)", "®", "™"] { text = text.replacingOccurrences(of: mark, with: " ") }
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber) || $0 == ".") }
            .map(String.init)
            .filter { word in
                !["processor", "cpu", "with"].contains(word) && word.contains { $0.isLetter || $0.isNumber }
            }
        let model = words.isEmpty ? "unknown-cpu" : words.joined(separator: "-")
        return "\(model)-\(cores)-cores"
    }

    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
                ?? "unknown"
        }
        return "unknown"
    }

    /// Chipmunk's version as the library reports it, and the shared object this process mapped.
    static func chipmunkBuild() -> String {
        var library = "library path unknown"
        // /proc files report size 0, so read to the end rather than by size.
        if let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
            case let maps = String(decoding: data, as: UTF8.self),
            let line = maps.split(separator: "\n").first(where: { $0.contains("libchipmunk") }),
            let path = line.split(separator: " ", omittingEmptySubsequences: true).last
        {
            library = String(path)
        }
        return
            "Chipmunk \(PhysicsWorld.chipmunkVersion) (\(library); Debian's libchipmunk-dev, built with assertions on)"
    }
}
