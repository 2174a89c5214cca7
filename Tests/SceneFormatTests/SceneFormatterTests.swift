import EmitterTestSupport
import Foundation
import Testing

@testable import SceneFormat

/// `SceneFormatter` (`emitter format`): one canonical, compact text per scene, the same values, and
/// nothing written for a scene that does not load.
@Suite struct SceneFormatterTests {
    /// The scene files the formatter must handle: the catalogue and this target's fixtures.
    static let sceneFiles: [String] = {
        let folders = [Fixtures.packageRoot + "/Scenes", Fixtures.path("Scenes")]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
                .sorted().map { folder + "/" + $0 }
        }
    }()

    static func format(_ json: String) throws -> String {
        try SceneFormatter.format(
            data: Data(json.utf8), sourceName: "test.json", baseDirectory: Fixtures.path("Scenes"))
    }

    @Test(arguments: SceneFormatterTests.sceneFiles)
    func formattingIsIdempotentAndKeepsEveryValue(_ path: String) throws {
        let once = try SceneFormatter.format(path: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let twice = try SceneFormatter.format(data: Data(once.utf8), sourceName: path, baseDirectory: folder)
        #expect(once == twice, "\(path): formatting the formatted text changes it")
        // The same JSON values, member for member (only the order of members may change).
        let original = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path)))
        let formatted = try JSONSerialization.jsonObject(with: Data(once.utf8))
        #expect(
            NSDictionary(dictionary: original as? [String: Any] ?? [:])
                .isEqual(to: formatted as? [String: Any] ?? [:]),
            "\(path): the formatted file holds other values")
    }

    @Test func keysFollowTheDocumentedOrderWhateverTheOrderWritten() throws {
        let scrambled = """
            {"layers": [{"emitterCells": [{"contents": "builtin:spark", "lifetime": 1, "name": "s"}],
            "emitterPosition": [1, 2], "name": "e", "frame": [0, 0, 10, 10], "type": "emitter"}],
            "display": {"framesPerSecond": 30, "size": [64, 48]}, "schemaVersion": 1}
            """
        let expected = """
            {
              "schemaVersion": 1,
              "display": { "size": [64, 48], "framesPerSecond": 30 },
              "layers": [
                {
                  "type": "emitter",
                  "name": "e",
                  "frame": [0, 0, 10, 10],
                  "emitterPosition": [1, 2],
                  "emitterCells": [
                    { "name": "s", "lifetime": 1, "contents": "builtin:spark" }
                  ]
                }
              ]
            }

            """
        #expect(try Self.format(scrambled) == expected)
    }

    @Test func shortContainersJoinOneLineAndLongOnesDoNot() throws {
        let values = (0..<40).map { String($0) }.joined(separator: ", ")
        let text = try Self.format(
            """
            {"schemaVersion": 1, "layers": [{"type": "gradient", "colors": ["red", "blue"],
             "locations": [0, 1], "animations": {"a": {"type": "keyframe", "keyPath": "opacity",
             "values": [\((0..<40).map { _ in "1" }.joined(separator: ", "))], "duration": 2}}}],
             "description": "\(values)"}
            """)
        #expect(text.contains("\"colors\": [\"red\", \"blue\"],\n"), "\(text)")
        #expect(text.contains("\"values\": [\n"), "forty values do not fit on one line: \(text)")
        for line in text.split(separator: "\n") where !line.contains("\"description\"") {
            #expect(line.unicodeScalars.count <= SceneFormatter.lineLength, "line too long: \(line)")
        }
    }

    @Test func numbersTakeTheirShortestFormAndKeepTheirValue() throws {
        let cases: [(Double, String)] = [
            (1, "1"), (-0.25, "-0.25"), (1e-7, "1e-7"), (2.5e-5, "2.5e-5"), (-0.0, "-0"), (0, "0"),
            (1e12, "1000000000000"),
            (0.1, "0.1"), (1 / 3, "0.3333333333333333"), (123456.789, "123456.789"),
        ]
        for (value, text) in cases {
            let written = JSONWriter.number(value)
            #expect(written == text, "\(value) is written \(written), expected \(text)")
            #expect(Double(written)?.bitPattern == value.bitPattern, "\(written) reads back as \(value)")
        }
        let text = try Self.format(#"{"schemaVersion": 1.0, "display": {"framesPerSecond": 6.0e1}}"#)
        #expect(text.contains("\"schemaVersion\": 1,") && text.contains("\"framesPerSecond\": 60 }"), "\(text)")
    }

    @Test func stringsKeepTheirCharactersAndEscapeOnlyWhatJSONNeeds() throws {
        let text = try Self.format(#"{"schemaVersion": 1, "description": "a \"b\" \\ c\td × …\u00e9"}"#)
        #expect(text.contains(#""description": "a \"b\" \\ c\td × …é""#), "\(text)")
    }

    @Test func aSceneThatDoesNotLoadIsReportedLikeValidateDoes() throws {
        let broken = #"{"schemaVersion": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": -5}]}]}"#
        #expect {
            try Self.format(broken)
        } throws: { error in
            let e = error as? SceneError
            return e?.errors.first?.description
                == "test.json:1:71: layers[0].emitterCells[0].birthRate: expected a number ≥ 0, got -5"
        }
        #expect(throws: SceneError.self) { try Self.format("{\"schemaVersion\": 1,") }
    }
}
