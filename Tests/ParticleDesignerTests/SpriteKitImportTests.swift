import EmitterKit
import Foundation
import Testing

@testable import ParticleDesigner

// MARK: - Fixtures

/// The path of the SpriteKit fixture `folder/name.sks` (Fixtures/SpriteKit/<folder>/SOURCE.md and LICENSE).
func sksFixture(_ folder: String, _ name: String) -> String { fixtures + "/SpriteKit/\(folder)/\(name).sks" }

/// A real emitter with its live count after `seconds` by SpriteKit's arithmetic: births at
/// particleBirthRate until numParticlesToEmit, each living particleLifetime (± range/2).
struct SpriteKitCase: CustomStringConvertible, Sendable {
    var folder: String
    var name: String
    var seconds: Double
    var expectedAlive: Int
    /// Allowed difference: the lifetimes' spread and the step in which births and deaths fall.
    var tolerance: Int
    var description: String { "\(folder)/\(name)" }
}

let spriteKitCases: [SpriteKitCase] = [
    // 200/s × 2.5 s: the steady state once the first particles die.
    SpriteKitCase(folder: "brimstone", name: "Fire", seconds: 4, expectedAlive: 500, tolerance: 4),
    // numParticlesToEmit 1000 at 20000/s: all 1000 out within 0.05 s, none dead before 0.55 s.
    SpriteKitCase(folder: "brimstone", name: "Explosion", seconds: 0.4, expectedAlive: 1000, tolerance: 0),
    // 20/s × 10 s.
    SpriteKitCase(folder: "brimstone", name: "Smoke", seconds: 12, expectedAlive: 200, tolerance: 2),
    // 50/s × 0.4 s.
    SpriteKitCase(folder: "brimstone", name: "Spark", seconds: 2, expectedAlive: 20, tolerance: 2),
    // 50/s for 3 s of a 25 s life: nothing has died yet.
    SpriteKitCase(folder: "spritekitbook", name: "Bonus", seconds: 3, expectedAlive: 150, tolerance: 2),
    SpriteKitCase(folder: "spritekitbook", name: "Shield", seconds: 3, expectedAlive: 150, tolerance: 2),
    // 12/s × 3 s.
    SpriteKitCase(folder: "spritekitbook", name: "Star", seconds: 5, expectedAlive: 36, tolerance: 2),
    // 250/s × 3 s.
    SpriteKitCase(folder: "spritekitbook", name: "Explosion", seconds: 4, expectedAlive: 750, tolerance: 3),
]

// MARK: - Real files

@Test(arguments: spriteKitCases)
func realSpriteKitEmitterImportsPlaysAndMatchesSpriteKitsLiveCount(_ c: SpriteKitCase) throws {
    let path = sksFixture(c.folder, c.name)
    let effect = try SpriteKitImporter.importFile(path: path)
    // The real texture is found beside the file or in its asset catalogue.
    guard case .file = effect.texture.source else {
        Issue.record("\(c): texture \(effect.texture.source), warnings \(effect.warnings)")
        return
    }
    let scene = try SceneSource.load(path: path)
    let (image, engine) = try renderScene(scene, seconds: c.seconds)
    let emitter = try #require(firstEmitter(scene))
    let alive = try #require(engine.simulation(of: emitter)).aliveCount
    #expect(
        abs(alive - c.expectedAlive) <= c.tolerance,
        "\(c): \(alive) live after \(c.seconds) s (seed 0), SpriteKit's arithmetic gives \(c.expectedAlive) ± \(c.tolerance)"
    )
    // Smoke fades to nothing long before its 10 s life ends, as in SpriteKit: look at its first seconds too.
    let early = try renderScene(try SceneSource.load(path: path), seconds: min(c.seconds, 1.5)).image
    // Smoke is grey at alpha 0.4 on black: count pixels above 8 of 255.
    #expect(
        max(litPixels(image, threshold: 8), litPixels(early, threshold: 8)) > 20,
        "\(c): a black frame at 1.5 s and \(c.seconds) s (seed 0)")
}

