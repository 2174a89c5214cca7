import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

// MARK: - Paths

/// The package root.
let packageRoot = TestSupport.packageRoot

/// The goldens: `hashes.json` (state hashes) and `frames/<scene>.png`.
let fixturesFolder = TestSupport.fixturesFolder(of: #filePath)

/// Every scene file in Scenes/, including those other parts of the project add.
func allSceneFiles() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Scenes")) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
}

// MARK: - The catalogue

/// A scene of the catalogue with the moment its goldens are taken.
struct CatalogueScene: CustomTestStringConvertible, Sendable {
    /// File name in Scenes/, without `.json`.
    var name: String
    /// Simulated seconds before the hash and the frame are taken.
    var duration: Double
    var testDescription: String { name }
    var path: String { packageRoot + "/Scenes/\(name).json" }
}

/// The scenes whose goldens this module keeps, each at a moment where it shows what it is about.
let catalogue: [CatalogueScene] = [
    CatalogueScene(name: "fire", duration: 2),
    CatalogueScene(name: "smoke", duration: 2),
    CatalogueScene(name: "snow", duration: 1),
    CatalogueScene(name: "fireworks", duration: 1),
    CatalogueScene(name: "emitter-explosion", duration: 2),
    CatalogueScene(name: "emitter-book", duration: 2),
    CatalogueScene(name: "replicator-ring", duration: 0.5),
    CatalogueScene(name: "reflection", duration: 1),
    CatalogueScene(name: "gradients", duration: 1),
    CatalogueScene(name: "bounce", duration: 0.5),
    CatalogueScene(name: "cubes", duration: 1.5),
    CatalogueScene(name: "trail", duration: 1.5),
    CatalogueScene(name: "sparks", duration: 2),
    CatalogueScene(name: "rain", duration: 1.5),
    CatalogueScene(name: "confetti", duration: 2),
    CatalogueScene(name: "galaxy", duration: 3),
    CatalogueScene(name: "shapes", duration: 1),
    CatalogueScene(name: "text", duration: 0.5),
    CatalogueScene(name: "crates", duration: 1.5),
    CatalogueScene(name: "fireworks-bursts", duration: 2.5),
    CatalogueScene(name: "smoke-billow", duration: 2),
    CatalogueScene(name: "rain-streaks", duration: 1.5),
    CatalogueScene(name: "paint", duration: 3),
    CatalogueScene(name: "flipbook-explosion", duration: 2),
    CatalogueScene(name: "comets", duration: 2.2),
]

// MARK: - Running

/// The result of running a scene headless for a while.
struct SceneRun {
    var hash: String
    var frame: CGImage?
    var background: CGColor
}

/// Loads `scene`, advances it for `duration` seconds at `fps` and returns its state hash, and, with
/// `renderWidth`, the last frame scaled to at most that many pixels wide.
func run(_ path: String, duration: Double, fps: Double, renderWidth: Int? = nil) throws -> SceneRun {
    let scene = try SceneSource.load(path: path)
    let engine = try Engine(scene: scene, threadCount: 1)
    let frames = Int((duration * fps).rounded())
    for _ in 0..<frames { engine.advance(by: 1 / fps) }
    var image: CGImage?
    if let renderWidth {
        let scale = min(1, CGFloat(renderWidth) / engine.viewSize.width)
        image = try engine.snapshot(scale: scale)
    }
    return SceneRun(hash: engine.stateHash().hex, frame: image, background: engine.backgroundColor)
}

// MARK: - Images

/// The fraction of pixels that differ from `background` by more than 8 in some channel: how much of the
/// frame the scene actually draws.
func drawnFraction(_ image: CGImage, background: CGColor) -> Double {
    let bg = [background.red, background.green, background.blue].map { Int(($0 * 255).rounded()) }
    let p = image.pixels
    var drawn = 0
    for i in stride(from: 0, to: p.count, by: 4) {
        if abs(Int(p[i]) - bg[0]) > 8 || abs(Int(p[i + 1]) - bg[1]) > 8 || abs(Int(p[i + 2]) - bg[2]) > 8 { drawn += 1 }
    }
    return Double(drawn) / Double(max(1, image.width * image.height))
}
