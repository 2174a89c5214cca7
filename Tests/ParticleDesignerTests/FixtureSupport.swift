import EmitterKit
import EmitterTestSupport
import Foundation

@testable import ParticleDesigner

// MARK: - Fixtures and helpers

/// The five reference files (cocos2d-objc test data, MIT: Fixtures/LICENSE-cocos2d.txt).
let referenceNames = ["BoilingFoam", "Comet", "Flower", "Galaxy", "Phoenix"]

/// The folder of the fixtures.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// The path of fixture `name`.plist.
func fixture(_ name: String) -> String { fixtures + "/" + name + ".plist" }

/// The text of fixture `name`.plist.
func fixtureText(_ name: String) throws -> String { try String(contentsOfFile: fixture(name), encoding: .utf8) }

/// A fresh temporary folder, removed with the test process's temporary root.
func temporaryFolder() throws -> String { try TestSupport.temporaryFolder("pd") }

/// The fixture's text with the value of `key` replaced by `element` (a whole plist element).
func replacing(_ key: String, with element: String, in text: String) -> String {
    guard let k = text.range(of: "<key>\(key)</key>") else { return text }
    let rest = text[k.upperBound...]
    // The value is the line after the key.
    guard let first = rest.range(of: "\n"), let close = text[first.upperBound...].range(of: "\n") else { return text }
    return text.replacingCharacters(in: k.upperBound..<close.lowerBound, with: "\n\t" + element)
}

/// Imports plist text written to a temporary file named `name`.plist.
func importText(_ text: String, name: String = "Edited") throws -> ParticleDesignerImport {
    let folder = try temporaryFolder()
    let path = folder + "/" + name + ".plist"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return try ParticleDesignerImporter.importFile(path: path)
}

/// Runs a scene for `seconds` at 60 fps and renders the last frame.
func renderScene(_ scene: Scene, seconds: Double) throws -> (image: CGImage, engine: Engine) {
    let engine = try Engine(scene: scene)
    engine.installClock()
    let frames = Int(seconds * 60)
    for _ in 0..<frames { _ = engine.advance(by: 1.0 / 60) }
    return (try engine.snapshot(scale: 1), engine)
}

/// Pixels whose brightest channel is above `threshold` (0…255).
func litPixels(_ image: CGImage, threshold: UInt8 = 40) -> Int {
    let p = image.straightPixels
    var n = 0
    for i in stride(from: 0, to: p.count, by: 4) where max(p[i], p[i + 1], p[i + 2]) > threshold { n += 1 }
    return n
}

/// The simulation of the first emitter layer of an engine's scene.
func firstEmitter(_ scene: Scene) -> CAEmitterLayer? { scene.layers.first as? CAEmitterLayer }
