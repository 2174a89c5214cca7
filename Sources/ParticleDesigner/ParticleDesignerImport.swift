import Foundation
import ImageCodec
import LayerKit
import SceneFormat

// MARK: - Imported effect

/// A Particle Designer file turned into an emitter layer with one cell, ready to become a scene or a
/// scene file.
public struct ParticleDesignerImport {
    /// cocos2d's emitter modes.
    public enum Mode: String, Sendable {
        /// Mode A: speed, gravity, radial and tangential acceleration.
        case gravity
        /// Mode B: particles orbit the source position.
        case radius
    }

    /// The .plist file.
    public var sourcePath: String
    /// The file's emitter mode.
    public var mode: Mode
    /// The runtime whose arithmetic the import follows (`emissionRate`).
    public var runtime: ParticleDesignerImporter.Runtime
    /// Whether the file is flipped as cocos2d-x flips `yCoordFlipped` −1 files.
    public var isYFlipped: Bool
    /// The emitter layer (320×480 design view, y down), its one cell below.
    public var emitter: CAEmitterLayer
    /// The particle cell.
    public var cell: CAEmitterCell
    /// The particle image and where it came from.
    public var texture: ParticleTexture
    /// What was approximated or could not be used, one warning each.
    public var warnings: [SceneDiagnostic]

    /// The file's scene as JSON (docs/SceneFormat.md); the cell's contents are `textureReference`.
    public func json(textureReference: String) -> String {
        SceneJSONWriter.scene(
            description: "Imported from the Particle Designer file \((sourcePath as NSString).lastPathComponent)",
            size: ParticleDesignerImporter.designSize, emitter: emitter, textureReference: textureReference)
    }

    /// The scene: the JSON loaded by the scene loader, with the file's texture as the cell's contents
    /// and the import's warnings.
    public func scene() throws -> Scene {
        try SingleCellImportOutput.scene(
            sourcePath: sourcePath, texture: texture, warnings: warnings, json: json(textureReference:))
    }

    /// Writes the scene file `jsonPath` and, unless the texture is a built-in sprite, the texture as a
    /// PNG next to it (`<name>-texture.png`, referenced relative to the JSON). Returns the paths written.
    @discardableResult
    public func write(toJSON jsonPath: String) throws -> [String] {
        try SingleCellImportOutput.write(toJSON: jsonPath, texture: texture, json: json(textureReference:))
    }
}

/// A scene file or its texture could not be written.
public struct ImportWriteError: Error, CustomStringConvertible {
    /// The file that could not be written.
    public var path: String
    /// Why.
    public var reason: String

    /// The message.
    public var description: String {
        "\(path): cannot write the scene file (\(reason)); check that the folder exists and is writable"
    }
}
