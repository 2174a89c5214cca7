import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

// The small game of docs/GameAPI.md ("A game"), verbatim, so the page cannot rot.

extension CollisionCategory {
    static let ball: CollisionCategory = "ball"
    static let floor: CollisionCategory = "floor"
}

final class Drops: Game {
    var bounces = 0

    func setUp(_ session: GameSession) throws {
        bounces = 0
        try session.physicsWorld.setGravity(CGVector(dx: 0, dy: 400))
        let floor = try session.physicsWorld.staticBody.addShape(
            .segment(from: CGPoint(x: 0, y: 460), to: CGPoint(x: 640, y: 460), radius: 2), elasticity: 0.8)
        session.setCategory(.floor, of: floor)
        // A new ball every half second of game time, dropped from a seeded random x.
        try session.every(seconds: 0.5) { [unowned self] in dropBall(session) }
        session.onCollision(between: .ball, and: .floor) { [unowned self] hit in
            bounces += 1
            if bounces % 5 == 0 { try? session.remove(hit.first) }  // the ball and its layer
        }
    }

    func dropBall(_ session: GameSession) {
        let x = 40 + 560 * session.random.nextUnitDouble()
        guard let body = try? PhysicsBody(mass: 1, position: CGPoint(x: x, y: 20)),
            (try? body.addShape(.circle(radius: 8), elasticity: 0.8)) != nil
        else { return }
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        layer.cornerRadius = 8
        layer.backgroundColor = .white
        layer.position = body.position
        try? session.add(layer, body: body, category: .ball)
    }

    func hash(into hasher: inout StateHasher) { hasher.combine(bounces) }
}

@Suite struct GameAPIDocTests {
    @Test func theSmallGameOfTheAPIPageDropsBouncesAndRemovesBalls() throws {
        var hashes: [String] = []
        for fps in [30.0, 60, 120] {
            let game = Drops()
            let runner = try HeadlessGameRunner(game: game, framesPerSecond: fps)
            try runner.run(frames: Int(5 * fps))
            // Nine balls in 5 s (at 0.5, 1.0 … 4.5 s; 5.0 s is the next step); every fifth bounce removes one.
            let balls = runner.session.attachedBodies.count
            #expect(game.bounces >= 10, "\(fps) fps: bounces \(game.bounces)")
            #expect(balls == 9 - game.bounces / 5, "\(fps) fps: \(balls) balls, \(game.bounces) bounces")
            hashes.append(runner.result.stateHash)
        }
        #expect(Set(hashes).count == 1, "\(hashes)")
    }

    @Test func thePageShowsTheSmallGameAsTested() throws {
        // The page's block and this file's copy, from `extension CollisionCategory` to the game's last
        // brace, must be the same code up to spacing (swift-format wraps this file, not the page).
        let page = try String(contentsOfFile: TestSupport.packageRoot + "/docs/GameAPI.md", encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let start = "extension CollisionCategory {\n    static let ball"
        let pageBlock = page.components(separatedBy: start).dropFirst().first?.components(separatedBy: "```").first
        let sourceBlock = source.components(separatedBy: start).dropFirst().first?.components(separatedBy: "@Suite")
            .first
        func spacing(_ s: String?) -> String {
            (s ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        #expect(pageBlock != nil, "docs/GameAPI.md has no block starting \(start)")
        #expect(spacing(pageBlock) == spacing(sourceBlock), "page:\n\(pageBlock ?? "")\ntest:\n\(sourceBlock ?? "")")
    }
}
