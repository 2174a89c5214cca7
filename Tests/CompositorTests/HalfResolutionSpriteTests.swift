import Foundation
import LayerKit
import Particles
import Testing

@testable import Compositor

/// Emitters of large soft sprites are drawn at half resolution and magnified into the frame
/// (`HalfResolutionSprites`): the magnification's rows equal its per-pixel form, the frames stay within a
/// named tolerance of the full-resolution reference and do not depend on the thread count, and sharp,
/// nearest-filtered or small emitters keep the full resolution.
@Suite struct HalfResolutionSpriteTests {
    /// The largest channel difference and the mean channel difference of two frames.
    func difference(_ a: Framebuffer, _ b: Framebuffer) -> (worst: Int, mean: Double) {
        var worst = 0
        var sum = 0
        for i in 0..<(a.width * a.height) where a.pixels[i] != b.pixels[i] {
            for k: UInt32 in 0..<4 {
                let d = abs(Int((a.pixels[i] >> (8 * k)) & 0xFF) - Int((b.pixels[i] >> (8 * k)) & 0xFF))
                worst = max(worst, d)
                sum += d
            }
        }
        return (worst, Double(sum) / Double(a.width * a.height * 4))
    }

    /// A compositor that draws every sprite at full resolution through the single-pass bilinear loop:
    /// the reference.
    func referenceCompositor(threads: Int = 1) -> Compositor {
        let c = Compositor(threadCount: threads)
        c.resources.drawsSoftSpritesAtHalfResolution = false
        c.resources.spriteBuilder.uprightBudget = 0
        return c
    }

    /// Whether the program of `root` draws an emitter at half resolution.
    func drawsAtHalfResolution(_ root: CALayer, _ p: ParticleDrawListProvider, width: Int, height: Int) -> Bool {
        let c = Compositor(threadCount: 1)
        let builder = RenderTreeBuilder(resources: c.resources, particles: p, instances: nil, threads: 1)
        let base = PlaneTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        _ = builder.build(root: root, base: base, clip: IntRect(x0: 0, y0: 0, x1: width, y1: height))
        return !builder.halfResolution.isEmpty
    }

    /// A smoke-like emitter over a gradient-lit background: `count` rotated puffs of the built-in smoke
    /// image (64 texels) at scales 1.2…3.6, dark and translucent as the fire's smoke is, or additive.
    func smokeScene(count: Int = 24, additive: Bool = false, image: CGImage? = nil, scale: Float = 1) throws -> (
        CALayer, FixedParticles
    ) {
        let root = rootLayer(320, 240, CGColor(red: 0.05, green: 0.03, blue: 0.02, alpha: 1))
        let glow = CAGradientLayer()
        glow.frame = CGRect(x: 60, y: 100, width: 200, height: 140)
        glow.type = .radial
        glow.colors = [
            CGColor(red: 1, green: 0.5, blue: 0.2, alpha: 0.6), CGColor(red: 1, green: 0.4, blue: 0.1, alpha: 0),
        ]
        glow.startPoint = CGPoint(x: 0.5, y: 0.6)
        glow.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(glow)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        root.addSublayer(e)
        var list = ParticleDrawList()
        list.renderMode = additive ? .additive : .oldestLast
        list.appearances = [ParticleAppearance(contents: image ?? BuiltinSprites.image(named: "smoke"))]
        var rng = SeededRandom(seed: 0x5EED_0029)
        for i in 0..<count {
            list.sprites.append(
                ParticleSprite(
                    x: 60 + 200 * rng.nextUnitFloat(), y: 30 + 180 * rng.nextUnitFloat(),
                    scale: scale * (1.2 + 2.4 * Float(i) / Float(count)), rotation: 6.3 * rng.nextUnitFloat(),
                    r: 70, g: 64, b: 60, a: UInt8(90 + Int(rng.next32() % 60)), appearance: 0))
        }
        let p = FixedParticles()
        p.set(list, for: e)
        return (root, p)
    }

    // MARK: - The magnification

