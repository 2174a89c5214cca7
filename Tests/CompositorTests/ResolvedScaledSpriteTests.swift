import Foundation
import LayerKit
import Particles
import Testing

@testable import Compositor

/// `SpriteBatchBuilder.resolveScaled` finds each scaled blit's resampled image through a small table in
/// front of the cache: every sprite must get exactly the cache's image for its appearance and size, also
/// when many keys share a slot of the table.
@Suite struct ResolvedScaledSpriteTests {
    @Test func everyScaledBlitDrawsTheCachesImageForItsAppearanceAndSize() throws {
        let images = try [(32, 64), (16, 16), (24, 8)].map { (w, h) in
            try CGImage(width: w, height: h) { x, y in
                CGColor(red: Double(x) / Double(w), green: Double(y) / Double(h), blue: 0.5, alpha: 1)
            }
        }
        var list = ParticleDrawList()
        list.renderMode = .additive
        list.appearances = images.map { ParticleAppearance(contents: $0) }
        var rng = SeededRandom(seed: 0x5CA1_ED00)
        // About as many distinct (appearance, size) keys as table slots, interleaved, so slots collide.
        for _ in 0..<1200 {
            let scale = 0.2 + Float(rng.next32() % 800) / 500
            list.sprites.append(
                ParticleSprite(
                    x: Float(rng.next32() % 600), y: Float(rng.next32() % 400), scale: scale, rotation: 0, r: 255,
                    g: 255, b: 255, a: 255, appearance: UInt16(rng.next32() % 3)))
        }
        let textures = TextureCache()
        let prescaled = PrescaledSpriteCache()
        let builder = SpriteBatchBuilder(textures: textures, prescaled: prescaled)
        let batch = SpriteBatch(capacity: 16)
        builder.build(
            list, transform: .identity, tint: .identity, clip: IntRect(x0: 0, y0: 0, x1: 640, y1: 480), into: batch,
            threads: 1, bandHeight: 32)
        var checked = 0
        for i in 0..<batch.count where batch.sprites[i].kind == SpriteKind.blit.rawValue {
            let s = batch.sprites[i]
            let p = list.sprites[i]
            let image = images[Int(p.appearance)]
            let source = textures.texture(for: image, x0: 0, y0: 0, x1: image.width, y1: image.height)
            let w = Int(s.x1 - s.x0)
            let h = Int(s.y1 - s.y0)
            // Drawn at the image's own size (scale 1, as placement tests it): the image itself.
            let exact =
                abs(p.scale * Float(image.width) - Float(image.width)) < 1e-3
                && abs(p.scale * Float(image.height) - Float(image.height)) < 1e-3
            let expected =
                exact
                ? source
                : prescaled.texture(source, width: w, height: h, nearestMin: false, nearestMag: false)
            #expect(
                s.src == UnsafePointer(expected.pixels) && Int(s.srcStride) == expected.width,
                "sprite \(i) (seed 0x5CA1ED00): appearance \(p.appearance) scale \(p.scale) drawn \(w)×\(h) from an image of \(s.srcStride) columns, not the cache's \(expected.width)×\(expected.height)"
            )
            checked += 1
        }
        #expect(checked > 1000, "only \(checked) sprites were blits")
    }
}
