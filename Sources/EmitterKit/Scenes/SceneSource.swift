import Foundation
import ParticleDesigner

/// Loads a scene from a file, choosing the reader by extension: `.json` scene files (SceneFormat),
/// `.plist` Particle Designer files (ParticleDesigner).
/// Readers for other formats register themselves in `readers`.
public enum SceneSource {
    /// A reader for files with a given extension: path in, scene out, errors naming the file.
    public typealias Reader = (_ path: String) throws -> Scene

    /// Readers by lower-case extension (without the dot). `json` is built in.
    nonisolated(unsafe) public static var readers: [String: Reader] = [
        "json": { try SceneLoader.load(path: $0) },
        // Particle Designer / cocos2d particle files (docs/Import.md).
        "plist": { try ParticleDesignerImporter.loadScene(path: $0) },
        // SpriteKit emitter files (docs/Import.md, "SpriteKit").
        "sks": { try SpriteKitImporter.loadScene(path: $0) },
        // libGDX particle effects (docs/Import.md, "libGDX").
        "p": { try GdxParticleImporter.loadScene(path: $0) },
    ]

    /// The scene at `path`. Throws `SceneError` (or the reader's error) naming the file and the fix.
    public static func load(path: String) throws -> Scene {
        let ext =
            path.split(separator: "/").last.flatMap { name -> String? in
                guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
                return String(name[name.index(after: dot)...]).lowercased()
            } ?? ""
        guard let reader = readers[ext] else {
            throw SceneSourceError.unsupportedFormat(path: path, known: readers.keys.sorted())
        }
        return try reader(path)
    }
}

/// Why a file could not be read as a scene.
public enum SceneSourceError: Error, Equatable, CustomStringConvertible {
    /// No reader for the file's extension.
    case unsupportedFormat(path: String, known: [String])

    /// The message.
    public var description: String {
        switch self {
        case .unsupportedFormat(let path, let known):
            return "\(path): not a scene file; expected one of: \(known.map { "." + $0 }.joined(separator: ", "))"
        }
    }
}

extension Scene {
    /// Adds `offset` (wrapping) to the seed of every emitter layer, so that `--seed N` gives another
    /// deterministic run while emitters of one scene keep distinct generators.
    package func offsetSeeds(by offset: UInt32) {
        rootLayer.forEachLayer { layer in
            if let e = layer as? CAEmitterLayer { e.seed = e.seed &+ offset }
        }
    }
}
