import ArgumentParser
import EmitterKit
import Foundation
import ParticleDesigner

/// `emitter export`: writes a scene's effect in another tool's format.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a scene's effect as a Particle Designer / cocos2d .plist.",
        usage: "emitter export <scene> --plist [<options>]",
        discussion: """
            --plist writes a Particle Designer file (and its texture as <name>.png next to it) for a scene with \
            one emitter layer holding one cell without sub-cells; anything else is refused, saying what does \
            not fit. Keys the format lacks are printed as notes (docs/Import.md, "Export").

            Examples:
              emitter export Scenes/galaxy.json --plist -o Galaxy.plist
              emitter export Galaxy.plist --plist -o Copy.plist
            """
    )

    @Argument(help: "The scene file (.json) or a particle file (.plist).")
    var scene: String

    @Flag(help: "Write a Particle Designer / cocos2d .plist.")
    var plist = false

    @Option(name: .shortAndLong, help: "The file to write (default: <scene name>.plist in the current folder).")
    var output: String?

    func validate() throws {
        guard plist else { throw ValidationError("choose the format to write: --plist") }
        if let output, !output.lowercased().hasSuffix(".plist") {
            throw ValidationError("--output must name a .plist file, got '\(output)'")
        }
    }

    func run() throws {
        let loaded = try failing { try SceneSource.load(path: scene) }
        let out = output ?? "\(baseName(scene)).plist"
        let result: (paths: [String], notes: [String])
        do {
            try createParentFolder(of: out)
            result = try ParticleDesignerExporter.write(loaded, toPlist: out)
        } catch let error as ExportError {
            throw CommandFailure(message: "\(scene): \(error)", code: .invalidInput)
        } catch {
            throw CommandFailure(message: "\(out): cannot write the file (\(error))", code: .runtime)
        }
        for note in result.notes { printError("\(scene): note: \(note)") }
        for path in result.paths { print(path) }
    }
}
