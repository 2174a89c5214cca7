import Foundation
import Testing

/// The fuzzing machinery itself: deterministic inputs, and a guard that really flags hangs and
/// malformed outcomes (a fuzzer that cannot report is a test that cannot fail).
@Suite struct FuzzHarnessTests {
    @Test func theSameSeedGivesTheSameInputs() {
        let corpus = corpusFiles(corpusRoot + "/json", ext: "json").map(\.bytes)
        var a = FuzzMutator(seed: 42, corpus: corpus, format: .json)
        var b = FuzzMutator(seed: 42, corpus: corpus, format: .json)
        var c = FuzzMutator(seed: 43, corpus: corpus, format: .json)
        let first = (0..<50).map { _ in a.next() }
        #expect(first == (0..<50).map { _ in b.next() }, "seed 42 twice")
        #expect(first != (0..<50).map { _ in c.next() }, "seeds 42 and 43 differ")
    }

    @Test func anInputThatTakesTooLongIsReportedAsAHang() throws {
        var harness = FuzzHarness(target: "harness-hang", seed: 1)
        harness.folder = try temporaryFolder("fuzz-harness")
        harness.timeout = 0.2
        let mutator = FuzzMutator(seed: 1, corpus: [[1], [2], [3]], format: .bytes)
        let report = harness.run(10, mutator: mutator) { input in
            if input == [2] { usleep(1_000_000) }
            return .rejected
        }
        #expect(report.findings.count == 1 && report.findings[0].reason.contains("a hang"), "\(report.findings)")
        #expect(report.iterations == 2, "the run stops at the hang: \(report.iterations)")
        #expect(
            FileManager.default.contents(atPath: report.findings.first?.savedAt ?? "") == Data([2]),
            "the input is saved")
    }

    @Test func malformedOutcomesAreFindingsAndTheRunContinues() throws {
        let mutator = FuzzMutator(seed: 2, corpus: [[0xFF, 0x00]], format: .bytes)
        var harness = FuzzHarness(target: "harness-malformed", seed: 2)
        harness.folder = try temporaryFolder("fuzz-harness")
        let report = harness.run(20, mutator: mutator) { input in
            input.count % 2 == 0 ? .malformed("even length \(input.count)") : .accepted
        }
        #expect(report.iterations == 21)
        #expect(
            !report.findings.isEmpty && report.findings.allSatisfy { $0.reason.hasPrefix("even length") },
            "\(report.findings)")
        #expect(report.findings.count + report.accepted == 21)
    }
}
