import ArgumentParser
import EmitterKit
import Foundation

/// `emitter schema`: prints the JSON Schema of scene files.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of scene files, for editors.",
        discussion: """
            The schema (JSON Schema draft-07) is generated from the tables the loader reads scenes with, so \
            it lists exactly the keys the loader accepts, with their types, enumerations and ranges. Editors \
            such as VS Code use it to complete and check keys as you type (docs/SceneFormat.md, "Editor \
            support"). The loader checks more than the schema can say and stays the authority.

            Example:
              emitter schema > scene.schema.json
            """
    )

    func run() throws {
        print(SceneSchema.text, terminator: "")
    }
}
