import Foundation
import LayerKit
import SceneFormat
import Testing

@testable import Compositor

/// Shape and text layers written in scene files: every property arrives on the layer and draws.
@Suite struct VectorSceneFileTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes")

    func load(_ json: String) throws -> Scene {
        try SceneLoader.load(data: Data(json.utf8), sourceName: "test.json", baseDirectory: nil)
    }

    @Test func everyShapePropertyRoundTripsThroughASceneAndDraws() throws {
        let scene = try load(
            """
            { "schemaVersion": 1, "display": { "size": [100, 60], "backgroundColor": "black" },
              "layers": [ { "type": "shape", "name": "s", "frame": [0, 0, 100, 60],
                "path": "M 10 10 L 90 10 L 90 50 Z", "fillColor": "blue", "fillRule": "even-odd", "strokeColor": "red",
                "lineWidth": 4, "lineCap": "square", "lineJoin": "bevel", "miterLimit": 3, "lineDashPattern": [6, 3],
                "lineDashPhase": 2, "strokeStart": 0.1, "strokeEnd": 0.9 } ] }
            """)
        let s = try #require(scene.layers.first as? CAShapeLayer)
        let expected = CGMutablePath()
        expected.move(to: CGPoint(x: 10, y: 10))
        expected.addLine(to: CGPoint(x: 90, y: 10))
        expected.addLine(to: CGPoint(x: 90, y: 50))
        expected.closeSubpath()
        #expect(s.path == expected, "path: \(String(describing: s.path?.elements))")
        #expect(
            s.fillColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                && s.strokeColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(
            s.fillRule == .evenOdd && s.lineWidth == 4 && s.lineCap == .square && s.lineJoin == .bevel
                && s.miterLimit == 3)
        #expect(s.lineDashPattern == [6, 3] && s.lineDashPhase == 2 && s.strokeStart == 0.1 && s.strokeEnd == 0.9)
        let fb = try renderFrame(scene.rootLayer)
        // Fill inside the triangle (blue), stroke along the top edge's dash at x = 40 (red).
        #expect(px(fb, 80, 25) == [0, 0, 255, 255], "fill: \(px(fb, 80, 25))")
        #expect(px(fb, 40, 10) == [255, 0, 0, 255], "stroke: \(px(fb, 40, 10))")
    }

    @Test func everyTextPropertyRoundTripsThroughASceneAndDraws() throws {
        let scene = try load(
            """
            { "schemaVersion": 1, "display": { "size": [120, 40], "backgroundColor": "black" },
              "layers": [ { "type": "text", "name": "t", "frame": [0, 0, 120, 40], "string": "Hello there", "font": "DejaVu Sans Mono",
                "fontSize": 14, "foregroundColor": "yellow", "isWrapped": true, "alignmentMode": "center",
                "truncationMode": "end", "contentsScale": 2 } ] }
            """)
        let t = try #require(scene.layers.first as? CATextLayer)
        #expect(t.string == "Hello there" && t.font == "DejaVu Sans Mono" && t.fontSize == 14 && t.isWrapped)
        #expect(t.alignmentMode == .center && t.truncationMode == .end && t.contentsScale == 2)
        #expect(t.foregroundColor == CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        let fb = try renderFrame(scene.rootLayer)
        let ink = (0..<40).flatMap { y in (0..<120).map { x in px(fb, x, y) } }.filter {
            $0[0] > 128 && $0[1] > 128 && $0[2] < 64
        }
        #expect(ink.count > 50, "yellow text drawn: \(ink.count) pixels")
    }

    @Test(arguments: ["shapes.json", "text.json"])
    func demoScenesLoadAndDrawWithoutDiagnostics(_ name: String) throws {
        let scene = try SceneLoader.load(path: VectorSceneFileTests.scenes.appendingPathComponent(name).path)
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 400, height: 300, scale: 0.5)
        c.clearColor = CGColor(gray: 0, alpha: 1)
        c.render(scene.rootLayer, into: fb)
        #expect(c.diagnostics.isEmpty, "\(name): \(c.diagnostics)")
        var lit = 0
        for y in 0..<fb.height {
            for x in 0..<fb.width where px(fb, x, y).prefix(3).contains(where: { $0 > 80 }) { lit += 1 }
        }
        #expect(lit > 4000, "\(name) draws something: \(lit) lit pixels of 120 000")
    }
}
