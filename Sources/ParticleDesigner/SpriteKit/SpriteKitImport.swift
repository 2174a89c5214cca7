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
        try SingleCellImportOutput.scene(
            sourcePath: sourcePath, texture: texture, warnings: warnings, json: json(textureReference:))
    }

    /// Writes the scene file `jsonPath` and, unless the texture is a built-in sprite, the texture as a
    /// PNG next to it (`<name>-texture.png`). Returns the paths written.
    @discardableResult
    public func write(toJSON jsonPath: String) throws -> [String] {
        try SingleCellImportOutput.write(toJSON: jsonPath, texture: texture, json: json(textureReference:))
    }
}
