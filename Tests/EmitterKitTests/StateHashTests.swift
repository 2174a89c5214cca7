import Foundation
import Testing

@testable import EmitterKit

/// The engine's state hash (docs/Determinism.md, "State hash"): it covers the presented values of every
/// layer and cell, not only particles and bodies, takes them at the fixed-step time, and stays equal at
/// any frame rate.
@Suite struct StateHashTests {
    /// A 200×100 root with one red 20×20 layer at (50, 50), and nothing that simulates.
    static func layerOnlyEngine(_ configure: (CALayer) -> Void = { _ in }) throws -> (Engine, CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let layer = CALayer()
        layer.allowsImplicitAnimations = false
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.position = CGPoint(x: 50, y: 50)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        configure(layer)
        root.addSublayer(layer)
        return (try Engine(rootLayer: root, viewSize: CGSize(width: 200, height: 100), threadCount: 1), layer)
    }

    /// The hash after `steps` fixed steps of 1/120 s.
    static func hash(_ engine: Engine, steps: Int) -> String {
        for _ in 0..<steps { engine.stepOnce() }
        return engine.stateHash().hex
    }

    @Test func everyPresentedLayerValueChangesTheHash() throws {
        let (plain, _) = try Self.layerOnlyEngine()
        let base = Self.hash(plain, steps: 12)
        let changes: [(String, (CALayer) -> Void)] = [
            ("position", { $0.position.x += 0.001 }),
            ("bounds", { $0.bounds.size.width = 21 }),
            ("anchorPoint", { $0.anchorPoint = CGPoint(x: 0, y: 0.5) }),
            ("zPosition", { $0.zPosition = 1 }),
            ("transform", { $0.transform = CATransform3DMakeRotation(0.01, 0, 0, 1) }),
            ("opacity", { $0.opacity = 0.999 }),
            ("isHidden", { $0.isHidden = true }),
            ("backgroundColor", { $0.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5) }),
            ("borderColor", { $0.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }),
            ("cornerRadius", { $0.cornerRadius = 3 }),
            ("contentsRect", { $0.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1) }),
            ("contents", { $0.contents = BuiltinSprites.image(named: "softDot") }),
            ("name", { $0.name = "box" }),
        ]
        var seen: [String: String] = [:]
        for (key, change) in changes {
            let (engine, _) = try Self.layerOnlyEngine(change)
            let h = Self.hash(engine, steps: 12)
            #expect(h != base, "\(key): a changed value leaves the hash at \(h) after 12 steps")
            #expect(seen[h] == nil, "\(key) hashes like \(seen[h] ?? "")")
            seen[h] = key
        }
    }

    @Test func imagesEnterByTheirPixelsNotTheirIdentity() throws {
        func image(_ alpha: UInt8) throws -> CGImage {
            try CGImage(width: 2, height: 1, premultipliedPixels: [alpha, 0, 0, alpha, 0, 0, 0, 0])
        }
        let (a, _) = try Self.layerOnlyEngine { $0.contents = try? image(255) }
        let (b, _) = try Self.layerOnlyEngine { $0.contents = try? image(255) }
        let (c, _) = try Self.layerOnlyEngine { $0.contents = try? image(254) }
        let (ha, hb, hc) = (Self.hash(a, steps: 1), Self.hash(b, steps: 1), Self.hash(c, steps: 1))
        #expect(ha == hb, "two images with the same pixels: \(ha) \(hb)")
        #expect(ha != hc, "one channel of one pixel differs: \(ha) \(hc)")
    }

    @Test func cellValuesChangeTheHash() throws {
        func engine(birthRate: Float) throws -> Engine {
            let (e, layer) = try Self.layerOnlyEngine()
            let emitter = CAEmitterLayer()
            emitter.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            let cell = CAEmitterCell()
            cell.name = "idle"
            cell.birthRate = birthRate
            cell.lifetime = 0
            emitter.emitterCells = [cell]
            layer.superlayer?.addSublayer(emitter)
            return e
        }
        // Lifetime 0: no particle lives, so only the cell's own value can tell the two apart.
        let a = Self.hash(try engine(birthRate: 1), steps: 12)
        let b = Self.hash(try engine(birthRate: 2), steps: 12)
        #expect(a != b, "cells with birth rates 1 and 2 and no live particles: \(a) \(b)")
    }

    @Test func animatedValuesAreTakenAtTheFixedStepTime() throws {
        func animated() throws -> Engine {
            let (engine, layer) = try Self.layerOnlyEngine()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 120
            move.duration = 1
            move.beginTime = 0
            layer.add(move, forKey: "move")
            return engine
        }
        // 40 frames of 13 ms: 0.52 s of frames, 62 whole steps (0.51666… s); the frames' clock runs
        // 3⅓ ms ahead of the last step.
        let irregular = try animated()
        for _ in 0..<40 { irregular.advance(by: 0.013) }
        #expect(irregular.integrator.stepCount == 62, "steps \(irregular.integrator.stepCount)")
        let stepped = try animated()
        for _ in 0..<62 { stepped.stepOnce() }
        #expect(
            irregular.stateHash() == stepped.stateHash(),
            "62 steps in 13 ms frames \(irregular.stateHash().hex), one step per frame \(stepped.stateHash().hex)")
        let later = try animated()
        for _ in 0..<63 { later.stepOnce() }
        #expect(later.stateHash() != stepped.stateHash(), "one more step moves the animated layer: the hash changes")
    }

    @Test func animatedLayerHashesEqualAt30_60And144FramesPerSecond() throws {
        var hashes: [Double: String] = [:]
        for fps in [30.0, 60, 144] {
            let (engine, layer) = try Self.layerOnlyEngine()
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0.2, 0.9]
            fade.duration = 0.7
            fade.repeatCount = .infinity
            layer.add(fade, forKey: "fade")
            for _ in 0..<Int(fps * 1.5) { engine.advance(by: 1 / fps) }
            #expect(engine.integrator.stepCount == 180, "\(fps) fps: \(engine.integrator.stepCount) steps")
            hashes[fps] = engine.stateHash().hex
        }
        #expect(Set(hashes.values).count == 1, "hashes after 1.5 s by frame rate: \(hashes)")
    }

    @Test func aDetachedLayerKeepsItsBodysLastStepPlacementAtAnyFrameRate() throws {
        var placements: [Double: CGPoint] = [:]
        for fps in [30.0, 144] {
            let (engine, layer) = try Self.layerOnlyEngine()
            let body = try PhysicsBody(mass: 1)
            try body.addShape(.box(width: 20, height: 20))
            try engine.attach(body, to: layer)
            try body.setVelocity(CGVector(dx: 37, dy: 0))
            var detached = false
            engine.onFixedStep = { step in
                guard step.index == 50, !detached else { return }
                detached = true
                try? engine.detach(body)
            }
            for _ in 0..<Int(fps) { engine.advance(by: 1 / fps) }
            #expect(detached && engine.body(of: layer) == nil, "\(fps) fps: detached at step 50")
            #expect(
                layer.position == body.position,
                "\(fps) fps: layer at \(layer.position), body at its last step \(body.position)")
            placements[fps] = layer.position
        }
        #expect(placements[30] == placements[144], "placements by frame rate: \(placements)")
    }
}
