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

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
    }

    func run() throws {
        var failed = 0
        for path in scenes {
            do {
                let scene = try SceneSource.load(path: path)
                for w in scene.warnings { printError("\(w)") }
                print("\(path): ok")
            } catch {
                failed += 1
                printError("\(error)")
            }
        }
        if failed > 0 {
            throw CommandFailure(
                message: "\(failed) of \(scenes.count) scene file\(scenes.count == 1 ? "" : "s") invalid",
                code: .invalidInput)
        }
    }
}
