import ArgumentParser
import EmitterKit
import Foundation
import ParticleDesigner

/// Options shared by the commands that simulate a scene.
struct SimulationOptions: ParsableArguments {
    @Option(help: "Simulated seconds (default: 5).")
    var duration: Double?

    @Option(help: "Frames per second of the virtual display link (default: the scene's).")
    var fps: Double?

    @Option(help: "Added to every emitter layer's seed (wrapping): another deterministic run.")
    var seed: UInt32?

    @Option(help: ParticleDesignerImporter.Runtime.optionHelp)
    var runtime: ParticleDesignerImporter.Runtime?

    func validate() throws {
        if let d = duration, !(d.isFinite && d >= 0 && d <= 86_400) {
            throw ValidationError("--duration must be 0…86400 seconds, got \(d)")
        }
        if let f = fps, !(f.isFinite && f > 0 && f <= 1000) {
            throw ValidationError("--fps must be in (0, 1000], got \(f)")
        }
    }

    /// Loads the scene, prints its warnings on stderr (stdout stays data) and applies the seed.
    func loadScene(_ path: String) throws -> Scene {
        runtime?.install()
        return try Self.loadScene(path, seed: seed)
    }

    /// Loads the scene, prints its warnings on stderr (stdout stays data) and adds `seed` to its
    /// emitters' seeds; for commands such as `soak` whose options differ from these.
    static func loadScene(_ path: String, seed: UInt32?) throws -> Scene {
        try failing {
            let scene = try SceneSource.load(path: path)
            for warning in scene.warnings { printError("\(warning)") }
            if let seed { scene.offsetSeeds(by: seed) }
            return scene
        }
    }

    /// The frames per second to use for `scene`.
    func framesPerSecond(for scene: Scene) -> Double { fps ?? scene.display.framesPerSecond }

    /// The number of frames for `seconds` at `fps` (at least 1 when seconds > 0).
    static func frameCount(seconds: Double, fps: Double) -> Int { Int((seconds * fps).rounded()) }
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
struct ProgressBar {
    let total: Int
    let enabled = isatty(STDERR_FILENO) != 0
    private var lastDrawn = -1

    init(total: Int) { self.total = max(1, total) }

    mutating func update(_ done: Int) {
        guard enabled else { return }
        let percent = done * 100 / total
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 30 - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(percent)% frame \(done)/\(total)".utf8))
        if done >= total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

/// Writes a line to stderr.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// The file name of a path without folder and extension.
func baseName(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
}

/// Creates the folder of `path` (if any).
func createParentFolder(of path: String) throws {
    let url = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
}
