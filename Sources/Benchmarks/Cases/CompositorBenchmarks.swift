import CBenchReference
import Compositor
import Foundation
import LayerKit
import Particles
import SDLHost

extension BenchmarkRegistry {
    /// The compositor's particle figures: sprites of 8, 16, 32 and 64 pixels, additive and source-over,
    /// on 1 and 2 threads, next to a C AVX2 blit; SDL2's software blitter and pixman as anchors; rotated
    /// bilinear sprites next to a C kernel; pre-scaled sprites; clean frames.
    static let compositor: [Benchmark] = CompositorBench.all()
}

/// Builders for the compositor benchmarks. Every engine figure renders a whole 1280×720 frame through
/// `Compositor.render` (clear, sprite placement and binning, band drawing); the references clear the
/// same framebuffer and draw the same sprites (same positions, tints and blend arithmetic).
enum CompositorBench {
    static let width = 1280, height = 720

    static func all() -> [Benchmark] {
        var out: [Benchmark] = []
        // Sprite counts keep about 25 M pixels per frame (100 000 at 16 px, as in the goal).
        for (size, count) in [(8, 100_000), (16, 100_000), (32, 25_000), (64, 6_250)] {
            for additive in [true, false] {
                for threads in [1, 2] {
                    let figure = blit(size: size, count: count, additive: additive, threads: threads)
                    let budget = size == 16 && additive && threads == 2
                    out.append(
                        budget ? figure.checking(Budget(.sprites100k, .engineMedianMilliseconds, maximum: 16)) : figure)
                }
            }
        }
        out.append(sdl(additive: true))
        out.append(sdl(additive: false))
        out.append(pixman(componentAlpha: true))
        out.append(pixman(componentAlpha: false))
        out.append(rotated(additive: true, threads: 1))
        out.append(rotated(additive: false, threads: 1))
        out.append(rotated(additive: true, threads: 2))
        out.append(scaled())
        out.append(cleanFrame())
        return out
    }

    // MARK: - Scenes

    /// The sprites of one figure, as the engine sees them (a draw list) and as the references see them.
    final class SpriteScene: ParticleDrawListProvider {
        let emitter = CAEmitterLayer()
        let root = CALayer()
        var list = ParticleDrawList()
        let image: CGImage
        /// Premultiplied pixels of the image.
        let pixels: UnsafeMutablePointer<UInt32>
        /// Integer top-left corners (2 per sprite) and tints (4 per sprite, 0…256) for the C references.
        var xy: [Int32] = []
        var tints: [UInt16] = []

        init(size: Int, count: Int, additive: Bool, scale: Float = 1, rotate: Bool = false) throws {
            let s = Double(size)
            image = try CGImage(width: size, height: size) { x, y in
                let dx = (Double(x) + 0.5) / s * 2 - 1
                let dy = (Double(y) + 0.5) / s * 2 - 1
                let r = (dx * dx + dy * dy).squareRoot()
                return CGColor(red: 1, green: 0.9, blue: 0.7, alpha: CGFloat(max(0.05, 1 - r)))
            }
            pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: size * size)
            image.pixels.withUnsafeBytes {
                pixels.initialize(from: $0.bindMemory(to: UInt32.self).baseAddress!, count: size * size)
            }
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            emitter.frame = root.bounds
            root.addSublayer(emitter)
            list.renderMode = additive ? .additive : .unordered
            list.appearances = [ParticleAppearance(contents: image)]
            var rng = SeededRandom(seed: 42)
            let extent = Float(size) * scale
            for _ in 0..<count {
                let x = Float(rng.next32() % UInt32(width + Int(extent))) - extent / 2 + Float(rng.next32() % 256) / 256
                let y =
                    Float(rng.next32() % UInt32(height + Int(extent))) - extent / 2 + Float(rng.next32() % 256) / 256
                let r = UInt8(truncatingIfNeeded: rng.next32())
                let g = UInt8(truncatingIfNeeded: rng.next32())
                let b = UInt8(truncatingIfNeeded: rng.next32())
                let a = UInt8(truncatingIfNeeded: rng.next32() | 0x40)
                let rot: Float = rotate ? Float(rng.next32() % 6283) / 1000 : 0
                list.sprites.append(
                    ParticleSprite(x: x, y: y, scale: scale, rotation: rot, r: r, g: g, b: b, a: a, appearance: 0))
                // The engine's placement and tint arithmetic (SpriteBatchBuilder.place), for the references.
                let w = Float(size)
                xy.append(Int32((x - w * 0.5 + 0.5).rounded(.down)))
                xy.append(Int32((y - w * 0.5 + 0.5).rounded(.down)))
                // ta = round(a/255 · 256), tc = round(c/255 · a/255 · 256) in 2^32 and 2^40 fixed point.
                let ka = UInt64((256.0 / 255 * 4_294_967_296).rounded())
                let kc = UInt64((256.0 / 65025 * 1_099_511_627_776).rounded())
                let ta = UInt16((UInt64(a) * ka + (1 << 31)) >> 32)
                func t(_ c: UInt8) -> UInt16 { min(ta, UInt16((UInt64(c) * UInt64(a) * kc + (1 << 39)) >> 40)) }
                tints += [t(r), t(g), t(b), ta]
            }
        }

