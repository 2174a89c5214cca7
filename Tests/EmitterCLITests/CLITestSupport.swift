import EmitterTestSupport
import Foundation

/// What a run of the `emitter` binary printed and returned.
typealias CLIRun = ToolRun

/// The package root (for Scenes/).
let packageRoot = TestSupport.packageRoot

/// The `emitter` executable built for the tests.
let emitterBinary = TestSupport.executable(named: "emitter")

/// Runs `emitter arguments…` in the package root with `environment` changes (nil removes a variable);
/// by default without a display.
func emitter(_ arguments: [String], environment: [String: String?] = TestSupport.withoutDisplay) throws -> CLIRun {
    try TestSupport.run(emitterBinary, arguments, environment: environment)
}

/// A fresh temporary folder.
func temporaryFolder() throws -> String { try TestSupport.temporaryFolder("cli") }

/// Every scene file in Scenes/.
func sceneFiles() -> [String] {
    let folder = packageRoot + "/Scenes"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Scenes/" + $0 }
}
