import EmitterTestSupport
import Foundation
import ImageCodec
import LayerKit
import Testing

@testable import SceneFormat

/// The corpus of broken scenes (`Fixtures/Broken`), one per kind of mistake, each with its golden
/// messages in `<name>.expected`, a text golden (`Golden`: record with `EMITTER_RECORD_GOLDENS=1`, then
/// read the new messages before committing them).
@Suite struct BrokenScenesTests {
    /// Every kind of mistake the corpus must cover (a missing file fails the test).
    static let requiredCases = [
        "unknown-key", "misspelt-key", "wrong-type", "non-finite-number", "negative-birth-rate", "bad-enum",
        "bad-colour",
        "count-mismatch", "missing-image", "absolute-path", "url", "bad-transform", "bad-path", "deep-nesting",
        "duplicate-key", "trailing-garbage", "truncated", "empty", "binary-garbage", "syntax-mistakes", "many-problems",
        "physics-mistakes",
    ]

    static var caseNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("Broken"))) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The messages of loading `Broken/<name>.json`, as the command-line tool prints them.
    static func messages(_ name: String) -> String {
        let data = FileManager.default.contents(atPath: Fixtures.path("Broken/\(name).json")) ?? Data()
        do {
            _ = try SceneLoader.load(
                data: data, sourceName: "Broken/\(name).json", baseDirectory: Fixtures.path("Broken"))
            return "(loaded without errors)\n"
        } catch let e as SceneError {
            return e.description + "\n"
        } catch {
            return "unexpected error: \(error)\n"
        }
    }

    @Test func corpusCoversEveryKindOfMistake() {
        let missing = Set(Self.requiredCases).subtracting(Self.caseNames)
        #expect(missing.isEmpty, "missing broken scenes: \(missing.sorted())")
    }

    @Test(arguments: BrokenScenesTests.caseNames)
    func brokenSceneReportsItsGoldenMessages(_ name: String) throws {
        let actual = Self.messages(name)
        Golden.expect(
            text: actual, matchesFileAt: Fixtures.path("Broken/\(name).expected"), context: "Broken/\(name).json")
        #expect(!actual.hasPrefix("(loaded"), "a broken scene must not load: \(name)")
    }

    @Test func designExampleMessageIsReproducedExactly() throws {
        let data = try #require(FileManager.default.contents(atPath: Fixtures.path("Broken/negative-birth-rate.json")))
        #expect(throws: SceneError.self) {
            try SceneLoader.load(data: data, sourceName: "Scenes/fire.json", baseDirectory: nil)
        }
        do {
            _ = try SceneLoader.load(data: data, sourceName: "Scenes/fire.json", baseDirectory: nil)
        } catch let e as SceneError {
            #expect(
                e.description
                    == "Scenes/fire.json:14:9: layers[0].emitterCells[1].birthRate: expected a number ≥ 0, got -5")
        }
    }

    @Test func corruptImageNamesTheFileAndTheFix() throws {
        let dir = URL(fileURLWithPath: try TestSupport.temporaryFolder("sceneformat-corrupt"))
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try PNGCodec.encode(try #require(BuiltinSprites.image(named: "softDot")))
        try good.prefix(60).write(to: dir.appendingPathComponent("cut.png"))
        try Data("GIF89a not really".utf8).write(to: dir.appendingPathComponent("fake.png"))
        let json = """
            {
              "schemaVersion": 1,
              "layers": [
                { "type": "layer", "contents": "cut.png" },
                { "type": "layer", "contents": "fake.png" }
              ]
            }
            """
        let lines = errors(json, name: "corrupt.json", base: dir.path)
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.first?.hasPrefix("corrupt.json:4:24: layers[0].contents: \"cut.png\" is a corrupt or truncated PNG (")
                == true, "\(lines)")
        #expect(lines.first?.hasSuffix("); re-export the image") == true, "\(lines)")
        #expect(
            lines.last
                == "corrupt.json:5:24: layers[1].contents: \"fake.png\" is not a PNG file (it looks like GIF); convert it to PNG",
            "\(lines)")
    }
}
