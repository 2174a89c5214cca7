import EmitterKit
import EmitterTestSupport
import Foundation

// MARK: - Paths

/// The package root.
let packageRoot = TestSupport.packageRoot

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
func temporaryFolder(_ label: String = "robust") throws -> String { try TestSupport.temporaryFolder(label) }

// MARK: - The emitter command

/// What a run of the `emitter` binary printed and returned.
typealias CLIRun = ToolRun

/// The `emitter` executable built next to the test bundle.
let emitterBinary = TestSupport.executable(named: "emitter")

/// Runs `emitter arguments…` in the package root without a display.
func emitter(_ arguments: [String]) throws -> CLIRun {
    try TestSupport.run(emitterBinary, arguments, environment: TestSupport.withoutDisplay)
}
