import EmitterKit
import Foundation
import Testing

@testable import ParticleDesigner

// MARK: - libGDX fixtures

/// The libGDX particle files (libGDX's own tests, Apache 2.0: Fixtures/libGDX/SOURCE.md).
func gdxFixture(_ name: String) -> String { fixtures + "/libGDX/" + name + ".p" }

/// Imports .p text written to a temporary file named `name`.p.
func importGdxText(_ text: String, name: String = "Edited") throws -> GdxParticleImport {
    let path = try temporaryFolder() + "/" + name + ".p"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return try GdxParticleImporter.importFile(path: path)
}

/// The emitter layers of a scene, by name.
func gdxEmitters(_ scene: Scene) -> [String: CAEmitterLayer] {
    var out: [String: CAEmitterLayer] = [:]
    for case let layer as CAEmitterLayer in scene.layers { out[layer.name ?? ""] = layer }
    return out
}

/// A minimal one-emitter file in libGDX's newer layout, with `sections` replacing the defaults.
func gdxText(_ sections: [String: String] = [:], options: String = "continuous: true\nadditive: true") -> String {
    let defaults: [(String, String)] = [
        ("Delay", "active: false"),
        ("Duration", "lowMin: 1000.0\nlowMax: 1000.0"),
        ("Count", "min: 0\nmax: 100"),
        (
            "Emission",
            "lowMin: 0.0\nlowMax: 0.0\nhighMin: 10.0\nhighMax: 10.0\nrelative: false\nscalingCount: 1\nscaling0: 1.0\ntimelineCount: 1\ntimeline0: 0.0"
        ),
        (
            "Life",
            "lowMin: 0.0\nlowMax: 0.0\nhighMin: 1000.0\nhighMax: 1000.0\nrelative: false\nscalingCount: 1\nscaling0: 1.0\ntimelineCount: 1\ntimeline0: 0.0"
        ),
        ("Spawn Shape", "shape: point"),
        (
            "X Scale",
            "lowMin: 0.0\nlowMax: 0.0\nhighMin: 32.0\nhighMax: 32.0\nrelative: false\nscalingCount: 1\nscaling0: 1.0\ntimelineCount: 1\ntimeline0: 0.0"
        ),
        (
            "Velocity",
            "active: true\nlowMin: 0.0\nlowMax: 0.0\nhighMin: 100.0\nhighMax: 100.0\nrelative: false\nscalingCount: 1\nscaling0: 1.0\ntimelineCount: 1\ntimeline0: 0.0"
        ),
        (
            "Angle",
            "active: true\nlowMin: 0.0\nlowMax: 0.0\nhighMin: 90.0\nhighMax: 90.0\nrelative: false\nscalingCount: 1\nscaling0: 1.0\ntimelineCount: 1\ntimeline0: 0.0"
        ),
    ]
    var text = "probe\n"
    var seen = Set<String>()
    for (title, body) in defaults {
        text += "- \(title) -\n" + (sections[title] ?? body) + "\n"
        seen.insert(title)
    }
    for (title, body) in sections.sorted(by: { $0.key < $1.key }) where !seen.contains(title) {
        text += "- \(title) -\n" + body + "\n"
    }
    return text + "- Options -\n" + options + "\n- Image Paths -\nnone.png\n"
}

// MARK: - Real files

