import Foundation
import LayerKit
import Particles
import Testing

@testable import Compositor

/// Drawing runs in bands on several threads; the pixels must not depend on the thread count.
@Suite struct ThreadingTests {
    func bytes(_ fb: Framebuffer) -> [UInt8] { fb.withUnsafeBytes { Array($0) } }

    @Test func framesAreBitIdenticalForAnyThreadCount() throws {
        // Groups, masks, shadows, gradients, perspective, rotated layers and 3000 particles of all kinds.
        let (effects, (particles, provider, _)) = (BookScenes.effects(), try ParticleScenes.mixed(additive: true))
        var list = provider.lists.values.first!
        var rng = SeededRandom(seed: 7)
        for i in 0..<3000 {
            list.sprites.append(
                ParticleSprite(
                    x: Float(rng.next32() % 160), y: Float(rng.next32() % 120),
                    scale: [0.5, 1, 1.7][i % 3], rotation: i % 2 == 0 ? 0 : Float(i) * 0.01,
                    r: UInt8(rng.next32() & 255), g: 200, b: 90, a: UInt8(rng.next32() & 255), appearance: 0))
        }
        provider.lists[provider.lists.keys.first!] = list
        let scenes: [(CALayer, ParticleDrawListProvider?)] = [
            (effects, nil), (BookScenes.cubes(), nil), (try BookScenes.reflection(fade: true), nil),
            (particles, provider),
            (try BookScenes.shadowPaths(), nil), (BookScenes.gradient(), nil),
        ]
        for (i, (root, p)) in scenes.enumerated() {
            let reference = bytes(try renderFrame(root, threads: 1, particles: p))
            for threads in [2, 3, 5] {
                let other = bytes(try renderFrame(root, threads: threads, particles: p))
                #expect(other == reference, "scene \(i): \(threads) threads differ from 1 thread")
            }
        }
    }

    @Test func tallFramesSplitIntoManyBandsStillMatch() throws {
        // 300 rows = 10 bands; a layer edge and particles straddle band boundaries.
        let root = rootLayer(40, 300, CGColor(gray: 0.1, alpha: 1))
        let l = solidLayer(
            CGRect(x: 5, y: 20.3, width: 30, height: 250.4), CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 0.8))
        l.setAffineTransform(CGAffineTransform(rotationAngle: 0.05))
        l.allowsEdgeAntialiasing = true
        l.shadowOpacity = 0.7
        root.addSublayer(l)
        let a = bytes(try renderFrame(root, threads: 1))
        let b = bytes(try renderFrame(root, threads: 4))
        #expect(a == b, "bands split across threads change no pixel")
    }
}
