import Foundation
import ImageCodec
import LayerKit
import SceneFormat

// MARK: - One cell with one texture, as a scene or a scene file

/// What a one-cell import (Particle Designer, SpriteKit) does with its result, written once: load its
/// JSON as a scene with the file's texture as the cell's contents, or write the JSON with the texture
/// as a PNG beside it.
enum SingleCellImportOutput {
    /// The scene of `json` (called with the built-in fallback sprite's reference), the cell's contents
    /// replaced by `texture` and `warnings` put first.
    static func scene(
        sourcePath: String, texture: ParticleTexture, warnings: [SceneDiagnostic], json: (String) -> String
    ) throws -> Scene {
        let text = json("builtin:\(ParticleTexture.fallbackName)")
        let folder = (sourcePath as NSString).deletingLastPathComponent
        var scene = try SceneLoader.load(
            data: Data(text.utf8), sourceName: sourcePath + " (imported)",
            baseDirectory: folder.isEmpty ? "." : folder)
        if let layer = scene.layers.first as? CAEmitterLayer, let c = layer.emitterCells?.first {
            c.contents = texture.image
        }
        scene.warnings = warnings + scene.warnings
        return scene
    }

    /// Writes the scene file `jsonPath` and, unless the texture is a built-in sprite, the texture as a
    /// PNG next to it (`<name>-texture.png`, referenced relative to the JSON). Returns the paths written.
    static func write(toJSON jsonPath: String, texture: ParticleTexture, json: (String) -> String) throws -> [String] {
        let folder = (jsonPath as NSString).deletingLastPathComponent
        let base = ((jsonPath as NSString).lastPathComponent as NSString).deletingPathExtension
        var written: [String] = []
        let reference: String
        switch texture.source {
        case .builtin(let name):
            reference = "builtin:\(name)"
        case .file, .embedded:
            reference = "\(base.isEmpty ? "particles" : base)-texture.png"
            let pngPath = folder.isEmpty ? reference : folder + "/" + reference
            try texture.image.writePNG(to: pngPath)
            written.append(pngPath)
        }
        do {
            try Data(json(reference).utf8).write(to: URL(fileURLWithPath: jsonPath))
        } catch {
            throw ImportWriteError(path: jsonPath, reason: "\(error.localizedDescription)")
        }
        written.insert(jsonPath, at: 0)
        return written
    }
}