@Test func brimstoneFireConvertsRangesAnglesAndColourWithNumbers() throws {
    let effect = try SpriteKitImporter.importFile(path: sksFixture("brimstone", "Fire"))
    let c = effect.cell
    #expect(c.birthRate == 200 && c.lifetime == 2.5 && c.lifetimeRange == 0)
    // emissionAngle 90° counter-clockwise (up, y up) → −90° in the y-down engine; range 0.35 rad full width.
    #expect(abs(c.emissionLongitude + .pi / 2) < 1e-6)
    #expect(abs(c.emissionRange - 0.35) < 1e-6)
    // particleSpeedRange 50 is a full width: 100 ± 25.
    #expect(c.velocity == 100 && c.velocityRange == 25)
    // particleScaleRange 0.3 → ± 0.15; particleScaleSpeed −0.5 per second, clamped at 0 as SpriteKit does.
    #expect(abs(c.scale - 0.4) < 1e-6 && abs(c.scaleRange - 0.15) < 1e-6 && c.scaleSpeed == -0.5)
    #expect(c.clampsNegativeScale)
    // Blend factor 1: the colour tints fully; particleAlpha 0.8 ± 0.1, −0.45 per second.
    #expect(
        abs(c.color.red - 0.30486) < 1e-4 && abs(c.color.green - 0.13019) < 1e-4 && abs(c.color.blue - 0.02316) < 1e-4)
    #expect(abs(c.color.alpha - 0.8) < 1e-6 && abs(c.alphaRange - 0.1) < 1e-6 && abs(c.alphaSpeed + 0.45) < 1e-6)
    // particlePositionRange {0, 5}: a 0 × 5 rectangle around the centre.
    #expect(effect.emitter.emitterSize == CGSize(width: 0, height: 5) && effect.emitter.emitterShape == .rectangle)
    #expect(effect.emitter.emitterPosition == CGPoint(x: 320, y: 240))
    #expect(effect.emitter.renderMode == .additive)
    // spark.png is 64 pixels and 64 points.
    #expect(c.contentsScale == 1)
    #expect(effect.warnings.isEmpty, "\(effect.warnings)")
}

@Test func explosionsParticleCountBecomesTheEmissionDuration() throws {
    let c = try SpriteKitImporter.importFile(path: sksFixture("brimstone", "Explosion")).cell
    // numParticlesToEmit 1000 at 20000/s: 0.05 s of emission. emissionAngleRange 6.29 rad (all round).
    #expect(c.duration == 0.05 && c.birthRate == 20000)
    #expect(abs(c.lifetime - 0.8) < 1e-6 && abs(c.lifetimeRange - 0.25) < 1e-6)
    #expect(abs(c.rotationRange - 3.14) < 1e-6)  // particleRotationRange 6.28 full width
}

@Test func starsColourSequenceBecomesColorOverLife() throws {
    let effect = try SpriteKitImporter.importFile(path: sksFixture("spritekitbook", "Star"))
    let c = effect.cell
    let curve = try #require(c.colorOverLife)
    // Keyframes at 0 and 0.9318 (clamped after it): three stops, the last holding the last colour.
    #expect(curve.times.count == 3 && abs(curve.times[1] - 0.9318023) < 1e-6 && curve.times[2] == 1)
    #expect(abs(curve.colors[0].red - 0.8713482) < 1e-6 && abs(curve.colors[2].green - 0.5019608) < 1e-6)
    // particleAlphaSpeed −0.45 from 0.8 with a 3 s life: alpha runs out at 0.8 / (0.45 × 3) = 0.5926 of it.
    let alpha = try #require(c.alphaOverLife)
    #expect(alpha.times.count == 3 && abs(alpha.times[1] - 0.5925926) < 1e-6 && alpha.values[1] == 0)
    // A 2× asset: 40 pixels drawn at 20 points → contentsScale 2 (the 1× image is 20 pixels → 1).
    #expect(c.contentsScale == CGFloat(effect.texture.image.width) / 20)
}

@Test func singleKeyframeColourSequenceIsAConstantColour() throws {
    let c = try SpriteKitImporter.importFile(path: sksFixture("spritekitbook", "Shield")).cell
    // One keyframe (0.4, 0.8, 1, 0.5): no curve; the colour's alpha × particleAlpha 0.8.
    #expect(c.colorOverLife == nil)
    #expect(abs(c.color.red - 0.4) < 1e-6 && abs(c.color.green - 0.8) < 1e-6 && c.color.blue == 1)
    #expect(abs(c.color.alpha - 0.4) < 1e-6)
}

