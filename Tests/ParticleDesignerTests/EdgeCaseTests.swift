import EmitterKit
import Foundation
import Testing

@testable import ParticleDesigner

// MARK: - Edge cases of the reference README

@Test func tiffTextureFallsBackToTheBuiltinSpriteWithAWarning() throws {
    let comet = try ParticleDesignerImporter.importFile(path: fixture("Comet"))
    #expect(comet.texture.source == .builtin("softDot"))
    #expect(
        comet.warnings.contains { $0.message.contains("TIFF") && $0.message.contains("softDot") }, "\(comet.warnings)")
}

@Test func corruptEmbeddedBlobFallsBackWithAWarning() throws {
    let foam = try ParticleDesignerImporter.importFile(path: fixture("BoilingFoam"))
    #expect(foam.texture.source == .builtin("softDot"))
    #expect(foam.warnings.contains { $0.message.contains("not valid base64") }, "\(foam.warnings)")
}

@Test func textureFileNextToThePlistComesFirst() throws {
    let folder = try temporaryFolder()
    try FileManager.default.copyItem(atPath: fixture("Galaxy"), toPath: folder + "/Galaxy.plist")
    let image = try CGImage(width: 4, height: 4, premultipliedPixels: [UInt8](repeating: 255, count: 64))
    try image.writePNG(to: folder + "/Galaxy.png")
    let galaxy = try ParticleDesignerImporter.importFile(path: folder + "/Galaxy.plist")
    #expect(galaxy.texture.source == .file(folder + "/Galaxy.png"))
    #expect(galaxy.texture.image.width == 4)
    #expect(galaxy.cell.scale == 37.0 / 4)  // sizes follow the texture actually used
    #expect(galaxy.warnings.isEmpty, "\(galaxy.warnings)")
}

@Test func missingTextureFileUsesTheEmbeddedImage() throws {
    let flower = try ParticleDesignerImporter.importFile(path: fixture("Flower"))
    #expect(flower.texture.source == .embedded)
    #expect(flower.warnings.contains { $0.message.contains("no file") && $0.message.contains("Flower.png") })
}

@Test func lifespanZeroRefillsThePoolEveryFrame() throws {
    let phoenix = try ParticleDesignerImporter.importFile(path: fixture("Phoenix"))
    #expect(phoenix.cell.birthRate == 285 * 60)
    #expect(phoenix.cell.lifetime == 0 && phoenix.cell.lifetimeRange == 2)
    #expect(phoenix.warnings.contains { $0.message.contains("particleLifespan is 0") })
    let (_, engine) = try renderScene(try phoenix.scene(), seconds: 0.5)
    let emitter = try #require(firstEmitter(engine.scene!))
    let alive = try #require(engine.simulation(of: emitter)).aliveCount
    #expect(alive > 250 && alive <= 285, "alive \(alive): the pool stays nearly full")
}

@Test func negativeVarianceIsReadAsItsMagnitude() throws {
    let comet = try ParticleDesignerImporter.importFile(path: fixture("Comet"))
    #expect(comet.emitter.emitterShape == .rectangle && comet.emitter.emitterSize == CGSize(width: 9, height: 0))
    #expect(comet.warnings.contains { $0.message.contains("sourcePositionVariancex is -4.5") })
}

@Test func oneShotDurationEmitsOneFrameOfParticles() throws {
    // ExplodingRing's settings: duration 0.01 and lifespan 0 ± 1 on the Galaxy file.
    var text = try fixtureText("Galaxy")
    text = replacing("duration", with: "<real>0.01</real>", in: text)
    text = replacing("particleLifespan", with: "<real>0</real>", in: text)
    let ring = try importText(text)
    #expect(abs(ring.cell.duration - 1.0 / 60) < 1e-12)
    #expect(ring.warnings.contains { $0.message.contains("one-shot") })
    let scene = try ring.scene()
    let (_, engine) = try renderScene(scene, seconds: 1)
    let emitter = try #require(firstEmitter(scene))
    let totals = try #require(engine.simulation(of: emitter)).totals
    // One frame at maxParticles × 60/s: the pool once (934), then nothing.
    #expect(abs(totals.born - 934) <= 1, "born \(totals.born)")
}

@Test func emitterTypeMayBeARealOrAnInteger() throws {
    #expect(try ParticleDesignerImporter.importFile(path: fixture("Phoenix")).mode == .radius)  // <real>1</real>
    let text = replacing("emitterType", with: "<integer>1</integer>", in: try fixtureText("Phoenix"))
    #expect(try importText(text).mode == .radius)
    let bad = replacing("emitterType", with: "<real>2.5</real>", in: try fixtureText("Phoenix"))
    #expect { try importText(bad) } throws: { "\($0)".contains("emitterType is 2.5") }
}

