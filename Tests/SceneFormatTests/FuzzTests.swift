import Foundation
import LayerKit
import Testing

@testable import SceneFormat

/// Random mutations of a valid scene never crash or hang the loader: every input ends in a scene or in
/// a `SceneError` whose messages are well formed.
@Suite struct FuzzTests {
    static let seed: UInt64 = 20_261_121

    /// The sketch's flame and crates; most runs use built-in sprites instead of the PNGs (decoding a PNG
    /// costs more than parsing the scene in a debug build), one run in eight keeps the files.
    static let corpus: [[UInt8]] = {
        let flame = String(
            decoding: FileManager.default.contents(atPath: Fixtures.path("Scenes/flame.json")) ?? Data(), as: UTF8.self)
        let crates = String(
            decoding: FileManager.default.contents(atPath: Fixtures.path("Scenes/crates.json")) ?? Data(), as: UTF8.self
        )
        let quick = [
            flame.replacingOccurrences(of: "../assets/soft-dot.png", with: "builtin:softDot"),
            crates.replacingOccurrences(of: "../assets/crate.png", with: "builtin:square"),
        ]
        return (quick + quick + quick + [flame]).map { Array($0.utf8) }
    }()

    /// Byte-level damage: flips, deletions, duplications and inserted JSON fragments.
    static func mutate(_ input: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var b = input
        let fragments = [
            "{", "}", "[", "]", ",", ":", "\"", "1e999", "-", "null", "\"builtin:softDot\"", "\"#zz\"", "\\u",
            "\\uD800", "0.", "\u{FEFF}", "é", "\u{0}", "[[[[", "\"infinity\"", "\"90deg\"", "true", "\"#ＡＡＡ\"", "1e300",
            "\"builtin:\"",
        ]
        let count = 1 + Int(rng.next32() % 4)
        for _ in 0..<count where !b.isEmpty {
            let i = Int(rng.next32() % UInt32(b.count))
            switch rng.next32() % 5 {
            case 0: b[i] = UInt8(truncatingIfNeeded: rng.next32())
            case 1: b.removeSubrange(i..<min(b.count, i + 1 + Int(rng.next32() % 40)))
            case 2:
                let j = min(b.count, i + 1 + Int(rng.next32() % 60))
                b.insert(contentsOf: b[i..<j], at: Int(rng.next32() % UInt32(b.count)))
            case 3: b.insert(contentsOf: Array(fragments[Int(rng.next32() % UInt32(fragments.count))].utf8), at: i)
            default:
                let alphabet = Array("{}[],:\"0-e.tfn ".utf8)
                b[i] = alphabet[Int(rng.next32() % UInt32(alphabet.count))]
            }
        }
        return b
    }

    /// Type confusion: the value after a random ':' is replaced by a value of another kind.
    static func swapValue(_ input: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        let values = [
            "-1", "0", "1e308", "-1e308", "\"x\"", "[]", "{}", "null", "true", "[1, 2, 3, 4]", "\"90deg\"",
            "\"infinity\"",
            "[[1, 2]]", "{\"matrix\": [1]}", "[{\"rotate\": \"1rad\"}]", "\"M 0 0 A 1 1 0 1 1 0 0 Z\"", "4294967296",
            "0.5", "\"builtin:star\"", "\"../assets/crate.png\"", "[0, 0, -1, -1]", "\"#ff000080\"", "[2, 0, 0, 1]",
            "\"#ＦＦ0000\"", "1e300", "\"f\"", "\"a/\"", "\"/\"", "\"..\"", "\"x:y\"",
        ]
        let colons = input.indices.filter { input[$0] == UInt8(ascii: ":") }
        guard !colons.isEmpty else { return input }
        let c = colons[Int(rng.next32() % UInt32(colons.count))] + 1
        var end = c
        var depth = 0
        while end < input.count {
            let ch = input[end]
            if ch == UInt8(ascii: "[") || ch == UInt8(ascii: "{") { depth += 1 }
            if ch == UInt8(ascii: "]") || ch == UInt8(ascii: "}") {
                if depth == 0 { break }
                depth -= 1
            }
            if ch == UInt8(ascii: ","), depth == 0 { break }
            end += 1
        }
        var b = input
        b.replaceSubrange(c..<end, with: Array((" " + values[Int(rng.next32() % UInt32(values.count))]).utf8))
        return b
    }

