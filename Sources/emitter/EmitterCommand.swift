import ArgumentParser
import Foundation

/// The `emitter` command: plays, renders, validates and measures scenes.
@main
struct EmitterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emitter",
        abstract: "A Core Animation–style layer, particle and physics engine.",
        subcommands: [BenchCommand.self]
    )
}
