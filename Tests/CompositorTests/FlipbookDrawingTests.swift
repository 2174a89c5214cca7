import Foundation
import LayerKit
import Testing

@testable import Compositor
@testable import Particles

/// Flipbooks (`contentsFrames`, docs/Particles.md "Flipbooks") as the compositor draws them: each frame
/// is its own sub-rectangle of the sheet.
@Suite struct FlipbookDrawingTests {
    /// The test sheet (`quadrantImage`): four 8×8 frames of flat colours, numbered row by row.
    static let frameColours: [[Int]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 0, 255]]

    /// Two particles at rest in the middle of a 32×32 emitter, born in the first step (the cell emits
    /// for that step only), living 2 s, their four frames spread over their life; the frame drawn after
    /// `seconds`.
    func frame(after seconds: Double) throws -> (Framebuffer, ParticleDrawList) {
        let root = rootLayer(32, 32, CGColor(gray: 0, alpha: 1))
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.emitterPosition = CGPoint(x: 16, y: 16)
        let cell = CAEmitterCell()
        cell.contents = try quadrantImage(16)
        cell.birthRate = 240
        cell.duration = 1.0 / 120
        cell.lifetime = 2
        cell.contentsFrames = try ParticleFlipbook(columns: 2, rows: 2, overLife: true)
        e.emitterCells = [cell]
        root.addSublayer(e)
        let sim = EmitterSimulation(layer: e)
        for _ in 0..<Int((seconds * 120).rounded()) { sim.step(by: 1.0 / 120) }
        var list = ParticleDrawList()
        sim.makeDrawList(into: &list)
        let p = FixedParticles()
        p.set(list, for: e)
        return (try renderFrame(root, particles: p), list)
    }

    @Test func aFourFrameFlipbookOverLifeDrawsFrameTwoBetweenHalfAndThreeQuartersOfLife() throws {
        // Ages 0.25, 0.75, 1.25, 1.75 s of a 2 s life: frames 0, 1, 2, 3; the particle is one 8×8 frame.
        for (seconds, expected) in [(0.25, 0), (0.75, 1), (1.25, 2), (1.45, 2), (1.75, 3)] {
            let (fb, list) = try frame(after: seconds)
            try #require(list.sprites.count == 2, "after \(seconds) s: \(list.sprites.count) sprites")
            #expect(list.sprites[0].appearance == list.sprites[1].appearance)
            let ap = list.appearances[Int(list.sprites[0].appearance)]
            #expect(ap.frame == expected, "after \(seconds) s the draw list carries frame \(ap.frame)")
            let w = CGFloat(0.5)
            let origin = CGPoint(x: CGFloat(expected % 2) * w, y: CGFloat(expected / 2) * w)
            #expect(ap.contentsRect == CGRect(origin: origin, size: CGSize(width: w, height: w)), "\(ap.contentsRect)")
            // The frame fills the quad 12…19 with its flat colour; outside it the background stays black.
            for (x, y) in [(13, 13), (16, 16), (18, 18)] {
                #expect(
                    near(px(fb, x, y), Self.frameColours[expected], 1),
                    "after \(seconds) s, pixel (\(x), \(y)): \(px(fb, x, y)), frame \(expected)")
            }
            #expect(px(fb, 10, 16) == [0, 0, 0, 255] && px(fb, 21, 16) == [0, 0, 0, 255], "one frame wide (8 pt)")
        }
    }
}
