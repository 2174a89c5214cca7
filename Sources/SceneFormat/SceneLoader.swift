import Foundation
import LayerKit

/// Loads scene files (JSON, docs/Design.md §5, docs/SceneFormat.md) into a `Scene`.
///
/// Loading is strict and complete: every problem of the file is reported at once, as
/// `file:line:column: json.path: message`, and any input, however broken, ends in a `Scene` or a
/// `SceneError`, never a crash or a hang.
public enum SceneLoader {
    /// The file format version this loader reads.
    public static let schemaVersion = 1
    /// The largest scene file accepted, in bytes: 16 MiB.
    public static let maximumFileSize = 16 << 20
    /// The deepest nesting of JSON objects and arrays accepted: 128 levels.
    public static let maximumNestingDepth = 128
    /// The most layers one scene may hold (masks and sublayers included): 100 000.
    public static let maximumLayerCount = 100_000
    /// The most copies nested replicators may make of a layer: the product of the `instanceCount`s of
    /// a replicator and the replicators that enclose it, 100 000 (the compositor caps the same product).
    public static let maximumReplicatedInstances = 100_000
    /// The deepest nesting of emitter cells: 32 levels (Particles ignores deeper cells).
    public static let maximumCellDepth = 32
    /// The largest product of birth rates along a chain of sub-cells (each times the layer's
    /// `birthRate`), particles per second: 100 000 000.
    public static let maximumBirthRateProduct: Double = 100_000_000
    /// The largest sum of the emitter layers' `maxParticles` in one scene: 50 000 000 (2.4 GB of
    /// particle state), so that many emitters cannot together exhaust memory.
    public static let maximumTotalParticles = 50_000_000
    /// The most layers with a physics body in one scene: 10 000.
    public static let maximumBodyCount = 10_000

    /// Loads the scene file at `path`; images are found relative to its folder.
    public static func load(path: String) throws -> Scene {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fileError(path, "cannot read the scene file (no such file); check the path")
        }
        if isDirectory.boolValue { throw fileError(path, "is a folder, not a scene file; name a .json file inside it") }
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > maximumFileSize {
            throw fileError(
                path,
                "the scene file is \(size) bytes; the limit is \(maximumFileSize) bytes (keep images in PNG files, not in the JSON)"
            )
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw fileError(path, "cannot read the scene file (permission denied or not a regular file)")
        }
        let folder = PathText.directory(of: path)
        return try load(data: data, sourceName: path, baseDirectory: folder.isEmpty ? "." : folder, sourcePath: path)
    }

    /// Loads a scene from `data`. `sourceName` names it in messages; image paths are relative to
    /// `baseDirectory` (nil: the scene may only use built-in sprites).
    public static func load(data: Data, sourceName: String, baseDirectory: String?) throws -> Scene {
        try load(data: data, sourceName: sourceName, baseDirectory: baseDirectory, sourcePath: nil)
    }

    // MARK: - Private

    private static func load(data: Data, sourceName: String, baseDirectory: String?, sourcePath: String?) throws
        -> Scene
    {
        if data.count > maximumFileSize {
            throw fileError(sourceName, "the scene is \(data.count) bytes; the limit is \(maximumFileSize) bytes")
        }
        let source = SourceText(bytes: [UInt8](data))
        let ctx = DecodingContext(source: source, sourceName: sourceName, baseDirectory: baseDirectory)
        let parsed = JSONParser.parse(source, maximumDepth: maximumNestingDepth)
        ctx.add(parsed.issues)
        guard let root = parsed.root else { throw SceneError(diagnostics: ctx.diagnostics()) }
        let decoder = SceneDecoder(ctx)
        let scene = decoder.decodeScene(root, sourcePath: sourcePath, baseDirectory: baseDirectory)
        let diagnostics = ctx.diagnostics()
        guard var scene, !ctx.hasErrors else { throw SceneError(diagnostics: diagnostics) }
        scene.warnings = diagnostics
        return scene
    }

    private static func fileError(_ file: String, _ message: String) -> SceneError {
        SceneError(diagnostics: [
            SceneDiagnostic(severity: .error, file: file, line: 0, column: 0, path: "(root)", message: message)
        ])
    }
}
