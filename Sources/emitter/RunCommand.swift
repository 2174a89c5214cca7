import ArgumentParser
import EmitterKit
import Foundation
import ParticleDesigner
import SDLHost

/// `emitter run` (also `emitter <scene>`): plays a scene in a window, or renders headless without a display.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a scene live in a window (the default command).",
        usage: "emitter run <scene> [<options>]",
        discussion: """
            Keys: Space pause/resume, . step, R restart, + and − time speed, 0 normal speed, F statistics, \
            H help, Esc quit. Dragging moves the scene's interactive target (by default the first emitter); \
            clicking runs its click action. Editing the scene file reloads it.

            Without a display it says so and renders headless instead, naming the PNG it wrote.

            Examples:
              emitter Scenes/fire.json
              emitter run Scenes/fireworks.json --seed 3
              emitter Scenes/fire.json --frames 600      # quit after 600 frames
            """
    )

    @Argument(help: "The scene file (.json) or a particle file (.plist).")
    var scene: String

    @Option(help: "Added to every emitter layer's seed (wrapping).")
    var seed: UInt32?

    @Option(help: ParticleDesignerImporter.Runtime.optionHelp)
    var runtime: ParticleDesignerImporter.Runtime?

    @Option(help: "Quit after this many frames (window), or run this many frames headless.")
    var frames: Int?

    @Option(help: "Where the headless fallback writes its frame (default out/<scene>.png).")
    var out: String?

    func validate() throws {
        if let f = frames, f < 1 || f > 10_000_000 { throw ValidationError("--frames must be 1…10000000, got \(f)") }
    }

    func run() throws {
        runtime?.install()
        let availability = WindowAvailability.check()
        if availability.isAvailable {
            let controller = try failing { try SceneWindowController(scenePath: scene, seedOffset: seed ?? 0) }
            controller.engine.installClock()
            controller.run(maxFrames: frames)
            return
        }
        let loaded = try failing {
            let s = try SceneSource.load(path: scene)
            for warning in s.warnings { printError("\(warning)") }
            if let seed { s.offsetSeeds(by: seed) }
            return s
        }
        let path = out ?? "out/\(baseName(scene)).png"
        let fps = loaded.display.framesPerSecond
        let count = frames ?? SimulationOptions.frameCount(seconds: 3, fps: fps)
        var reason = "no display"
        if case .unavailable(let why) = availability { reason = why }
        printError("emitter: cannot open a window (\(reason)); rendering \(count) frames headless instead")
        let job = HeadlessRender(
            scene: loaded, fps: fps, frames: count, size: nil, outPath: path, recordFolder: nil,
            contactSheet: nil, contactSheetPath: nil)
        _ = try job.run()
        printError("emitter: wrote \(path)")
        print(path)
    }
}
