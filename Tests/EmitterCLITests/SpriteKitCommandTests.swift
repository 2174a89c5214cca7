import EmitterTestSupport
import Foundation
import Testing

// MARK: - SpriteKit files on the command line

@Suite struct SpriteKitCommandTests {
    static let star = "Tests/ParticleDesignerTests/Fixtures/SpriteKit/spritekitbook/Star.sks"
    static let scene = "Tests/ParticleDesignerTests/Fixtures/SpriteKit/brimstone/MainScene.sks"

    @Test func importWritesASceneAndItsTextureThatPlay() throws {
        let folder = try temporaryFolder()
        let run = try emitter(["import", Self.star, "-o", folder + "/star.json"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("star.json") && run.stdout.contains("star-texture.png"), "\(run.stdout)")
        let text = try String(contentsOfFile: folder + "/star.json", encoding: .utf8)
        #expect(text.contains("\"colorOverLife\"") && text.contains("\"birthRate\": 12"), "\(text)")
        let render = try emitter(["render", folder + "/star.json", "--duration", "0.5", "--out", folder + "/star.png"])
        #expect(render.status == 0, "\(render)")
    }

    @Test func anSksPlaysDirectlyAndASceneIsRefusedByName() throws {
        let folder = try temporaryFolder()
        let play = try emitter(["render", Self.star, "--duration", "0.5", "--out", folder + "/direct.png"])
        #expect(play.status == 0 && FileManager.default.fileExists(atPath: folder + "/direct.png"), "\(play)")
        let refused = try emitter(["import", Self.scene, "-o", folder + "/scene.json"])
        #expect(refused.status != 0 && refused.stderr.contains("SKScene"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/scene.json"))
    }
}
