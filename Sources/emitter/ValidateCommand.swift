import ArgumentParser
import EmitterKit
import Foundation

/// `emitter validate`: checks scene files without running them.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files: exit 0 when all are valid, else print every problem and exit 1.",
        discussion: """
            Every problem is reported as file:line:column: json.path: message.

            Examples:
              emitter validate Scenes/fire.json
              emitter validate Scenes/*.json
            """
    )

    @Argument(help: "Scene files.")
    var scenes: [String]

    @Flag(help: "Also report .json scene files that `emitter format` would change.")
    var checkFormat = false

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
    }

    func run() throws {
        var failed = 0
        var unformatted = 0
        for path in scenes {
            do {
                let scene = try SceneSource.load(path: path)
                for w in scene.warnings { printError("\(w)") }
                if checkFormat, path.lowercased().hasSuffix(".json"), try !SceneFormatter.isFormatted(path: path) {
                    unformatted += 1
                    printError("\(path): not formatted; run emitter format \(path)")
                } else {
                    print("\(path): ok")
                }
            } catch {
                failed += 1
                printError("\(error)")
            }
        }
        let count = "\(scenes.count) scene file\(scenes.count == 1 ? "" : "s")"
        if failed > 0 {
            throw CommandFailure(message: "\(failed) of \(count) invalid", code: .invalidInput)
        }
        if unformatted > 0 {
            throw CommandFailure(message: "\(unformatted) of \(count) not formatted", code: .invalidInput)
        }
    }
}
