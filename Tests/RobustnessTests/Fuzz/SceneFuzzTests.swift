import EmitterKit
import Foundation
import Testing

/// The scene loader (and the engine behind it) against mutated scene files: every input ends in a
/// scene that runs and draws, or in a `SceneError` naming the file; never a crash, a hang or an error
/// of another kind. `EMITTER_FUZZ_ITERATIONS=100000 swift test --filter SceneFuzzTests` runs longer.
@Suite struct SceneFuzzTests {
    static let seed = FuzzHarness.seed(default: 0x5CE7E_F022)

    /// The shipped scenes, the hand-written corpus and the scene-format test fixtures.
    static var corpus: [[UInt8]] {
        shippedScenes().map(\.bytes) + corpusFiles(corpusRoot + "/json", ext: "json").map(\.bytes)
    }

    /// Loads `bytes` as a scene next to the corpus PNGs; a scene that loads is run for three frames and
    /// drawn small, and its draw lists must be free of NaN.
    static func loadAndRun(_ bytes: [UInt8]) -> FuzzHarness.Outcome {
        let scene: Scene
        do {
            scene = try SceneLoader.load(
                data: Data(bytes), sourceName: "fuzz.json", baseDirectory: corpusRoot + "/json")
        } catch let error as SceneError {
            if error.errors.isEmpty { return .malformed("a SceneError without errors: \(error)") }
            if let bad = error.diagnostics.first(where: {
                $0.file != "fuzz.json" || $0.message.isEmpty || $0.path.isEmpty
            }) {
                return .malformed("a diagnostic without file, path or message: \(bad)")
            }
            return .rejected
        } catch {
            return .malformed("\(type(of: error)) instead of a SceneError: \(error)")
        }
        return run(scene)
    }

    /// Three frames and a small render of a loaded scene.
    static func run(_ scene: Scene) -> FuzzHarness.Outcome {
        do {
            let engine = try Engine(scene: scene, threadCount: 1)
            for _ in 0..<3 { engine.advance(by: 1.0 / 60) }
            let side = max(engine.viewSize.width, engine.viewSize.height)
            let fb = try engine.makeFramebuffer(scale: min(1, 48 / side))
            engine.render(into: fb)
            for entry in engine.emitters {
                if let bad = NumericalChecks.firstNonFinite(in: entry.drawList) {
                    return .malformed("the draw list of \(entry.layer.name ?? "an emitter") holds \(bad)")
                }
            }
            return .accepted
        } catch {
            return .malformed("a loaded scene failed to run: \(type(of: error)): \(error)")
        }
    }

    @Test func mutatedScenesLoadOrFailWithDiagnosticsNeverCrashOrHang() {
        let count = FuzzHarness.iterations(default: 150)
        let mutator = FuzzMutator(seed: Self.seed, corpus: Self.corpus, format: .json)
        let report = FuzzHarness(target: "scene-json", seed: Self.seed).run(
            count, mutator: mutator, body: Self.loadAndRun)
        report.expectNoFindings("scene-json", seed: Self.seed)
    }
}
