import Foundation
import LayerKit
import SceneFormat

// MARK: - Imported libGDX effect

/// A libGDX particle effect turned into scene JSON: one emitter layer per libGDX emitter.
public struct GdxParticleImport {
    /// The .p file.
    public var sourcePath: String
    /// The emitter layers as scene-format objects (docs/SceneFormat.md).
    var layers: [[String: Any]]
    /// The PNGs the cells use: file name (the cells' `contents`) → path next to the .p file.
    public var images: [String: String]
    /// The libGDX emitters' names, in file order (one emitter layer each).
    public var emitterNames: [String]
    /// What was approximated or could not be used, one warning each, naming the line.
    public var warnings: [SceneDiagnostic]

    /// The scene as JSON text; cells name their images by file name, relative to the scene file.
    public func json() -> String {
        let scene: [String: Any] = [
            "schemaVersion": 1,
            "description": "Imported from the libGDX particle file \((sourcePath as NSString).lastPathComponent)",
            "display": [
                "size": [Double(GdxParticleImporter.designSize.width), Double(GdxParticleImporter.designSize.height)],
                "backgroundColor": [0, 0, 0, 1], "framesPerSecond": 60,
            ] as [String: Any],
            "layers": layers,
        ]
        guard
            let data = try? JSONSerialization.data(withJSONObject: scene, options: [.prettyPrinted, .sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text + "\n"
    }

    /// The scene, loaded with the .p file's folder as the base of image paths, with the import's warnings.
    public func scene() throws -> Scene {
        let folder = (sourcePath as NSString).deletingLastPathComponent
        var scene = try SceneLoader.load(
            data: Data(json().utf8), sourceName: sourcePath + " (imported)",
            baseDirectory: folder.isEmpty ? "." : folder)
        scene.warnings = warnings + scene.warnings
        return scene
    }

    /// Writes the scene file `jsonPath` and copies the images next to it (when it is in another folder).
    /// Returns the paths written.
    @discardableResult
    public func write(toJSON jsonPath: String) throws -> [String] {
        let folder = (jsonPath as NSString).deletingLastPathComponent
        var written: [String] = []
        for (name, source) in images.sorted(by: { $0.key < $1.key }) {
            let target = folder.isEmpty ? name : folder + "/" + name
            let same =
                URL(fileURLWithPath: target).standardizedFileURL.path
                == URL(fileURLWithPath: source).standardizedFileURL.path
            guard !same else { continue }
            do {
                try? FileManager.default.removeItem(atPath: target)
                try FileManager.default.copyItem(atPath: source, toPath: target)
            } catch {
                throw ImportWriteError(path: target, reason: "\(error.localizedDescription)")
            }
            written.append(target)
        }
        do {
            try Data(json().utf8).write(to: URL(fileURLWithPath: jsonPath))
        } catch {
            throw ImportWriteError(path: jsonPath, reason: "\(error.localizedDescription)")
        }
        written.insert(jsonPath, at: 0)
        return written
    }
}
