import EmitterKit
import Foundation
import Testing

/// The catalogue's book scenes show the Core Animation book's numbers (core-animation-notes.md §18).
@Suite struct BookNumbersTests {
    /// S4: y(t) = 32 + 236·bounceEaseOut(t); the keyframes of Scenes/bounce.json reproduce it exactly.
    static let bookPositions: [(time: Double, y: Double)] = [
        (0.25, 143.55), (0.5, 201.63), (4.0 / 11, 268), (0.8, 247.289), (0.9, 268), (0.95, 261.628),
    ]

    @Test(arguments: bookPositions)
    func bouncingBallFollowsTheBooksBounceEaseOut(_ time: Double, _ expected: Double) throws {
        let scene = try SceneSource.load(path: packageRoot + "/Scenes/bounce.json")
        let engine = try Engine(scene: scene, threadCount: 1)
        let ball = try #require(engine.rootLayer.layer(named: "ball"))
        let y = try #require(ball.presentationValue(forKeyPath: "position.y", atTime: engine.startTime + time)?.number)
        #expect(abs(y - expected) < 0.02, "bounce.json at t=\(time) s: ball y \(y), book \(expected)")
    }

    /// S1: births 88 a second for 5 s of life: about 440 live once the emitter has run longer than a lifetime.
    @Test func explosionSettlesAtAbout440Particles() throws {
        let scene = try SceneSource.load(path: packageRoot + "/Scenes/emitter-explosion.json")
        let engine = try Engine(scene: scene, threadCount: 1)
        for _ in 0..<(6 * 30) { engine.advance(by: 1.0 / 30) }
        let live = engine.emitters.reduce(0) { $0 + $1.simulation.aliveCount }
        #expect(
            abs(live - 440) <= 2, "emitter-explosion at t=6 s, seed 1: \(live) live particles, expected 88 × 5 = 440")
    }
}
