import EmitterKit
import Foundation
import Testing

extension CollisionCategory {
    static let bullet: CollisionCategory = "bullet"
    static let rock: CollisionCategory = "rock"
    static let wall: CollisionCategory = "wall"
}

/// Typed collision handlers with named categories, and entities (a layer with its body) that come and go
/// in one call, also from inside a collision handler.
@Suite struct CollisionTests {
    /// Bullets fly right into a column of rocks; a wall stands behind them.
    final class Range: Game {
        var hits: [(first: String, second: String, normalX: Double)] = []
        var wallHits = 0
        var removeOnHit = true
        var spawnOnHit = false
        var rocks: [PhysicsBody] = []
        var bullets: [PhysicsBody] = []
        var spawned = 0

        func setUp(_ session: GameSession) throws {
            (hits, wallHits, rocks, bullets, spawned) = ([], 0, [], [], 0)
            let wall = try session.physicsWorld.staticBody.addShape(
                .segment(from: CGPoint(x: 300, y: 0), to: CGPoint(x: 300, y: 200), radius: 1))
            session.setCategory(.wall, of: wall)
            for (i, y) in [50.0, 100, 150].enumerated() {
                let rock = try entity(session, at: CGPoint(x: 200, y: y), radius: 12, category: .rock, name: "rock\(i)")
                rocks.append(rock)
                let bullet = try entity(
                    session, at: CGPoint(x: 40, y: y), radius: 3, category: .bullet, name: "bullet\(i)")
                try bullet.setVelocity(CGVector(dx: 400, dy: 0))
                bullets.append(bullet)
            }
            // Asked for as (.bullet, .rock): the bullet is always `first`, whichever shape was made first.
            session.onCollision(between: .bullet, and: .rock) { [unowned self] hit in
                hits.append((hit.first.name ?? "?", hit.second.name ?? "?", Double(hit.normal.dx)))
                guard removeOnHit else { return }
                try? session.remove(hit.first)
                try? session.remove(hit.second)
                if spawnOnHit {
                    spawned += 1
                    _ = try? entity(
                        session, at: CGPoint(x: 100, y: 10 + 20 * Double(spawned)), radius: 4, category: .rock,
                        name: "new\(spawned)")
                }
            }
            session.onCollision(between: .wall, and: .bullet) { [unowned self] _ in wallHits += 1 }
        }

        @discardableResult
        func entity(_ session: GameSession, at p: CGPoint, radius: Double, category: CollisionCategory, name: String)
            throws
            -> PhysicsBody
        {
            let body = try PhysicsBody(mass: 1, position: p)
            body.name = name
            try body.addShape(.circle(radius: radius, center: .zero))
            let layer = CALayer()
            layer.name = name
            layer.bounds = CGRect(x: 0, y: 0, width: 2 * radius, height: 2 * radius)
            layer.position = p
            try session.add(layer, body: body, category: category)
            return body
        }
    }

