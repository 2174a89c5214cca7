import EmitterKit
import Foundation
import Testing

@testable import ParticleDesigner

// MARK: - cocos2d-x fixtures

/// The cocos2d-x test files (MIT: Fixtures/cocos2d-x/LICENSE-cocos2d-x.txt, sources in SOURCE.md).
func cocos2dxFixture(_ name: String) -> String { fixtures + "/cocos2d-x/" + name + ".plist" }

/// The cocos2d-x particle files, with the seconds after which their live count is compared.
let cocos2dxParticleFiles = [
    "ButterFly", "ButterFlyYFlipped", "BurstPipe", "ExplodingRing", "LavaFlow", "SmallSun", "TestPremultipliedAlpha",
    "emissionPart",
]

/// The probability that a lifetime uniform in life ± variance exceeds `age` (cocos2d clamps negative
/// lifetimes at 0).
func survival(_ age: Double, life: Double, variance: Double) -> Double {
    guard variance > 0 else { return life > age ? 1 : 0 }
    return min(1, max(0, (life + variance - age) / (2 * variance)))
}

/// Particles alive after `seconds` of a constant `rate`: rate × ∫₀ᵗ P(lifetime > s) ds (midpoint sum).
func aliveAtRate(_ rate: Double, seconds: Double, life: Double, variance: Double) -> Double {
    let steps = 3000
    let ds = seconds / Double(steps)
    return rate * (0..<steps).reduce(0) { $0 + survival((Double($1) + 0.5) * ds, life: life, variance: variance) * ds }
}

/// Lit pixels (brightest channel above 40) in the rows from `fromRow` down.
func litPixels(_ image: CGImage, fromRow: Int) -> Int {
    let p = image.straightPixels
    var n = 0
    for i in stride(from: fromRow * image.width * 4, to: p.count, by: 4) where max(p[i], p[i + 1], p[i + 2]) > 40 {
        n += 1
    }
    return n
}

// MARK: - yCoordFlipped

