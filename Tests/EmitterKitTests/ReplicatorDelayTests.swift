import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

/// `CAReplicatorLayer.instanceDelay`: copy k shows its sublayers' animations k × instanceDelay later.
@Suite struct ReplicatorDelayTests {
    @Test func laterCopiesShowTheirAnimationsDelayed() throws {
        let json = """
            {"schemaVersion": 1, "display": {"size": [100, 40], "backgroundColor": "black"},
             "layers": [{"type": "replicator", "frame": [0, 0, 100, 40], "instanceCount": 2,
                         "instanceTransform": [{"translate": [50, 0]}], "instanceDelay": 0.5,
                         "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "white",
                                        "animations": {"fade": {"type": "basic", "keyPath": "opacity",
                                                                "fromValue": 1, "toValue": 0, "duration": 1}}}]}]}
            """
        let folder = try TestSupport.temporaryFolder("delay")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/delay.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let engine = try Engine(scene: try SceneSource.load(path: path), threadCount: 1)
        for _ in 0..<45 { engine.advance(by: 1.0 / 60) }
        let image = try engine.snapshot()
        let first = Int(image.pixel(x: 20, y: 20).r)
        let second = Int(image.pixel(x: 70, y: 20).r)
        // t = 0.75 s: copy 0 at opacity 0.25, copy 1 (0.5 s late) at 0.75.
        #expect(abs(first - 64) <= 3, "copy 0 at t=0.75 s: red \(first), expected ≈ 64 (opacity 0.25)")
        #expect(
            abs(second - 191) <= 3,
            "copy 1 at t=0.75 s with instanceDelay 0.5: red \(second), expected ≈ 191 (opacity 0.75)")
    }
}
