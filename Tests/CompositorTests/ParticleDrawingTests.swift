import Foundation
import LayerKit
import Particles
import Testing

@testable import Compositor

/// Emitter layers: particles as tinted quads of their cell's contents, blended per renderMode.
@Suite struct ParticleDrawingTests {
    /// A 1×1-point emitter scene with one white opaque 4×4 sprite image.
    func scene(
        _ sprites: [ParticleSprite], mode: CAEmitterLayerRenderMode = .unordered, image: CGImage? = nil,
        background: CGColor? = CGColor(gray: 0, alpha: 1), size: CGFloat = 32
    ) throws -> (CALayer, FixedParticles, CAEmitterLayer) {
        let root = rootLayer(size, size, background)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        root.addSublayer(e)
        var list = ParticleDrawList()
        list.renderMode = mode
        list.appearances = [
            ParticleAppearance(
                contents: try image ?? CGImage(width: 4, height: 4) { _, _ in CGColor(gray: 1, alpha: 1) })
        ]
        list.sprites = sprites
        let p = FixedParticles()
        p.set(list, for: e)
        return (root, p, e)
    }

    func sprite(_ x: Float, _ y: Float, scale: Float = 1, rotation: Float = 0, _ c: (UInt8, UInt8, UInt8, UInt8))
        -> ParticleSprite
    {
        ParticleSprite(x: x, y: y, scale: scale, rotation: rotation, r: c.0, g: c.1, b: c.2, a: c.3, appearance: 0)
    }

    @Test func mixedScenesMatchTheirGoldens() throws {
        for additive in [false, true] {
            let (root, p, _) = try ParticleScenes.mixed(additive: additive)
            expectGolden(try renderFrame(root, particles: p), additive ? "particles-additive" : "particles-over")
        }
    }