    /// What loading an input gave.
    enum Outcome: Hashable {
        /// A scene.
        case loaded
        /// A SceneError with at least one error, every diagnostic well formed.
        case rejected
        /// Anything else (recorded as a test issue).
        case malformed
    }

    static func outcome(_ bytes: [UInt8], _ label: String) -> Outcome {
        do {
            _ = try SceneLoader.load(data: Data(bytes), sourceName: "fuzz.json", baseDirectory: Fixtures.path("Scenes"))
            return .loaded
        } catch let e as SceneError {
            let ok =
                !e.errors.isEmpty && e.diagnostics.count <= DecodingContext.maximumDiagnostics + 1
                && e.diagnostics.allSatisfy {
                    $0.file == "fuzz.json" && $0.line >= 1 && $0.column >= 1 && !$0.path.isEmpty && !$0.message.isEmpty
                }
            if !ok { Issue.record("\(label): malformed diagnostics \(e.diagnostics)") }
            return ok ? .rejected : .malformed
        } catch {
            Issue.record("\(label): unexpected error type \(error)")
            return .malformed
        }
    }

    @Test func byteMutationsNeverCrashOrHang() {
        var rng = SeededRandom(seed: Self.seed)
        var outcomes: [Outcome: Int] = [:]
        for iteration in 0..<1200 {
            let input = Self.mutate(Self.corpus[iteration % Self.corpus.count], &rng)
            outcomes[Self.outcome(input, "seed \(Self.seed) iteration \(iteration)"), default: 0] += 1
        }
        #expect(outcomes[.malformed] == nil, "seed \(Self.seed): \(outcomes)")
        #expect((outcomes[.rejected] ?? 0) > 600, "seed \(Self.seed): most mutations break the scene: \(outcomes)")
    }

    @Test func valueSwapsNeverCrashOrHang() {
        let seed = Self.seed ^ 0xA5A5
        var rng = SeededRandom(seed: seed)
        var outcomes: [Outcome: Int] = [:]
        for iteration in 0..<1200 {
            var input = Self.corpus[iteration % Self.corpus.count]
            for _ in 0..<(1 + Int(rng.next32() % 3)) { input = Self.swapValue(input, &rng) }
            outcomes[Self.outcome(input, "seed \(seed) iteration \(iteration)"), default: 0] += 1
        }
        #expect(outcomes[.malformed] == nil, "seed \(seed): \(outcomes)")
        #expect((outcomes[.rejected] ?? 0) > 600, "seed \(seed): most swaps give a wrong type: \(outcomes)")
        #expect((outcomes[.loaded] ?? 0) > 10, "seed \(seed): some swaps still load: \(outcomes)")
    }

    @Test func hugeAndPathologicalInputsEndQuickly() {
        let inputs: [(String, [UInt8], Outcome)] = [
            (
                "a 2 MB description",
                Array("{\"schemaVersion\": 1, \"description\": \"".utf8) + [UInt8](repeating: 0x61, count: 2_000_000)
                    + Array("\"}".utf8), .loaded
            ),
            ("deep arrays", [UInt8](repeating: UInt8(ascii: "["), count: 100_000), .rejected),
            ("deep objects", Array(String(repeating: "{\"a\":", count: 50_000).utf8), .rejected),
            (
                "200 000 wrong layers",
                Array(("{\"schemaVersion\": 1, \"layers\": [" + String(repeating: "1,", count: 200_000) + "1]}").utf8),
                .rejected
            ),
            (
                "50 000 duplicate keys on one line",
                Array(("{\"schemaVersion\": 1" + String(repeating: ", \"a\": 1", count: 50_000) + "}").utf8), .rejected
            ),
            (
                "a 100 000-digit number",
                Array(("{\"schemaVersion\": 1" + String(repeating: "9", count: 100_000) + "}").utf8), .rejected
            ),
            ("NUL bytes", [UInt8](repeating: 0, count: 1000), .rejected),
            ("a lone byte-order mark", [0xEF, 0xBB, 0xBF], .rejected),
        ]
        for (label, bytes, expected) in inputs {
            #expect(Self.outcome(bytes, label) == expected, "\(label)")
        }
    }
}
