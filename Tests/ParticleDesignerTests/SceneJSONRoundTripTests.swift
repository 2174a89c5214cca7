import EmitterKit
import Foundation
import Testing

@testable import ParticleDesigner

// MARK: - Writing scene files

@Test(arguments: referenceNames)
func writtenSceneLoadsBackWithTheSameCell(_ name: String) throws {
    let effect = try ParticleDesignerImporter.importFile(path: fixture(name))
    let folder = try temporaryFolder()
    let json = folder + "/\(name).json"
    let written = try effect.write(toJSON: json)
    let loaded = try SceneLoader.load(path: json)
    let emitter = try #require(loaded.layers.first as? CAEmitterLayer)
    let cell = try #require(emitter.emitterCells?.first)
    for key in CAEmitterCell.keyAccessors.keys where key != "contents" {
        let a = try? effect.cell.layerValue(forKeyPath: key)
        let b = try? cell.layerValue(forKeyPath: key)
        if case .number(let x)? = a, case .number(let y)? = b {
            #expect(abs(x - y) <= 1e-9 * max(1, abs(x)), "\(name).\(key): imported \(x), loaded \(y)")
        } else {
            #expect(a == b, "\(name).\(key): imported \(String(describing: a)), loaded \(String(describing: b))")
        }
    }
    #expect(
        emitter.emitterPosition == effect.emitter.emitterPosition && emitter.renderMode == effect.emitter.renderMode)
    #expect(emitter.maxParticles == effect.emitter.maxParticles && emitter.emitterSize == effect.emitter.emitterSize)
    // Decodable textures are written as PNG next to the JSON; the others use the built-in sprite.
    switch effect.texture.source {
    case .builtin: #expect(written == [json])
    default:
        #expect(written == [json, folder + "/\(name)-texture.png"])
        #expect(cell.contents?.width == effect.texture.image.width)
    }
    // Writing the loaded scene again gives the same text: the writer and the loader agree.
    let again = SceneJSONWriter.scene(
        description: "Imported from the Particle Designer file \(name).plist",
        size: ParticleDesignerImporter.designSize, emitter: emitter,
        textureReference: effect.texture.source == .builtin("softDot") ? "builtin:softDot" : "\(name)-texture.png")
    #expect(again == (try String(contentsOfFile: json, encoding: .utf8)))
}

@Test func writerEscapesStringsAndKeepsFloatValues() {
    #expect(SceneJSONWriter.string("a\"b\\c\n") == "\"a\\\"b\\\\c\\n\"")
    #expect(SceneJSONWriter.number(Double(Float(0.99))) == "0.99")
    #expect(SceneJSONWriter.number(0.1) == "0.1")
    #expect(SceneJSONWriter.number(233.5) == "233.5" && SceneJSONWriter.number(-20) == "-20")
}

@Test func writtenSceneSimulatesLikeThePlist() throws {
    let folder = try temporaryFolder()
    try ParticleDesignerImporter.importFile(path: fixture("Galaxy")).write(toJSON: folder + "/galaxy.json")
    let (imageA, a) = try renderScene(try SceneSource.load(path: fixture("Galaxy")), seconds: 1)
    let (imageB, b) = try renderScene(try SceneSource.load(path: folder + "/galaxy.json"), seconds: 1)
    #expect(a.stateHash().value == b.stateHash().value, "seed 0, 60 frames: the JSON scene diverges from the plist")
    #expect(imageA.straightPixels == imageB.straightPixels)
}
