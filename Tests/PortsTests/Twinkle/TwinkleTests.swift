import Foundation
import Testing
import UIKitCompat

/// piemonte/Twinkle: 5–10 circle emitters at random places over a view, each fading in and out twice and
/// removed by its transaction's completion block.
@Suite(.serialized) @MainActor struct TwinkleTests {
    static let size = CGSize(width: 150, height: 50)

    @Test func layersSparkleWhereTheyArePlacedAndAreRemovedWhenTheirFadeEnds() throws {
        let stage = try PortStage(port: "Twinkle", size: Self.size, assets: ["Resources"])
        let view = UIView(frame: CGRect(origin: .zero, size: Self.size))
        stage.window.addSubview(view)
        try stage.perform {
            let image = try #require(UIImage(named: "TwinkleImage"))
            view.twinkle(image: image)
        }
        let layers = view.layer.sublayers?.compactMap { $0 as? TwinkleLayer } ?? []
        #expect((5...10).contains(layers.count), "Int.random(in: 5...10) layers: \(layers.count)")
        #expect(layers.allSatisfy { view.bounds.contains($0.position) })
        try stage.run(until: 1)
        for layer in layers {
            // Two cells of birthRate 8, lifetime 1.25 s: 8 births each in the first second, all alive.
            let totals = try stage.simulation(layer).totals
            #expect(totals.born == 16 && totals.alive == 16, "\(totals)")
            // velocity 2 ± 18 pt/s for at most a second: the sparkles stay at their layer.
            let particles = try stage.particles(of: layer, in: view)
            #expect(
                particles.allSatisfy { hypot($0.position.x - layer.position.x, $0.position.y - layer.position.y) <= 20 }
            )
        }
        // The last layer starts fading at 0.15 × 9 s and fades in and out twice in 4 × 0.4 s: by 3 s every
        // completion block has run and removed its layer.
        try stage.run(until: 3)
        #expect(view.layer.sublayers?.contains { $0 is TwinkleLayer } != true, "\(view.layer.sublayers ?? [])")
        #expect(stage.emitters.isEmpty)
    }

    @Test func oneSparkleMatchesItsGolden() throws {
        let stage = try PortStage(port: "Twinkle", size: CGSize(width: 60, height: 60), assets: ["Resources"])
        let layer = try stage.perform {
            let image = try #require(UIImage(named: "TwinkleImage"))
            return TwinkleLayer(image: image, configuration: Twinkle.Configuration())
        }
        layer.position = CGPoint(x: 30, y: 30)
        stage.window.layer.addSublayer(layer)
        try stage.run(until: 1)
        let frame = try stage.snapshot(scale: 2)
        #expect(PortGolden.litPixels(frame, threshold: 20) > 30, "sparkles are drawn")
        PortGolden.check(frame, "Twinkle-1s")
    }
}
