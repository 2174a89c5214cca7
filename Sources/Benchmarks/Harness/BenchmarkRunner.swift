import Foundation

/// Runs benchmarks: reference and engine alternate within every round, each timed over enough
/// iterations to last about `targetMilliseconds`, so both see the same machine state (DESIGN.md §6).
public struct BenchmarkRunner {
    /// Rounds per benchmark, ≥ 1 (the command enforces ≥ 5 for full runs). Default 7.
    public var rounds: Int = 7
    /// Wall time aimed at per timed sample, milliseconds. Default 60.
    public var targetMilliseconds: Double = 60
    /// Sizes to run.
    public var scale: BenchmarkScale = .full

    /// Creates a runner.
    public init(rounds: Int = 7, targetMilliseconds: Double = 60, scale: BenchmarkScale = .full) {
        self.rounds = max(1, rounds)
        self.targetMilliseconds = targetMilliseconds
        self.scale = scale
    }

    /// Measures one benchmark.
    public func run(_ benchmark: Benchmark) throws -> BenchmarkResult {
        let work = try benchmark.make(scale)
        defer { work.tearDown() }
        // Warm up and calibrate: one call each, then the iteration count that fills the target time.
        let refOnce = max(time(work.reference, iterations: 1), 1e-6)
        let engOnce = max(time(work.engine, iterations: 1), 1e-6)
        let refIterations = scale == .smoke ? 1 : max(1, Int(targetMilliseconds / refOnce))
        let engIterations = scale == .smoke ? 1 : max(1, Int(targetMilliseconds / engOnce))
        var eng: [Double] = [], ref: [Double] = [], ratios: [Double] = []
        for _ in 0..<rounds {
            let r = time(work.reference, iterations: refIterations) / Double(refIterations)
            let e = time(work.engine, iterations: engIterations) / Double(engIterations)
            ref.append(r)
            eng.append(e)
            ratios.append(e / r)
        }
        let ratio = median(ratios)
        var meets: Bool?
        if let maxRatio = benchmark.maximumRatio { meets = ratio <= maxRatio }
        if let maxMs = benchmark.maximumMilliseconds { meets = (meets ?? true) && median(eng) <= maxMs }
        return BenchmarkResult(name: benchmark.name, unit: benchmark.unit, reference: benchmark.reference, goal: benchmark.goal,
                               engineMilliseconds: eng, referenceMilliseconds: ref, medianRatio: ratio,
                               meetsGoal: scale == .smoke ? nil : meets)
    }

    /// Milliseconds for `iterations` calls of `body`.
    func time(_ body: () -> Void, iterations: Int) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
