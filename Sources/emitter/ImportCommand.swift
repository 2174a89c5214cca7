import ArgumentParser
import EmitterKit
import Foundation
import ParticleDesigner

/// `emitter import`: converts a Particle Designer / cocos2d .plist or a SpriteKit .sks emitter into a scene file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a Particle Designer .plist, SpriteKit .sks or libGDX .p particle file into a scene file.",
        discussion: """
            Writes the scene JSON and, when the file's texture could be decoded, its PNG next to the JSON \
            (<name>-texture.png). What is approximated is printed as warnings (docs/Import.md). \
            A .plist can also be played or rendered directly: `emitter Galaxy.plist`, `emitter render Galaxy.plist`.

            Examples:
              emitter import Galaxy.plist -o Scenes/galaxy.json
              emitter import Phoenix.plist                  # writes Phoenix.json here
              emitter import Fire.plist --runtime cocos2d-x  # emissionRate ignored
              emitter import Fire.sks -o fire.json          # SpriteKit (docs/Import.md)
              emitter import fire.p -o fire.json            # libGDX
            """
    )

    @Argument(help: "The particle file: Particle Designer (.plist), SpriteKit (.sks) or libGDX (.p).")
    var file: String

    @Option(name: .shortAndLong, help: "The scene file to write (default: <name>.json in the current folder).")
    var output: String?

    @Option(help: ParticleDesignerImporter.Runtime.optionHelp)
    var runtime: ParticleDesignerImporter.Runtime = .cocos2d

    func validate() throws {
        if let output, !output.lowercased().hasSuffix(".json") {
            throw ValidationError("--output must name a .json scene file, got '\(output)'")
        }
    }

    func run() throws {
        let isSpriteKit = file.lowercased().hasSuffix(".sks")
        let isLibGDX = file.lowercased().hasSuffix(".p")
        let spriteKit = isSpriteKit ? try failing { try SpriteKitImporter.importFile(path: file) } : nil
        let gdx = isLibGDX ? try failing { try GdxParticleImporter.importFile(path: file) } : nil
        let designer =
            isSpriteKit || isLibGDX
            ? nil : try failing { try ParticleDesignerImporter.importFile(path: file, runtime: runtime) }
        for warning in spriteKit?.warnings ?? gdx?.warnings ?? designer?.warnings ?? [] { printError("\(warning)") }
        let out = output ?? "\(baseName(file)).json"
        let written: [String]
        do {
            try createParentFolder(of: out)
            written = try spriteKit?.write(toJSON: out) ?? gdx?.write(toJSON: out) ?? designer?.write(toJSON: out) ?? []
        } catch {
            throw CommandFailure(message: "\(out): cannot write the scene (\(error))", code: .runtime)
        }
        // The written scene must load: check it, so a bad conversion is caught here and not at play time.
        _ = try failing { try SceneSource.load(path: out) }
        for path in written { print(path) }
    }
}
