import EmitterKit
import Foundation
import Testing

@testable import ParticleDesigner

// MARK: - The five reference files

@Test(arguments: referenceNames)
func referenceFileImportsValidatesAndRenders(_ name: String) throws {
    let effect = try ParticleDesignerImporter.importFile(path: fixture(name))
    let scene = try effect.scene()
    // The `plist` reader of SceneSource gives the same scene (what `emitter render x.plist` uses).
    let viaSource = try SceneSource.load(path: fixture(name))
    #expect(viaSource.layers.count == 1)
    #expect(scene.display.size == CGSize(width: 320, height: 480))
    let (image, engine) = try renderScene(scene, seconds: 1)
    let lit = litPixels(image)
    // Every effect shows a sizeable glowing patch after one second (not a black frame).
    #expect(lit > 1500, "\(name): \(lit) lit pixels after 1 s (seed 0)")
    let emitter = try #require(firstEmitter(scene))
    let alive = try #require(engine.simulation(of: emitter)).aliveCount
    #expect(alive > 20 && alive <= emitter.maxParticles, "\(name): \(alive) live particles")
}

@Test func galaxyValuesMatchTheFile() throws {
    let g = try ParticleDesignerImporter.importFile(path: fixture("Galaxy"))
    let c = g.cell
    #expect(g.mode == .gravity)
    #expect(c.birthRate == 233.5)  // maxParticles 934 / lifespan 4
    #expect(c.lifetime == 4 && c.lifetimeRange == 1)
    #expect(c.velocity == 59.21 && c.velocityRange == 10)
    #expect(abs(c.emissionLongitude + .pi / 2) < 1e-12)  // 90° up, y flipped
    #expect(abs(c.emissionRange - 4 * .pi) < 1e-12)  // ± 360°
    #expect(c.radialAcceleration == -20 && c.radialAccelerationRange == 0)
    #expect(c.tangentialAcceleration == -50 && c.tangentialAccelerationRange == 50)  // y flip turns the sense
    #expect(c.color == CGColor(red: 0.12, green: 0.25, blue: 0.76, alpha: 1))
    #expect(c.endColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
    #expect(c.scale == 37.0 / 32 && c.scaleRange == 10.0 / 32 && c.endScale == 37.0 / 32)  // 32-pixel texture
    #expect(g.emitter.emitterPosition == CGPoint(x: 169.91, y: 480 - 228.71))
    #expect(g.emitter.renderMode == .additive && g.emitter.maxParticles == 934 && g.emitter.emitterShape == .point)
    #expect(g.texture.source == .embedded && g.texture.image.width == 32)
}

@Test func cometGravityAndAngleAreFlippedToYDown() throws {
    let c = try ParticleDesignerImporter.importFile(path: fixture("Comet")).cell
    #expect(c.xAcceleration == -276.32 && c.yAcceleration == -355.26)
    #expect(abs(c.emissionLongitude - (-46.85 * .pi / 180)) < 1e-12)
    #expect(c.velocity == 0 && c.velocityRange == 203.95)
    #expect(c.lifetime == 0.1974 && c.lifetimeRange == 2.1711)
    #expect(c.birthRate == Float(1000 / 0.1974))
    #expect(c.endAlphaRange == 1 && c.alphaRange == 0.5)
}

@Test func phoenixRadiusModeBecomesAnOrbit() throws {
    let p = try ParticleDesignerImporter.importFile(path: fixture("Phoenix"))
    let c = p.cell
    #expect(p.mode == .radius)
    #expect(c.orbitRadius == 60 && c.orbitRadiusRange == 85.26316 && c.orbitEndRadius == 0)
    #expect(abs(c.orbitAngularVelocity + 2 * .pi) < 1e-12)  // 360°/s counter-clockwise, y up
    #expect(abs(c.emissionLongitude - (.pi - 349 * .pi / 180)) < 1e-12)
    #expect(c.velocity == 0 && c.xAcceleration == 0)
}

