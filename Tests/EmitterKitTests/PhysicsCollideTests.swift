import Foundation
import Testing

@testable import EmitterKit

/// `collide`-mode cells through the engine: particles are swept against the world's shapes every
/// step, bounce with the cell's elasticity, and contacts kill, stop or burst sub-cells.
@Suite struct PhysicsCollideTests {
    /// A view with a floor (walls at the bottom) and a cell that falls at 1000 pt/s².
    func makeDrop(
        elasticity: Double, onContact: CellPhysicsDescription.ContactResponse = .bounce,
        contactCells: [String] = [], configure: (CAEmitterCell) -> Void = { _ in }
    )
        throws -> (engine: Engine, emitter: CAEmitterLayer, cell: CAEmitterCell)
    {
        let (root, emitter, cell) = PhysicsTestSupport.emitterScene { c in
            c.yAcceleration = 1000
            configure(c)
        }
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        let floor = engine.physicsWorld.staticBody
        try floor.addShape(.segment(from: CGPoint(x: -100, y: 300), to: CGPoint(x: 500, y: 300)))
        var physics = CellPhysicsDescription()
        physics.mode = .collide
        physics.elasticity = elasticity
        physics.radius = 2
        physics.onContact = onContact
        physics.contactCells = contactCells
        physics.contactBurst = 5
        try engine.setPhysics(physics, of: cell, in: emitter)
        return (engine, emitter, cell)
    }

