import Foundation

/// How big a benchmark runs: the full figures of docs/Performance.md, or tiny sizes for the smoke test.
public enum BenchmarkScale: String, Sendable {
    /// The sizes the goals are stated for.
    case full
    /// Tiny sizes: proves every case runs, in well under a second each.
    case smoke
}

/// What a benchmark's samples measure.
public enum BenchmarkTiming: String, Codable, Sendable {
    /// Elapsed monotonic time of the calls.
    case wallClock
    /// CPU time of this process over the calls, user + system, all threads (`getrusage`): what a frame
    /// costs the machine, whatever it waited for.
    case processCPU
    /// Each call measures itself and returns milliseconds (child processes: their CPU time or wall time).
    case reported
}

/// A docs/Design.md §7 budget checked on a benchmark's result.
public struct Budget: Sendable {
    /// Which budget of `DesignBudgets.all` this is.
    public var id: DesignBudgets.ID
    /// The measured quantity: the engine's median milliseconds, or one of the result's extras.
    public var metric: Metric
    /// The largest passing value, in the metric's unit.
    public var maximum: Double

    /// The quantity a budget reads.
    public enum Metric: Sendable {
        /// The engine's median time per iteration, milliseconds.
        case engineMedianMilliseconds
        /// A named value of the result's `extras`.
        case extra(String)
    }

    /// Creates a budget check.
    public init(_ id: DesignBudgets.ID, _ metric: Metric, maximum: Double) {
        self.id = id
        self.metric = metric
        self.maximum = maximum
    }
}

/// One figure of the benchmark command: an engine workload measured next to a reference doing the
/// same work, in the same process, alternating round by round (docs/Design.md §6.4).
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
    /// What the samples measure. Default wall-clock time.
    public var timing: BenchmarkTiming = .wallClock
    /// Time aimed at per sample in milliseconds, overriding the runner's (longer for CPU-time figures,
    /// whose clock is coarser). Default nil.
    public var sampleMilliseconds: Double?
    /// When one iteration is one frame: the frame rate at which `corePercent` is reported (the engine's
    /// median as a percentage of one core). Default nil.
    public var framesPerSecond: Double?
    /// docs/Design.md §7 budgets this figure checks. Default none.
    public var budgets: [Budget] = []
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
        /// Values read once after timing (peak memory, bytes per particle, live particles…), named with
        /// their unit; they go to the report and to budgets. Default none.
        public var extras: () -> [String: Double] = { [:] }
        /// For `.reported` timing: the engine call returning the milliseconds it measured.
        var measuredEngine: (() -> Double)?
        /// For `.reported` timing: the reference call returning the milliseconds it measured.
        var measuredReference: (() -> Double)?

        /// Creates a workload whose calls the runner times.
        public init(
            engine: @escaping () -> Void, reference: @escaping () -> Void, tearDown: @escaping () -> Void = {},
            extras: @escaping () -> [String: Double] = { [:] }
        ) {
            self.engine = engine
            self.reference = reference
            self.tearDown = tearDown
            self.extras = extras
        }

        /// Creates a workload whose calls measure themselves (`.reported` timing) and return milliseconds.
        public init(
            measuredEngine: @escaping () -> Double, measuredReference: @escaping () -> Double,
            tearDown: @escaping () -> Void = {}, extras: @escaping () -> [String: Double] = { [:] }
        ) {
            self.engine = { _ = measuredEngine() }
            self.reference = { _ = measuredReference() }
            self.measuredEngine = measuredEngine
            self.measuredReference = measuredReference
            self.tearDown = tearDown
            self.extras = extras
        }
    }

    /// Creates a benchmark.
    public init(
        name: String, unit: String, reference: String, goal: String? = nil, maximumRatio: Double? = nil,
        maximumMilliseconds: Double? = nil, make: @escaping (BenchmarkScale) throws -> Workload
    ) {
        self.name = name
        self.unit = unit
        self.reference = reference
        self.goal = goal
        self.maximumRatio = maximumRatio
        self.maximumMilliseconds = maximumMilliseconds
        self.make = make
    }

    /// This benchmark with the given budgets to check.
    public func checking(_ budgets: Budget...) -> Benchmark {
        var copy = self
        copy.budgets += budgets
        return copy
    }
}

/// A budget's outcome on one run.
public struct BudgetResult: Codable, Sendable {
    /// The budget's id (`DesignBudgets.ID`).
    public var id: String
    /// The budget in words, from docs/Design.md §7.
    public var budget: String
    /// The benchmark that measured it.
    public var benchmark: String
    /// The measured value, in `unit`.
    public var measured: Double
    /// The unit of `measured` and `maximum`.
    public var unit: String
    /// The largest passing value.
    public var maximum: Double
    /// Whether the budget is met (nil on smoke runs, whose sizes are not the budget's).
    public var passed: Bool?
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
    /// What the times measure.
    public var timing: BenchmarkTiming = .wallClock
    /// The engine median as a percentage of one core at `framesPerSecond`, when one iteration is a frame.
    public var corePercent: Double?
    /// The frame rate of `corePercent`.
    public var framesPerSecond: Double?
    /// Values read after timing, named with their unit.
    public var extras: [String: Double] = [:]
    /// The docs/Design.md §7 budgets this figure checks.
    public var budgets: [BudgetResult] = []

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
