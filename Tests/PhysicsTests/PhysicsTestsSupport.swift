import EmitterTestSupport
import Foundation
import LayerKit

@testable import Physics

/// Whether two numbers agree to `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Whether two points agree to `tolerance`.
func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The engine's fixed step.
let fixedStep = 1.0 / 120

/// A world with gravity pulling down the screen (y down).
func makeWorld(gravity: Double = 1000) throws -> PhysicsWorld {
    try PhysicsWorld(gravity: CGVector(dx: 0, dy: gravity))
}

/// A static floor: a segment from (x0, y) to (x1, y) on the world's static body.
@discardableResult
func addFloor(
    _ world: PhysicsWorld, y: Double, from x0: Double = -1000, to x1: Double = 1000,
    friction: Double = 0, elasticity: Double = 0
) throws -> PhysicsShape {
    try world.staticBody.addShape(
        .segment(from: CGPoint(x: x0, y: y), to: CGPoint(x: x1, y: y)),
        friction: friction, elasticity: elasticity)
}

/// Steps `world` n times at the fixed step.
func step(_ world: PhysicsWorld, _ n: Int, dt: Double = fixedStep) throws {
    for _ in 0..<n { try world.step(dt) }
}

// MARK: - The book's crates (core-animation-notes.md S6 and §17)

/// The crates scene: a 320 × 480 container with segment walls (friction 0.5, elasticity 0.8),
/// gravity 1000 pulling down the screen (y down, so the book's flipped container is not needed),
/// and 32- and 64-point crates of mass 100 with the same friction and elasticity.
struct CratesScene {
    static let size = CGSize(width: 320, height: 480)
    /// Crate centres, sizes and starting angles.
    static let crates: [(CGPoint, Double, Double)] = [
        (CGPoint(x: 60, y: 40), 32, 0), (CGPoint(x: 200, y: 80), 64, 0), (CGPoint(x: 110, y: 200), 64, 0.3),
        (CGPoint(x: 250, y: 260), 32, -0.5), (CGPoint(x: 160, y: 330), 32, 0.1), (CGPoint(x: 60, y: 300), 64, 0),
    ]

    let world: PhysicsWorld
    var crates: [PhysicsBody] = []

    init() throws {
        world = try makeWorld(gravity: 1000)
        let w = Self.size.width
        let h = Self.size.height
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: w, y: 0), CGPoint(x: w, y: h), CGPoint(x: 0, y: h)]
        for i in 0..<4 {
            try world.staticBody.addShape(
                .segment(from: corners[i], to: corners[(i + 1) % 4]), friction: 0.5, elasticity: 0.8)
        }
        for (position, size, angle) in Self.crates {
            let crate = try PhysicsBody(mass: 100, position: position, angle: angle)
            try crate.addShape(.box(width: size, height: size), friction: 0.5, elasticity: 0.8)
            try world.add(crate)
            crates.append(crate)
        }
    }

    /// Runs `seconds` of frames at `fps` through an exact accumulator (integer ticks of 1/720 s, a
    /// common multiple of 1/30, 1/60, 1/120 and 1/144) and returns the steps taken per frame.
    func run(fps: Int, seconds: Int) throws -> [Int] {
        let ticksPerStep = 720 / 120
        let ticksPerFrame = 720 / fps
        var accumulator = 0
        var stepsPerFrame: [Int] = []
        for _ in 0..<(fps * seconds) {
            accumulator += ticksPerFrame
            var n = 0
            while accumulator >= ticksPerStep {
                try world.step(fixedStep)
                accumulator -= ticksPerStep
                n += 1
            }
            stepsPerFrame.append(n)
        }
        return stepsPerFrame
    }
}

/// The golden state hashes of this target's worlds (`Golden`).
let goldenHashes = TestSupport.fixturesFolder(of: #filePath) + "/hashes.json"
