import ArgumentParser
import EmitterKit
import Foundation

/// `emitter format`: rewrites scene files in their canonical form.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Rewrite scene files in their canonical, compact form.",
        discussion: """
            Keys in the order of docs/SceneFormat.md, two spaces of indentation, short arrays and objects \
            on one line (at most 100 columns), numbers in their shortest form. The values do not change: \
            the formatted file loads into the same scene.

            A file that does not load is reported as `emitter validate` reports it and left untouched. A \
            file is replaced in one step (a temporary file in the same folder, renamed over it), so an \
            interrupted run never leaves half a scene. `emitter validate --check-format` lists the files \
            that are not formatted.

            Examples:
              emitter format Scenes/fire.json
              emitter format Scenes/*.json
            """
    )

    @Argument(help: "Scene files (.json).")
    var scenes: [String]

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
    }

    func run() throws {
        var failed = 0
        for path in scenes {
            do {
                let formatted = try SceneFormatter.format(path: path)
                let current = FileManager.default.contents(atPath: path)
                if current == Data(formatted.utf8) {
                    print("\(path): already formatted")
                } else {
                    try AtomicFileWriter.write(Data(formatted.utf8), to: path)
                    print("\(path): formatted")
                }
            } catch {
                failed += 1
                printError("\(error)")
            }
        }
        if failed > 0 {
            throw CommandFailure(
                message: "\(failed) of \(scenes.count) scene file\(scenes.count == 1 ? "" : "s") not formatted",
                code: .invalidInput)
        }
    }
}