@Test func butterFlyYFlippedRisesLikeButterFly() throws {
    let plain = try ParticleDesignerImporter.importFile(path: cocos2dxFixture("ButterFly"))
    let flipped = try ParticleDesignerImporter.importFile(path: cocos2dxFixture("ButterFlyYFlipped"))
    #expect(!plain.isYFlipped && flipped.isYFlipped)
    // Gravity −434.21 (y up) reversed by the flip is +434.21 up: −434.21 in y-down, as the plain file's.
    #expect(plain.cell.yAcceleration == -434.21 && flipped.cell.yAcceleration == -434.21)
    #expect(plain.cell.tangentialAcceleration == 92.11 && flipped.cell.tangentialAcceleration == 92.11)
    #expect(plain.cell.radialAcceleration == 144.74 && flipped.cell.radialAcceleration == -144.74)
    #expect(abs(flipped.cell.emissionLongitude - .pi) < 1e-12)  // angle 0 reversed
    var means: [String: (y: Double, vy: Double, count: Int)] = [:]
    for (name, effect) in [("ButterFly", plain), ("ButterFlyYFlipped", flipped)] {
        let scene = try effect.scene()
        let (image, engine) = try renderScene(scene, seconds: 1.5)
        let emitter = try #require(firstEmitter(scene))
        let records = try #require(engine.simulation(of: emitter)).snapshot()
        let n = Double(records.count)
        let y = records.reduce(0) { $0 + Double($1.y) } / n
        let vy = records.reduce(0) { $0 + Double($1.vy) } / n
        means[name] = (y, vy, records.count)
        // Rises: the particles are above the source (y 240 here), and moving up (y-down: negative vy).
        #expect(y < 240 - 100, "\(name): mean y \(y) after 1.5 s (seed 0)")
        #expect(vy < -200, "\(name): mean vertical velocity \(vy) after 1.5 s (seed 0)")
        // Nothing lit in the bottom half of the frame: the effect does not fall.
        let bottom = litPixels(image, fromRow: 300)
        #expect(bottom == 0, "\(name): \(bottom) lit pixels below y 300")
    }
    // The two fly alike: 19.7 births/s, rising at a comparable speed. They are not identical: the flipped
    // file keeps radialAcceleration +144.74, which the flip reverses into a pull toward the source.
    let (p, f) = (try #require(means["ButterFly"]), try #require(means["ButterFlyYFlipped"]))
    #expect(p.count == f.count, "live \(p.count) vs \(f.count)")
    #expect(f.vy / p.vy > 0.5 && f.vy / p.vy < 1.5, "mean vy \(p.vy) vs \(f.vy)")
    print("ButterFly after 1.5 s: mean y \(p.y), vy \(p.vy); ButterFlyYFlipped: mean y \(f.y), vy \(f.vy)")
}

@Test func yCoordFlippedWithoutConfigNameIsNotFlipped() throws {
    // cocos2d-x reads yCoordFlipped only from files with a configName.
    var text = try String(contentsOfFile: cocos2dxFixture("ButterFlyYFlipped"), encoding: .utf8)
    text = text.replacingOccurrences(of: "<key>configName</key>\n\t<string>ButterFlyYFlipped</string>\n", with: "")
    let effect = try importText(text)
    #expect(!effect.isYFlipped)
    #expect(effect.cell.yAcceleration == 434.21)
    #expect(effect.warnings.contains { $0.message.contains("yCoordFlipped is −1 but the file has no configName") })
}

@Test func flippedRadiusModeMirrorsTheOrbit() throws {
    let text = try fixtureText("Phoenix").replacingOccurrences(
        of: "<dict>\n",
        with:
            "<dict>\n\t<key>configName</key>\n\t<string>P</string>\n\t<key>yCoordFlipped</key>\n\t<integer>-1</integer>\n"
    )
    let plain = try ParticleDesignerImporter.importFile(path: fixture("Phoenix")).cell
    let flipped = try importText(text).cell
    // Plain: angle π − a, turning at −ω; mirrored in y: angle π + a, turning at +ω.
    #expect(abs(flipped.emissionLongitude - (.pi + 349 * .pi / 180)) < 1e-12)
    #expect(flipped.orbitAngularVelocity == -plain.orbitAngularVelocity && flipped.orbitAngularVelocity > 0)
}

// MARK: - Blend functions

@Test(arguments: [
    (770, 1, CAEmitterLayerRenderMode.additive, false), (1, 1, .additive, false), (1, 772, .additive, false),
    (770, 772, .additive, false), (772, 1, .additive, false), (770, 771, .unordered, false),
    (1, 771, .unordered, false), (772, 771, .unordered, false), (774, 771, .unordered, true),
    (774, 0, .unordered, true), (1, 769, .additive, true), (775, 1, .additive, true), (1, 773, .unordered, true),
])
func blendPairsMapOntoTheEngineModes(
    source: Int, destination: Int, mode: CAEmitterLayerRenderMode, approximated: Bool
) throws {
    var text = replacing("blendFuncSource", with: "<integer>\(source)</integer>", in: try fixtureText("Galaxy"))
    text = replacing("blendFuncDestination", with: "<integer>\(destination)</integer>", in: text)
    let effect = try importText(text)
    #expect(effect.emitter.renderMode == mode, "\(source)/\(destination): \(effect.emitter.renderMode)")
    let warned = effect.warnings.contains { $0.message.contains("blend functions") }
    #expect(warned == approximated, "\(source)/\(destination): warned \(warned)")
}

// MARK: - Messages

@Test func stringTypedValuesGiveOneSummaryWarning() throws {
    var text = try fixtureText("Galaxy")
    for (key, value) in [("speed", "59.21"), ("angle", "90"), ("gravityx", "0")] {
        text = replacing(key, with: "<string>\(value)</string>", in: text)
    }
    let effect = try importText(text)
    let strings = effect.warnings.filter { $0.message.contains("string") }
    #expect(strings.count == 1, "\(strings)")
    #expect(strings.first?.message.hasPrefix("3 values are strings (") == true, "\(strings)")
    #expect(effect.cell.velocity == 59.21)
}

@Test func aFileWithoutTextureSaysSoPlainly() throws {
    var text = try fixtureText("Galaxy")
    for key in ["textureFileName", "textureImageData"] { text = replacing(key, with: "<string></string>", in: text) }
    let effect = try importText(text)
    let message = try #require(effect.warnings.first { $0.message.contains("softDot") }).message
    #expect(message.hasPrefix("the file has no texture (no textureFileName, no textureImageData)"), "\(message)")
    #expect(!message.contains("named in textureFileName"), "\(message)")
}

@Test func aSpriteSheetIsRefusedNamingWhatItHolds() throws {
    #expect {
        try ParticleDesignerImporter.importFile(path: cocos2dxFixture("SpriteFrame"))
    } throws: { error in
        "\(error)".contains("SpriteFrame.plist") && "\(error)".contains("holds a sprite sheet")
    }
}