    @Test func bounceApexIsElasticitySquaredTimesTheDrop() throws {
        for e in [0.8, 0.5] {
            let (engine, emitter, cell) = try makeDrop(elasticity: e)
            try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 200, y: 50))
            var bounced = false
            var apex = Float.infinity
            var lastVY: Float = 0
            for _ in 0..<(120 * 2) {
                engine.stepOnce()
                let p = try #require(try PhysicsTestSupport.particles(engine, emitter, cell).first)
                if lastVY > 0 && p.vy < 0 { bounced = true }
                if bounced { apex = min(apex, p.y) }
                if bounced && p.vy > 0 { break }
                lastVY = p.vy
            }
            // Dropped from y = 50 onto a floor at 300 with radius 2: 248 points of fall.
            let drop = 248.0
            let height = 298 - Double(apex)
            let expected = e * e * drop
            // Sampled once per step: near the apex a step moves the particle by well under half a point.
            #expect(
                bounced && abs(height - expected) < 0.5,
                "e \(e): apex \(height) points above the floor, e²·drop = \(expected)")
        }
    }

    @Test func contactsKillParticlesAndAreReported() throws {
        let (engine, emitter, _) = try makeDrop(elasticity: 0.5, onContact: .die)
        var contacts = 0
        engine.onPhysicsEvent = { event in
            if case .particleContact(let c) = event {
                contacts += 1
                #expect(
                    c.response == .die && abs(c.point.y - 300) < 0.01 && c.normal.dy < -0.99,
                    "contact at \(c.point), normal \(c.normal), step \(c.step)")
            }
        }
        for i in 0..<20 {
            try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 20 + 18 * i, y: 40 + 5 * i))
        }
        var deaths = 0
        for _ in 0..<90 {
            engine.advance(by: 1.0 / 60)
            deaths += engine.statistics.deaths
        }
        #expect(
            contacts == 20 && deaths == 20 && engine.statistics.liveParticles == 0,
            "20 drops: \(contacts) contacts, \(deaths) deaths, \(engine.statistics.liveParticles) alive")
    }

    @Test func contactsBurstContactCellsAtTheContactPoint() throws {
        let (engine, emitter, cell) = try makeDrop(elasticity: 0, onContact: .die, contactCells: ["splash"]) { c in
            let splash = CAEmitterCell()
            splash.name = "splash"
            splash.contents = BuiltinSprites.image(named: "softDot")
            splash.birthRate = 30
            splash.lifetime = 10
            splash.velocity = 50
            splash.emissionRange = .pi
            c.emitterCells = [splash]
        }
        let splash = try #require(cell.emitterCells?.first)
        #expect(splash.birthRate == 0, "contact cells emit only at contacts")
        for i in 0..<6 {
            try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 40 + 60 * i, y: 100))
        }
        // 200 points at 1000 pt/s² take 0.63 s.
        for _ in 0..<36 { engine.advance(by: 1.0 / 60) }
        #expect(try PhysicsTestSupport.particles(engine, emitter, splash).isEmpty, "no splash before the drops land")
        for _ in 0..<24 { engine.advance(by: 1.0 / 60) }
        let splashes = try PhysicsTestSupport.particles(engine, emitter, splash)
        #expect(splashes.count == 6 * 5, "6 contacts × contactBurst 5: \(splashes.count) splash particles")
        // Born at the floor (y 300) and thrown back up (the burst's direction is the surface normal).
        #expect(splashes.allSatisfy { $0.y < 300.5 && $0.vy <= 0.0001 }, "splashes: \(splashes.prefix(5))")
    }

    @Test func stuckParticlesStayWhereTheyTouched() throws {
        let (engine, emitter, cell) = try makeDrop(elasticity: 0.9, onContact: .stick)
        let wall = engine.physicsWorld.staticBody
        try wall.addShape(.segment(from: CGPoint(x: 300, y: 0), to: CGPoint(x: 300, y: 300)))
        try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 100, y: 100))
        cell.velocity = 400
        try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 250, y: 100))
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        let first = try PhysicsTestSupport.particles(engine, emitter, cell)
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        let later = try PhysicsTestSupport.particles(engine, emitter, cell)
        #expect(first.count == 2 && later.count == 2)
        for (a, b) in zip(first, later) {
            #expect(a.x == b.x && a.y == b.y && b.vx == 0 && b.vy == 0, "stuck at \(a), a second later \(b)")
        }
        #expect(abs(Double(later[0].y) - 297.99) < 0.02, "on the floor: \(later[0])")
        #expect(abs(Double(later[1].x) - 297.99) < 0.02 && later[1].y < 200, "on the wall, not slid down: \(later[1])")
    }

    @Test func aMovedEmitterCollidesInWorldCoordinates() throws {
        let (engine, emitter, cell) = try makeDrop(elasticity: 0)
        // The emitter layer moved 100 points down: its y = 150 is the world's 250.
        emitter.position.y += 100
        try engine.burst(count: 1, cellNamed: "drop", in: emitter, at: CGPoint(x: 200, y: 150))
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        let p = try #require(try PhysicsTestSupport.particles(engine, emitter, cell).first)
        // Resting on the world floor (300) at the emitter's y = 200 − radius.
        #expect(abs(Double(p.y) - 197.99) < 0.05, "particle at \(p) in the emitter's coordinates")
    }

    @Test func collideModeIsDeterministic() throws {
        func run() throws -> String {
            let (engine, emitter, cell) = try makeDrop(elasticity: 0.7) { c in
                c.birthRate = 200
                c.lifetime = 3
                c.velocity = 150
                c.emissionRange = .pi
            }
            _ = cell
            emitter.emitterPosition = CGPoint(x: 200, y: 100)
            let bar = try PhysicsBody(type: .static)
            try bar.addShape(.box(width: 120, height: 10))
            try engine.attach(
                bar,
                to: {
                    let l = CALayer()
                    l.position = CGPoint(x: 200, y: 200)
                    engine.rootLayer.addSublayer(l)
                    return l
                }())
            for _ in 0..<120 { engine.advance(by: 1.0 / 60) }
            return engine.stateHash().hex
        }
        let a = try run()
        let b = try run()
        #expect(a == b, "two runs: \(a) vs \(b)")
    }
}

extension PhysicsCollideTests {
    @Test func badCellPhysicsIsRefusedWithTheKeyAndTheValue() throws {
        let (root, emitter, cell) = PhysicsTestSupport.emitterScene { _ in }
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        var physics = CellPhysicsDescription()
        physics.elasticity = -1
        #expect(
            throws: EngineError.invalidSetting("physics of cell 'drop'.elasticity: expected a number ≥ 0, got -1.0")
        ) {
            try engine.setPhysics(physics, of: cell, in: emitter)
        }
        physics.elasticity = 0.5
        physics.contactCells = ["nope"]
        #expect(throws: EngineError.self) { try engine.setPhysics(physics, of: cell, in: emitter) }
    }
}
