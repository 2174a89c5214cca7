import Foundation
import ImageCodec
import LayerKit
import SceneFormat

// MARK: - Imported SpriteKit effect

/// A SpriteKit `.sks` emitter turned into an emitter layer with one cell, ready to become a scene or a
/// scene file.
public struct SpriteKitImport {
    /// The .sks file.
    public var sourcePath: String
    /// The emitter layer (the emitter node at the centre of `SpriteKitImporter.designSize`, y down).
    public var emitter: CAEmitterLayer
    /// The particle cell.
    public var cell: CAEmitterCell
    /// The particle image and where it came from.
    public var texture: ParticleTexture
    /// What was approximated or could not be used, one warning each; `path` names the archive key.
    public var warnings: [SceneDiagnostic]

    /// The file's scene as JSON (docs/SceneFormat.md); the cell's contents are `textureReference`.
    public func json(textureReference: String) -> String {
        SceneJSONWriter.scene(
            description: "Imported from the SpriteKit emitter \((sourcePath as NSString).lastPathComponent)",
            size: SpriteKitImporter.designSize, emitter: emitter, textureReference: textureReference)
    }

    /// The scene: the JSON loaded by the scene loader, with the file's texture as the cell's contents
    /// and the import's warnings.
    public func scene() throws -> Scene {
        let text = json(textureReference: "builtin:\(ParticleTexture.fallbackName)")
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
    /// PNG next to it (`<name>-texture.png`). Returns the paths written.
    @discardableResult
    public func write(toJSON jsonPath: String) throws -> [String] {
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
            try Data(json(textureReference: reference).utf8).write(to: URL(fileURLWithPath: jsonPath))
        } catch {
            throw ImportWriteError(path: jsonPath, reason: "\(error.localizedDescription)")
        }
        written.insert(jsonPath, at: 0)
        return written
    }
}