@Test func libGDXTestFileImportsFourEmittersWithTheirValues() throws {
    let effect = try GdxParticleImporter.importFile(path: gdxFixture("test"))
    #expect(effect.emitterNames == ["simple", "fire", "stars", "smoke"])
    let scene = try effect.scene()
    let layers = gdxEmitters(scene)
    #expect(layers.count == 4)
    let softDot = Double(try #require(BuiltinSprites.image(named: "softDot")).width)

    let simple = try #require(layers["simple"]?.emitterCells?.first)
    #expect(simple.birthRate == 10 && simple.lifetime == 1 && simple.lifetimeRange == 0)
    #expect(simple.velocity == 120 && simple.velocityRange == 0)
    // Angle 1…360° counter-clockwise, y up → longitude −180.5° (clockwise, y down), width 359°.
    #expect(abs(Double(simple.emissionLongitude) + 180.5 * .pi / 180) < 1e-9)
    #expect(abs(Double(simple.emissionRange) - 359 * .pi / 180) < 1e-9)
    #expect(abs(Double(simple.scale) - 32 / softDot) < 1e-9)  // libGDX's scale is the width in world units
    let fade = try #require(simple.alphaOverLife)
    #expect(fade.times == [0, 0.26712328, 0.72602737, 1] && fade.values == [0, 1, 1, 0])
    #expect(layers["simple"]?.renderMode == .additive && layers["simple"]?.maxParticles == 1000)

    // Stars: the scale timeline ends at 0.705; libGDX holds its last value (1) to the end of life.
    let stars = try #require(layers["stars"]?.emitterCells?.first)
    let grow = try #require(stars.scaleOverLife)
    #expect(grow.times.first == 0 && grow.times.last == 1 && grow.values.first == 0 && grow.values.last == 1)
    #expect(grow.values.count == 7)
    #expect(stars.lifetime == 1.25 && stars.lifetimeRange == 0.25)
    let tint = try #require(stars.colorOverLife)
    #expect(tint.times == [0, 0.63705105, 1])

    // Fire: rotation 1…360° + (−180…180°) × scale(t), scale 0 → 1 over life: a spin of ±180° per 1 s life.
    let fire = try #require(layers["fire"]?.emitterCells?.first)
    #expect(abs(Double(fire.rotation) + 180.5 * .pi / 180) < 1e-9)
    #expect(abs(Double(fire.rotationRange) - 179.5 * .pi / 180) < 1e-9)
    #expect(fire.spin == 0 && abs(Double(fire.spinRange) - .pi) < 1e-9)

    // Smoke: a 180×110 square, velocity −25 → +25 over life (it reverses).
    let smoke = try #require(layers["smoke"])
    #expect(smoke.emitterShape == .rectangle && smoke.emitterSize == CGSize(width: 180, height: 110))
    let smokeCell = try #require(smoke.emitterCells?.first)
    #expect(smokeCell.velocity == -25)
    #expect(smokeCell.speedOverLife?.values == [1, -1])
}

@Test func libGDXTestFileWarnsForWhatItCannotImportNamingTheLine() throws {
    let effect = try GdxParticleImporter.importFile(path: gdxFixture("test"))
    let text = effect.warnings.map(\.description)
    // The images are not next to the fixture: one warning per emitter, naming the image line.
    #expect(text.filter { $0.contains("is not a readable PNG") }.count == 4, "\(text)")
    #expect(effect.warnings.contains { $0.line == 258 && $0.message.contains("attached of emitter \"fire\"") })
    #expect(effect.warnings.contains { $0.message.contains("Angle of emitter \"stars\" turns the direction") })
}

@Test func libGDXTestFileLiveCountsMatchLibGDXArithmetic() throws {
    let scene = try GdxParticleImporter.loadScene(path: gdxFixture("test"))
    let (image, engine) = try renderScene(scene, seconds: 4)
    // libGDX keeps emission × life alive once the oldest particles die: 10 × 1, 10 × 1, 10 × 1.25, 3 × 3.
    let expected = ["simple": 10.0, "fire": 10, "stars": 12.5, "smoke": 9]
    for (name, layer) in gdxEmitters(scene) {
        let alive = try #require(engine.simulation(of: layer)).aliveCount
        let want = try #require(expected[name])
        #expect(abs(Double(alive) - want) <= 2, "\(name): \(alive) live after 4 s (seed 0), libGDX \(want)")
    }
    #expect(litPixels(image) > 2000, "\(litPixels(image)) lit pixels after 4 s")
}

@Test func libGDXStarsFileLiveCountsMatchLibGDXArithmetic() throws {
    let scene = try GdxParticleImporter.loadScene(path: gdxFixture("singleTextureAllAdditive"))
    let (image, engine) = try renderScene(scene, seconds: 4)
    // Emission × mean life (1000…1500 ms): 10 × 1.25, 6 × 1.25, 20 × 1.25.
    let expected = ["blue_stars": 12.5, "red_stars": 7.5, "yellow_stars": 25]
    #expect(gdxEmitters(scene).count == 3)
    for (name, layer) in gdxEmitters(scene) {
        let alive = try #require(engine.simulation(of: layer)).aliveCount
        let want = try #require(expected[name])
        #expect(abs(Double(alive) - want) <= 3, "\(name): \(alive) live after 4 s (seed 0), libGDX \(want)")
    }
    #expect(litPixels(image) > 300, "\(litPixels(image)) lit pixels after 4 s")
}

@Test func libGDXAnimatedFileIsAOneShotWithItsWarnings() throws {
    let effect = try GdxParticleImporter.importFile(path: gdxFixture("particle-animation"))
    let scene = try effect.scene()
    let layer = try #require(scene.layers.first as? CAEmitterLayer)
    let cell = try #require(layer.emitterCells?.first)
    #expect(cell.duration == 0.1 && cell.birthRate == 50 && layer.maxParticles == 6)
    // Angle 90° ± 180° (low 90, high 0…360, scale 1 → the high range).
    #expect(abs(Double(cell.emissionLongitude) + .pi) < 1e-9 && abs(Double(cell.emissionRange) - 2 * .pi) < 1e-9)
    #expect(effect.warnings.contains { $0.line == 8 && $0.message.contains("Count min 6") })
    #expect(effect.warnings.contains { $0.line == 137 && $0.message.contains("spriteMode animated") })
    #expect(effect.warnings.contains { $0.message.contains("Life independent") })
    // libGDX: one particle at start + 50/s over 100 ms, topped up to Count min 6; here 50/s × 0.1 s = 5.
    let (_, engine) = try renderScene(scene, seconds: 0.3)
    let alive = try #require(engine.simulation(of: layer)).aliveCount
    #expect(alive >= 4 && alive <= 6, "\(alive) live after 0.3 s")
    let (_, later) = try renderScene(scene, seconds: 2)
    #expect(try #require(later.simulation(of: layer)).aliveCount == 0)
}

@Test func pFilesPlayThroughSceneSource() throws {
    let scene = try SceneSource.load(path: gdxFixture("test"))
    #expect(scene.layers.count == 4)
}

// MARK: - Conversions

@Test func libGDXAnglesAndOffsetsAreFlippedToYDown() throws {
    let effect = try importGdxText(
        gdxText([
            "Y Offset": "active: true\nlowMin: 10.0\nlowMax: 30.0",
            "X Offset": "active: true\nlowMin: 5.0\nlowMax: 5.0",
        ]))
    let layer = try #require(try effect.scene().layers.first as? CAEmitterLayer)
    let cell = try #require(layer.emitterCells?.first)
    // 90° in libGDX points up (y up, counter-clockwise); up on a y-down screen is −π/2.
    #expect(abs(Double(cell.emissionLongitude) + .pi / 2) < 1e-12)
    // The offset 10…30 up: the centre moves 20 up (y − 20), the range becomes a 0×20 rectangle.
    #expect(layer.emitterPosition == CGPoint(x: 256 + 5, y: 256 - 20))
    #expect(layer.emitterShape == .rectangle && layer.emitterSize == CGSize(width: 0, height: 20))
}

@Test func libGDXGravityAndWindAreWarnedNotGuessed() throws {
    let body =
        "active: true\nlowMin: 0.0\nlowMax: 0.0\nhighMin: -50.0\nhighMax: -50.0\nrelative: false\nscalingCount: 1\nscaling0: 1.0\ntimelineCount: 1\ntimeline0: 0.0"
    let effect = try importGdxText(gdxText(["Gravity": body, "Wind": body]))
    #expect(effect.warnings.filter { $0.message.contains("as a velocity (not an acceleration)") }.count == 2)
    let cell = try #require((try effect.scene().layers.first as? CAEmitterLayer)?.emitterCells?.first)
    #expect(cell.yAcceleration == 0 && cell.xAcceleration == 0)
}

@Test func libGDXEmissionOverTheDurationIsAveragedWithAWarning() throws {
    let emission =
        "lowMin: 0.0\nlowMax: 0.0\nhighMin: 100.0\nhighMax: 100.0\nrelative: false\nscalingCount: 2\nscaling0: 1.0\nscaling1: 0.0\ntimelineCount: 2\ntimeline0: 0.0\ntimeline1: 1.0"
    let effect = try importGdxText(gdxText(["Emission": emission]))
    let cell = try #require((try effect.scene().layers.first as? CAEmitterLayer)?.emitterCells?.first)
    #expect(cell.birthRate == 50)  // 100 → 0 linearly over the duration
    #expect(effect.warnings.contains { $0.line == 10 && $0.message.contains("imported as its average, 50/s") })
}

@Test func libGDXRandomSpriteModeSplitsTheRateOverOneCellPerImage() throws {
    let folder = try temporaryFolder()
    let dot = try #require(BuiltinSprites.image(named: "softDot"))
    for name in ["a.png", "b.png"] { try dot.writePNG(to: folder + "/" + name) }
    let text = gdxText(options: "continuous: true\nadditive: false\nspriteMode: random").replacingOccurrences(
        of: "none.png", with: "a.png\nb.png")
    let path = folder + "/random.p"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let effect = try GdxParticleImporter.importFile(path: path)
    let layer = try #require(try effect.scene().layers.first as? CAEmitterLayer)
    #expect(layer.emitterCells?.map(\.birthRate) == [5, 5])
    #expect(layer.renderMode == .unordered && effect.warnings.isEmpty, "\(effect.warnings)")
    let out = folder + "/out/scene.json"
    try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
    let written = try effect.write(toJSON: out)
    #expect(written == [out, folder + "/out/a.png", folder + "/out/b.png"])
    #expect(try SceneSource.load(path: out).layers.count == 1)
}

// MARK: - Bad input

@Test func libGDXBadInputIsAnErrorNamingFileAndLine() throws {
    let cases: [(String, String)] = [
        ("", "holds no emitter"),
        ("name\nthis is not a key value line\n", "expected \"key: value\""),
        (gdxText().replacingOccurrences(of: "highMin: 10.0", with: "highMin: nan"), "expected a number"),
        (gdxText().replacingOccurrences(of: "max: 100", with: "max: 99999999"), "Count max"),
        (
            gdxText().replacingOccurrences(of: "timelineCount: 1\ntimeline0: 0.0", with: "timelineCount: 1e8"),
            "timelineCount"
        ),
        (
            gdxText().replacingOccurrences(of: "scalingCount: 1\nscaling0: 1.0", with: "scalingCount: 3"),
            "has scalingCount 3 but no scaling0"
        ),
    ]
    for (text, fragment) in cases {
        #expect {
            _ = try importGdxText(text, name: "Bad")
        } throws: { error in
            let message = "\(error)"
            return message.contains("Bad.p") && message.contains(fragment)
        }
    }
}

@Test func libGDXTruncatedAndGarbledFilesNeverCrash() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: gdxFixture("test")))
    var imported = 0
    for cut in stride(from: 0, to: data.count, by: 97) {
        if let effect = try? GdxParticleImporter.importData(data.prefix(cut), path: "cut.p") {
            _ = try? effect.scene()
            imported += 1
        }
    }
    #expect(imported > 10)
    // Bytes flipped at a fixed stride: errors or imports, never a trap.
    var garbled = data
    for i in stride(from: 5, to: garbled.count, by: 31) { garbled[i] ^= 0x5A }
    _ = try? GdxParticleImporter.importData(garbled, path: "garbled.p").scene()
    #expect(throws: (any Error).self) { _ = try GdxParticleImporter.importData(Data([0, 1, 2]), path: "binary.p") }
}
