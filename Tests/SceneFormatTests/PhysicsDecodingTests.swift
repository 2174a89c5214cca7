import Foundation
import LayerKit
import Testing

@testable import SceneFormat

/// Physics world, bodies, cell physics, fields, constraints and interaction decode into their descriptions.
@Suite struct PhysicsDecodingTests {
    static let world = #"""
        {
          "schemaVersion": 1,
          "physics": { "gravity": [0, 980], "iterations": 20, "damping": 0.9, "sleepTimeThreshold": 0.5, "collisionSlop": 0.5,
                       "walls": { "elasticity": 0.5, "friction": 1, "radius": 4, "sides": ["left", "right", "bottom"] } },
          "layers": [
            { "name": "ball", "bounds": [0, 0, 40, 40], "position": [100, 50],
              "body": { "shape": "circle", "density": 2, "elasticity": 0.9, "velocity": [10, 0], "angularVelocity": "90deg", "categories": 2, "mask": 5, "collisionType": "ball" } },
            { "name": "floor", "body": { "type": "static", "shape": "segment", "a": [0, 400], "b": [320, 400], "radius": 2 } },
            { "name": "wedge", "body": { "type": "kinematic", "shape": "polygon", "vertices": [[-10, 10], [10, 10], [0, -10]] } },
            { "name": "paddle", "bounds": [0, 0, 80, 10], "body": { "type": "dynamic", "mass": 5, "moment": 100, "radius": 1, "group": 3, "isSensor": true } },
            { "type": "emitter", "name": "rain", "emitterCells": [
                { "name": "drop", "contents": "builtin:raindrop", "birthRate": 50, "lifetime": 3,
                  "emitterCells": [{ "name": "splash", "contents": "builtin:softDot", "birthRate": 1, "lifetime": 0.3 }],
                  "physics": { "mode": "collide", "elasticity": 0.2, "onContact": "die", "contactCells": ["splash"], "contactBurst": 6, "radius": 2 } },
                { "name": "pebble", "contents": "builtin:square", "birthRate": 2, "lifetime": 5, "physics": { "mode": "body", "mass": 3, "maxBodies": 50 } }
            ] }
          ],
          "fields": [
            { "type": "radialGravity", "name": "well", "position": [400, 300], "strength": 5000, "radius": 300, "falloff": 1 },
            { "type": "noise", "strength": 20, "smoothness": 0.8, "animationSpeed": 2, "seed": 9, "affects": "particles" },
            { "type": "linearGravity", "direction": [1, 0], "isEnabled": false, "categoryMask": 2 }
          ],
          "constraints": [
            { "type": "pivot", "bodyA": "paddle", "pivot": [160, 300] },
            { "type": "dampedSpring", "name": "spring", "bodyA": "ball", "bodyB": "paddle", "anchorB": [30, 0], "restLength": 50, "stiffness": 20, "damping": 0.5, "maxForce": 1000 },
            { "type": "rotaryLimit", "bodyA": "ball", "bodyB": "paddle", "min": "-45deg", "max": "45deg", "collideBodies": false },
            { "type": "simpleMotor", "bodyA": "wedge", "rate": "1pi" },
            { "type": "gear", "bodyA": "ball", "bodyB": "wedge", "ratio": 2, "phase": "10deg" }
          ],
          "interaction": { "drag": "ball.position", "click": { "action": "setValue", "target": "rain.birthRate", "value": 2 } }
        }
        """#

    @Test func worldBodiesFieldsConstraintsAndInteractionDecode() throws {
        let scene = try loadScene(Self.world)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let p = try #require(scene.physics)
        #expect(
            p.gravity == CGVector(dx: 0, dy: 980) && p.iterations == 20 && p.damping == 0.9
                && p.sleepTimeThreshold == 0.5)
        #expect(p.step == 1.0 / 120, "the default fixed step")
        #expect(p.walls?.sides == [.left, .right, .bottom] && p.walls?.radius == 4)

        #expect(scene.bodies.map { $0.layer.name } == ["ball", "floor", "wedge", "paddle"])
        let ball = scene.bodies[0].body
        #expect(ball.shape == .circle(radius: 20), "a circle's radius defaults to half the smaller bounds side")
        #expect(
            ball.density == 2 && ball.mass == nil && ball.angularVelocity == .pi / 2 && ball.categories == 2
                && ball.mask == 5)
        #expect(ball.collisionType == "ball" && ball.velocity == CGVector(dx: 10, dy: 0))
        #expect(
            scene.bodies[1].body.type == .static
                && scene.bodies[1].body.shape
                    == .segment(a: CGPoint(x: 0, y: 400), b: CGPoint(x: 320, y: 400), radius: 2)
        )
        #expect(scene.bodies[2].body.density == nil, "kinematic bodies have no mass")
        let paddle = scene.bodies[3].body
        #expect(
            paddle.shape == .box(size: CGSize(width: 80, height: 10), radius: 1) && paddle.mass == 5
                && paddle.moment == 100 && paddle.isSensor && paddle.group == 3)

        #expect(scene.cellPhysics.map { $0.cell.name } == ["drop", "pebble"])
        #expect(scene.cellPhysics[0].emitter === scene.layer(named: "rain"))
        let drop = scene.cellPhysics[0].physics
        #expect(
            drop.mode == .collide && drop.onContact == .die && drop.contactCells == ["splash"] && drop.contactBurst == 6
                && drop.radius == 2)
        #expect(scene.cellPhysics[1].physics.mode == .body && scene.cellPhysics[1].physics.maxBodies == 50)

        #expect(scene.fields.map(\.type) == [.radialGravity, .noise, .linearGravity])
        #expect(
            scene.fields[0].radius == 300 && scene.fields[0].falloff == 1 && scene.fields[1].seed == 9
                && scene.fields[1].affects == .particles)
        #expect(scene.fields[2].direction == CGVector(dx: 1, dy: 0) && !scene.fields[2].isEnabled)

        #expect(scene.constraints.map(\.type) == [.pivot, .dampedSpring, .rotaryLimit, .simpleMotor, .gear])
        #expect(scene.constraints[0].pivot == CGPoint(x: 160, y: 300) && scene.constraints[0].bodyB == nil)
        #expect(
            scene.constraints[1].restLength == 50 && scene.constraints[1].maxForce == 1000
                && scene.constraints[1].bodyB == "paddle")
        #expect(abs(scene.constraints[2].min + .pi / 4) < 1e-12 && !scene.constraints[2].collideBodies)
        #expect(scene.constraints[3].rate == .pi && scene.constraints[4].ratio == 2)

        #expect(scene.interaction?.drag == InteractionDescription.Target(layerName: "ball", keyPath: "position"))
        #expect(
            scene.interaction?.click
                == .setValue(InteractionDescription.Target(layerName: "rain", keyPath: "birthRate"), .number(2)))
    }

    @Test func constraintsNeedNamedLayersWithBodies() {
        let json =
            #"{"schemaVersion": 1, "layers": [{"name": "plain"}], "constraints": [{"type": "pin", "bodyA": "plain"}, {"type": "gear", "bodyA": "plian"}]}"#
        #expect(
            errors(json) == [
                #"test.json:1:85: constraints[0].bodyA: the layer "plain" has no "body"; constraints join bodies"#,
                "test.json:1:104: constraints[1]: missing key \"ratio\"; add it, for example \"ratio\": 1",
                #"test.json:1:121: constraints[1].bodyA: no layer named "plian"; did you mean "plain"?"#,
            ])
    }

    @Test func clickActionsCheckTheirTargets() {
        func click(_ action: String) -> [String] {
            errors(#"{"schemaVersion": 1, "layers": [{"name": "l"}], "interaction": {"click": "# + action + "}}")
        }
        #expect(click(#"{"action": "toggle", "target": "l.isHidden"}"#) == [])
        #expect(click(#"{"action": "reset"}"#) == [])
        #expect(click(#"{"action": "moveTo", "target": "l.position"}"#) == [])
        #expect(
            click(#"{"action": "toggle", "target": "l.opacity"}"#)
                == [
                    #"test.json:1:95: interaction.click.target: "toggle" flips a Boolean property such as "isHidden"; "opacity" is a number"#
                ])
        #expect(
            click(#"{"action": "setValue", "target": "l.opacity", "value": 2}"#)
                == ["test.json:1:120: interaction.click.value: expected a number in 0…1, got 2"])
        #expect(
            click(#"{"action": "moveTo", "target": "l.positon"}"#)
                == [
                    #"test.json:1:95: interaction.click.target: A layer "l" has no key path "positon"; did you mean "position"?"#
                ])
        #expect(
            click(#"{"action": "moveTo", "target": "position"}"#)
                == [
                    #"test.json:1:95: interaction.click.target: expected "layerName.keyPath", such as "fire.emitterPosition", got "position""#
                ])
    }
}
