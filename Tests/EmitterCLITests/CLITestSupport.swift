import Foundation

/// Runs the built `emitter` binary (beside the test bundle) and captures its output.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The package root (for Scenes/), from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The `emitter` executable built for the tests.
let emitterBinary: String = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("emitter").path
}()

/// Runs `emitter arguments…` in the package root with `environment` changes (nil removes a variable).
func emitter(_ arguments: [String], environment: [String: String?] = ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil]) throws -> CLIRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: emitterBinary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
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

/// A fresh temporary folder.
func temporaryFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("emitter-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// Every scene file in Scenes/.
func sceneFiles() -> [String] {
    let folder = packageRoot + "/Scenes"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Scenes/" + $0 }
}
