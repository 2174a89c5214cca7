import EmitterTestSupport
import Foundation
import Testing

@testable import EmitterKit

/// The book's crates (S6: gravity 1000, elasticity 0.8, friction 0.5, 32- and 64-point crates inside
/// walls) through the engine: the world is built from the scene, steps at the fixed step, and moves
/// the crate layers.
@Suite struct PhysicsCratesTests {
    @Test func cratesComeToRestInsideTheWalls() throws {
        let scene = try PhysicsTestSupport.crates()
        let engine = try Engine(scene: scene, threadCount: 1)
        for _ in 0..<(6 * 60) { engine.advance(by: 1.0 / 60) }
        let bodies = engine.layerBodies
        #expect(bodies.count == 11)
        for link in bodies {
            let p = link.layer.position
            let v = link.body.velocity
            let half = link.layer.bounds.width / 2
            #expect(
                p.x >= half - 2 && p.x <= 320 - half + 2 && p.y >= 0 && p.y <= 480 - half + 2,
                "\(link.layer.name ?? "?") at \(p) after 6 s, frame \(engine.frameCount)")
            #expect(
                hypot(v.dx, v.dy) < 5 && abs(link.body.angularVelocity) < 0.1,
                "\(link.layer.name ?? "?") still moving: v \(v), ω \(link.body.angularVelocity) after 6 s")
        }
        // The pile lies on the floor: the lowest crates touch it.
        let lowest = bodies.map { $0.layer.position.y + $0.layer.bounds.height / 2 }.max() ?? 0
        #expect(abs(lowest - 479) < 2, "lowest crate bottom \(lowest), floor wall surface at 479")
    }

    @Test func stateHashIsEqualAt30_60And144FramesPerSecond() throws {
        var hashes: [Double: String] = [:]
        for fps in [30.0, 60.0, 144.0] {
            let engine = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
            for _ in 0..<Int((2 * fps).rounded()) { engine.advance(by: 1 / fps) }
            #expect(engine.integrator.stepCount == 240, "fps \(fps): \(engine.integrator.stepCount) steps")
            hashes[fps] = engine.stateHash().hex
        }
        #expect(Set(hashes.values).count == 1, "crates hashes by fps after 2 s: \(hashes)")
        // Two steps of 1/120 s per 60 Hz frame.
        let engine = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        let frame = engine.advance(by: 1.0 / 60)
        #expect(frame.steps == 2 && engine.fixedStep == 1.0 / 120, "steps \(frame.steps), step \(engine.fixedStep)")
    }

    @Test func stateHashMovesWithTheBodies() throws {
        let a = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        let b = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        a.advance(by: 0.5)
        b.advance(by: 0.5)
        #expect(a.stateHash().hex == b.stateHash().hex)
        try #require(b.layerBodies.first).body.applyImpulse(CGVector(dx: 1, dy: 0))
        #expect(a.stateHash().hex != b.stateHash().hex, "a nudged crate changes the hash")
    }

    @Test func layersShowTheirBodiesInterpolatedBetweenSteps() throws {
        let engine = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        engine.advance(by: 0.1)
        engine.advance(by: 1.0 / 144)
        let fraction = engine.integrator.interpolationFraction
        #expect(fraction > 0 && fraction < 1, "fraction \(fraction)")
        for link in engine.layerBodies {
            let p = link.body.interpolatedPosition(fraction)
            #expect(link.layer.position == p, "\(link.layer.name ?? "?"): layer \(link.layer.position), body \(p)")
            let angle = LayerBody.rotation(of: link.layer.transform)
            #expect(
                abs(angle - link.body.interpolatedAngle(fraction)) < 1e-9,
                "\(link.layer.name ?? "?"): layer angle \(angle), body \(link.body.interpolatedAngle(fraction))")
        }
        // The crates start where the scene put them, turned as their transforms say.
        let fresh = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        let crate2 = try #require(fresh.layerBodies.first { $0.layer.name == "crate2" })
        #expect(
            crate2.body.position == CGPoint(x: 150, y: 40) && abs(crate2.body.angle - 10 * .pi / 180) < 1e-12,
            "crate2 body at \(crate2.body.position), angle \(crate2.body.angle)")
    }

    @Test func statisticsCountTheCratesButNotTheWalls() throws {
        let engine = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        engine.advance(by: 1.0 / 60)
        #expect(engine.statistics.bodies == 11, "bodies \(engine.statistics.bodies)")
        #expect(engine.physicsWorld.gravity == CGVector(dx: 0, dy: 1000))
    }

    @Test func aFixedStepOtherThanTheScenesIsRefused() throws {
        let scene = try PhysicsTestSupport.crates()
        #expect(throws: EngineError.self) { try Engine(scene: scene, fixedStep: 1.0 / 60) }
        let engine = try Engine(scene: scene, fixedStep: 1.0 / 120)
        #expect(engine.fixedStep == 1.0 / 120)
    }

    @Test func bodyCollisionsAreObservableWithTheirLayers() throws {
        let engine = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        var begins = 0
        var withFloor = 0
        var betweenCrates = 0
        engine.onPhysicsEvent = { event in
            guard case .collision(let e, let a, let b) = event, e.phase == .begin else { return }
            begins += 1
            if a == nil || b == nil { withFloor += 1 } else { betweenCrates += 1 }
        }
        for _ in 0..<120 { engine.advance(by: 1.0 / 60) }
        #expect(
            begins > 11 && withFloor > 0 && betweenCrates > 0,
            "begins \(begins), with walls \(withFloor), between crates \(betweenCrates) in 2 s")
    }
}

extension PhysicsCratesTests {
    @Test func draggingTheBigCrateMovesItsBody() throws {
        let engine = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        for _ in 0..<120 { engine.advance(by: 1.0 / 60) }
        let crate2 = try #require(engine.layerBodies.first { $0.layer.name == "crate2" })
        #expect(engine.drag(to: CGPoint(x: 160, y: 100)))
        engine.advance(by: 1.0 / 60)
        // The body jumped to the pointer at the frame's first step; the long jump throws it at the
        // capped speed (3000 pt/s), and the top wall stops it.
        #expect(
            crate2.body.position.y < 100 && abs(crate2.body.velocity.dy) <= 3000 + 1e-6,
            "crate2 at \(crate2.body.position), velocity \(crate2.body.velocity) after the drag to (160, 100)")
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        #expect(
            crate2.body.position.y > 32 && crate2.body.position.y < 480,
            "crate2 stays inside the walls: \(crate2.body.position)")
    }
}

extension PhysicsCratesTests {
    /// The golden is recorded from a run whose frames were looked at (`emitter render Scenes/crates.json
    /// --duration 4 --contact-sheet 4x2`); `emitter hash Scenes/crates.json --duration 3` prints it too.
    @Test func cratesStateAtThreeSecondsMatchesTheGoldenHash() throws {
        let engine = try Engine(scene: try PhysicsTestSupport.crates(), threadCount: 1)
        for _ in 0..<180 { engine.advance(by: 1.0 / 60) }
        Golden.expect(
            hash: engine.stateHash().hex, named: "crates-3s", inTableAt: goldenHashes,
            context:
                "crates at 3 s (frame \(engine.frameCount), \(engine.integrator.stepCount) steps), state hash v\(Engine.stateHashVersion)"
        )
    }
}
