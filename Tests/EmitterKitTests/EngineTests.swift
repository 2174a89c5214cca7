import Foundation
import Testing

@testable import EmitterKit

/// The engine's frame loop: fixed steps, frame-rate independence, rendering, animations.
@Suite struct EngineTests {
    /// The book's S1 emitter (birthRate 88, lifetime 5, alphaSpeed −0.4, velocity 39 ± 50, range 2π),
    /// additive, in a 400×300 view.
    func makeS1(seed: UInt32 = 3) throws -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 200, y: 150)
        emitter.renderMode = .additive
        emitter.seed = seed
        let cell = CAEmitterCell()
        cell.contents = BuiltinSprites.image(named: "softDot")
        cell.birthRate = 88
        cell.lifetime = 5
        cell.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        cell.alphaSpeed = -0.4
        cell.velocity = 39
        cell.velocityRange = 50
        cell.emissionRange = 2 * .pi
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        return root
    }

    @Test func stateHashIsIndependentOfFrameRate() throws {
        var hashes: [Double: String] = [:]
        for fps in [30.0, 60.0, 144.0] {
            let engine = try Engine(rootLayer: makeS1(), viewSize: CGSize(width: 400, height: 300), threadCount: 1)
            let frames = Int((3 * fps).rounded())
            for _ in 0..<frames { engine.advance(by: 1 / fps) }
            #expect(engine.simulatedTime == 3, "fps \(fps): simulated \(engine.simulatedTime)")
            hashes[fps] = engine.stateHash().hex
        }
        #expect(Set(hashes.values).count == 1, "hashes by fps: \(hashes)")
    }

    @Test func irregularDeltasGiveTheSameStateAtEqualTimes() throws {
        let a = try Engine(rootLayer: makeS1(), viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        let b = try Engine(rootLayer: makeS1(), viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        for _ in 0..<60 { a.advance(by: 1.0 / 60) }
        let deltas = [1.0 / 60, 1.0 / 30, 1.0 / 20]
        var t = 0.0
        var i = 0
        while t < 1 - 1e-9 {
            let d = deltas[i % 3]
            b.advance(by: d)
            t += d
            i += 1
        }
        #expect(
            abs(t - 1) < 1e-9 && a.stateHash() == b.stateHash(), "t=\(t) \(a.stateHash().hex) vs \(b.stateHash().hex)")
    }

    @Test func rendersParticlesOverTheBackground() throws {
        let engine = try Engine(rootLayer: makeS1(), viewSize: CGSize(width: 400, height: 300), threadCount: 2)
        engine.backgroundColor = .black
        for _ in 0..<60 { engine.advance(by: 1.0 / 60) }
        #expect(engine.statistics.liveParticles > 60, "live \(engine.statistics.liveParticles)")
        let image = try engine.snapshot()
        var lit = 0
        var maxRed = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image.pixel(x: x, y: y)
                if p.r > 40 { lit += 1 }
                maxRed = max(maxRed, Int(p.r))
                #expect(p.a == 255, "the opaque background shows through at (\(x), \(y))")
            }
        }
        #expect(lit > 50 && maxRed > 200, "lit samples \(lit), brightest red \(maxRed): orange particles must show")
        let centre = image.pixel(x: 200, y: 150)
        #expect(centre.r > centre.b, "orange, not blue, near the emitter: \(centre)")
    }

    @Test func animationsAreEvaluatedAtTheFramesMediaTime() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        box.backgroundColor = .white
        root.addSublayer(box)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5.0
        move.toValue = 95.0
        move.duration = 1
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        box.add(move, forKey: "move")
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 100, height: 100), threadCount: 1)
        for _ in 0..<30 { engine.advance(by: 1.0 / 60) }
        let fb = try engine.makeFramebuffer()
        engine.render(into: fb)
        // At t = 0.5 s the box's centre is at x = 50: pixels 46…54 are white, 40 is not.
        #expect(
            fb.pixel(x: 50, y: 5)?.r == 255 && fb.pixel(x: 40, y: 5)?.r == 0,
            "t=\(engine.mediaTime): \(String(describing: fb.pixel(x: 50, y: 5))) \(String(describing: fb.pixel(x: 40, y: 5)))"
        )
    }

    @Test func budgetOverflowWarnsOnce() throws {
        let root = try makeS1()
        let emitter = root.sublayers![0] as! CAEmitterLayer
        emitter.maxParticles = 20
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        var warnings: [String] = []
        engine.onWarning = { warnings.append($0) }
        for _ in 0..<120 { engine.advance(by: 1.0 / 60) }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(engine.statistics.liveParticles <= 20)
    }
}