@Test func malformedFilesAreClearErrorsNamingTheFile() throws {
    let galaxy = try fixtureText("Galaxy")
    let cases: [(String, String)] = [
        ("", "empty"),
        ("this is not a plist", "not a readable property list"),
        (String(galaxy.prefix(galaxy.count / 2)), "not a readable property list"),
        ("<?xml version=\"1.0\"?><plist version=\"1.0\"><array><real>1</real></array></plist>", "not a dictionary"),
        (replacing("speed", with: "<string>fast</string>", in: galaxy), "speed is the string \"fast\""),
        (replacing("maxParticles", with: "<real>0</real>", in: galaxy), "maxParticles is 0"),
        (replacing("angle", with: "<array/>", in: galaxy), "angle holds an array"),
    ]
    for (text, expected) in cases {
        do {
            _ = try importText(text, name: "Broken")
            Issue.record("no error for a file expecting \(expected)")
        } catch let error as SceneError {
            #expect("\(error)".contains("Broken.plist") && "\(error)".contains(expected), "\(error)")
        }
    }
    #expect { try ParticleDesignerImporter.importFile(path: fixtures + "/Missing.plist") } throws: {
        "\($0)".contains("no such file")
    }
}

@Test func mutatedFilesNeverCrash() throws {
    var random = SeededRandom(seed: 9)
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("Flower"))))
    var imported = 0
    var refused = 0
    for _ in 0..<120 {
        var bytes = original
        for _ in 0..<(1 + Int(random.nextUnitFloat() * 6)) {
            let i = Int(random.nextUnitFloat() * Float(bytes.count - 1))
            bytes[i] = UInt8(truncatingIfNeeded: Int(random.nextUnitFloat() * 256))
        }
        if random.nextUnitFloat() < 0.2 {
            bytes = Array(bytes.prefix(Int(random.nextUnitFloat() * Float(bytes.count))))
        }
        do {
            _ = try ParticleDesignerImporter.importData(Data(bytes), path: "Fuzz.plist")
            imported += 1
        } catch is SceneError {
            refused += 1
        }
    }
    #expect(imported + refused == 120 && refused > 0, "seed 9: \(imported) imported, \(refused) refused")
}

@Test func inflationStopsAtItsLimit() {
    // 200 000 zero bytes in 230 bytes of gzip: refused with a 100 000-byte limit, accepted with more.
    let bomb = Data(
        base64Encoded:
            "H4sIAAAAAAACA+3BMQEAAADCoPVPbQZ/oAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACA1wB7WOBcQA0DAA=="
    )!
    #expect(GzipInflater.inflate(bomb, limit: 100_000) == .failure(.tooLarge(limit: 100_000)))
    #expect((try? GzipInflater.inflate(bomb, limit: 300_000).get())?.count == 200_000)
    #expect(
        GzipInflater.inflate(Data(bomb.prefix(40)), limit: 300_000)
            == .failure(.corrupt("the data ends early (truncated)")))
    if case .failure(.corrupt) = GzipInflater.inflate(Data([1, 2, 3, 4, 5]), limit: 100) {
    } else {
        Issue.record("garbage inflated")
    }
}

@Test func everyImportOfAMutatedNumberLoadsAsAScene() throws {
    // Digits of the numbers replaced (not the texture): extreme values must be refused by the
    // importer with a message, or give a scene the loader accepts and the engine runs.
    var random = SeededRandom(seed: 77)
    var imported = 0
    var refused = 0
    for name in referenceNames {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name))))
        let text = String(decoding: original, as: UTF8.self)
        let blobStart =
            text.utf8.count - (text.components(separatedBy: "<key>textureImageData</key>").last?.utf8.count ?? 0)
        let digits = original.indices.filter { $0 < blobStart && (48...57).contains(original[$0]) }
        for _ in 0..<40 {
            var bytes = original
            for _ in 0..<(1 + Int(random.nextUnitFloat() * 3)) {
                let i = digits[Int(random.nextUnitFloat() * Float(digits.count - 1))]
                bytes[i] = [48, 49, 57, 101][Int(random.nextUnitFloat() * 3.99)]  // 0, 1, 9 or e (exponents)
            }
            let effect: ParticleDesignerImport
            do { effect = try ParticleDesignerImporter.importData(Data(bytes), path: "Fuzz.plist") } catch is SceneError
            {
                refused += 1
                continue
            }
            let scene = try effect.scene()
            let engine = try Engine(scene: scene)
            for _ in 0..<2 { _ = engine.advance(by: 1.0 / 60) }
            imported += 1
        }
    }
    #expect(imported > 50 && refused > 10, "seed 77: \(imported) imported, \(refused) refused")
}
