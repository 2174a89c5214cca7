import Dispatch
import Foundation
import Testing

/// Runs a fuzz target over a deterministic sequence of mutated inputs, each under a time limit.
///
/// A crash cannot be caught in-process, so the input about to run is first written to
/// `<tmp>/emitter-fuzz/<target>-current.bin` (after a crash that file is the reproducer; the seed and
/// iteration are printed with every finding). An input that takes longer than `timeout` is reported as
/// a hang and the run stops (the stuck thread cannot be cancelled). Inputs whose outcome is malformed
/// (an unexpected error type, a message without place or fix) are saved next to it.
struct FuzzHarness {
    /// What a target did with one input.
    enum Outcome: Equatable {
        /// Accepted (a scene, an image).
        case accepted
        /// Rejected with a well-formed error.
        case rejected
        /// Something that must not happen, with the reason.
        case malformed(String)
    }

    /// A problem found.
    struct Finding: CustomStringConvertible {
        var target: String
        var seed: UInt64
        var iteration: Int
        var reason: String
        var savedAt: String

        var description: String {
            "\(target) seed \(seed) iteration \(iteration): \(reason) (input saved at \(savedAt))"
        }
    }

    /// The counts of a run.
    struct Report {
        var iterations = 0
        var accepted = 0
        var rejected = 0
        var slowest: Double = 0
        var slowestIteration = 0
        var findings: [Finding] = []

        /// One line for the test log: target, seed, inputs, outcomes and the slowest input.
        func summary(_ target: String, seed: UInt64) -> String {
            "\(target) fuzz: seed \(seed), \(iterations) inputs, accepted \(accepted), rejected \(rejected), slowest \(slowest) s (iteration \(slowestIteration))"
        }

        /// Records a test issue for every finding, and unless `requiresAccepted` is false for a run that
        /// never accepted an input (the mutations would test only the rejection path); expects some rejections;
        /// then prints the summary.
        func expectNoFindings(
            _ target: String, seed: UInt64, requiresAccepted: Bool = true,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(
                findings.isEmpty, "seed \(seed): \(findings.map(\.description).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
            #expect(
                rejected > 0 && (accepted > 0 || !requiresAccepted),
                "seed \(seed), \(target): the mutations reach both outcomes (accepted \(accepted), rejected \(rejected) of \(iterations))",
                sourceLocation: sourceLocation)
            print(summary(target, seed: seed))
        }
    }

    /// The number of iterations: `EMITTER_FUZZ_ITERATIONS` when set, else `default`.
    static func iterations(default value: Int) -> Int {
        if let text = ProcessInfo.processInfo.environment["EMITTER_FUZZ_ITERATIONS"], let n = Int(text), n > 0 {
            return n
        }
        return value
    }

    /// The seed: `EMITTER_FUZZ_SEED` when set (to explore new inputs), else `default`.
    static func seed(default value: UInt64) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["EMITTER_FUZZ_SEED"], let n = UInt64(text) { return n }
        return value
    }

    /// `<tmp>/emitter-fuzz`, kept on purpose for a human: the reproducer of a crash, the saved findings
    /// and each target's slowest input. Not under the test process's temporary root, which the next
    /// test process removes after a crash. The names are fixed per target (findings per seed and
    /// iteration), so repeated runs overwrite them rather than adding files.
    static let reproducers: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("emitter-fuzz").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    let target: String
    let seed: UInt64
    /// Where the inputs are saved; the harness's own tests, whose findings are planted, use a temporary
    /// folder instead.
    var folder = FuzzHarness.reproducers
    /// Longest time one input may take, seconds (a debug build is slow: the default is generous).
    var timeout: Double = 10

    /// Runs `body` on `count` inputs from `mutator`, then on every corpus file unchanged.
    func run(_ count: Int, mutator: FuzzMutator, body: @escaping ([UInt8]) -> Outcome) -> Report {
        var mutator = mutator
        var report = Report()
        let queue = DispatchQueue(label: "emitter.fuzz.\(target)")
        let current = folder + "/\(target)-current.bin"
        let inputs = mutator.corpus.count + count
        for iteration in 0..<inputs {
            let input = iteration < mutator.corpus.count ? mutator.corpus[iteration] : mutator.next()
            FuzzHarness.overwrite(current, with: input)
            let done = DispatchSemaphore(value: 0)
            let result = OutcomeBox()
            let started = DispatchTime.now().uptimeNanoseconds
            queue.async {
                result.outcome = body(input)
                done.signal()
            }
            report.iterations += 1
            if done.wait(timeout: .now() + timeout) == .timedOut {
                report.findings.append(finding(iteration, input, "no result after \(timeout) s: a hang"))
                return report
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            if seconds > report.slowest {
                report.slowest = seconds
                report.slowestIteration = iteration
                // Kept for reading after a slow run; the report does not depend on it.
                _ = FileManager.default.createFile(atPath: folder + "/\(target)-slowest.bin", contents: Data(input))
            }
            switch result.outcome {
            case .accepted: report.accepted += 1
            case .rejected: report.rejected += 1
            case .malformed(let reason): report.findings.append(finding(iteration, input, reason))
            }
        }
        try? FileManager.default.removeItem(atPath: current)
        return report
    }

    /// Writes `bytes` over `path` with plain system calls (Foundation's atomic write costs a
    /// millisecond per input, more than most inputs take to run).
    static func overwrite(_ path: String, with bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
        close(fd)
    }

    /// Carries the outcome from the worker thread (read only after its semaphore signalled).
    private final class OutcomeBox: @unchecked Sendable {
        var outcome = Outcome.accepted
    }

    private func finding(_ iteration: Int, _ input: [UInt8], _ reason: String) -> Finding {
        let path = folder + "/\(target)-\(seed)-\(iteration).bin"
        let saved = FileManager.default.createFile(atPath: path, contents: Data(input))
        return Finding(
            target: target, seed: seed, iteration: iteration, reason: reason,
            savedAt: saved ? path : "nowhere: \(path) could not be written")
    }
}
