import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

/// Every scene loads and draws something; the catalogue's scenes keep their golden state hashes and frames.
@Suite struct SceneCatalogueTests {
    // MARK: - Every scene in Scenes/

    @Test(arguments: allSceneFiles())
    func everySceneLoadsWithoutWarnings(_ file: String) throws {
        let scene = try SceneSource.load(path: packageRoot + "/Scenes/" + file)
        #expect(scene.warnings.isEmpty, "Scenes/\(file): \(scene.warnings)")
        #expect(!(scene.description ?? "").isEmpty, "Scenes/\(file) has no one-line description")
    }

    @Test func catalogueHasTheScenesTheIssueAsksFor() {
        let files = Set(allSceneFiles())
        for scene in catalogue { #expect(files.contains(scene.name + ".json"), "Scenes/\(scene.name).json is missing") }
    }

    // MARK: - Golden hashes

    /// The state hash after the scene's golden duration is the recorded one, and the same at 30, 60 and 144
    /// frames per second (the simulation runs on its fixed step whatever the frame rate, and the hash takes
    /// the layers' presented values at the fixed-step time).
    @Test(arguments: catalogue)
    func stateHashIsGoldenAndFrameRateIndependent(_ scene: CatalogueScene) throws {
        let at60 = try run(scene.path, duration: scene.duration, fps: 60)
        for fps in [30.0, 144] {
            let other = try run(scene.path, duration: scene.duration, fps: fps)
            #expect(
                other.hash == at60.hash,
                "\(scene.name) at t=\(scene.duration) s: 60 fps \(at60.hash) ≠ \(Int(fps)) fps \(other.hash)")
        }
        Golden.expect(
            hash: at60.hash, named: scene.name, inTableAt: fixturesFolder + "/hashes.json",
            context:
                "\(scene.name) at t=\(scene.duration) s, 60 fps, seeds as in the file, state hash v\(Engine.stateHashVersion)"
        )
    }

    /// Scenes that differ only in their layers (no particles, no bodies) hash apart: the hash covers the
    /// layers' presented values, not only the step count.
    @Test func layerOnlyScenesHashApart() throws {
        let bounce = try run(packageRoot + "/Scenes/bounce.json", duration: 0.5, fps: 60)
        let ring = try run(packageRoot + "/Scenes/replicator-ring.json", duration: 0.5, fps: 60)
        #expect(bounce.hash != ring.hash, "bounce and replicator-ring at t=0.5 s, 60 fps: \(bounce.hash), \(ring.hash)")
    }

    // MARK: - Golden frames

    /// The frame at the golden duration, at most 320 pixels wide, matches the recorded one within
    /// `Golden.ImageTolerance.rendering`, and is not blank.
    @Test(arguments: catalogue)
    func frameMatchesGoldenAndIsNotBlank(_ scene: CatalogueScene) throws {
        let result = try run(scene.path, duration: scene.duration, fps: 60, renderWidth: 320)
        let frame = try #require(result.frame)
        #expect(frame.width <= 320)
        let drawn = drawnFraction(frame, background: result.background)
        #expect(
            drawn > 0.01,
            "\(scene.name) at t=\(scene.duration) s: only \(drawn * 100)% of the pixels differ from the background")
        Golden.expect(
            image: frame, matchesFileAt: fixturesFolder + "/frames/\(scene.name).png", tolerance: .rendering,
            context: "\(scene.name) at t=\(scene.duration) s, 60 fps, \(frame.width)×\(frame.height) pixels")
    }

    /// Frames taken every half second over the first two seconds of every catalogue scene all draw something (a scene that
    /// starts or ends black would fail here, not only at its golden moment).
    @Test(arguments: catalogue)
    func noFrameIsBlank(_ scene: CatalogueScene) throws {
        let loaded = try SceneSource.load(path: scene.path)
        let engine = try Engine(scene: loaded, threadCount: 1)
        let scale = min(1, 96 / engine.viewSize.width)
        for step in 1...4 {
            for _ in 0..<15 { engine.advance(by: 1.0 / 30) }
            let image = try engine.snapshot(scale: scale)
            let drawn = drawnFraction(image, background: engine.backgroundColor)
            #expect(drawn > 0.005, "\(scene.name) at t=\(Double(step) * 0.5) s: \(drawn * 100)% drawn")
        }
    }
}