@Test func renderedFireRisesAndExplosionSpreadsAllRound() throws {
    func litCentroid(_ image: CGImage) -> (x: Double, y: Double, n: Int) {
        let p = image.straightPixels
        var sx = 0.0
        var sy = 0.0
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                if max(p[i], p[i + 1], p[i + 2]) > 40 {
                    sx += Double(x)
                    sy += Double(y)
                    n += 1
                }
            }
        }
        return (sx / Double(max(n, 1)), sy / Double(max(n, 1)), n)
    }
    // Fire's emissionAngle is π/2 (up in SpriteKit): the flame is above the emitter at (320, 240).
    let fire = try SpriteKitImporter.importFile(path: sksFixture("brimstone", "Fire")).scene()
    let f = litCentroid(try renderScene(fire, seconds: 2).image)
    #expect(f.n > 100 && f.y < 230 && abs(f.x - 320) < 5, "fire centroid \(f) (seed 0, 2 s)")
    // Explosion emits all round: its centroid stays at the emitter.
    let explosion = try SpriteKitImporter.importFile(path: sksFixture("brimstone", "Explosion")).scene()
    let e = litCentroid(try renderScene(explosion, seconds: 0.3).image)
    #expect(e.n > 2000 && abs(e.x - 320) < 10 && abs(e.y - 240) < 10, "explosion centroid \(e) (seed 0, 0.3 s)")
}

@Test func importedSceneFileLoadsBackWithItsCurves() throws {
    let effect = try SpriteKitImporter.importFile(path: sksFixture("spritekitbook", "Star"))
    let folder = try temporaryFolder()
    let written = try effect.write(toJSON: folder + "/star.json")
    #expect(written.count == 2)  // the JSON and the texture PNG
    let scene = try SceneSource.load(path: folder + "/star.json")
    let cell = try #require(firstEmitter(scene)?.emitterCells?.first)
    #expect(cell.colorOverLife == effect.cell.colorOverLife)
    #expect(cell.alphaOverLife == effect.cell.alphaOverLife)
    #expect(cell.birthRate == 12 && cell.contentsScale == effect.cell.contentsScale)
}

// MARK: - Conversions

@Test func keyframesBecomeStopsFromZeroToOne() throws {
    // SpriteKit clamps: the first value before the first keyframe, the last after the last.
    let s = try #require(SpriteKitImporter.stops(times: [0.5, 0.2], values: [[3], [1]]))
    #expect(s.map(\.t) == [0, 0.2, 0.5, 1] && s.map { $0.value[0] } == [1, 1, 3, 3])
    // Equal times (a jump) are separated by a millionth of a life.
    let jump = try #require(SpriteKitImporter.stops(times: [0, 0.5, 0.5, 1], values: [[0], [0], [1], [1]]))
    #expect(jump.count == 4 && jump[2].t == 0.5 + 1e-6)
    // Times beyond the life are clamped into it by interpolation at 1.
    let late = try #require(SpriteKitImporter.stops(times: [0, 2], values: [[0], [4]]))
    #expect(late.map(\.t) == [0, 1] && late[1].value[0] == 2)
    // More than 16 keyframes are resampled to 16 stops.
    let many = try #require(
        SpriteKitImporter.stops(times: (0...40).map { Double($0) / 40 }, values: (0...40).map { [Double($0)] }))
    #expect(many.count == 16 && many.last?.value[0] == 40)
    #expect(SpriteKitImporter.stops(times: [0.3], values: [[1]]) == nil)
}

// MARK: - Not emitters, damaged and hostile files

@Test func aSceneFileIsRefusedByName() throws {
    let error = try #require(throws: SceneError.self) {
        try SpriteKitImporter.importFile(path: sksFixture("brimstone", "MainScene"))
    }
    #expect("\(error)".contains("MainScene.sks") && "\(error)".contains("SKScene"), "\(error)")
}

/// An XML keyed archive of `objects` (UIDs as `CF$UID` dictionaries) with root object 1.
func keyedArchive(_ objects: [Any]) throws -> Data {
    let plist: [String: Any] = [
        "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": ["CF$UID": 1]], "$objects": objects,
    ]
    return try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
}

func uid(_ n: Int) -> [String: Any] { ["CF$UID": n] }

func classInfo(_ name: String) -> [String: Any] { ["$classname": name, "$classes": [name, "NSObject"]] }

@Test(arguments: [
    ("SKTileSet", "tile set"), ("NSDictionary", "action table"), ("SKScene", "SKScene"),
    ("SKSpriteNode", "SKSpriteNode"),
])
func otherRootObjectsAreNamed(_ className: String, _ words: String) throws {
    let data = try keyedArchive(["$null", ["$class": uid(2)], classInfo(className)])
    let error = try #require(throws: SceneError.self) { try SpriteKitImporter.importData(data, path: "Thing.sks") }
    #expect("\(error)".contains(words) && "\(error)".contains("Thing.sks"), "\(error)")
}

