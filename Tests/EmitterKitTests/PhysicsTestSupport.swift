import Foundation

@testable import EmitterKit

/// Shared helpers of the physics coupling tests.
enum PhysicsTestSupport {
    /// The package root, from this file's path.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The book's crates scene (S6), loaded from Scenes/crates.json.
    static func crates() throws -> Scene {
        try SceneLoader.load(path: packageRoot + "/Scenes/crates.json")
    }

    /// A 400×300 root layer and an emitter filling it, with one cell (no continuous emission).
    static func emitterScene(cell configure: (CAEmitterCell) -> Void) -> (
        root: CALayer, emitter: CAEmitterLayer, cell: CAEmitterCell
    ) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.seed = 7
        let cell = CAEmitterCell()
        cell.name = "drop"
        cell.contents = BuiltinSprites.image(named: "softDot")
        cell.birthRate = 0
        cell.lifetime = 20
        cell.scale = 0.125
        configure(cell)
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        return (root, emitter, cell)
    }

    /// The live particles of a cell: (x, y, vx, vy) in the emitter's coordinates, in slot order.
    static func particles(_ engine: Engine, _ emitter: CAEmitterLayer, _ cell: CAEmitterCell) throws -> [(
        x: Float, y: Float, vx: Float, vy: Float
    )] {
        guard let sim = engine.simulation(of: emitter) else { return [] }
        return try sim.withStepView(ofCell: cell) { b in
            (0..<b.count).filter { b.isAlive($0) }.map { (b.x[$0], b.y[$0], b.vx[$0], b.vy[$0]) }
        }
    }
}
