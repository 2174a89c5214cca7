import EmitterKit
import Foundation
import Testing

@testable import ParticleDesigner

// MARK: - Export to Particle Designer and back

/// Every particle fixture: the five cocos2d-objc reference files and the cocos2d-x files.
let allParticleFixtures = referenceNames.map(fixture) + cocos2dxParticleFiles.map(cocos2dxFixture)

/// A number key's value, or nil.
func numberValue(_ cell: CAEmitterCell, _ key: String) -> Double? {
    if case .number(let v)? = try? cell.layerValue(forKeyPath: key) { return v }
    return nil
}

@Test(arguments: allParticleFixtures)
func exportedPlistImportsBackToTheSameEffect(_ path: String) throws {
    let first = try ParticleDesignerImporter.importFile(path: path)
    let folder = try temporaryFolder()
    let out = folder + "/Exported.plist"
    let (written, notes) = try ParticleDesignerExporter.write(try first.scene(), toPlist: out)
    #expect(written.first == out && written.count == 2, "\(written)")
    #expect(notes.isEmpty, "\((path as NSString).lastPathComponent): \(notes)")
    let second = try ParticleDesignerImporter.importFile(path: out)
    let (a, b) = (first.cell, second.cell)
    // Every number key of the cell within Float rounding of the degree conversions.
    for key in CAEmitterCell.keyAccessors.keys.sorted() {
        let (x, y) = (numberValue(a, key), numberValue(b, key))
        guard let x, let y else {
            #expect((x == nil) == (y == nil), "\(path): \(key) \(String(describing: x)) → \(String(describing: y))")
            continue
        }
        #expect(abs(x - y) <= 1e-5 * max(1, abs(x)), "\(path): \(key) \(x) → \(y)")
    }
    #expect((a.endColor == nil) == (b.endColor == nil) && a.color == b.color, "\(path): colours")
    #expect(a.contents?.width == b.contents?.width && a.contents?.height == b.contents?.height)
    #expect(first.emitter.emitterPosition == second.emitter.emitterPosition)
    #expect(first.emitter.emitterSize == second.emitter.emitterSize)
    #expect(first.emitter.renderMode == second.emitter.renderMode)
    #expect(first.emitter.maxParticles == second.emitter.maxParticles)
    // The same behaviour: live counts after 2 s (seed 0) and a sampled particle.
    var counts: [Int] = []
    var samples: [(Float, Float, Float)] = []
    for effect in [first, second] {
        let scene = try effect.scene()
        let (_, engine) = try renderScene(scene, seconds: 2)
        let emitter = try #require(firstEmitter(scene))
        let sim = try #require(engine.simulation(of: emitter))
        counts.append(sim.aliveCount)
        if let r = sim.snapshot().first { samples.append((r.x, r.y, r.lifetime)) }
    }
    #expect(counts[0] == counts[1], "\(path): live \(counts[0]) → \(counts[1]) after 2 s")
    if samples.count == 2 {
        #expect(
            abs(samples[0].0 - samples[1].0) < 0.01 && abs(samples[0].1 - samples[1].1) < 0.01
                && abs(samples[0].2 - samples[1].2) < 1e-5, "\(path): first particle \(samples[0]) → \(samples[1])")
    }
}

@Test func exportRefusesWhatDoesNotFitAndNotesLostKeys() throws {
    let scene = try ParticleDesignerImporter.importFile(path: fixture("Galaxy")).scene()
    let cell = try #require(firstEmitter(scene)?.emitterCells?.first)
    cell.spin = 2
    cell.redSpeed = 0.5
    let notes = try ParticleDesignerExporter.export(scene, name: "G").notes
    #expect(notes.contains { $0.hasPrefix("spin has no Particle Designer equivalent") }, "\(notes)")
    #expect(notes.contains { $0.hasPrefix("redSpeed has no Particle Designer equivalent") }, "\(notes)")
    cell.emitterCells = [CAEmitterCell()]
    #expect {
        try ParticleDesignerExporter.export(scene, name: "G")
    } throws: { error in
        "\(error)".contains("1 sub-cells") && "\(error)".contains("Particle Designer particles emit nothing")
    }
}
