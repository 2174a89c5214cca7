import Foundation
import LayerKit

@testable import SceneFormat

/// The test fixtures: sketch scenes, assets and the corpus of broken scenes.
enum Fixtures {
    /// `Tests/SceneFormatTests/Fixtures`.
    static let directory: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    /// The repository root (for docs/SceneFormat.md).
    static let packageRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A fixture's full path.
    static func path(_ relative: String) -> String { directory + "/" + relative }
}

/// Loads `json` as a scene named `name` whose assets are relative to `Fixtures/Scenes`.
func loadScene(_ json: String, name: String = "test.json", base: String? = Fixtures.path("Scenes")) throws -> Scene {
    try SceneLoader.load(data: Data(json.utf8), sourceName: name, baseDirectory: base)
}

/// The diagnostics (errors and warnings) of loading `json`, one line each; empty when it loads cleanly.
func diagnostics(_ json: String, name: String = "test.json", base: String? = Fixtures.path("Scenes")) -> [String] {
    do {
        let scene = try loadScene(json, name: name, base: base)
        return scene.warnings.map(\.description)
    } catch let e as SceneError {
        return e.diagnostics.map(\.description)
    } catch {
        return ["unexpected error: \(error)"]
    }
}

/// Only the error lines of loading `json`.
func errors(_ json: String, name: String = "test.json", base: String? = Fixtures.path("Scenes")) -> [String] {
    do {
        _ = try loadScene(json, name: name, base: base)
        return []
    } catch let e as SceneError {
        return e.errors.map(\.description)
    } catch {
        return ["unexpected error: \(error)"]
    }
}

/// A minimal scene around one layer object written as JSON text.
func sceneWithLayer(_ layer: String) -> String {
    "{\"schemaVersion\": 1, \"layers\": [\(layer)]}"
}