    func runner(_ game: Range, fps: Double = 60) throws -> HeadlessGameRunner {
        try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 320, height: 200)),
            framesPerSecond: fps)
    }

    @Test func handlersGetEachSideInTheOrderAsked() throws {
        let game = Range()
        game.removeOnHit = false
        try runner(game).run(frames: 60)
        #expect(game.hits.count == 3, "\(game.hits.map { "\($0.first)->\($0.second)" })")
        for hit in game.hits {
            #expect(hit.first.hasPrefix("bullet") && hit.second.hasPrefix("rock"), "\(hit)")
            #expect(hit.normalX > 0.99, "the normal points from the bullet toward the rock: \(hit.normalX)")
        }
    }

    @Test func removingBothBodiesInTheHandlerTakesTheirLayersAlong() throws {
        let game = Range()
        let r = try runner(game)
        try r.run(frames: 60)
        #expect(game.hits.count == 3)
        #expect(r.session.attachedBodies.isEmpty, "every bullet and rock left: \(r.session.attachedBodies.map(\.name))")
        #expect(r.session.physicsWorld.bodies.filter { $0.type == .dynamic }.isEmpty)
        let names = (r.session.rootLayer.sublayers ?? []).compactMap(\.name)
        #expect(names.isEmpty, "layers left in the tree: \(names)")
        #expect(game.wallHits == 0, "no bullet reached the wall")
    }

    @Test func addingBodiesInsideTheHandlerIsSafeAndTheyTakePartFromTheNextStep() throws {
        var hashes: [String] = []
        for fps in [30.0, 60, 120] {
            let game = Range()
            game.spawnOnHit = true
            let r = try runner(game, fps: fps)
            try r.run(frames: Int(fps))
            #expect(game.spawned == 3)
            let names = (r.session.rootLayer.sublayers ?? []).compactMap(\.name)
            #expect(names == ["new1", "new2", "new3"], "\(fps) fps: \(names)")
            #expect(r.session.attachedBodies.count == 3)
            hashes.append(r.result.stateHash)
        }
        #expect(Set(hashes).count == 1, "state hashes at 30/60/120 fps: \(hashes)")
    }

    @Test func aCollisionWhoseBodyAnEarlierHandlerRemovedIsNotDelivered() throws {
        final class Crowd: Game {
            var delivered = 0
            func setUp(_ session: GameSession) throws {
                // One bullet meets two rocks in the same step.
                let bullet = try PhysicsBody(mass: 1, position: CGPoint(x: 100, y: 100))
                try bullet.addShape(.circle(radius: 10, center: .zero))
                try session.physicsWorld.add(bullet)
                try session.setCategory(.bullet, of: bullet)
                for x in [88.0, 112] {
                    let rock = try PhysicsBody(mass: 1, position: CGPoint(x: x, y: 100))
                    try rock.addShape(.circle(radius: 5, center: .zero))
                    try session.physicsWorld.add(rock)
                    try session.setCategory(.rock, of: rock)
                }
                session.onCollision(between: .bullet, and: .rock) { [unowned self] hit in
                    delivered += 1
                    try? session.remove(hit.first)
                }
            }
        }
        let game = Crowd()
        let r = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 200, height: 200)))
        try r.run(frames: 2)
        #expect(game.delivered == 1, "the bullet was removed by the first handler call")
    }

    @Test func ignoredCategoriesPassThroughAndCategoriesAreNamed() throws {
        final class Ghost: Game {
            var hits = 0
            var rockShape: PhysicsShape?
            func setUp(_ session: GameSession) throws {
                session.ignoreCollisions(between: .bullet, and: .rock)
                let bullet = try PhysicsBody(mass: 1, position: CGPoint(x: 20, y: 50))
                try bullet.addShape(.circle(radius: 3, center: .zero))
                try session.physicsWorld.add(bullet)
                try session.setCategory(.bullet, of: bullet)
                try bullet.setVelocity(CGVector(dx: 300, dy: 0))
                let rock = try PhysicsBody(mass: 1, position: CGPoint(x: 100, y: 50))
                rockShape = try rock.addShape(.circle(radius: 10, center: .zero))
                try session.physicsWorld.add(rock)
                try session.setCategory(.rock, of: rock)
                session.onCollision(between: .bullet, and: .rock) { [unowned self] _ in hits += 1 }
            }
        }
        let game = Ghost()
        let r = try HeadlessGameRunner(
            game: game, configuration: GameConfiguration(viewSize: CGSize(width: 200, height: 100)))
        try r.run(frames: 60)
        #expect(game.hits == 0)
        #expect(r.session.category(of: try #require(game.rockShape)) == .rock)
    }

    @Test func aCategoryForABodyWithoutShapesIsRefusedWithTheFix() throws {
        final class Empty: Game {
            var message = ""
            func setUp(_ session: GameSession) throws {
                let body = try PhysicsBody(mass: 1, position: .zero)
                body.name = "hull"
                do { try session.setCategory(.rock, of: body) } catch { message = "\(error)" }
            }
        }
        let game = Empty()
        _ = try GameSession(game: game)
        #expect(game.message.contains("body 'hull'): the body has no shapes; add its shapes first"), "\(game.message)")
    }

    @Test func removingALayerRemovesTheBodiesOfItsSubtree() throws {
        final class Nest: Game {
            let group = CALayer()
            func setUp(_ session: GameSession) throws {
                session.rootLayer.addSublayer(group)
                for x in [50.0, 80] {
                    let body = try PhysicsBody(mass: 1, position: CGPoint(x: x, y: 50))
                    try body.addShape(.circle(radius: 5, center: .zero))
                    let layer = CALayer()
                    layer.position = CGPoint(x: x, y: 50)
                    try session.add(layer, body: body, to: group)
                }
            }
        }
        let game = Nest()
        let session = try GameSession(game: game)
        #expect(session.attachedBodies.count == 2)
        try session.remove(game.group)
        #expect(session.attachedBodies.isEmpty)
        #expect(session.physicsWorld.bodies.filter { $0.type == .dynamic }.isEmpty)
        #expect(game.group.superlayer == nil)
    }
}