    @Test func tintMultipliesEachChannel() throws {
        let (root, p, _) = try scene([sprite(8, 8, (255, 128, 26, 255))])
        let fb = try renderFrame(root, particles: p)
        // Colour (1, 0.5, 0.1) on white contents: 255, 128, 26 (±1 for 0…256 fixed point).
        #expect(near(px(fb, 8, 8), [255, 128, 26, 255], 1), "tinted pixel: \(px(fb, 8, 8))")
        #expect(
            px(fb, 5, 8) == [0, 0, 0, 255] && px(fb, 10, 8) == [0, 0, 0, 255], "a 4×4 quad centred at (8, 8): x 6…9")
    }

    @Test func additiveModeSumsOverlappingParticles() throws {
        let c: (UInt8, UInt8, UInt8, UInt8) = (100, 50, 20, 255)
        let (root, p, _) = try scene([sprite(8, 8, c), sprite(8, 8, c)], mode: .additive)
        let fb = try renderFrame(root, particles: p)
        #expect(near(px(fb, 8, 8), [200, 100, 40, 255], 2), "ONE/ONE sum: \(px(fb, 8, 8))")
        let (root2, p2, _) = try scene([sprite(8, 8, c), sprite(8, 8, c)], mode: .oldestFirst)
        let fb2 = try renderFrame(root2, particles: p2)
        #expect(near(px(fb2, 8, 8), [100, 50, 20, 255], 1), "source-over: the top one wins: \(px(fb2, 8, 8))")
    }

    @Test func translucentParticlesBlendSourceOverInListOrder() throws {
        let (root, p, _) = try scene([sprite(8, 8, (255, 0, 0, 255)), sprite(8, 8, (0, 0, 255, 128))])
        let fb = try renderFrame(root, particles: p)
        #expect(near(px(fb, 8, 8), [127, 0, 128, 255], 1), "blue at 50 % over red: \(px(fb, 8, 8))")
    }

    @Test func scaleAndContentsScaleSetTheQuadSize() throws {
        // 4×4 pixels at contentsScale 2 = 2×2 points; × scale 3 = 6×6 points, centred at (16, 16).
        var (root, p, e) = try scene([sprite(16, 16, scale: 3, (255, 255, 255, 255))])
        var list = p.drawList(for: e)!
        list.appearances[0].contentsScale = 2
        p.set(list, for: e)
        let fb = try renderFrame(root, particles: p)
        let lit = (0..<32).filter { px(fb, $0, 16)[0] > 0 }
        #expect(lit.count == 6 && lit.first == 13, "6 pixels wide from x = 13: \(lit)")
        (root, p, e) = try scene([sprite(16, 16, scale: 3, (255, 255, 255, 255))])
        let fb2 = try renderFrame(root, scale: 2, particles: p)
        #expect((0..<64).filter { px(fb2, $0, 32)[0] > 0 }.count == 24, "at framebuffer scale 2 the quad is 24 pixels")
    }

    @Test func rotationTurnsClockwiseOnScreen() throws {
        let (root, p) = try ParticleScenes.quadrantSprites(rotation: .pi / 2, scale: 2)
        let fb = try renderFrame(root, particles: p)
        expectGolden(fb, "particles-rotated")
        // Quadrants red, green / blue, yellow turned 90° clockwise: blue, red / yellow, green.
        #expect(px(fb, 26, 26) == [0, 0, 255, 255], "top-left is blue: \(px(fb, 26, 26))")
        #expect(px(fb, 38, 26) == [255, 0, 0, 255], "top-right is red: \(px(fb, 38, 26))")
        #expect(px(fb, 26, 38) == [255, 255, 0, 255], "bottom-left is yellow: \(px(fb, 26, 38))")
    }

    @Test func aNegativeScaleDrawsTheSpriteMirroredAtItsMagnitude() throws {
        // Scale −2 is a transform scale: x and y both flip, the quadrants red, green / blue, yellow become
        // yellow, blue / green, red, at the size of scale 2; the same pixels as scale 2 turned by π.
        let (root, p) = try ParticleScenes.quadrantSprites(rotation: 0, scale: -2)
        let fb = try renderFrame(root, particles: p)
        if ProcessInfo.processInfo.environment["WRITE_TEST_IMAGES"] == "1" {
            try fb.writePNG(to: NSTemporaryDirectory() + "particles-negative-scale.png")
        }
        #expect(px(fb, 26, 26) == [255, 255, 0, 255], "top-left is yellow: \(px(fb, 26, 26))")
        #expect(px(fb, 38, 26) == [0, 0, 255, 255], "top-right is blue: \(px(fb, 38, 26))")
        #expect(px(fb, 26, 38) == [0, 255, 0, 255], "bottom-left is green: \(px(fb, 26, 38))")
        #expect(px(fb, 38, 38) == [255, 0, 0, 255], "bottom-right is red: \(px(fb, 38, 38))")
        // 32 × 32 pixels centred at (32, 32), as at scale 2 (the inverse-mapped path adds a bilinear fringe).
        #expect(
            px(fb, 17, 30) != [0, 0, 0, 255] && px(fb, 46, 30) != [0, 0, 0, 255] && px(fb, 13, 30) == [0, 0, 0, 255]
                && px(fb, 50, 30) == [0, 0, 0, 255],
            "32 pixels wide from x = 16: \((13...50).map { px(fb, $0, 30)[0] })")
        let (root2, p2) = try ParticleScenes.quadrantSprites(rotation: .pi, scale: 2)
        let turned = try renderFrame(root2, particles: p2)
        var differing = 0
        for y in 0..<64 {
            for x in 0..<64 where !near(px(fb, x, y), px(turned, x, y), 2) { differing += 1 }
        }
        #expect(differing == 0, "scale −2 and scale 2 turned by π differ in \(differing) pixels")
    }

    @Test func particlesOfAnEmitterMirroredByItsTransformAreDrawnMirrored() throws {
        // The emitter layer is flipped upside down about its centre (a replicator's reflection does this):
        // an 8×8 quadrant sprite at (8, 8) shows at (8, 24) with its rows reversed.
        let (root, p, e) = try scene([sprite(8, 8, (255, 255, 255, 255))], image: try quadrantImage(8))
        e.transform = CATransform3DMakeScale(1, -1, 1)
        let fb = try renderFrame(root, particles: p)
        #expect(px(fb, 6, 22) == [0, 0, 255, 255], "top-left of the flipped sprite is blue: \(px(fb, 6, 22))")
        #expect(
            px(fb, 9, 22) == [255, 255, 0, 255] && px(fb, 6, 25) == [255, 0, 0, 255]
                && px(fb, 9, 25) == [0, 255, 0, 255],
            "rows blue, yellow / red, green: \(px(fb, 9, 22)) \(px(fb, 6, 25)) \(px(fb, 9, 25))")
        #expect(px(fb, 8, 8) == [0, 0, 0, 255], "nothing where the unflipped sprite would be")
    }

    @Test func cellContentsRectSelectsASpriteSheetFrame() throws {
        let (root, p, e) = try scene([sprite(16, 16, (255, 255, 255, 255))], image: try quadrantImage(8))
        var list = p.drawList(for: e)!
        list.appearances[0].contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
        p.set(list, for: e)
        let fb = try renderFrame(root, particles: p)
        // The green quadrant (4×4 pixels) only.
        #expect(px(fb, 14, 14) == [0, 255, 0, 255] && px(fb, 17, 17) == [0, 255, 0, 255], "green frame")
        #expect(px(fb, 13, 16) == [0, 0, 0, 255], "nothing outside the 4×4 quad")
        _ = (root, e)
    }

    @Test func particlesDrawAboveTheEmittersBackgroundAndBorder() throws {
        let (root, p, e) = try scene([sprite(2, 16, scale: 2, (255, 0, 0, 255))])
        e.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        e.borderWidth = 3
        e.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let fb = try renderFrame(root, particles: p)
        #expect(px(fb, 1, 16) == [255, 0, 0, 255], "particle over the border: \(px(fb, 1, 16))")
        #expect(px(fb, 1, 2) == [0, 255, 0, 255], "border elsewhere")
        #expect(px(fb, 16, 16) == [0, 0, 255, 255], "background")
    }

    @Test func emitterTransformMovesAndScalesParticles() throws {
        let (root, p, e) = try scene([sprite(4, 4, (255, 255, 255, 255))])
        e.anchorPoint = .zero
        e.position = CGPoint(x: 10, y: 6)
        e.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        let fb = try renderFrame(root, particles: p)
        // Centre (4, 4) in the emitter → (18, 14); 4×4 points × 2 = 8×8 pixels: x 14…21.
        let lit = (0..<32).filter { px(fb, $0, 14)[0] > 0 }
        #expect(lit.first == 14 && lit.last == 21, "x range \(lit)")
    }

    @Test func replicatedEmitterDrawsTheSameListInEachInstance() throws {
        let root = rootLayer(48, 16, CGColor(gray: 0, alpha: 1))
        let rep = CAReplicatorLayer()
        rep.frame = root.bounds
        rep.instanceCount = 3
        rep.instanceTransform = CATransform3DMakeTranslation(16, 0, 0)
        rep.instanceGreenOffset = -0.5
        let e = CAEmitterLayer()
        e.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        rep.addSublayer(e)
        root.addSublayer(rep)
        var list = ParticleDrawList()
        list.appearances = [
            ParticleAppearance(contents: try CGImage(width: 4, height: 4) { _, _ in CGColor(gray: 1, alpha: 1) })
        ]
        list.sprites = [sprite(8, 8, (255, 255, 255, 255))]
        let p = FixedParticles()
        p.set(list, for: e)
        let fb = try renderFrame(root, particles: p)
        #expect(px(fb, 8, 8) == [255, 255, 255, 255], "instance 0")
        #expect(near(px(fb, 24, 8), [255, 128, 255, 255], 1), "instance 1 tinted by its colour: \(px(fb, 24, 8))")
        #expect(near(px(fb, 40, 8), [255, 0, 255, 255], 1), "instance 2: \(px(fb, 40, 8))")
    }

    @Test func presentationCopyAsksTheProviderWithItsModelLayer() throws {
        let (root, p, e) = try scene([sprite(8, 8, (255, 255, 255, 255))])
        // A presentation copy of the tree: the copy's modelLayer is the model emitter.
        let copy = CALayer(layer: root)
        let ecopy = CAEmitterLayer(layer: e)
        copy.addSublayer(ecopy)
        #expect(ecopy.modelLayer === e)
        let fb = try renderFrame(copy, particles: p)
        #expect(px(fb, 8, 8) == [255, 255, 255, 255], "the model's draw list is drawn for the copy")
    }

    @Test func invisibleAndInvalidParticlesAreSkipped() throws {
        let bad: [ParticleSprite] = [
            sprite(.nan, 8, (255, 255, 255, 255)), sprite(8, .infinity, (255, 255, 255, 255)),
            sprite(8, 8, scale: 0, (255, 255, 255, 255)), sprite(8, 8, scale: -.infinity, (255, 255, 255, 255)),
            sprite(8, 8, (255, 255, 255, 0)),
            ParticleSprite(x: 8, y: 8, scale: 1, rotation: 0, r: 255, g: 255, b: 255, a: 255, appearance: 7),
            sprite(1e30, 1e30, scale: 1e30, (255, 255, 255, 255)),
        ]
        let (root, p, _) = try scene(bad)
        let fb = try renderFrame(root, particles: p)
        for y in 0..<32 { for x in 0..<32 { #expect(px(fb, x, y) == [0, 0, 0, 255], "nothing drawn at (\(x),\(y))") } }
    }

    @Test func subPixelParticlesKeepTheirEnergy() throws {
        // A sprite of 0.5×0.5 pixels drawn in additive mode adds a quarter of its colour.
        let (root, p, _) = try scene([sprite(8, 8, scale: 0.125, (255, 255, 255, 255))], mode: .additive)
        let fb = try renderFrame(root, particles: p)
        let total = (0..<32).flatMap { y in (0..<32).map { px(fb, $0, y)[0] } }.reduce(0, +)
        #expect(abs(total - 64) <= 2, "energy \(total) ≈ 255 / 4")
    }
}
