import EmitterKit
import Foundation
import Testing

/// An emitter mounted on a body follows its position and direction, with an offset.
@Suite struct MountTests {
    final class Rocket: Game {
        let exhaust = CAEmitterLayer()
        let flame = CAEmitterCell()
        var body: PhysicsBody?
        func setUp(_ session: GameSession) throws {
            flame.name = "flame"
            flame.birthRate = 0
            flame.emissionLongitude = .pi / 2
            exhaust.frame = session.rootLayer.bounds
            exhaust.emitterCells = [flame]
            session.rootLayer.addSublayer(exhaust)
            let rocket = try PhysicsBody(mass: 1, position: CGPoint(x: 100, y: 100))
            try rocket.addShape(.box(width: 10, height: 20, cornerRadius: 0))
            try session.physicsWorld.add(rocket)
            try rocket.setAngularVelocity(.pi / 2)
            try rocket.setVelocity(CGVector(dx: 30, dy: 0))
            session.mount(exhaust, on: rocket, at: CGPoint(x: 0, y: 10))
            body = rocket
        }
    }

    @Test func theEmitterSitsAtTheBodysOffsetAndEmitsOutOfItsTail() throws {
        let game = Rocket()
        let r = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 200, height: 200)))
        #expect(
            game.exhaust.emitterPosition == CGPoint(x: 100, y: 110), "mounted at once: \(game.exhaust.emitterPosition)")
        try r.run(frames: 60)
        let body = try #require(game.body)
        // The mount moves in the fixed-update stage, before that step's physics: it shows the body at the
        // start of the last step.
        let angle = body.previousAngle
        let tail = CGPoint(
            x: body.previousPosition.x - 10 * CGFloat(sin(angle)), y: body.previousPosition.y + 10 * CGFloat(cos(angle))
        )
        #expect(
            abs(Double(game.exhaust.emitterPosition.x - tail.x)) < 1e-9, "\(game.exhaust.emitterPosition) vs \(tail)")
        #expect(abs(Double(game.exhaust.emitterPosition.y - tail.y)) < 1e-9)
        #expect(
            abs(Double(game.flame.emissionLongitude) - (.pi / 2 + angle)) < 1e-9,
            "longitude \(game.flame.emissionLongitude)")
    }

    @Test func removingTheBodyUnmountsTheEmitter() throws {
        let game = Rocket()
        let r = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 200, height: 200)))
        try r.run(frames: 10)
        #expect(r.session.body(mounting: game.exhaust) === game.body)
        try r.session.remove(try #require(game.body))
        let stayed = game.exhaust.emitterPosition
        try r.run(frames: 10)
        #expect(r.session.body(mounting: game.exhaust) == nil)
        #expect(game.exhaust.emitterPosition == stayed)
        #expect(game.exhaust.superlayer != nil, "the emitter stays in the tree")
    }
}