/// A minimal emitter archive: keys of the node plus whatever `extra` objects they point to (from UID 3).
func emitterArchive(_ keys: [String: Any], extra: [Any] = []) throws -> Data {
    var node = keys
    node["$class"] = uid(2)
    return try keyedArchive(["$null", node, classInfo("SKEmitterNode")] + extra)
}

@Test func aMinimalArchiveTakesSpriteKitsDefaults() throws {
    let effect = try SpriteKitImporter.importData(
        try emitterArchive(["_birthrate": 10, "_lifetime": 2]), path: "Min.sks")
    let c = effect.cell
    // particleScale 1, particleAlpha 1, blend factor 0 (white), speed 0, alpha blending, oldest last.
    #expect(c.scale == 1 && c.color == CGColor(red: 1, green: 1, blue: 1, alpha: 1) && c.velocity == 0)
    #expect(effect.emitter.renderMode == .oldestLast && c.duration == 0)
    #expect(effect.warnings.contains { $0.path == "_particleTexture" })
}

@Test func cyclesBadReferencesAndNonFiniteValuesAreErrorsNamingTheKey() throws {
    // A keyframe sequence whose values array is the sequence itself.
    let cyclic = try emitterArchive(
        ["_birthrate": 1, "_particleScaleSequence": uid(3)],
        extra: [
            ["$class": uid(4), "_times": uid(5), "_values": uid(3)], classInfo("SKKeyframeSequence"),
            ["NS.objects": [0]],
        ])
    let cycle = try #require(throws: SceneError.self) { try SpriteKitImporter.importData(cyclic, path: "Cycle.sks") }
    #expect("\(cycle)".contains("cyclic") && "\(cycle)".contains("_particleScaleSequence"), "\(cycle)")
    let dangling = try emitterArchive(["_birthrate": uid(999)])
    let bad = try #require(throws: SceneError.self) { try SpriteKitImporter.importData(dangling, path: "Bad.sks") }
    #expect("\(bad)".contains("_birthrate") && "\(bad)".contains("999"), "\(bad)")
    for (key, value) in [("_birthrate", Double.nan), ("_lifetime", 1e300), ("_startSpeed", -Double.infinity)] {
        let data = try emitterArchive([key: value])
        let e = try #require(throws: SceneError.self) { try SpriteKitImporter.importData(data, path: "N.sks") }
        #expect("\(e)".contains(key), "\(e)")
    }
    let text = try emitterArchive(["_acceleration": "{nan, 3}"])
    let pair = try #require(throws: SceneError.self) { try SpriteKitImporter.importData(text, path: "P.sks") }
    #expect("\(pair)".contains("_acceleration"), "\(pair)")
}

@Test func truncatedAndGarbledRealFilesNeverCrash() throws {
    let real = try Data(contentsOf: URL(fileURLWithPath: sksFixture("spritekitbook", "Star")))
    var failures = 0
    for length in stride(from: 0, to: real.count, by: 53) {
        if (try? SpriteKitImporter.importData(real.prefix(length), path: "Cut.sks")) == nil { failures += 1 }
    }
    #expect(failures > 0)
    var generator = SplitMix64(seed: 31)
    for round in 0..<200 {
        var bytes = [UInt8](real)
        for _ in 0..<4 {
            bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
        }
        _ = try? SpriteKitImporter.importData(Data(bytes), path: "Garbled\(round).sks")
    }
}

/// SplitMix64: a seeded generator so the garbled inputs are the same on every run.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Test func hugeRatesAndCountsImportAndPlayWithinThePool() throws {
    let data = try emitterArchive(["_birthrate": 1e9, "_lifetime": 1e9, "_numParticlesToEmit": 1e9, "_startSpeed": 1e9])
    let effect = try SpriteKitImporter.importData(data, path: "Huge.sks")
    #expect(effect.cell.birthRate == 1e9 && effect.cell.duration == 1)
    let scene = try effect.scene()
    let (_, engine) = try renderScene(scene, seconds: 2.0 / 60)
    let layer = try #require(firstEmitter(scene))
    let alive = try #require(engine.simulation(of: layer)).aliveCount
    // The pool (maxParticles, 100000 by default) caps the live particles.
    #expect(alive <= 100_000 && alive > 0, "alive \(alive) after 2 frames")
}
