import EmitterKit
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

    /// The state hash after the scene's golden duration is the recorded one, and the same at 30 and 60 frames
    /// per second (the simulation runs on its fixed step whatever the frame rate).
    @Test(arguments: catalogue)
    func stateHashIsGoldenAndFrameRateIndependent(_ scene: CatalogueScene) throws {
        let at60 = try run(scene.path, duration: scene.duration, fps: 60)
        let at30 = try run(scene.path, duration: scene.duration, fps: 30)
        #expect(
            at60.hash == at30.hash, "\(scene.name) at t=\(scene.duration) s: 60 fps \(at60.hash) ≠ 30 fps \(at30.hash)")
        if recordingGoldens {
            try recordGoldenHash(at60.hash, for: scene.name)
            Issue.record("recorded the golden hash of \(scene.name): \(at60.hash) (a recording run never passes)")
            return
        }
        let golden = goldenHashes()[scene.name]
        #expect(
            golden != nil,
            "no golden hash for \(scene.name); record with EMITTER_RECORD_GOLDENS=1 swift test --filter CatalogueTests")
        if let golden {
            #expect(
                at60.hash == golden,
                "\(scene.name) at t=\(scene.duration) s, 60 fps, seeds as in the file: hash \(at60.hash), golden \(golden)"
            )
        }
    }

    // MARK: - Golden frames

    /// The frame at the golden duration, at most 320 pixels wide, matches the recorded one within a small
    /// per-channel tolerance, and is not blank.
    @Test(arguments: catalogue)
    func frameMatchesGoldenAndIsNotBlank(_ scene: CatalogueScene) throws {
        let result = try run(scene.path, duration: scene.duration, fps: 60, renderWidth: 320)
        let frame = try #require(result.frame)
        #expect(frame.width <= 320)
        let drawn = drawnFraction(frame, background: result.background)
        #expect(
            drawn > 0.01,
            "\(scene.name) at t=\(scene.duration) s: only \(drawn * 100)% of the pixels differ from the background")
        let path = fixturesFolder + "/frames/\(scene.name).png"
        if recordingGoldens {
            try frame.writePNG(to: path)
            Issue.record("recorded the golden frame \(path) (a recording run never passes)")
            return
        }
        let golden = try PNGCodec.load(path: path)
        let diff = try #require(
            difference(frame, golden, tolerance: 6),
            "\(scene.name): frame \(frame.width)×\(frame.height), golden \(golden.width)×\(golden.height)")
        let failed = Double(diff.pixelsOverTolerance) > 0.002 * Double(diff.pixelCount)
        // Only on failure, and kept for a human to compare with the golden; one fixed name per scene.
        if failed { try? frame.writePNG(to: NSTemporaryDirectory() + "catalogue-\(scene.name)-actual.png") }
        #expect(
            !failed,
            "\(scene.name) at t=\(scene.duration) s, 60 fps: \(diff) (actual frame written to \(NSTemporaryDirectory())catalogue-\(scene.name)-actual.png)"
        )
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