@Test func simulatedGalaxyParticlesMatchTheFile() throws {
    let scene = try ParticleDesignerImporter.importFile(path: fixture("Galaxy")).scene()
    let (_, engine) = try renderScene(scene, seconds: 2)
    let emitter = try #require(firstEmitter(scene))
    let sim = try #require(engine.simulation(of: emitter))
    // No particle dies before 3 s: 233.5/s for 2 s.
    #expect(abs(sim.aliveCount - 467) <= 3, "alive \(sim.aliveCount) after 2 s, expected 233.5 × 2")
    let records = sim.snapshot()
    for r in records {
        #expect(r.lifetime >= 3 && r.lifetime <= 5, "lifetime \(r.lifetime)")
        // Colour goes from the start (0.12, 0.25, 0.76) to the finish (0, 0, 0) over the lifetime.
        let f = r.age / r.lifetime
        #expect(abs(r.blue - 0.76 * (1 - f)) < 3e-3, "age \(r.age) of \(r.lifetime): blue \(r.blue)")
        #expect(abs(r.red - 0.12 * (1 - f)) < 3e-3)
        #expect(r.alpha > 0.99)
    }
    // Speed at birth 59.21 ± 10: the youngest particles have hardly been accelerated.
    let young = records.filter { $0.age < 0.02 }
    #expect(!young.isEmpty)
    for r in young {
        let speed = (r.vx * r.vx + r.vy * r.vy).squareRoot()
        #expect(speed > 49.21 - 2 && speed < 69.21 + 2, "age \(r.age): speed \(speed)")
    }
}

@Test func simulatedPhoenixParticlesOrbitTheSource() throws {
    let scene = try ParticleDesignerImporter.importFile(path: fixture("Phoenix")).scene()
    let (_, engine) = try renderScene(scene, seconds: 1)
    let emitter = try #require(firstEmitter(scene))
    let sim = try #require(engine.simulation(of: emitter))
    let centre = emitter.emitterPosition
    for r in sim.snapshot() {
        let d = (pow(Double(r.x) - Double(centre.x), 2) + pow(Double(r.y) - Double(centre.y), 2)).squareRoot()
        // The radius shrinks from 60 ± 85.26 toward 0 over the lifetime.
        let start = d / max(1e-6, 1 - Double(r.age / r.lifetime))
        #expect(start <= 145.27, "age \(r.age) of \(r.lifetime): distance \(d)")
    }
}

@Test(arguments: referenceNames)
func rateLifetimeSpeedAndColoursMatchTheFile(_ name: String) throws {
    // The file read independently of the importer.
    let data = try Data(contentsOf: URL(fileURLWithPath: fixture(name)))
    let d = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    func v(_ key: String) -> Float { Float((d[key] as? NSNumber)?.doubleValue ?? .nan) }
    let c = try ParticleDesignerImporter.importFile(path: fixture(name)).cell
    let rate = v("particleLifespan") > 0 ? v("maxParticles") / v("particleLifespan") : v("maxParticles") * 60
    #expect(abs(c.birthRate - rate) <= 1e-3 * rate, "\(name): birthRate \(c.birthRate), file gives \(rate)")
    #expect(c.lifetime == v("particleLifespan") && c.lifetimeRange == abs(v("particleLifespanVariance")))
    if v("emitterType") == 0 {
        #expect(Float(c.velocity) == v("speed") && Float(c.velocityRange) == abs(v("speedVariance")))
    }
    let start = [c.color.red, c.color.green, c.color.blue, c.color.alpha].map { Float($0) }
    let fileStart = ["Red", "Green", "Blue", "Alpha"].map { v("startColor" + $0) }
    #expect(start == fileStart, "\(name): colour \(start), file \(fileStart)")
    #expect(
        [c.redRange, c.greenRange, c.blueRange, c.alphaRange]
            == ["Red", "Green", "Blue", "Alpha"].map { abs(v("startColorVariance" + $0)) })
    let finish = c.endColor.map { [$0.red, $0.green, $0.blue, $0.alpha].map { Float($0) } } ?? start
    #expect(finish == ["Red", "Green", "Blue", "Alpha"].map { v("finishColor" + $0) }, "\(name): end colour \(finish)")
}
