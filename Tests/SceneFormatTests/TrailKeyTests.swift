import Foundation
import LayerKit
import Testing

@testable import SceneFormat

// MARK: - The trail object of emitter cells (docs/SceneFormat.md, "Trails")

private func trailCell(_ trail: String) throws -> CAEmitterCell {
    let json = #"{"contents": "builtin:softDot", "lifetime": 1, "trail": "# + trail + "}"
    let scene = try loadScene(sceneWithLayer("{\"type\": \"emitter\", \"emitterCells\": [\(json)]}"))
    return try #require((scene.layers.first as? CAEmitterLayer)?.emitterCells?.first)
}

private func trailErrors(_ trail: String) -> [String] {
    let json = #"{"contents": "builtin:softDot", "lifetime": 1, "trail": "# + trail + "}"
    return errors(sceneWithLayer("{\"type\": \"emitter\", \"emitterCells\": [\(json)]}"))
}

@Test func aTrailObjectIsReadWithItsCurves() throws {
    let c = try trailCell(
        #"""
        {"duration": 0.6, "length": 80, "width": 6, "drawsParticle": false, "maxPoints": 5000,
         "widthOverTrail": {"stops": [[0, 1], [1, 0]], "interpolation": "smooth"},
         "colorOverTrail": [[0, "white"], [1, [1, 0.5, 0, 0]]]}
        """#)
    let t = try #require(c.trail)
    #expect(t.duration == 0.6 && t.length == 80 && t.width == 6 && !t.drawsParticle && t.maxPoints == 5000)
    #expect(t.widthOverTrail?.interpolation == .smooth && t.widthOverTrail?.values == [1, 0])
    #expect(t.colorOverTrail?.colors[1] == CGColor(red: 1, green: 0.5, blue: 0, alpha: 0))
    // Defaults: width 4, the sprite drawn, the default budget.
    let d = try #require(try trailCell(#"{"length": 20}"#).trail)
    #expect(d.duration == nil && d.width == 4 && d.drawsParticle && d.maxPoints == ParticleTrail.defaultMaxPoints)
}

@Test func badTrailsAreReportedAtTheKeyWithTheFix() {
    func first(_ trail: String) -> String { trailErrors(trail).first ?? "no error" }
    #expect(
        first(#"{"width": 3}"#).hasSuffix(
            #"emitterCells[0].trail: missing key "duration"; add it, for example "duration": 0.5 (seconds), or "length": 80 (points)"#
        ))
    #expect(first(#"{"duration": 0}"#).contains("trail.duration: expected a number > 0"))
    #expect(first(#"{"duration": 1, "width": -1}"#).contains("trail.width: expected a number ≥ 0"))
    #expect(first(#"{"duration": 1, "colour": "red"}"#).contains(#"unknown key "colour" in a trail"#))
    #expect(
        first(#"{"duration": 1, "widthOverTrail": [[0, 1], [1, -1]]}"#).hasSuffix(
            #"trail.widthOverTrail: "widthOverTrail" values must be ≥ 0 (a multiplier of width): stop 1 is -1.0"#))
    #expect(
        first(#"{"duration": 1, "colorOverTrail": [[0.5, "red"], [1, "blue"]]}"#).hasSuffix(
            "colorOverTrail[0][0]: the first stop must be at t = 0, got 0.5"))
    #expect(first(#"{"duration": 1, "maxPoints": -5}"#).contains("trail.maxPoints: expected an integer"))
    #expect(first(#"[0.5]"#).contains("expected a trail (a JSON object)"))
}
