import EmitterKit
import Foundation
import Testing

/// What the scene descriptions promise the pointer does, checked through the engine's interaction API.
@Suite struct InteractionTests {
    /// Every click burst emits its particles at the click point.
    @Test(arguments: ["fireworks", "snow", "confetti"])
    func clickBurstsEmitParticles(_ name: String) throws {
        let scene = try SceneSource.load(path: packageRoot + "/Scenes/\(name).json")
        guard case .burst(let emitterName, let cell, let count)? = scene.interaction?.click else {
            Issue.record("\(name).json has no click burst")
            return
        }
        let engine = try Engine(scene: scene, threadCount: 1)
        engine.advance(by: 1.0 / 60)
        let emitter = try #require(engine.rootLayer.layer(named: emitterName) as? CAEmitterLayer)
        let before = try #require(engine.simulation(of: emitter)).aliveCount
        let born = try engine.burst(count: count, cellNamed: cell, in: emitter, at: CGPoint(x: 300, y: 200))
        let after = try #require(engine.simulation(of: emitter)).aliveCount
        #expect(
            born == count && after - before == count,
            "\(name): click burst of \(count) \(cell): born \(born), alive \(before) → \(after)")
    }

    /// Dragging the fire moves the whole campfire (flames, smoke and glow), not only one emitter.
    @Test func draggingTheFireMovesTheCampfire() throws {
        let engine = try Engine(scene: try SceneSource.load(path: packageRoot + "/Scenes/fire.json"), threadCount: 1)
        let campfire = try #require(engine.rootLayer.layer(named: "campfire"))
        #expect(engine.dragTarget?.layer === campfire && engine.dragTarget?.keyPath == "position")
        #expect(engine.drag(to: CGPoint(x: 200, y: 250)))
        #expect(
            campfire.position == CGPoint(x: 200, y: 250), "campfire at \(campfire.position) after a drag to (200, 250)")
    }

    /// The trail's loop is additive: after a drag the emitter circles the pointer, so the offset from the
    /// pointer at a given time is the same wherever the pointer is.
    @Test func trailLoopsAroundTheDragPoint() throws {
        func shown(afterDragTo pointer: CGPoint) throws -> CGPoint? {
            let engine = try Engine(
                scene: try SceneSource.load(path: packageRoot + "/Scenes/trail.json"), threadCount: 1)
            let trail = try #require(engine.rootLayer.layer(named: "trail"))
            engine.drag(to: pointer)
            for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
            guard case .point(let p)? = trail.presentationValue(forKeyPath: "emitterPosition", atTime: engine.mediaTime)
            else { return nil }
            return p
        }
        let a = CGPoint(x: 100, y: 80)
        let b = CGPoint(x: 450, y: 300)
        let sa = try #require(try shown(afterDragTo: a))
        let sb = try #require(try shown(afterDragTo: b))
        let da = (Double(sa.x - a.x), Double(sa.y - a.y))
        let db = (Double(sb.x - b.x), Double(sb.y - b.y))
        #expect(
            abs(da.0 - db.0) < 0.01 && abs(da.1 - db.1) < 0.01,
            "trail at t=1 s: offset from the pointer \(da) after a drag to \(a), \(db) after a drag to \(b)")
        #expect(hypot(da.0, da.1) > 1, "the loop should have moved the emitter off the pointer at t=1 s, offset \(da)")
    }
}
