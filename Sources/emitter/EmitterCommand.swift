import ArgumentParser
import EmitterKit
import Foundation

/// The `emitter` command: plays, renders, validates and measures scenes.
///
/// Exit codes: 0 success, 1 invalid input (a scene or an image), 2 usage error, 3 runtime failure.
/// Errors go to stderr, data to stdout.
@main
struct EmitterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emitter",
        abstract: "A Core Animation–style layer, particle and physics engine.",
        discussion: """
            Examples:
              emitter Scenes/fire.json        # play in a window (headless: writes a PNG)
              emitter render Scenes/fire.json --duration 2 --out fire.png
              emitter validate --check-format Scenes/*.json
              emitter format Scenes/*.json
              emitter hash Scenes/fire.json --duration 5 --fps 144

            Exit codes: 0 success, 1 invalid input, 2 usage error, 3 runtime failure.
            """,
        subcommands: [
            RunCommand.self, RenderCommand.self, ValidateCommand.self, FormatCommand.self, SchemaCommand.self,
            StatsCommand.self, HashCommand.self, BenchCommand.self, ImportCommand.self, ExportCommand.self,
            SoakCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Parses, runs, and maps every failure to the documented exit code.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data((failure.message + "\n").utf8))
            Foundation.exit(failure.code.rawValue)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(ExitStatus.usage.rawValue)
        }
    }
}
