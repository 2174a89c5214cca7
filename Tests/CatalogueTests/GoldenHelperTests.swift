import EmitterKit
import Foundation
import Testing

@testable import EmitterTestSupport

/// The golden helper every golden of the suite goes through (`Tests/Support/Golden.swift`): comparing
/// passes only on a match, recording never passes, and recording is refused under CI.
@Suite struct GoldenHelperTests {
    @Test func theRecordingVariableRecordsExceptUnderCI() {
        #expect(Golden.mode(environment: [:]) == .compare)
        #expect(Golden.mode(environment: ["EMITTER_RECORD_GOLDENS": "0"]) == .compare)
        #expect(Golden.mode(environment: ["EMITTER_RECORD_GOLDENS": "1"]) == .record)
        #expect(Golden.mode(environment: ["EMITTER_RECORD_GOLDENS": "1", "CI": "true"]) == .refused)
        #expect(Golden.mode(environment: ["CI": "true"]) == .compare)
    }

    @Test func aTextGoldenPassesOnlyWhenEqualAndWritesWhatItGotOtherwise() throws {
        let folder = try TestSupport.temporaryFolder("golden-text")
        let path = folder + "/messages.expected"
        #expect(Golden.problem(text: "a\n", matchesFileAt: path, mode: .compare)?.contains("missing golden") == true)
        try Data("a\nb\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(Golden.problem(text: "a\nb\n", matchesFileAt: path, mode: .compare) == nil)
        let problem = Golden.problem(text: "a\nc\n", matchesFileAt: path, mode: .compare)
        #expect(problem?.contains("line 2 differs: golden \"b\", got \"c\"") == true, "\(problem ?? "nil")")
        #expect(FileManager.default.contents(atPath: path + ".actual") == Data("a\nc\n".utf8))
    }

    @Test func recordingWritesTheGoldenAndStillFails() throws {
        let folder = try TestSupport.temporaryFolder("golden-record")
        let path = folder + "/new.expected"
        let recorded = Golden.problem(text: "new\n", matchesFileAt: path, mode: .record)
        #expect(
            recorded?.contains("recorded") == true && recorded?.contains("never passes") == true, "\(recorded ?? "nil")"
        )
        #expect(FileManager.default.contents(atPath: path) == Data("new\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: path + ".actual"), "recording writes no .actual file")
        // Equal: left as it is, and the run still fails.
        let again = Golden.problem(text: "new\n", matchesFileAt: path, mode: .record)
        #expect(again?.contains("left as it is") == true, "\(again ?? "nil")")
        #expect(Golden.problem(text: "new\n", matchesFileAt: path, mode: .compare) == nil)
    }

    @Test func recordingUnderCIIsRefusedAndWritesNothing() throws {
        let folder = try TestSupport.temporaryFolder("golden-refused")
        let text = folder + "/refused.expected"
        let table = folder + "/hashes.json"
        let refused = Golden.problem(text: "x", matchesFileAt: text, mode: .refused)
        #expect(refused?.contains("refused when CI is set") == true, "\(refused ?? "nil")")
        #expect(Golden.problem(hash: "0123456789abcdef", named: "a", inTableAt: table, mode: .refused) != nil)
        #expect(!FileManager.default.fileExists(atPath: text) && !FileManager.default.fileExists(atPath: table))
    }

    @Test func hashGoldensLiveInOneTablePerTarget() throws {
        let table = try TestSupport.temporaryFolder("golden-hashes") + "/hashes.json"
        _ = Golden.problem(hash: "00000000000000aa", named: "first", inTableAt: table, mode: .record)
        _ = Golden.problem(hash: "00000000000000bb", named: "second", inTableAt: table, mode: .record)
        #expect(Golden.hash(named: "first", inTableAt: table) == "00000000000000aa")
        #expect(Golden.problem(hash: "00000000000000bb", named: "second", inTableAt: table, mode: .compare) == nil)
        let changed = Golden.problem(hash: "00000000000000cc", named: "second", inTableAt: table, mode: .compare)
        #expect(changed?.contains("hash 00000000000000cc, golden 00000000000000bb") == true, "\(changed ?? "nil")")
    }

    @Test func imagesMatchWithinTheirToleranceAndNoFurther() throws {
        let folder = try TestSupport.temporaryFolder("golden-image")
        let path = folder + "/grey.png"
        func grey(_ v: UInt8, odd: UInt8? = nil) throws -> CGImage {
            var pixels: [UInt8] = []
            for i in 0..<100 { pixels += [i == 37 ? (odd ?? v) : v, v, v, 255] }
            return try CGImage(width: 10, height: 10, premultipliedPixels: pixels)
        }
        try grey(100).writePNG(to: path)
        #expect(Golden.problem(image: try grey(100), matchesFileAt: path, tolerance: .exact, mode: .compare) == nil)
        #expect(Golden.problem(image: try grey(103), matchesFileAt: path, tolerance: .rendering, mode: .compare) == nil)
        let off = Golden.problem(image: try grey(104), matchesFileAt: path, tolerance: .rendering, mode: .compare)
        #expect(off?.contains("100 of 100 pixels") == true, "\(off ?? "nil")")
        #expect(FileManager.default.fileExists(atPath: folder + "/grey.actual.png"))
        // One pixel far off: beyond `rendering`; within a tolerance that lets 1 % of the pixels go.
        let one = try grey(100, odd: 200)
        #expect(Golden.problem(image: one, matchesFileAt: path, tolerance: .rendering, mode: .compare) != nil)
        let wide = Golden.ImageTolerance(channel: 3, pixelFraction: 0.01)
        #expect(Golden.problem(image: one, matchesFileAt: path, tolerance: wide, mode: .compare) == nil)
    }
}
