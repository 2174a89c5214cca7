import Foundation
import LayerKit
import Particles
import Testing

@testable import Compositor

/// Rotated sprites magnified 2× or more are drawn from an upright copy (`MagnifiedSprites`): close to the
/// single-pass loop, cheaper, and independent of the thread count.
@Suite struct MagnifiedSpriteTests {
    /// A soft, lumpy sprite (premultiplied) with detail at every texel: a radial fade times a texel pattern.
    func lumpyTexture(_ n: Int) -> Texture {
        let t = Texture(width: n, height: n)
        var rng = SeededRandom(seed: 0x5EED_0011)
        for y in 0..<n {
            for x in 0..<n {
                let dx = (Float(x) + 0.5) / Float(n) * 2 - 1
                let dy = (Float(y) + 0.5) / Float(n) * 2 - 1
                let fade = max(0, 1 - (dx * dx + dy * dy).squareRoot())
                let a = UInt32((fade * (0.6 + 0.4 * rng.nextUnitFloat()) * 255).rounded())
                t.pixels[y * n + x] = PixelMath.pack(a * 9 / 10, a / 2, a / 4, a)
            }
        }
        return t
    }

    /// The device → texel map of an n × n texture drawn `size` pixels wide, rotated by `angle`, at (cx, cy).
    func transform(_ p: PaddedTexture, angle: Float, size: Float, cx: Float, cy: Float) -> SpriteTransform {
        let c = cos(angle)
        let s = sin(angle)
        let ex = (size * c, size * s)
        let ey = (-size * s, size * c)
        let det = ex.0 * ey.1 - ey.0 * ex.1
        let id = 1 / det
        let tw = Float(p.width)
        let th = Float(p.height)
        return SpriteTransform(
            a: tw * ey.1 * id, b: -th * ex.1 * id, c: -tw * ey.0 * id, d: th * ex.0 * id,
            tx: tw * (0.5 - (ey.1 * cx - ey.0 * cy) * id), ty: th * (0.5 - (-ex.1 * cx + ex.0 * cy) * id),
            pixels: UnsafePointer(p.pixels), stride: Int32(p.stride), width: Int32(p.width), height: Int32(p.height))
    }