// MARK: - Full pool and runtime

@Test func aFullCocosPoolDoesNotWarnAtRenderTime() throws {
    // LavaFlow: 861 / 0.4605 s with lifetimes 0.46 ± 0.86 s: the pool is full, as in cocos2d.
    let scene = try ParticleDesignerImporter.importFile(path: cocos2dxFixture("LavaFlow")).scene()
    let emitter = try #require(firstEmitter(scene))
    #expect(!emitter.warnsWhenFull)
    let engine = try Engine(scene: scene)
    var warnings: [String] = []
    engine.onWarning = { warnings.append($0) }
    engine.installClock()
    for _ in 0..<120 { _ = engine.advance(by: 1.0 / 60) }
    #expect(try #require(engine.simulation(of: emitter)).hasDroppedBirths)
    #expect(warnings.isEmpty, "\(warnings)")
    // The same layer with `warnsWhenFull` at its default warns once.
    let again = try Engine(scene: try ParticleDesignerImporter.importFile(path: cocos2dxFixture("LavaFlow")).scene())
    (again.scene?.layers.first as? CAEmitterLayer)?.warnsWhenFull = true
    again.onWarning = { warnings.append($0) }
    again.installClock()
    for _ in 0..<120 { _ = again.advance(by: 1.0 / 60) }
    #expect(warnings.count == 1 && warnings[0].contains("reached maxParticles"), "\(warnings)")
}

@Test func theRuntimeDecidesWhetherEmissionRateCounts() throws {
    let text = try fixtureText("Galaxy").replacingOccurrences(
        of: "<dict>\n", with: "<dict>\n\t<key>emissionRate</key>\n\t<real>50</real>\n")
    let folder = try temporaryFolder()
    let path = folder + "/Rated.plist"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let objc = try ParticleDesignerImporter.importFile(path: path)
    let x = try ParticleDesignerImporter.importFile(path: path, runtime: .cocos2dX)
    #expect(objc.runtime == .cocos2d && objc.cell.birthRate == 50)
    #expect(x.runtime == .cocos2dX && x.cell.birthRate == 233.5)  // 934 / 4
}

// MARK: - Live counts of the cocos2d-x files

@Test(arguments: cocos2dxParticleFiles)
func cocos2dxFileLiveCountMatchesCocosArithmetic(_ name: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: cocos2dxFixture(name)))
    let d = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    func v(_ key: String) -> Double { (d[key] as? NSNumber)?.doubleValue ?? 0 }
    let effect = try ParticleDesignerImporter.importFile(path: cocos2dxFixture(name))
    let scene = try effect.scene()
    let oneShot = v("duration") >= 0
    let seconds = oneShot ? 0.5 : 3.0
    let (image, engine) = try renderScene(scene, seconds: seconds)
    let emitter = try #require(firstEmitter(scene))
    let alive = Double(try #require(engine.simulation(of: emitter)).aliveCount)
    let pool = v("maxParticles")
    let (life, variance) = (max(0, v("particleLifespan")), abs(v("particleLifespanVariance")))
    let expected: Double
    if oneShot {
        // A one-shot (ExplodingRing: 0.01 s at an infinite rate): one frame fills the pool, and after
        // `seconds` only particles with a lifetime beyond it are left (lifetimes uniform in life ± variance).
        expected = pool * survival(seconds, life: life, variance: variance)
    } else {
        // cocos2d's rate is pool ÷ lifespan; the pool caps the count.
        let rate = life > 0 ? pool / life : pool * 60
        expected = min(pool, aliveAtRate(rate, seconds: seconds, life: life, variance: variance))
    }
    let tolerance = max(3, 0.06 * expected)
    #expect(abs(alive - expected) <= tolerance, "\(name): \(alive) live after \(seconds) s, cocos2d gives \(expected)")
    // emissionPart's 2 ± 5-point sparks in a corner light the fewest pixels (about 40).
    if expected > 0 { #expect(litPixels(image) > 20, "\(name): a dark frame (seed 0)") }
}
