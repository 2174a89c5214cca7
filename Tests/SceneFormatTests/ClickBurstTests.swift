import Foundation
import Testing

@testable import SceneFormat

/// The `burst` click action: one-shot particles at the click.
@Suite struct ClickBurstTests {
    func load(_ click: String) -> Result<Scene, SceneError> {
        let json = """
            {"schemaVersion": 1, "layers": [
              {"type": "emitter", "name": "sparks", "emitterCells": [{"name": "spark", "contents": "builtin:spark", "lifetime": 1,
                "emitterCells": [{"name": "ember", "lifetime": 0.5}]}]},
              {"name": "plain", "bounds": [0, 0, 10, 10]}],
             "interaction": {"click": \(click)}}
            """
        do {
            return .success(try SceneLoader.load(data: Data(json.utf8), sourceName: "burst.json", baseDirectory: nil))
        } catch let e as SceneError { return .failure(e) } catch {
            Issue.record("\(error)")
            return .failure(SceneError(diagnostics: []))
        }
    }

    @Test func burstNamesAnEmitterACellAndACount() throws {
        let scene = try load(#"{"action": "burst", "emitter": "sparks", "cell": "spark.ember", "count": 40}"#).get()
        #expect(scene.interaction?.click == .burst(emitter: "sparks", cell: "spark.ember", count: 40))
    }

    @Test func burstMistakesAreNamed() {
        let cases: [(String, String)] = [
            (
                #"{"action": "burst", "emitter": "sparks", "cell": "nope", "count": 1}"#,
                "has no cell \"nope\" (its cells: spark, ember)"
            ),
            (
                #"{"action": "burst", "emitter": "plain", "cell": "spark", "count": 1}"#,
                "\"plain\" is not an emitter layer"
            ),
            (
                #"{"action": "burst", "emitter": "sparks", "cell": "spark", "count": 2.5}"#,
                "expected a whole number of particles"
            ),
            (#"{"action": "burst", "emitter": "sparks", "cell": "spark"}"#, "count"),
            (
                #"{"action": "toggle", "target": "plain.isHidden", "count": 3}"#,
                "\"count\" goes with \"action\": \"burst\""
            ),
        ]
        for (click, expected) in cases {
            guard case .failure(let e) = load(click) else {
                Issue.record("\(click) loaded")
                continue
            }
            #expect(e.description.contains(expected), "\(click): \(e.description)")
        }
    }
}
