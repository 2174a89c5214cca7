import ArgumentParser
import EmitterKit
import Foundation

/// `emitter hash`: the deterministic state hash of a scene at a simulated time.
struct HashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash",
        abstract: "Print the state hash of a scene after a simulated duration.",
        usage: "emitter hash <scene> [<options>]",
        discussion: """
            Prints the version of the hash and the hash, such as "v2 0123456789abcdef": 64-bit FNV-1a over \
            the exact state of every particle, layer and body (docs/Determinism.md). It is the same for \
            any --fps: the simulation runs on its fixed step whatever the frame rate.

            Examples:
              emitter hash Scenes/fire.json --duration 5
              emitter hash Scenes/crates.json --duration 10 --fps 144
            """
    )

    @Argument(help: "The scene file (.json).")
    var scene: String

    @OptionGroup var simulation: SimulationOptions

    func run() throws {
        let loaded = try simulation.loadScene(scene)
        let engine = try failing { try Engine(scene: loaded, threadCount: 1) }
        let fps = simulation.framesPerSecond(for: loaded)
        let frames = SimulationOptions.frameCount(seconds: simulation.duration ?? 5, fps: fps)
        for _ in 0..<frames { engine.advance(by: 1 / fps) }
        print("v\(Engine.stateHashVersion) \(engine.stateHash().hex)")
    }
}
