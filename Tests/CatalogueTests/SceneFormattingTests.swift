import EmitterKit
import Foundation
import Testing

@testable import SceneFormat

/// Formatting never changes what a scene does: a catalogue scene written with the keys of every object
/// reversed and every array and object spread over lines runs to the same state hash, and formats back
/// to the committed file.
@Suite struct SceneFormattingTests {
    /// `value` with the members of every object reversed, except the order of animations, which the
    /// formatter keeps as written.
    static func scrambled(_ value: JSONValue, key: String? = nil) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map { scrambled($0) })
        case .object(let members):
            let inner = members.map { ($0.key, scrambled($0.value, key: $0.key)) }
            return .object(key == "animations" ? inner : inner.reversed())
        default: return value
        }
    }

    @Test(arguments: catalogue)
    func aScrambledSceneRunsTheSameAndFormatsBackToTheFile(_ scene: CatalogueScene) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: scene.path))
        let parsed = JSONParser.parse(SourceText(bytes: [UInt8](original)), maximumDepth: 128)
        let value = try #require(parsed.root.flatMap(JSONValue.init))
        let text = JSONWriter(lineLength: 0).text(of: Self.scrambled(value))
        let folder = packageRoot + "/Scenes"
        let name = "Scenes/\(scene.name).json, scrambled"
        let formatted = try SceneFormatter.format(data: Data(text.utf8), sourceName: name, baseDirectory: folder)
        #expect(
            Data(formatted.utf8) == original,
            "Scenes/\(scene.name).json is not what formatting its scrambled copy gives")
        #expect(text.split(separator: "\n").count > formatted.split(separator: "\n").count)
        let fromFile = try run(scene.path, duration: scene.duration, fps: 60)
        let engine = try Engine(
            scene: try SceneLoader.load(data: Data(text.utf8), sourceName: name, baseDirectory: folder), threadCount: 1)
        for _ in 0..<Int((scene.duration * 60).rounded()) { engine.advance(by: 1.0 / 60) }
        #expect(
            engine.stateHash().hex == fromFile.hash,
            "\(scene.name) at t=\(scene.duration) s, 60 fps: scrambled \(engine.stateHash().hex), file \(fromFile.hash)"
        )
    }
}
