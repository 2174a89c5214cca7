import EmitterKit
import Foundation

// MARK: - Paths

/// The package root, from this file's path (Tests/RobustnessTests/Support/…).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
}()

/// The committed corpus: `Tests/RobustnessTests/Corpus`.
let corpusRoot = packageRoot + "/Tests/RobustnessTests/Corpus"

/// The files of a corpus folder with the given extension, sorted by name (path, bytes).
func corpusFiles(_ folder: String, ext: String) -> [(path: String, bytes: [UInt8])] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.lowercased().hasSuffix("." + ext) }.sorted().compactMap { name in
        let path = folder + "/" + name
        return FileManager.default.contents(atPath: path).map { (path, [UInt8]($0)) }
    }
}

/// The scenes shipped in Scenes/ (the catalogue grows; the fuzzer picks new scenes up).
func shippedScenes() -> [(path: String, bytes: [UInt8])] { corpusFiles(packageRoot + "/Scenes", ext: "json") }

/// A fresh temporary folder.
func temporaryFolder(_ label: String = "robust") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("emitter-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

// MARK: - The emitter command

/// What a run of the `emitter` binary printed and returned.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `emitter` executable built next to the test bundle.
let emitterBinary: String = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("emitter").path
}()

/// Runs `emitter arguments…` in the package root without a display.
func emitter(_ arguments: [String]) throws -> CLIRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: emitterBinary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
    var env = ProcessInfo.processInfo.environment
    for key in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env[key] = nil }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                  stderr: String(decoding: errData, as: UTF8.self))
}
