import Foundation
import LayerKit
import Testing

@testable import SceneFormat

/// The flame and crates examples of the scene-format sketch load into the model they describe.
@Suite struct SketchExamplesTests {
    @Test func flameLoadsWithEveryPropertyApplied() throws {
        let scene = try SceneLoader.load(path: Fixtures.path("Scenes/flame.json"))
        #expect(scene.warnings.isEmpty, "warnings: \(scene.warnings)")
        #expect(scene.schemaVersion == 1)
        #expect(scene.description == "Additive flame with rising embers and a little smoke")
        #expect(scene.display.size == CGSize(width: 800, height: 600))
        #expect(scene.display.backgroundColor == .black)
        #expect(scene.display.framesPerSecond == 60)
        let fire = try #require(scene.layer(named: "fire") as? CAEmitterLayer)
        #expect(fire.frame == CGRect(x: 0, y: 0, width: 800, height: 600))
        #expect(fire.emitterPosition == CGPoint(x: 400, y: 520))
        #expect(fire.emitterShape == .line && fire.renderMode == .additive && fire.seed == 7)
        #expect(fire.emitterSize == CGSize(width: 120, height: 0))
        let flame = try #require(fire.cell(atNamePath: "flame"))
        #expect(flame.birthRate == 300 && flame.lifetime == 1.2 && flame.lifetimeRange == 0.4)
        #expect(abs(flame.emissionLongitude + .pi / 2) < 1e-12, "\"-90deg\" is -π/2, got \(flame.emissionLongitude)")
        #expect(abs(flame.emissionRange - .pi / 6) < 1e-12, "\"30deg\" is π/6, got \(flame.emissionRange)")
        #expect(
            flame.yAcceleration == -60 && flame.scale == 0.6 && flame.scaleSpeed == -0.3 && flame.alphaSpeed == -0.6)
        #expect(flame.color == CGColor(red: 1, green: 0.45, blue: 0.1, alpha: 0.8))
        let dot = try #require(flame.contents)
        #expect(dot.width == 64 && dot.height == 64, "soft-dot.png is 64×64, got \(dot)")
        let ember = try #require(fire.cell(atNamePath: "flame.ember"))
        #expect(
            ember.contents === BuiltinSprites.image(named: "softDot"), "builtin:softDot is the shared built-in image")
        #expect(abs(ember.emissionRange - 2 * .pi) < 1e-12)
        #expect(scene.interaction?.drag == InteractionDescription.Target(layerName: "fire", keyPath: "emitterPosition"))
        #expect(scene.sourcePath == Fixtures.path("Scenes/flame.json"))
    }

    @Test func cratesLoadWithBodiesAndWalls() throws {
        let scene = try SceneLoader.load(path: Fixtures.path("Scenes/crates.json"))
        #expect(scene.warnings.isEmpty, "warnings: \(scene.warnings)")
        let physics = try #require(scene.physics)
        #expect(physics.gravity == CGVector(dx: 0, dy: 1000))
        #expect(physics.step == 0.008333333)
        #expect(physics.walls?.elasticity == 0.8 && physics.walls?.friction == 0.5)
        #expect(physics.walls?.sides == [.left, .right, .top, .bottom])
        #expect(scene.bodies.count == 2)
        let crate1 = try #require(scene.layer(named: "crate1"))
        #expect(crate1.bounds == CGRect(x: 0, y: 0, width: 32, height: 32) && crate1.position == CGPoint(x: 60, y: 40))
        #expect(scene.bodies[0].layer === crate1)
        #expect(scene.bodies[0].body.shape == .box(size: CGSize(width: 32, height: 32), radius: 0))
        #expect(scene.bodies[0].body.mass == 100 && scene.bodies[0].body.density == nil)
        #expect(scene.bodies[1].body.shape == .box(size: CGSize(width: 64, height: 64), radius: 0))
        #expect(
            scene.layer(named: "crate1")?.contents === scene.layer(named: "crate2")?.contents,
            "both crates share one decoded image")
        #expect(scene.rootLayer.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
    }
}
