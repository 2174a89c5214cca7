import Foundation
import Testing

@testable import EmitterKit

/// Collide-mode contact cells speak the event cells' vocabulary (docs/SceneFormat.md, "Cell physics"):
/// each contact bursts a contact cell's `burstCount` particles with its `burstProbability`; the older
/// `contactBurst` key still sets the count.
@Suite struct ContactBurstVocabularyTests {
    /// Six drops falling 200 points onto a floor, each dying at its contact and bursting `splash`
    /// (configured by `configure`), with `contactBurst` as given; the splash particles after 1 s.
    func splashes(contactBurst: Int?, configure: (CAEmitterCell) -> Void) throws -> Int {
        let (root, emitter, cell) = PhysicsTestSupport.emitterScene { c in
            c.yAcceleration = 1000
            let splash = CAEmitterCell()
            splash.name = "splash"
            splash.contents = BuiltinSprites.image(named: "softDot")
            splash.lifetime = 10
            splash.velocity = 50
            configure(splash)
            c.emitterCells = [splash]
        }
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        try engine.physicsWorld.staticBody.addShape(
            .segment(from: CGPoint(x: -100, y: 300), to: CGPoint(x: 500, y: 300)))
        var physics = CellPhysicsDescription()
        physics.mode = .collide
        physics.radius = 2
        physics.onContact = .die
        physics.contactCells = ["splash"]
        physics.contactBurst = contactBurst
        try engine.setPhysics(physics, of: cell, in: emitter)
        for i in 0..<6 {
            try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 40 + 60 * i, y: 100))
        }
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        let splash = try #require(cell.emitterCells?.first)
        return try PhysicsTestSupport.particles(engine, emitter, splash).count
    }

    @Test func contactCellsBurstTheirBurstCount() throws {
        let n = try splashes(contactBurst: nil) { $0.burstCount = 3 }
        #expect(n == 6 * 3, "6 contacts × burstCount 3: \(n) splash particles")
        #expect(try splashes(contactBurst: nil) { _ in } == 6, "burstCount's default, 1 per contact")
    }

    @Test func theOldContactBurstKeyStillSetsTheCount() throws {
        let n = try splashes(contactBurst: 5) { $0.burstCount = 3 }
        #expect(n == 6 * 5, "6 contacts × contactBurst 5 (over burstCount 3): \(n)")
    }

    @Test func burstProbabilityThinsContactBurstsFromTheSeededGenerator() throws {
        #expect(try splashes(contactBurst: nil) { $0.burstProbability = 0 } == 0)
        let a = try splashes(contactBurst: nil) { c in
            c.burstCount = 4
            c.burstProbability = 0.5
        }
        let b = try splashes(contactBurst: nil) { c in
            c.burstCount = 4
            c.burstProbability = 0.5
        }
        #expect(a == b && a % 4 == 0 && a <= 24, "seeded: \(a) and \(b) splash particles, whole bursts of 4")
    }

    @Test func bothSpellingsLoadFromAScene() throws {
        func physics(_ cellPhysics: String, splash: String) throws -> (CellPhysicsDescription?, CAEmitterCell?) {
            let json = """
                {"schemaVersion": 1, "layers": [{"type": "emitter", "emitterCells": [{"name": "drop",
                  "contents": "builtin:raindrop", "lifetime": 1,
                  "emitterCells": [{"name": "splash", "contents": "builtin:softDot", "lifetime": 0.2\(splash)}],
                  "physics": {"mode": "collide", "contactCells": ["splash"]\(cellPhysics)}}]}]}
                """
            let scene = try SceneLoader.load(data: Data(json.utf8), sourceName: "test.json", baseDirectory: nil)
            let cell = (scene.layers.first as? CAEmitterLayer)?.emitterCells?.first?.emitterCells?.first
            return (scene.cellPhysics.first?.physics, cell)
        }
        let (new, splash) = try physics("", splash: #", "burstCount": 6, "burstProbability": 0.25"#)
        #expect(new?.contactBurst == nil && splash?.burstCount == 6 && splash?.burstProbability == 0.25)
        let (old, _) = try physics(#", "contactBurst": 7"#, splash: "")
        #expect(old?.contactBurst == 7)
    }
}