    @Test func magnifiedRowsEqualThePerPixelMagnification() {
        var rng = SeededRandom(seed: 0x5EED_0030)
        for additive in [false, true] {
            for trial in 0..<6 {
                // A buffer for sprites within buffer pixels [bx0, bx1) × [by0, by1), with the op's margins.
                let bx0 = Int(rng.next32() % 7) - 3
                let by0 = Int(rng.next32() % 7) - 3
                let bx1 = bx0 + 1 + Int(rng.next32() % 40)
                let by1 = by0 + 1 + Int(rng.next32() % 20)
                let lowRect = IntRect(
                    x0: bx0 - HalfResolutionSprites.marginBefore, y0: by0 - 1,
                    x1: bx1 + HalfResolutionSprites.marginAfter, y1: by1 + 1)
                var low = [UInt32](repeating: 0, count: lowRect.width * lowRect.height)
                for y in by0..<by1 {
                    for x in bx0..<bx1 where rng.next32() % 4 != 0 {
                        let a = rng.next32() % 256
                        let c = { rng.next32() % (a + 1) }
                        low[(y - lowRect.y0) * lowRect.width + (x - lowRect.x0)] = PixelMath.pack(c(), c(), c(), a)
                    }
                }
                // Device pixels the op writes, and a background to blend over.
                let device = IntRect(x0: 2 * bx0 - 1, y0: 2 * by0 - 1, x1: 2 * bx1 + 1, y1: 2 * by1 + 1)
                let frame = IntRect(x0: device.x0 - 3, y0: device.y0 - 3, x1: device.x1 + 3, y1: device.y1 + 3)
                var background = [UInt32](repeating: 0, count: frame.width * frame.height)
                for i in background.indices {
                    let a = rng.next32() % 256
                    background[i] = PixelMath.pack(
                        rng.next32() % (a + 1), rng.next32() % (a + 1), rng.next32() % (a + 1), a)
                }
                // Any sub-rectangle of the device pixels, as a band and the op's bounds within a clip give.
                let x0 = device.x0 + Int(rng.next32() % 3)
                let x1 = max(x0 + 1, device.x1 - Int(rng.next32() % 3))
                let y0 = device.y0 + Int(rng.next32() % 3)
                let y1 = max(y0 + 1, device.y1 - Int(rng.next32() % 3))
                var fast = background
                var slow = background
                low.withUnsafeMutableBufferPointer { l in
                    let lowTarget = RenderTarget(base: l.baseAddress!, stride: lowRect.width, rect: lowRect)
                    fast.withUnsafeMutableBufferPointer { f in
                        let t = RenderTarget(base: f.baseAddress!, stride: frame.width, rect: frame)
                        HalfResolutionSprites.composite(
                            lowTarget, additive: additive, target: t, rows: y0..<y1, cols: x0..<x1)
                    }
                    for y in y0..<y1 {
                        for x in x0..<x1 {
                            let s = HalfResolutionSprites.referencePixel(lowTarget, x: x, y: y)
                            let i = (y - frame.y0) * frame.width + (x - frame.x0)
                            slow[i] =
                                additive
                                ? SpriteKernels.addPixel(slow[i], s, 256, 256, 256, 256)
                                : SpriteKernels.overPixel(slow[i], s, 256, 256, 256, 256)
                        }
                    }
                }
                let differing = zip(fast, slow).filter { $0 != $1 }.count
                #expect(
                    differing == 0,
                    "trial \(trial), additive \(additive): buffer \(bx0)..<\(bx1) × \(by0)..<\(by1), device \(x0)..<\(x1) × \(y0)..<\(y1): \(differing) pixels differ"
                )
            }
        }
    }

    @Test func rowSpansLimitTheMagnificationWithoutChangingAPixel() {
        // Sprite-like boxes in a buffer, pixels only inside them; the spans of those boxes must give the
        // frame that the full rows give (`composite` without spans, itself checked against the per-pixel
        // form above) and that the per-pixel form gives, for any band of rows and columns.
        var rng = SeededRandom(seed: 0x5EED_0042)
        var drawnTrials = 0
        for additive in [false, true] {
            for trial in 0..<12 {
                let bx0 = Int(rng.next32() % 7) - 3
                let by0 = Int(rng.next32() % 7) - 3
                let bx1 = bx0 + 8 + Int(rng.next32() % 60)
                let by1 = by0 + 4 + Int(rng.next32() % 30)
                let lowRect = IntRect(
                    x0: bx0 - HalfResolutionSprites.marginBefore, y0: by0 - 1,
                    x1: bx1 + HalfResolutionSprites.marginAfter, y1: by1 + 1)
                var low = [UInt32](repeating: 0, count: lowRect.width * lowRect.height)
                var spans = [SIMD2<Int32>](repeating: HalfResolutionSprites.RowSpans.none, count: lowRect.height)
                for _ in 0..<(1 + Int(rng.next32() % 4)) {
                    let x0 = bx0 + Int(rng.next32() % UInt32(bx1 - bx0))
                    let y0 = by0 + Int(rng.next32() % UInt32(by1 - by0))
                    let x1 = min(bx1, x0 + 1 + Int(rng.next32() % 12))
                    let y1 = min(by1, y0 + 1 + Int(rng.next32() % 8))
                    for y in y0..<y1 {
                        let r = y - lowRect.y0
                        spans[r] = SIMD2(min(spans[r].x, Int32(x0)), max(spans[r].y, Int32(x1)))
                        // The box's edge columns are drawn (opaque or not): the span must reach them.
                        for x in x0..<x1 where x == x0 || x == x1 - 1 || rng.next32() % 3 != 0 {
                            let a = 64 + rng.next32() % 192
                            let c = { rng.next32() % (a + 1) }
                            low[r * lowRect.width + (x - lowRect.x0)] = PixelMath.pack(c(), c(), c(), a)
                        }
                    }
                }
                let device = IntRect(x0: 2 * bx0 - 1, y0: 2 * by0 - 1, x1: 2 * bx1 + 1, y1: 2 * by1 + 1)
                let frame = IntRect(x0: device.x0 - 3, y0: device.y0 - 3, x1: device.x1 + 3, y1: device.y1 + 3)
                var background = [UInt32](repeating: 0, count: frame.width * frame.height)
                for i in background.indices {
                    let a = rng.next32() % 256
                    background[i] = PixelMath.pack(
                        rng.next32() % (a + 1), rng.next32() % (a + 1), rng.next32() % (a + 1), a)
                }
                let x0 = device.x0 + Int(rng.next32() % 5)
                let x1 = max(x0 + 1, device.x1 - Int(rng.next32() % 5))
                let y0 = device.y0 + Int(rng.next32() % 5)
                let y1 = max(y0 + 1, device.y1 - Int(rng.next32() % 5))
                var limited = background
                var full = background
                var slow = background
                let rowSpans = HalfResolutionSprites.RowSpans(firstRow: lowRect.y0, spans: spans)
                low.withUnsafeMutableBufferPointer { l in
                    let lowTarget = RenderTarget(base: l.baseAddress!, stride: lowRect.width, rect: lowRect)
                    func run(_ f: inout [UInt32], _ spans: HalfResolutionSprites.RowSpans?) {
                        f.withUnsafeMutableBufferPointer { f in
                            let t = RenderTarget(base: f.baseAddress!, stride: frame.width, rect: frame)
                            HalfResolutionSprites.composite(
                                lowTarget, spans: spans, additive: additive, target: t, rows: y0..<y1, cols: x0..<x1)
                        }
                    }
                    run(&limited, rowSpans)
                    run(&full, nil)
                    for y in y0..<y1 {
                        for x in x0..<x1 {
                            let s = HalfResolutionSprites.referencePixel(lowTarget, x: x, y: y)
                            let i = (y - frame.y0) * frame.width + (x - frame.x0)
                            slow[i] =
                                additive
                                ? SpriteKernels.addPixel(slow[i], s, 256, 256, 256, 256)
                                : SpriteKernels.overPixel(slow[i], s, 256, 256, 256, 256)
                        }
                    }
                }
                let fromFull = zip(limited, full).filter { $0 != $1 }.count
                let fromSlow = zip(limited, slow).filter { $0 != $1 }.count
                let drawn = zip(limited, background).filter { $0 != $1 }.count
                #expect(
                    fromFull == 0 && fromSlow == 0,
                    "trial \(trial) (seed 0x5EED0042), additive \(additive): buffer \(bx0)..<\(bx1) × \(by0)..<\(by1), device \(x0)..<\(x1) × \(y0)..<\(y1): \(fromFull) pixels differ from the full rows, \(fromSlow) from the per-pixel form, \(drawn) drawn"
                )
                if drawn > 0 { drawnTrials += 1 }
            }
        }
        // Not a test of blank rows: most trials draw (a trial's boxes can all lie outside its window).
        #expect(drawnTrials >= 18, "\(drawnTrials) of 24 trials drew a pixel")
    }

    @Test func rowSpansAreTheUnionOfTheSpriteBoxesOnEachRow() throws {
        // The fire's smoke, placed at half resolution: every non-transparent buffer pixel lies inside its
        // row's span.
        let (root, p) = try smokeScene(count: 40)
        let c = Compositor(threadCount: 1)
        let builder = RenderTreeBuilder(resources: c.resources, particles: p, instances: nil, threads: 1)
        let base = PlaneTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        _ = builder.build(root: root, base: base, clip: IntRect(x0: 0, y0: 0, x1: 320, y1: 240))
        let op = try #require(builder.halfResolution.first)
        op.prepare(executor: BandExecutor(threads: 1))
        let low = op.target
        var outside = 0
        var lit = 0
        for y in op.lowRect.y0..<op.lowRect.y1 {
            let s = op.spans.union(y, y)
            for x in op.lowRect.x0..<op.lowRect.x1 where low.row(y)[x] != 0 {
                lit += 1
                if x < Int(s.x) || x >= Int(s.y) { outside += 1 }
            }
        }
        #expect(
            outside == 0 && lit > 1000, "\(outside) of \(lit) non-transparent buffer pixels outside their row's span")
    }

    // MARK: - Softness

    @Test func softnessTellsSoftImagesFromSharpOnes() throws {
        let smoke = Texture(image: try #require(BuiltinSprites.image(named: "smoke")))
        let dot = Texture(image: try #require(BuiltinSprites.image(named: "softDot")))
        let spark = Texture(image: try #require(BuiltinSprites.image(named: "spark")))
        let star = Texture(image: try #require(BuiltinSprites.image(named: "star")))
        let flat = Texture(width: 64, height: 64)
        for i in 0..<(64 * 64) { flat.pixels[i] = PixelMath.pack(100, 80, 60, 200) }
        let checker = Texture(width: 32, height: 32)
        for y in 0..<32 { for x in 0..<32 { checker.pixels[y * 32 + x] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0 } }
        #expect(smoke.softness == 2, "smoke: \(smoke.softness)")
        #expect(dot.softness == 2, "soft dot: \(dot.softness)")
        #expect(spark.softness == 1 && star.softness == 1, "spark \(spark.softness), star \(star.softness)")
        #expect(flat.softness == 8, "a flat image: \(flat.softness)")
        #expect(checker.softness == 1, "a checkerboard: \(checker.softness)")
        // The measure itself: the smoke's half-size level, magnified back, is within the tolerance.
        #expect(
            Texture.largestDifference(smoke, magnified: smoke.mip(1), by: 2) <= Texture.softnessTolerance
                && Texture.largestDifference(smoke, magnified: smoke.mip(2), by: 4) > Texture.softnessTolerance)
    }

    // MARK: - Frames

    @Test func softSmokeStaysWithinTheToleranceOfTheFullResolutionReference() throws {
        // The tolerance of the half-resolution pass: on smoke covering most of the frame, at most 6 levels
        // in a channel and 0.5 on average (measured: 4 and 0.35 source-over, 6 and 0.42 additive), from the
        // reference drawing every sprite at full resolution with the single-pass bilinear loop.
        for additive in [false, true] {
            let (root, p) = try smokeScene(additive: additive)
            #expect(drawsAtHalfResolution(root, p, width: 320, height: 240), "additive \(additive)")
            let half = try renderFrame(root, particles: p)
            let full = try renderFrame(root, particles: p, compositor: referenceCompositor())
            let d = difference(half, full)
            #expect(
                d.worst <= 6 && d.mean < 0.5, "additive \(additive): largest difference \(d.worst), mean \(d.mean)")
            // Not a blank frame: the smoke is there in both.
            let lit = (0..<(320 * 240)).filter { full.pixels[$0] != px0(full) }.count
            #expect(lit > 20_000, "\(lit) pixels differ from the background")
        }
    }

    /// The top-left pixel (background) of a frame.
    func px0(_ fb: Framebuffer) -> UInt32 { fb.pixels[0] }

    @Test func halfResolutionFramesAreBitIdenticalForAnyThreadCount() throws {
        let (root, p) = try smokeScene(count: 40)
        #expect(drawsAtHalfResolution(root, p, width: 320, height: 240))
        let one = try renderFrame(root, threads: 1, particles: p)
        for threads in [2, 3, 8] {
            let other = try renderFrame(root, threads: threads, particles: p)
            let differing = (0..<(320 * 240)).filter { one.pixels[$0] != other.pixels[$0] }.count
            #expect(differing == 0, "\(threads) threads: \(differing) pixels differ from 1 thread")
        }
    }

    @Test func sharpNearestOrSmallEmittersKeepTheFullResolution() throws {
        // A sharp image (the quadrant test image) magnified 4×: its bilinear ramps would change shape.
        let (sharpRoot, sharp) = try smokeScene(image: try quadrantImage(16), scale: 4)
        #expect(!drawsAtHalfResolution(sharpRoot, sharp, width: 320, height: 240))
        // The smoke with the nearest magnification filter.
        let (nearestRoot, nearest) = try smokeScene()
        var list = nearest.lists.values.first!
        list.appearances[0].magnificationFilter = .nearest
        nearest.lists[nearest.lists.keys.first!] = list
        #expect(!drawsAtHalfResolution(nearestRoot, nearest, width: 320, height: 240))
        // Smoke drawn smaller than 2 ÷ softness device pixels per texel (64 texels in 40 pixels).
        let (smallRoot, small) = try smokeScene(scale: 0.25)
        #expect(!drawsAtHalfResolution(smallRoot, small, width: 320, height: 240))
        // Puffs at the image's own size, upright: 1:1 blits copy their texels exactly.
        let (blitRoot, blits) = try smokeScene(count: 60)
        var blitList = blits.lists.values.first!
        for i in blitList.sprites.indices {
            blitList.sprites[i].scale = 1
            blitList.sprites[i].rotation = 0
        }
        blits.lists[blits.lists.keys.first!] = blitList
        #expect(!drawsAtHalfResolution(blitRoot, blits, width: 320, height: 240))
        // The same puffs magnified 1.5× are soft and large enough (96 pixels): the pass takes them.
        for i in blitList.sprites.indices { blitList.sprites[i].scale = 1.5 }
        blits.lists[blits.lists.keys.first!] = blitList
        #expect(drawsAtHalfResolution(blitRoot, blits, width: 320, height: 240))
        // Dense sprites smaller than `HalfResolutionSprites.minimumSize`, however soft: a 32-texel
        // Gaussian blob magnified 1.5× to 48 pixels.
        let blob = try CGImage(width: 32, height: 32) { x, y in
            let dx = (Double(x) - 15.5) / 8
            let dy = (Double(y) - 15.5) / 8
            return CGColor(red: 1, green: 0.9, blue: 0.8, alpha: CGFloat(exp(-(dx * dx + dy * dy) / 2)))
        }
        #expect(Texture(image: blob).softness >= 2)
        let (dotRoot, dots) = try smokeScene(count: 200, image: blob)
        var dotList = dots.lists.values.first!
        for i in dotList.sprites.indices { dotList.sprites[i].scale = 1.5 }
        dots.lists[dots.lists.keys.first!] = dotList
        #expect(!drawsAtHalfResolution(dotRoot, dots, width: 320, height: 240))
        // A few puffs whose pixels do not pay for magnifying their bounding box.
        let (fewRoot, few) = try smokeScene(count: 2)
        #expect(!drawsAtHalfResolution(fewRoot, few, width: 320, height: 240))
    }

    @Test func theFirstAndLastBufferColumnsAndRowsReachTheClipEdges() throws {
        // Puffs cut by the frame's edges: the magnification's taps at the edge read buffer pixels drawn
        // outside the clip, so the edge pixels match the reference as the inner ones do.
        let (root, p) = try smokeScene(count: 30, scale: 1.6)
        var list = p.lists.values.first!
        for i in list.sprites.indices { list.sprites[i].x = i % 2 == 0 ? 4 : 316 }
        p.lists[p.lists.keys.first!] = list
        #expect(drawsAtHalfResolution(root, p, width: 320, height: 240))
        let half = try renderFrame(root, particles: p)
        let full = try renderFrame(root, particles: p, compositor: referenceCompositor())
        var worstEdge = 0
        for y in 0..<240 {
            for x in [0, 1, 318, 319] {
                worstEdge = max(worstEdge, zip(px(half, x, y), px(full, x, y)).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        #expect(worstEdge <= 6, "largest difference in the edge columns: \(worstEdge)")
    }
}
