import Foundation
import Testing
import UIKitCompat

/// lexrus/LTMorphingLabel's LTEmitterView, configured as its Sparkle effect configures it for a 30-point
/// font: a line emitter under a letter whose sparks fall.
@Suite(.serialized) @MainActor struct LTEmitterViewTests {
    static let size = CGSize(width: 200, height: 100)

    func stage() throws -> (PortStage, LTEmitterView, LTEmitter) {
        let stage = try PortStage(port: "LTEmitterView", size: Self.size, assets: ["Particles"])
        let view = LTEmitterView(frame: CGRect(origin: .zero, size: Self.size))
        stage.window.addSubview(view)
        let fontSize: CGFloat = 30
        let emitter = stage.perform {
            // LTMorphingLabel+Sparkle.swift, with the letter's rect (40, 20, 20, 36) and arc4random_uniform(7) = 2.
            view.createEmitter("c0", particleName: "Sparkle", duration: 0.6) { layer, cell in
                layer.emitterSize = CGSize(width: 20, height: 1)
                layer.renderMode = .unordered
                cell.emissionLongitude = CGFloat(Double.pi / 2.0)
                cell.scale = fontSize / 300.0
                cell.scaleSpeed = fontSize / 300.0 * -1.5
                cell.color = UIColor.white.cgColor
                cell.birthRate = Float(fontSize) * Float(2 + 3)
            }.update { layer, _ in
                layer.emitterPosition = CGPoint(x: 50, y: 38)
            }
        }
        stage.perform { emitter.play() }
        return (stage, view, emitter)
    }

    @Test func liveCountsFollowBirthRateTimesLifetime() throws {
        let (stage, view, emitter) = try stage()
        #expect(view.emitters["c0"] != nil && emitter.cell.contents != nil, "Sparkle.png found by UIImage(named:)")
        try stage.run(until: 0.5)
        let c = try stage.simulation(emitter.layer).totals
        // 150 births a second; lifetime 0.16 ± 0.1 s, so about 150 × 0.16 = 24 alive.
        #expect(c.born == 75 && abs(c.alive - 24) <= 10, "\(c)")
    }

    @Test func sparksFallFromTheLetter() throws {
        let (stage, view, emitter) = try stage()
        try stage.run(until: 0.5)
        let particles = try stage.particles(of: emitter.layer, in: view)
        let motion = Motion(particles, bounds: view.bounds)
        // yAcceleration 100 turns every spark down; they stay within a few points of the letter's baseline.
        #expect(motion.meanVelocity.dy > 0 && particles.allSatisfy { $0.position.y > 38 - 15 }, "\(motion)")
        #expect(abs(motion.meanPosition.x - 50) < 30 && motion.insideShare == 1, "\(motion)")
    }

    @Test func frameMatchesItsGolden() throws {
        let (stage, _, _) = try stage()
        try stage.run(until: 0.5)
        let frame = try stage.snapshot(scale: 2)
        #expect(PortGolden.litPixels(frame) > 20, "sparks are drawn")
        PortGolden.check(frame, "LTEmitterView-0.5s")
    }
}
