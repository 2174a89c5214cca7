import Foundation

/// How big a benchmark runs: the full figures of docs/Performance.md, or tiny sizes for the smoke test.
public enum BenchmarkScale: String, Sendable {
    /// The sizes the goals are stated for.
    case full
    /// Tiny sizes: proves every case runs, in well under a second each.
    case smoke
}

/// One figure of the benchmark command: an engine workload measured next to a reference doing the
/// same work, in the same process, alternating round by round (DESIGN.md §6).
public struct Benchmark {
    /// Dotted name, e.g. `particles.update.1M`; `--filter` matches substrings of it.
    public var name: String
    /// What one iteration is, e.g. "one fixed step of 1,000,000 particles".
    public var unit: String
    /// The reference, e.g. "plain C SoA loop (CBenchReference)".
    public var reference: String
    /// The goal in words, e.g. "engine ≥ 0.85 × C speed"; nil when the figure is informative only.
    public var goal: String?
    /// The largest acceptable median ratio engine ÷ reference (for example 1 / 0.85); nil for none.
    public var maximumRatio: Double?
    /// The largest acceptable engine median in milliseconds per iteration; nil for none.
    public var maximumMilliseconds: Double?
    /// Builds the workload for a scale: returns the two closures to time. Setup cost is not measured.
    public var make: (BenchmarkScale) throws -> Workload

    /// The two timed closures of a benchmark. Each call is one iteration.
    public struct Workload {
        /// The engine's work.
        public var engine: () -> Void
        /// The reference's work.
        public var reference: () -> Void
        /// Releases what `make` allocated (optional).
        public var tearDown: () -> Void

        /// Creates a workload.
        public init(engine: @escaping () -> Void, reference: @escaping () -> Void, tearDown: @escaping () -> Void = {}) {
            self.engine = engine
            self.reference = reference
            self.tearDown = tearDown
        }
    }

    /// Creates a benchmark.
    public init(name: String, unit: String, reference: String, goal: String? = nil, maximumRatio: Double? = nil,
                maximumMilliseconds: Double? = nil, make: @escaping (BenchmarkScale) throws -> Workload) {
        self.name = name
        self.unit = unit
        self.reference = reference
        self.goal = goal
        self.maximumRatio = maximumRatio
        self.maximumMilliseconds = maximumMilliseconds
        self.make = make
    }
}

/// The measured result of one benchmark.
public struct BenchmarkResult: Codable, Sendable {
    /// The benchmark's name.
    public var name: String
    /// What one iteration is.
    public var unit: String
    /// The reference's description.
    public var reference: String
    /// The goal in words.
    public var goal: String?
    /// Engine milliseconds per iteration, one sample per round.
    public var engineMilliseconds: [Double]
    /// Reference milliseconds per iteration, one sample per round.
    public var referenceMilliseconds: [Double]
    /// Median of the per-round ratios engine ÷ reference.
    public var medianRatio: Double
    /// Whether the goal is met (nil when there is no numeric goal).
    public var meetsGoal: Bool?

    /// Median engine time.
    public var engineMedian: Double { median(engineMilliseconds) }
    /// Fastest engine time.
    public var engineMinimum: Double { engineMilliseconds.min() ?? .nan }
    /// Median reference time.
    public var referenceMedian: Double { median(referenceMilliseconds) }
    /// Fastest reference time.
    public var referenceMinimum: Double { referenceMilliseconds.min() ?? .nan }
}

/// The median of a list (the mean of the two middle values for an even count).
public func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
