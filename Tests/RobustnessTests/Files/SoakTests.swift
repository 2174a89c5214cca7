import Foundation
import Testing

/// A short soak of the fire scene through `emitter soak`: memory stays flat and the report is complete.
/// The one-hour figures are in docs/Limits.md ("Soak").
@Suite struct SoakTests {
    @Test func aShortSoakOfTheFireSceneKeepsMemoryFlat() throws {
        let run = try emitter([
            "soak", "Scenes/fire.json", "--simulated-hours", "0.0015", "--report-every", "1", "--max-rss-growth-mb",
            "8",
        ])
        #expect(run.status == 0, "\(run.stderr)\n\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let rows = lines.filter { $0.first == " " && !$0.contains("sim-s") }
        #expect(rows.count == 6, "5.4 simulated seconds in 1-second lines: \(run.stdout)")
        #expect(
            lines.contains { $0.hasPrefix("start: VmRSS ") } && lines.contains { $0.hasPrefix("end: VmRSS ") },
            "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("summary: peak RSS ") }, "\(run.stdout)")
        let particles = rows.compactMap { Int($0.split(separator: " ")[4]) }
        #expect(
            particles.count == rows.count && particles.allSatisfy { $0 > 200 },
            "the fire burns throughout: \(particles)")
        let rss = rows.compactMap { Double($0.split(separator: " ")[6]) }
        if let first = rss.first, let last = rss.last {
            #expect(last - first < 8, "resident memory after the first interval \(first) MB, at the end \(last) MB")
        }
    }

    @Test func soakRefusesBadOptionsWithUsageErrors() throws {
        let run = try emitter(["soak", "Scenes/fire.json", "--simulated-hours", "0"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--simulated-hours must be in (0, 48]"), "\(run.stderr)")
        let missing = try emitter(["soak", "Scenes/no-such.json", "--simulated-hours", "0.001"])
        #expect(missing.status == 1, "\(missing.stderr)")
    }
}
