import Foundation

/// Every benchmark of the command, grouped by the module it measures (one file per group in Cases/).
public enum BenchmarkRegistry {
    /// All benchmarks in run order.
    public static var all: [Benchmark] {
        let groups: [[Benchmark]] = [
            memory,
            vector,
            shapeFrames,
            animation,
            particles,
            particleExtensions,
            particleEffects,
            particleTrails,
            sceneFormat,
            compositor,
            physics,
            coupling,
            drawing,
            scenes,
            process,
        ]
        return groups.flatMap { $0 }
    }

    /// The benchmarks whose names contain `filter` (all when nil or empty).
    public static func matching(_ filter: String?) -> [Benchmark] {
        guard let filter, !filter.isEmpty else { return all }
        return all.filter { $0.name.contains(filter) }
    }
}
