import Foundation
import SceneFormat

extension BenchmarkRegistry {
    /// Scene loading: the strict, positioned parser and the model decoder next to Foundation's
    /// JSONSerialization reading the same bytes (which keeps no positions and builds no layers).
    static let sceneFormat: [Benchmark] = [
        Benchmark(
            name: "sceneformat.load.flame", unit: "load the sketch's flame scene (1.5 KB) into layers and cells",
            reference: "JSONSerialization.jsonObject on the same bytes", goal: "≤ 2 ms (start-up budget 300 ms)",
            maximumMilliseconds: 2
        ) { _ in
            let data = Data(SceneFormatBenchmarkScenes.flame.utf8)
            return Benchmark.Workload(
                engine: { _ = try? SceneLoader.load(data: data, sourceName: "flame.json", baseDirectory: nil) },
                reference: { _ = try? JSONSerialization.jsonObject(with: data) })
        },
        Benchmark(
            name: "sceneformat.load.layers", unit: "load a scene of 2,000 layers (about 500 KB)",
            reference: "JSONSerialization.jsonObject on the same bytes", goal: nil
        ) { scale in
            let data = Data(SceneFormatBenchmarkScenes.grid(count: scale == .full ? 2000 : 20).utf8)
            return Benchmark.Workload(
                engine: { _ = try? SceneLoader.load(data: data, sourceName: "grid.json", baseDirectory: nil) },
                reference: { _ = try? JSONSerialization.jsonObject(with: data) })
        },
    ]
}

/// The scenes the scene-format benchmarks load.
enum SceneFormatBenchmarkScenes {
    /// The flame of docs/SceneFormat.md's sketch, with built-in sprites (no files to read).
    static let flame = """
        {
          "schemaVersion": 1,
          "description": "Additive flame with rising embers and a little smoke",
          "display": { "size": [800, 600], "backgroundColor": "black", "framesPerSecond": 60 },
          "layers": [
            {
              "type": "emitter", "name": "fire", "frame": [0, 0, 800, 600], "emitterPosition": [400, 520],
              "emitterShape": "line", "emitterSize": [120, 0], "renderMode": "additive", "seed": 7,
              "emitterCells": [
                {
                  "name": "flame", "contents": "builtin:softDot",
                  "birthRate": 300, "lifetime": 1.2, "lifetimeRange": 0.4, "velocity": 90, "velocityRange": 30,
                  "emissionLongitude": "-90deg", "emissionRange": "30deg", "yAcceleration": -60,
                  "scale": 0.6, "scaleSpeed": -0.3, "color": [1.0, 0.45, 0.1, 0.8], "alphaSpeed": -0.6,
                  "emitterCells": [
                    { "name": "ember", "contents": "builtin:softDot", "birthRate": 0.5, "lifetime": 2,
                      "velocity": 40, "emissionRange": "360deg", "scale": 0.08, "alphaSpeed": -0.4, "color": [1, 0.8, 0.4, 1] }
                  ]
                }
              ]
            }
          ],
          "interaction": { "drag": "fire.emitterPosition" }
        }
        """

    /// `count` layers with geometry, colours, a transform and an animation each.
    static func grid(count: Int) -> String {
        var layers: [String] = []
        for i in 0..<count {
            let x = (i % 50) * 20
            let y = (i / 50) * 20
            layers.append(
                """
                {"type": "layer", "name": "cell\(i)", "bounds": [0, 0, 16, 16], "position": [\(x), \(y)], "backgroundColor": "#20a0ff",
                 "cornerRadius": 4, "borderWidth": 1, "borderColor": [1, 1, 1, 0.5], "transform": [{"rotate": "\(i % 90)deg"}],
                 "animations": {"pulse": {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.2, "duration": 1.5,
                                          "autoreverses": true, "repeatCount": "infinity", "timingFunction": "easeInEaseOut"}}}
                """)
        }
        return "{\"schemaVersion\": 1, \"display\": {\"size\": [1000, 800]}, \"layers\": [\n"
            + layers.joined(separator: ",\n") + "\n]}"
    }
}
