import Foundation

/// The budgets of docs/Design.md §7, in its order: the report prints one line for each, passed, failed, or
/// why it was not measured in this run.
public enum DesignBudgets {
    /// One budget of docs/Design.md §7.
    public enum ID: String, CaseIterable, Codable, Sendable {
        case bytesPerParticle
        case peakMemoryHeadless
        case peakMemoryWindow
        case memoryOverOneHour
        case startUp
        case particleUpdate1M
        case sprites100k
        case fireAt60fps
    }

    /// docs/Design.md §7's wording of a budget.
    public static func text(_ id: ID) -> String {
        switch id {
        case .bytesPerParticle: return "simulation state per live particle ≤ 48 bytes"
        case .peakMemoryHeadless:
            return "peak memory, `emitter render Scenes/fire.json` headless at 1280×720 ≤ 64 MB resident"
        case .peakMemoryWindow: return "peak memory, the same scene in a window ≤ 128 MB resident"
        case .memoryOverOneHour: return "memory over a one-hour run: flat, no growth after the first minute"
        case .startUp: return "start-up to the first frame written (`emitter render … --frames 1`) ≤ 300 ms"
        case .particleUpdate1M: return "1,000,000 particles, update per fixed step, one core ≤ 2 ms"
        case .sprites100k: return "100,000 additive 16×16 sprites per frame at 1280×720, two cores ≤ 16 ms"
        case .fireAt60fps: return "`Scenes/fire.json` at 60 frames per second ≤ 15 % of one core"
        }
    }

    /// Why a budget has no figure in this run: the benchmark command does not measure it, or the
    /// filter left out the benchmark that does.
    public static func notMeasured(_ id: ID) -> String {
        switch id {
        case .memoryOverOneHour:
            return
                "not measured by this command: an hour-long run is `emitter soak Scenes/fire.json --simulated-hours 1` "
                + "(the robustness work's soak test, docs/Limits.md)"
        default:
            return "not run (left out by --filter, or its figure could not run: see FAILED)"
        }
    }
}
