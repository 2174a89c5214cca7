import EmitterKit
import Foundation
import Testing

/// Every hang or crash the fuzzers found, as a named test of the input that showed it.
@Suite struct FuzzRegressionTests {
    /// scene-json seed 24939261986 iteration 143: a 65 536-character `"type"` value took seconds (the
    /// "did you mean" edit distance cost the length times every candidate) and tripped the hang guard.
    @Test func aGiantUnknownEnumStringIsRejectedQuickly() throws {
        let giant = String(repeating: "a", count: 1 << 20)
        let json = #"{"schemaVersion": 1, "layers": [{"type": "\#(giant)"}, {"type": "emiter"}]}"#
        let started = DispatchTime.now().uptimeNanoseconds
        #expect(throws: SceneError.self) {
            try SceneLoader.load(data: Data(json.utf8), sourceName: "giant.json", baseDirectory: nil)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        #expect(seconds < 2, "a 1 MiB unknown type is rejected in \(seconds) s")
        do {
            _ = try SceneLoader.load(data: Data(json.utf8), sourceName: "giant.json", baseDirectory: nil)
        } catch let error as SceneError {
            let messages = error.errors.map(\.message)
            #expect(
                messages.contains { $0.contains("did you mean \"emitter\"") },
                "short misspellings still get a suggestion: \(messages)")
            #expect(messages.allSatisfy { $0.utf8.count < 2000 }, "messages abbreviate the giant value")
        }
    }

    /// png seed 593698 (corpus file large-declared-tiny-data.png): a 69-byte file declaring 8192×8192
    /// pixels made the decoder zero 256 MiB before libpng noticed the missing data.
    @Test func aTinyPNGDeclaringAHugeImageIsRefusedBeforeAllocating() throws {
        let bytes = try #require(FileManager.default.contents(atPath: corpusRoot + "/png/large-declared-tiny-data.png"))
        #expect(
            throws: ImageError.corrupt(
                source: "tiny.png", reason: "the header declares 8192×8192 pixels but the file has only 69 bytes")
        ) {
            try PNGCodec.decode(bytes, source: "tiny.png")
        }
    }

    /// A header over `CGImage`'s limits is refused with the limit in the message.
    @Test func aPNGDeclaringMoreThanTheDimensionLimitIsTooLarge() throws {
        let bytes = try #require(FileManager.default.contents(atPath: corpusRoot + "/png/huge-declared.png"))
        #expect(throws: ImageError.tooLarge(source: "huge.png", width: 100_000, height: 100_000)) {
            try PNGCodec.decode(bytes, source: "huge.png")
        }
    }

    /// Truncated data and a bad CRC are corrupt images, never crashes.
    @Test func truncatedAndBadCRCPNGsAreCorrupt() throws {
        for name in ["truncated", "bad-crc", "zero-size"] {
            let bytes = try #require(FileManager.default.contents(atPath: corpusRoot + "/png/\(name).png"))
            do {
                _ = try PNGCodec.decode(bytes, source: name)
                Issue.record("\(name).png decoded")
            } catch let error as ImageError {
                guard case .corrupt = error else {
                    Issue.record("\(name).png: \(error)")
                    continue
                }
                #expect(error.description.hasPrefix("\(name): corrupt or truncated PNG ("), "\(error)")
            }
        }
    }

    /// Deep nesting far past the limit ends in one clear error, without recursion.
    @Test func nestingAHundredThousandLevelsDeepIsOneError() throws {
        let json =
            "{\"schemaVersion\": 1, \"layers\": " + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        do {
            _ = try SceneLoader.load(data: Data(json.utf8), sourceName: "deep.json", baseDirectory: nil)
            Issue.record("loaded")
        } catch let error as SceneError {
            #expect(error.errors.first?.message.contains("\(SceneLoader.maximumNestingDepth)") == true, "\(error)")
        }
    }

    /// scene-json seed 24939261986 iteration 2356 (corpus text.json with a 1 MiB "string"): wrapping one
    /// word of N characters rescanned the word for every line, N² work; 256 KiB took 12.5 s in a debug
    /// build and tripped the hang guard. The scene must load, run and draw under the guard.
    @Test func wrappingAGiantWordIsNotAHang() {
        let word = String(repeating: "a", count: 1 << 18)
        let json = """
            {"schemaVersion": 1, "display": {"size": [400, 200]},
             "layers": [{"type": "text", "frame": [20, 20, 360, 96], "isWrapped": true, "fontSize": 15, "string": "\(word)"}]}
            """
        var harness = FuzzHarness(target: "regression-giant-word", seed: 0)
        harness.timeout = 5
        let report = harness.run(
            0, mutator: FuzzMutator(seed: 0, corpus: [Array(json.utf8)], format: .bytes),
            body: SceneFuzzTests.loadAndRun)
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.accepted == 1, "the scene loads and draws")
    }
}
