import Foundation
import LayerKit
import Testing

@testable import SceneFormat

// MARK: - Effect keys of emitter cells (docs/SceneFormat.md, "Curves", "Emitter cells")

private func cell(_ json: String) throws -> CAEmitterCell {
    let scene = try loadScene(sceneWithLayer("{\"type\": \"emitter\", \"emitterCells\": [\(json)]}"))
    return try #require((scene.layers.first as? CAEmitterLayer)?.emitterCells?.first)
}

private func cellErrors(_ json: String) -> [String] {
    errors(sceneWithLayer("{\"type\": \"emitter\", \"emitterCells\": [\(json)]}"))
}

@Test func curvesAreReadAsStopListsOrObjectsWithAnInterpolation() throws {
    let c = try cell(
        #"""
        {"contents": "builtin:softDot", "lifetime": 1,
         "colorOverLife": [[0, "white"], [0.5, "orange"], [1, [1, 0, 0, 0]]],
         "alphaOverLife": [[0, 0], [0.1, 1], [1, 0]],
         "scaleOverLife": {"stops": [[0, 0.5], [1, 3]], "interpolation": "smooth"},
         "spinOverLife": {"stops": [[0, 1], [1, 0]], "interpolation": "step"}}
        """#)
    let color = try #require(c.colorOverLife)
    #expect(color.times == [0, 0.5, 1] && color.interpolation == .linear)
    #expect(color.colors[2] == CGColor(red: 1, green: 0, blue: 0, alpha: 0))
    #expect(c.alphaOverLife?.values == [0, 1, 0] && c.alphaOverLife?.times == [0, 0.1, 1])
    #expect(c.scaleOverLife?.interpolation == .smooth && c.scaleOverLife?.values == [0.5, 3])
    #expect(c.spinOverLife?.interpolation == .step)
}

@Test func badCurvesAreReportedAtTheStopWithTheFix() {
    let base = #"{"contents": "builtin:softDot", "lifetime": 1, "alphaOverLife": "#
    func first(_ curve: String) -> String { cellErrors(base + curve + "}").first ?? "no error" }
    #expect(first("[[0, 1]]").hasSuffix("layers[0].emitterCells[0].alphaOverLife: expected 2…16 stops, got 1"))
    #expect(first("[[0.2, 1], [1, 0]]").hasSuffix("alphaOverLife[0][0]: the first stop must be at t = 0, got 0.2"))
    #expect(first("[[0, 1], [0.8, 0]]").hasSuffix("alphaOverLife[1][0]: the last stop must be at t = 1, got 0.8"))
    #expect(
        first("[[0, 1], [0.6, 0], [0.4, 1], [1, 0]]").hasSuffix(
            "alphaOverLife[2][0]: stop times must increase strictly, got 0.4 after 0.6"))
    #expect(first("[[0, 1], [1.5, 0]]").contains("alphaOverLife[1][0]: expected a number in 0…1"))
    #expect(first("[[0, 1], [1]]").hasSuffix("alphaOverLife[1]: expected a stop [t, value], got an array of 1 element"))
    #expect(
        first(#"{"stops": [[0, 1], [1, 0]], "interpolation": "cubic"}"#).contains("\"linear\", \"smooth\", \"step\""))
    #expect(first(#"{"interpolation": "smooth"}"#).contains("missing key \"stops\""))
    #expect(first(#"{"stops": [[0, 1], [1, 0]], "mode": "step"}"#).contains("unknown key \"mode\" in a curve"))
}

@Test func eventCellsMustNameSubCellsOfTheirCell() throws {
    let ok = try cell(
        #"""
        {"name": "rocket", "birthRate": 1, "lifetime": 1, "deathCells": ["stars"], "birthCells": ["flash"],
         "emitterCells": [{"name": "stars", "contents": "builtin:softDot", "lifetime": 1, "burstCount": 40,
                           "burstProbability": 0.5},
                          {"name": "flash", "contents": "builtin:softDot", "lifetime": 0.1}]}
        """#)
    #expect(ok.deathCells == ["stars"] && ok.birthCells == ["flash"])
    #expect(ok.emitterCells?[0].burstCount == 40 && ok.emitterCells?[0].burstProbability == 0.5)
    let bad = cellErrors(
        #"""
        {"name": "rocket", "birthRate": 1, "lifetime": 1, "deathCells": ["star"],
         "emitterCells": [{"name": "stars", "contents": "builtin:softDot", "lifetime": 1, "burstCount": 0}]}
        """#)
    #expect(
        bad.contains {
            $0.hasSuffix(
                "deathCells[0]: \"deathCells\" names \"star\", which is not a sub-cell of this cell; did you mean \"stars\"?"
            )
        }, "\(bad)")
    #expect(bad.contains { $0.hasSuffix("burstCount: expected an integer ≥ 1, got 0") }, "\(bad)")
}