        deinit { pixels.deallocate() }

        func drawList(for emitter: CAEmitterLayer) -> ParticleDrawList? { emitter === self.emitter ? list : nil }

        /// A compositor drawing this scene into `fb` on `threads` threads, every frame in full.
        func compositor(threads: Int) -> Compositor {
            let c = Compositor(threadCount: threads, particles: self)
            c.skipsCleanFrames = false
            return c
        }
    }

    /// Throws when the engine's frame and the reference's differ by more than `tolerance` in a channel.
    static func checkSame(_ a: Framebuffer, _ b: UnsafeMutablePointer<UInt32>, tolerance: Int, _ what: String) throws {
        var worst = 0
        for i in 0..<(a.width * a.height) where a.pixels[i] != b[i] {
            for c in 0..<4 {
                worst = max(worst, abs(Int((a.pixels[i] >> (8 * c)) & 0xFF) - Int((b[i] >> (8 * c)) & 0xFF)))
            }
        }
        if worst > tolerance {
            throw BenchmarkError(
                "\(what): the engine's frame differs from the reference's by up to \(worst) per channel "
                    + "(allowed \(tolerance)); the two sides must draw the same sprites")
        }
    }

    // MARK: - Blits vs the C AVX2 loop

    static func blit(size: Int, count: Int, additive: Bool, threads: Int) -> Benchmark {
        let mode = additive ? "additive" : "over"
        let goal16 = size == 16 && additive && threads == 2
        return Benchmark(
            name: "compositor.sprites.\(mode).\(size)px.\(threads)t",
            unit: "one 1280×720 frame of \(count) \(mode) \(size)×\(size) sprites, \(threads) thread(s)",
            reference: "C AVX2 blit loop, 1 thread (CBenchReference)",
            goal: threads == 1 ? "≥ 0.5 × C per-pixel speed" : (goal16 ? "≤ 16 ms (2 cores)" : nil),
            maximumRatio: threads == 1 ? 2 : nil,
            maximumMilliseconds: goal16 ? 16 : nil
        ) { scale in
            let n = scale == .full ? count : 16
            let scene = try SpriteScene(size: size, count: n, additive: additive)
            let fb = try Framebuffer(width: width, height: height)
            let ref = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
            let compositor = scene.compositor(threads: threads)
            let reference = {
                ref.update(repeating: 0, count: width * height)
                if additive {
                    cbr_sprites_add_avx2(
                        ref, Int32(width), Int32(height), scene.pixels, Int32(size), Int32(size), scene.xy, scene.tints,
                        n)
                } else {
                    cbr_sprites_over_avx2(
                        ref, Int32(width), Int32(height), scene.pixels, Int32(size), Int32(size), scene.xy, scene.tints,
                        n)
                }
            }
            compositor.render(scene.root, into: fb)
            reference()
            try checkSame(fb, ref, tolerance: 0, "sprites \(mode) \(size)px")
            return Benchmark.Workload(
                engine: { compositor.render(scene.root, into: fb) }, reference: reference,
                tearDown: {
                    ref.deallocate()
                    _ = scene
                })
        }
    }

    // MARK: - SDL2 anchor

    static func sdl(additive: Bool) -> Benchmark {
        let mode = additive ? "additive" : "over"
        return Benchmark(
            name: "compositor.sprites.\(mode).16px.vsSDL",
            unit: "one 1280×720 frame of 100 000 \(mode) 16×16 sprites, 1 thread",
            reference:
                "SDL_BlitSurface with SDL_SetSurfaceColorMod/AlphaMod, \(additive ? "SDL_BLENDMODE_ADD" : "SDL_BLENDMODE_BLEND"), software surfaces",
            goal: "≥ 10 × SDL2's blitter", maximumRatio: 0.1
        ) { scale in
            let n = scale == .full ? 100_000 : 16
            let scene = try SpriteScene(size: 16, count: n, additive: additive)
            let fb = try Framebuffer(width: width, height: height)
            let compositor = scene.compositor(threads: 1)
            let ref = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
            ref.initialize(repeating: 0, count: width * height)
            // SDL blends straight (not premultiplied) colours.
            let straight = scene.image.straightPixels
            let spritePixels = UnsafeMutablePointer<UInt8>.allocate(capacity: straight.count)
            spritePixels.initialize(from: straight, count: straight.count)
            let blitter = try SDLSoftwareBlitter(
                target: ref, targetWidth: width, targetHeight: height,
                sprite: spritePixels, spriteWidth: 16, spriteHeight: 16, additive: additive)
            let sprites = scene.list.sprites
            let xy = scene.xy
            let reference = {
                ref.update(repeating: 0, count: width * height)
                for k in 0..<n {
                    let s = sprites[k]
                    blitter.blit(x: xy[2 * k], y: xy[2 * k + 1], red: s.r, green: s.g, blue: s.b, alpha: s.a)
                }
            }
            return Benchmark.Workload(
                engine: { compositor.render(scene.root, into: fb) }, reference: reference,
                tearDown: {
                    ref.deallocate()
                    spritePixels.deallocate()
                    _ = scene
                })
        }
    }

    // MARK: - pixman anchor

    /// pixman loaded at run time (`libpixman-1.so.0`), so it is not a build dependency.
    final class Pixman {
        typealias CreateBits = @convention(c) (UInt32, Int32, Int32, UnsafeMutableRawPointer?, Int32) -> OpaquePointer?
        typealias CreateSolid = @convention(c) (UnsafeRawPointer) -> OpaquePointer?
        typealias SetComponentAlpha = @convention(c) (OpaquePointer?, Int32) -> Void
        typealias Composite32 =
            @convention(c) (
                Int32, OpaquePointer?, OpaquePointer?, OpaquePointer?,
                Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32
            ) -> Void
        typealias Unref = @convention(c) (OpaquePointer?) -> Int32

        let createBits: CreateBits, createSolid: CreateSolid, setComponentAlpha: SetComponentAlpha
        let composite32: Composite32, unref: Unref
        /// PIXMAN_a8b8g8r8: bytes R, G, B, A in memory on little-endian machines.
        static let a8b8g8r8: UInt32 = 0x2003_8888
        static let opOver: Int32 = 3

        init?() {
            guard let h = dlopen("libpixman-1.so.0", RTLD_NOW) else { return nil }
            func sym<T>(_ name: String, _: T.Type) -> T? { dlsym(h, name).map { unsafeBitCast($0, to: T.self) } }
            guard let a = sym("pixman_image_create_bits", CreateBits.self),
                let b = sym("pixman_image_create_solid_fill", CreateSolid.self),
                let c = sym("pixman_image_set_component_alpha", SetComponentAlpha.self),
                let d = sym("pixman_image_composite32", Composite32.self), let e = sym("pixman_image_unref", Unref.self)
            else { return nil }
            (createBits, createSolid, setComponentAlpha, composite32, unref) = (a, b, c, d, e)
        }
    }

    static func pixman(componentAlpha: Bool) -> Benchmark {
        let installed = Pixman() != nil
        return Benchmark(
            name: "compositor.sprites.over.16px.vsPixman\(componentAlpha ? "" : "AlphaMask")",
            unit: "one 1280×720 frame of 100 000 source-over 16×16 sprites, 1 thread",
            reference: installed
                ? (componentAlpha
                    ? "pixman OVER with a per-channel (component-alpha) solid mask: the same tint"
                    : "pixman OVER with an alpha-only solid mask (less work: no per-channel tint)")
                : "pixman: not installed (libpixman-1.so.0 not found); the reference is an empty loop",
            goal: componentAlpha && installed ? "source-over at least as fast as pixman" : nil,
            maximumRatio: componentAlpha && installed ? 1 : nil
        ) { scale in
            let n = scale == .full ? 100_000 : 16
            let scene = try SpriteScene(size: 16, count: n, additive: false)
            let fb = try Framebuffer(width: width, height: height)
            let compositor = scene.compositor(threads: 1)
            guard let px = Pixman() else {
                return Benchmark.Workload(engine: { compositor.render(scene.root, into: fb) }, reference: {})
            }
            let ref = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
            ref.initialize(repeating: 0, count: width * height)
            let dst = px.createBits(
                Pixman.a8b8g8r8, Int32(width), Int32(height), UnsafeMutableRawPointer(ref), Int32(width * 4))
            let src = px.createBits(Pixman.a8b8g8r8, 16, 16, UnsafeMutableRawPointer(scene.pixels), 64)
            // One solid mask per sprite: its 16-bit premultiplied tint (pixman_color_t).
            var masks: [OpaquePointer?] = []
            for k in 0..<n {
                let t = scene.tints[(4 * k)..<(4 * k + 4)].map { UInt16(min(65535, Int($0) * 256)) }
                var c: [UInt16] = componentAlpha ? t : [t[3], t[3], t[3], t[3]]
                let m = c.withUnsafeMutableBytes { px.createSolid($0.baseAddress!) }
                if componentAlpha { px.setComponentAlpha(m, 1) }
                masks.append(m)
            }
            let xy = scene.xy
            let reference = {
                ref.update(repeating: 0, count: width * height)
                for k in 0..<n {
                    px.composite32(Pixman.opOver, src, masks[k], dst, 0, 0, 0, 0, xy[2 * k], xy[2 * k + 1], 16, 16)
                }
            }
            return Benchmark.Workload(
                engine: { compositor.render(scene.root, into: fb) }, reference: reference,
                tearDown: {
                    for m in masks { _ = px.unref(m) }
                    _ = px.unref(src)
                    _ = px.unref(dst)
                    ref.deallocate()
                    _ = scene
                })
        }
    }

    // MARK: - Rotated bilinear sprites vs a C kernel

    static func rotated(additive: Bool, threads: Int) -> Benchmark {
        let mode = additive ? "additive" : "over"
        let count = 5_000
        return Benchmark(
            name: "compositor.sprites.rotated.\(mode).16px.\(threads)t",
            unit:
                "one 1280×720 frame of \(count) \(mode) 16×16 sprites at scale 1.5, rotated, bilinear, \(threads) thread(s)",
            reference: "plain C bilinear rotated-sprite kernel, 1 thread (CBenchReference)",
            goal: threads == 1 ? "≥ 0.5 × C kernel" : nil, maximumRatio: threads == 1 ? 2 : nil
        ) { scale in
            let n = scale == .full ? count : 16
            let scene = try SpriteScene(size: 16, count: n, additive: additive, scale: 1.5, rotate: true)
            let fb = try Framebuffer(width: width, height: height)
            let compositor = scene.compositor(threads: threads)
            // The padded image and the per-sprite inverse maps, computed as SpriteBatchBuilder does.
            let pw = 18
            var padded = [UInt32](repeating: 0, count: pw * pw)
            for y in 0..<16 { for x in 0..<16 { padded[(y + 1) * pw + x + 1] = scene.pixels[y * 16 + x] } }
            var xf: [Float] = []
            var box: [Int32] = []
            for s in scene.list.sprites {
                let wpt = 16 * s.scale
                let c = cos(s.rotation)
                let sn = sin(s.rotation)
                let ex = (wpt * c, wpt * sn)
                let ey = (-wpt * sn, wpt * c)
                let det = ex.0 * ey.1 - ey.0 * ex.1
                let id = 1 / det
                let hx = (abs(ex.0) + abs(ey.0)) * 0.5 + 1
                let hy = (abs(ex.1) + abs(ey.1)) * 0.5 + 1
                xf += [
                    16 * ey.1 * id, -16 * ex.1 * id, -16 * ey.0 * id, 16 * ex.0 * id,
                    16 * (0.5 - (ey.1 * s.x - ey.0 * s.y) * id), 16 * (0.5 - (-ex.1 * s.x + ex.0 * s.y) * id),
                ]
                box += [
                    Int32((s.x - hx).rounded(.down)), Int32((s.y - hy).rounded(.down)), Int32((s.x + hx).rounded(.up)),
                    Int32((s.y + hy).rounded(.up)),
                ]
            }
            let ref = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
            let reference = {
                ref.update(repeating: 0, count: width * height)
                cbr_sprites_rotated_bilinear(
                    ref, Int32(width), Int32(height), padded, 16, 16, xf, box, scene.tints, n, additive ? 1 : 0)
            }
            compositor.render(scene.root, into: fb)
            reference()
            try checkSame(fb, ref, tolerance: 8, "rotated sprites")
            return Benchmark.Workload(
                engine: { compositor.render(scene.root, into: fb) }, reference: reference,
                tearDown: {
                    ref.deallocate()
                    _ = scene
                })
        }
    }

    // MARK: - Scaled sprites (pre-scaled cache)

    static func scaled() -> Benchmark {
        Benchmark(
            name: "compositor.sprites.scaled.additive.16px.1t",
            unit: "one 1280×720 frame of 100 000 additive 16×16 sprites at scale 1.5 (24×24 pixels), 1 thread",
            reference: "C AVX2 blit loop of 24×24 sprites, 1 thread (CBenchReference)",
            goal: "≥ 0.5 × C per-pixel speed", maximumRatio: 2
        ) { scale in
            let n = scale == .full ? 100_000 : 16
            let scene = try SpriteScene(size: 16, count: n, additive: true, scale: 1.5)
            let big = try SpriteScene(size: 24, count: n, additive: true)
            let fb = try Framebuffer(width: width, height: height)
            let compositor = scene.compositor(threads: 1)
            let ref = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
            let reference = {
                ref.update(repeating: 0, count: width * height)
                cbr_sprites_add_avx2(ref, Int32(width), Int32(height), big.pixels, 24, 24, big.xy, big.tints, n)
            }
            return Benchmark.Workload(
                engine: { compositor.render(scene.root, into: fb) }, reference: reference,
                tearDown: {
                    ref.deallocate()
                    _ = scene
                    _ = big
                })
        }
    }

    // MARK: - Clean frames

    static func cleanFrame() -> Benchmark {
        Benchmark(
            name: "compositor.cleanFrame.100k",
            unit: "a frame whose tree and 100 000 particles did not change (1 thread)",
            reference: "the same frame drawn in full by the compositor (1 thread)",
            goal: "≤ 5 % of a full frame", maximumRatio: 0.05
        ) { scale in
            let n = scale == .full ? 100_000 : 16
            let scene = try SpriteScene(size: 16, count: n, additive: true)
            let fb = try Framebuffer(width: width, height: height)
            let full = scene.compositor(threads: 1)
            let fb2 = try Framebuffer(width: width, height: height)
            let clean = Compositor(threadCount: 1, particles: scene)
            clean.render(scene.root, into: fb2)
            return Benchmark.Workload(
                engine: { clean.render(scene.root, into: fb2) },
                reference: { full.render(scene.root, into: fb) }, tearDown: { _ = scene })
        }
    }
}
