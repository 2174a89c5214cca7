import Foundation
import Testing

@testable import EmitterKit

/// Cell physics, bodies and walls described in a scene file reach the engine.
@Suite struct PhysicsSceneTests {
    /// Rain that dies on a bar, a crate and the floor with splashes, and balls that are bodies.
    static let rain = #"""
        { "schemaVersion": 1, "display": { "size": [400, 300] },
          "physics": { "gravity": [0, 1000], "walls": { "sides": ["left", "right", "bottom"], "elasticity": 0.3, "friction": 0.5 } },
          "layers": [
            { "type": "layer", "name": "crate", "bounds": [0, 0, 64, 64], "position": [200, 200], "body": { "mass": 100, "friction": 0.5 } },
            { "type": "layer", "name": "bar", "bounds": [0, 0, 120, 8], "position": [90, 150], "transform": [{"rotate": "20deg"}],
              "body": { "type": "static" } },
            { "type": "emitter", "name": "rain", "frame": [0, 0, 400, 300], "emitterPosition": [200, -10], "emitterShape": "line",
              "emitterSize": [400, 0], "seed": 3,
              "emitterCells": [
                { "name": "drop", "contents": "builtin:raindrop", "birthRate": 150, "lifetime": 3, "velocity": 300,
                  "emissionLongitude": "180deg", "yAcceleration": 800, "scale": 0.25,
                  "physics": { "mode": "collide", "radius": 2, "onContact": "die", "contactCells": ["splash"], "contactBurst": 4 },
                  "emitterCells": [ { "name": "splash", "contents": "builtin:softDot", "lifetime": 0.4, "velocity": 80,
                                      "emissionRange": "60deg", "scale": 0.06 } ] } ] },
            { "type": "emitter", "name": "balls", "frame": [0, 0, 400, 300], "emitterPosition": [330, 40], "seed": 4,
              "emitterCells": [
                { "name": "ball", "contents": "builtin:softDot", "birthRate": 6, "lifetime": 8, "velocity": 100,
                  "emissionLongitude": "180deg", "scale": 0.3,
                  "physics": { "mode": "body", "radius": 8, "mass": 5, "elasticity": 0.5, "maxBodies": 10 } } ] } ] }
        """#

    @Test func cellPhysicsFromASceneCollidesBurstsAndMakesBodies() throws {
        let scene = try SceneLoader.load(data: Data(Self.rain.utf8), sourceName: "rain.json", baseDirectory: nil)
        let engine = try Engine(scene: scene, threadCount: 1)
        var contacts = 0
        var onBar = 0
        engine.onPhysicsEvent = { event in
            guard case .particleContact(let c) = event else { return }
            contacts += 1
            if c.layer?.name == "bar" { onBar += 1 }
        }
        var splashes = 0
        for _ in 0..<(3 * 60) {
            engine.advance(by: 1.0 / 60)
            let rain = try #require(scene.layer(named: "rain") as? CAEmitterLayer)
            let splash = try #require(rain.emitterCells?.first?.emitterCells?.first)
            splashes = max(splashes, try PhysicsTestSupport.particles(engine, rain, splash).count)
        }
        // 150 drops a second for about 2.6 s of falling: hundreds of contacts, some on the bar.
        #expect(
            contacts > 200 && onBar > 10 && splashes > 20,
            "contacts \(contacts), on the bar \(onBar), most splashes alive \(splashes)")
        // 18 balls were born; only 10 may be bodies at once: the crate, the bar and 10 balls.
        #expect(engine.statistics.bodies == 12, "bodies \(engine.statistics.bodies)")
        let crate = try #require(engine.layerBodies.first { $0.layer.name == "crate" })
        #expect(abs(crate.layer.position.y - (299 - 32)) < 1, "the crate rests on the floor: \(crate.layer.position)")
    }
}

extension PhysicsSceneTests {
    /// A crate hinged to the world at (200, 50) swings under gravity; a field pushes a ball sideways.
    static let pendulum = #"""
        { "schemaVersion": 1, "display": { "size": [400, 300] },
          "physics": { "gravity": [0, 1000] },
          "layers": [
            { "type": "layer", "name": "bob", "bounds": [0, 0, 20, 20], "position": [300, 50], "body": { "mass": 1 } },
            { "type": "layer", "name": "ball", "bounds": [0, 0, 10, 10], "position": [100, 250],
              "body": { "shape": "circle", "mass": 1, "categories": 2 } } ],
          "constraints": [ { "type": "pivot", "bodyA": "bob", "pivot": [200, 50] } ],
          "fields": [ { "type": "linearGravity", "direction": [1, 0], "strength": 200, "categoryMask": 2 } ] }
        """#

    @Test func sceneConstraintsAndFieldsActOnTheBodies() throws {
        let scene = try SceneLoader.load(
            data: Data(Self.pendulum.utf8), sourceName: "pendulum.json", baseDirectory: nil)
        let engine = try Engine(scene: scene, threadCount: 1)
        let bobLayer = try #require(scene.layer(named: "bob"))
        let ballLayer = try #require(scene.layer(named: "ball"))
        let bob = try #require(engine.body(of: bobLayer))
        let ball = try #require(engine.body(of: ballLayer))
        var lowest = 0.0
        for _ in 0..<60 {
            engine.advance(by: 1.0 / 60)
            let d = hypot(bob.position.x - 200, bob.position.y - 50)
            #expect(abs(d - 100) < 1, "the pivot keeps the bob 100 points away: \(d) at \(bob.position)")
            lowest = max(lowest, bob.position.y)
        }
        #expect(lowest > 145, "the bob swung down to y = \(lowest)")
        // The field (category 2 only) accelerates the ball at 200 pt/s² sideways; gravity pulls it down.
        #expect(
            abs(ball.velocity.dx - 200) < 1e-6 && abs(ball.velocity.dy - 1000) < 1e-6,
            "ball velocity \(ball.velocity) after 1 s")
    }
}

extension PhysicsSceneTests {
    /// A strong attractor carried by an animated layer that moves from x = 100 to 300 in one second.
    static let movingWell = #"""
        { "schemaVersion": 1, "display": { "size": [400, 300] },
          "layers": [
            { "type": "layer", "name": "well", "position": [100, 150],
              "animations": { "move": { "type": "basic", "keyPath": "position.x", "fromValue": 100, "toValue": 300, "duration": 1,
                                        "timingFunction": "linear" } } },
            { "type": "layer", "name": "ball", "bounds": [0, 0, 10, 10], "position": [200, 150],
              "body": { "shape": "circle", "mass": 1 } } ],
          "fields": [ { "type": "radialGravity", "layer": "well", "strength": 500, "affects": "bodies" } ] }
        """#

    @Test func aSceneFieldFollowsItsAnimatedLayer() throws {
        let scene = try SceneLoader.load(data: Data(Self.movingWell.utf8), sourceName: "well.json", baseDirectory: nil)
        let engine = try Engine(scene: scene, threadCount: 1)
        let ballLayer = try #require(scene.layer(named: "ball"))
        let ball = try #require(engine.body(of: ballLayer))
        for _ in 0..<15 { engine.advance(by: 1.0 / 60) }
        // The well is left of the ball for the first half second: the ball is pulled toward −x.
        #expect(ball.velocity.dx < -100, "after 0.25 s: \(ball.velocity)")
        for _ in 0..<20 { engine.advance(by: 1.0 / 60) }
        let before = ball.velocity.dx
        for _ in 0..<10 { engine.advance(by: 1.0 / 60) }
        let field = try #require(engine.fields.first)
        #expect(
            abs(field.field.position.x - 250) < 1e-6,
            "at 0.75 s the field is where the layer's animation is: \(field.field.position)")
        #expect(
            ball.velocity.dx > before,
            "the well passed the ball and pulls it toward +x: \(before) → \(ball.velocity.dx)")
        // Scene errors name the layer.
        let broken = Self.movingWell.replacingOccurrences(of: #""layer": "well""#, with: #""layer": "wel""#)
        #expect(throws: (any Error).self) {
            try SceneLoader.load(data: Data(broken.utf8), sourceName: "well.json", baseDirectory: nil)
        }
    }
}
