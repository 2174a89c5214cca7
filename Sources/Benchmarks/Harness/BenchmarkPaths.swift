import Foundation

/// Where the benchmarks find the scene folder and the `emitter` binary they spawn.
public enum BenchmarkPaths {
    /// The folder of scenes measured by the scene figures: `EMITTER_SCENES` when set, else `Scenes/` in
    /// the working directory, else the package's `Scenes/` (from this source file's location).
    public static func scenesFolder() throws -> String {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["EMITTER_SCENES"], !env.isEmpty {
            guard isDirectory(env) else {
                throw BenchmarkError("EMITTER_SCENES=\(env) is not a folder; point it at the scenes to measure")
            }
            return env
        }
        let local = fm.currentDirectoryPath + "/Scenes"
        if isDirectory(local) { return local }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        let packaged = url.appendingPathComponent("Scenes").path
        if isDirectory(packaged) { return packaged }
        throw BenchmarkError(
            "no Scenes/ folder in \(fm.currentDirectoryPath); run the benchmark from the "
                + "package root or set EMITTER_SCENES")
    }

    /// The scene files (`*.json`) of the scenes folder, sorted by name; read at run time, so scenes
    /// added to the catalogue are measured without code changes.
    public static func sceneFiles() throws -> [String] {
        let folder = try scenesFolder()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }

    /// The `emitter` binary: `EMITTER_BINARY` when set, else this process when it is `emitter`, else an
    /// `emitter` beside this executable (the test bundle's build folder).
    public static func emitterBinary() throws -> String {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["EMITTER_BINARY"], !env.isEmpty {
            guard fm.isExecutableFile(atPath: env) else {
                throw BenchmarkError(
                    "EMITTER_BINARY=\(env) is not an executable; build it with `swift build --product emitter`")
            }
            return env
        }
        let exe = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        if URL(fileURLWithPath: exe).lastPathComponent == "emitter" { return exe }
        let sibling = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("emitter").path
        if fm.isExecutableFile(atPath: sibling) { return sibling }
        throw BenchmarkError(
            "no `emitter` binary beside \(exe); build it with `swift build --product emitter` "
                + "or set EMITTER_BINARY")
    }

    /// A fresh temporary folder for outputs of spawned runs.
    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("emitter-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