    /// Draws the sprite over a `side` × `side` opaque grey frame, single-pass or from its upright copy.
    func draw(_ t: SpriteTransform, side: Int, upright: Bool, additive: Bool) -> [UInt32] {
        var frame = [UInt32](repeating: PixelMath.pack(40, 40, 40, 255), count: side * side)
        let full = UInt32(256) | UInt32(256) << 16
        frame.withUnsafeMutableBufferPointer { f in
            let dst = f.baseAddress!
            if !upright {
                for y in 0..<side {
                    SpriteKernels.bilinearRow(dst + y * side, y: y, xs: 0, xe: side, t, additive: additive, full, full)
                }
                return
            }
            guard let layout = MagnifiedSprites.Layout(t) else { return }
            let image = UnsafeMutablePointer<UInt32>.allocate(capacity: layout.paddedCount)
            let extents = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: Int(layout.height) + 2)
            defer {
                image.deallocate()
                extents.deallocate()
            }
            MagnifiedSprites.makeUpright(t, layout, into: image, extents: extents)
            let m = layout.deviceMap(pixels: UnsafePointer(image))
            let target = RenderTarget(base: dst, stride: side, rect: IntRect(x0: 0, y0: 0, x1: side, y1: side))
            MagnifiedSprites.draw(
                target, ys: 0, ye: side, xs: 0, xe: side, m, UnsafePointer(extents), additive: additive, full, full)
        }
        return frame
    }

    /// The largest difference of one channel between two pixels.
    func largestChannelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for k: UInt32 in 0..<4 {
            let ca = Int((a >> (8 * k)) & 0xFF)
            let cb = Int((b >> (8 * k)) & 0xFF)
            worst = max(worst, abs(ca - cb))
        }
        return worst
    }

    @Test func uprightCopyStaysCloseToTheSinglePassLoop() {
        let padded = PaddedTexture(lumpyTexture(32))
        for (angle, size, additive) in [
            (Float(0.3), Float(64), false), (0.785, 100, true), (2.2, 150, false), (-1.1, 70.5, true),
        ] {
            let t = transform(padded, angle: angle, size: size, cx: 90.3, cy: 88.6)
            let a = draw(t, side: 180, upright: false, additive: additive)
            let b = draw(t, side: 180, upright: true, additive: additive)
            var maxDiff = 0
            var sum = 0
            var lit = 0
            var redA = 0
            var redB = 0
            for i in 0..<a.count {
                for k in 0..<4 {
                    let ca = Int((a[i] >> (8 * UInt32(k))) & 0xFF)
                    let cb = Int((b[i] >> (8 * UInt32(k))) & 0xFF)
                    maxDiff = max(maxDiff, abs(ca - cb))
                    sum += abs(ca - cb)
                }
                if a[i] != PixelMath.pack(40, 40, 40, 255) { lit += 1 }
                redA += Int(a[i] & 0xFF)
                redB += Int(b[i] & 0xFF)
            }
            let mean = Double(sum) / Double(a.count * 4)
            // Resampling twice softens by up to half a source texel: this texture's independent texel
            // values (the worst case) differ by up to about 30 at a few pixels; on average by a fraction
            // of a level, and the energy is the same.
            #expect(
                maxDiff <= 40 && mean < 0.5 && lit > Int(size * size / 3),
                "angle \(angle) size \(size) additive \(additive): max channel difference \(maxDiff), mean \(mean), lit pixels \(lit)"
            )
            #expect(abs(redA - redB) * 200 < redA, "red sums \(redA) and \(redB) agree within 0.5 %")
        }
    }

    @Test func uprightCopyOfAQuarterTurnIsExact() {
        // At 90° and 2× the upright pixels fall on the texels: the copy is the texture turned, and pass
        // two the same bilinear magnification the single-pass loop does, with the two interpolations
        // rounded in the other order (at most 2 levels apart).
        let padded = PaddedTexture(lumpyTexture(16))
        let t = transform(padded, angle: .pi / 2, size: 32, cx: 40, cy: 40)
        let a = draw(t, side: 80, upright: false, additive: false)
        let b = draw(t, side: 80, upright: true, additive: false)
        var worst = 0
        for i in 0..<a.count { worst = max(worst, largestChannelDifference(a[i], b[i])) }
        #expect(worst <= 2, "largest channel difference \(worst)")
    }

    @Test func spritesBeyondTheUprightBudgetKeepTheSinglePass() throws {
        let root = rootLayer(120, 120, CGColor(gray: 0.1, alpha: 1))
        let e = CAEmitterLayer()
        e.frame = root.bounds
        root.addSublayer(e)
        var list = ParticleDrawList()
        list.appearances = [ParticleAppearance(contents: try softDot(16))]
        list.sprites = [
            ParticleSprite(x: 40, y: 50, scale: 4, rotation: 0.6, r: 255, g: 200, b: 120, a: 255, appearance: 0),
            ParticleSprite(x: 80, y: 70, scale: 3, rotation: -1.2, r: 120, g: 255, b: 200, a: 200, appearance: 0),
        ]
        let p = FixedParticles()
        p.set(list, for: e)
        let twoPass = try renderFrame(root, particles: p)
        let c = Compositor(threadCount: 1)
        c.resources.spriteBuilder.uprightBudget = 0
        let singlePass = try renderFrame(root, particles: p, compositor: c)
        var differing = 0
        var worst = 0
        for i in 0..<(120 * 120) where twoPass.pixels[i] != singlePass.pixels[i] {
            differing += 1
            worst = max(worst, largestChannelDifference(twoPass.pixels[i], singlePass.pixels[i]))
        }
        // Without budget the sprites take the single pass: a few softened pixels differ, slightly.
        #expect(differing > 0 && worst <= 12, "pixels differing \(differing), largest channel difference \(worst)")
        #expect(px(singlePass, 40, 50)[0] > 200, "the first sprite is drawn without budget: \(px(singlePass, 40, 50))")
    }

    @Test func magnifiedSpritesAreBitIdenticalForAnyThreadCount() throws {
        let root = rootLayer(160, 300, CGColor(gray: 0.1, alpha: 1))
        let e = CAEmitterLayer()
        e.frame = root.bounds
        root.addSublayer(e)
        var list = ParticleDrawList()
        list.renderMode = .oldestLast
        list.appearances = [ParticleAppearance(contents: try softDot(16))]
        var rng = SeededRandom(seed: 12)
        for i in 0..<40 {
            list.sprites.append(
                ParticleSprite(
                    x: Float(rng.next32() % 160), y: Float(rng.next32() % 300), scale: 2 + Float(i % 7),
                    rotation: rng.nextSignedFloat() * 3, r: 200, g: UInt8(rng.next32() & 255), b: 90,
                    a: UInt8(64 + rng.next32() % 192), appearance: 0))
        }
        let p = FixedParticles()
        p.set(list, for: e)
        let reference = try renderFrame(root, threads: 1, particles: p)
        let bytes = reference.withUnsafeBytes { Array($0) }
        #expect(bytes.count == 160 * 300 * 4 && Set(bytes).count > 50, "the sprites draw something (seed 12)")
        for threads in [2, 3, 5] {
            let other = try renderFrame(root, threads: threads, particles: p).withUnsafeBytes { Array($0) }
            #expect(other == bytes, "\(threads) threads differ from 1 thread (seed 12)")
        }
    }
}
