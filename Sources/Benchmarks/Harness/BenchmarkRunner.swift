import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs benchmarks: reference and engine alternate within every round, each timed over enough
/// iterations to last about `targetMilliseconds`, so both see the same machine state (docs/Design.md §6.4).
public struct BenchmarkRunner {
    /// Rounds per benchmark, ≥ 1 (the command enforces ≥ 5 for full runs). Default 7.
    public var rounds: Int = 7
    /// Time aimed at per timed sample, milliseconds (a benchmark may ask for more). Default 60.
    public var targetMilliseconds: Double = 60
    /// Sizes to run.
    public var scale: BenchmarkScale = .full

    /// Creates a runner.
    public init(rounds: Int = 7, targetMilliseconds: Double = 60, scale: BenchmarkScale = .full) {
        self.rounds = max(1, rounds)
        self.targetMilliseconds = targetMilliseconds
        self.scale = scale
    }

    // MARK: - Running

    /// Measures one benchmark.
    public func run(_ benchmark: Benchmark) throws -> BenchmarkResult {
        let work = try benchmark.make(scale)
        defer { work.tearDown() }
        let target = scale == .smoke ? targetMilliseconds : (benchmark.sampleMilliseconds ?? targetMilliseconds)
        // Warm up and calibrate: one call each, then the iteration count that fills the target time.
        let refOnce = max(sample(work, engine: false, timing: benchmark.timing, iterations: 1), 1e-6)
        let engOnce = max(sample(work, engine: true, timing: benchmark.timing, iterations: 1), 1e-6)
        // Self-measured calls (child processes) run once per sample: their figure is per call, not per time.
        let single = scale == .smoke || benchmark.timing == .reported
        let refIterations = single ? 1 : max(1, Int(target / refOnce))
        let engIterations = single ? 1 : max(1, Int(target / engOnce))
        var eng: [Double] = []
        var ref: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<rounds {
            let r = sample(work, engine: false, timing: benchmark.timing, iterations: refIterations)
            let e = sample(work, engine: true, timing: benchmark.timing, iterations: engIterations)
            ref.append(r)
            eng.append(e)
            ratios.append(e / r)
        }
        let ratio = median(ratios)
        let smoke = scale == .smoke
        var meets: Bool?
        if let maxRatio = benchmark.maximumRatio { meets = ratio <= maxRatio }
        if let maxMs = benchmark.maximumMilliseconds { meets = (meets ?? true) && median(eng) <= maxMs }
        var result = BenchmarkResult(
            name: benchmark.name, unit: benchmark.unit, reference: benchmark.reference, goal: benchmark.goal,
            engineMilliseconds: eng, referenceMilliseconds: ref, medianRatio: ratio,
            meetsGoal: smoke ? nil : meets)
        result.timing = benchmark.timing
        result.extras = work.extras()
        if let fps = benchmark.framesPerSecond {
            result.framesPerSecond = fps
            result.corePercent = median(eng) * fps / 10
            result.extras["corePercentAt\(Int(fps))fps"] = result.corePercent
        }
        result.budgets = benchmark.budgets.map { budget in
            let (value, unit): (Double, String)
            switch budget.metric {
            case .engineMedianMilliseconds: (value, unit) = (median(eng), "ms")
            case .extra(let key): (value, unit) = (result.extras[key] ?? .nan, key)
            }
            return BudgetResult(
                id: budget.id.rawValue, budget: DesignBudgets.text(budget.id), benchmark: benchmark.name,
                measured: value, unit: unit, maximum: budget.maximum,
                passed: smoke ? nil : value <= budget.maximum)
        }
        return result
    }

    // MARK: - Timing

    /// Milliseconds per iteration of one side, by the benchmark's clock.
    func sample(_ work: Benchmark.Workload, engine: Bool, timing: BenchmarkTiming, iterations: Int) -> Double {
        let body = engine ? work.engine : work.reference
        switch timing {
        case .wallClock:
            return time(body, iterations: iterations) / Double(iterations)
        case .processCPU:
            let start = Self.processCPUMilliseconds()
            for _ in 0..<iterations { body() }
            return (Self.processCPUMilliseconds() - start) / Double(iterations)
        case .reported:
            guard let measured = engine ? work.measuredEngine : work.measuredReference else {
                return time(body, iterations: iterations) / Double(iterations)
            }
            var total = 0.0
            for _ in 0..<iterations { total += measured() }
            return total / Double(iterations)
        }
    }

    /// Milliseconds for `iterations` calls of `body`.
    func time(_ body: () -> Void, iterations: Int) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// User + system CPU time of this process so far, all threads, in milliseconds.
    static func processCPUMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)
    }

    static func milliseconds(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
}
