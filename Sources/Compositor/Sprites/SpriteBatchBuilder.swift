import Foundation
import LayerKit
import Particles

/// Turns an emitter's `ParticleDrawList` into a `SpriteBatch` in device pixels.
///
/// Each particle is a quad of its cell's contents (contentsRect, contentsScale) centred on its position,
/// `image pixels / contentsScale × contentsRect size × scale` points large, rotated by its rotation and
/// mapped by the emitter layer's transform to the framebuffer. Four ways to draw result:
/// - unrotated at the image's own size: a 1:1 blit of the image, at the nearest whole pixel;
/// - unrotated at another size: a blit of a cached copy resampled to the whole-pixel size;
/// - rotated or flipped: a per-pixel inverse map with bilinear filtering (a mipmap level when minified);
/// - rotated or flipped and magnified 2× or more: an upright copy magnified axis-aligned (`MagnifiedSprites`).
/// The per-sprite work runs on all cores in chunks; every sprite is computed independently, so the
/// result does not depend on the thread count.
final class SpriteBatchBuilder {
    let textures: TextureCache
    let prescaled: PrescaledSpriteCache

    /// Upright images of magnified sprites (`MagnifiedSprites`) per batch, in pixels; sprites beyond it
    /// (in list order) keep the single-pass loop, so a burst of huge rotated sprites cannot take
    /// unbounded memory. Default 4 Mi pixels (16 MiB); the fire's smoke uses about 0.4 Mi.
    var uprightBudget = SpriteBatchBuilder.defaultUprightBudget
    static let defaultUprightBudget = 4 << 20

    init(textures: TextureCache, prescaled: PrescaledSpriteCache) {
        self.textures = textures
        self.prescaled = prescaled
    }

    /// What the per-sprite pass needs to know about one appearance (cell): plain values and pointers
    /// only (the objects they point into are kept alive by the batch), so the hot loop does no reference
    /// counting.
    struct AppearanceInfo {
        /// Texel (0, 0) of the sub-image; nil draws nothing.
        var pixels: UnsafeMutablePointer<UInt32>?
        /// Sub-image size in texels.
        var texW: Int32 = 0, texH: Int32 = 0
        /// Quad size in points at scale 1.
        var widthPoints: Float = 0, heightPoints: Float = 0
        var nearestMin = false, nearestMag = false
        /// The smallest device size (pixels) at which a sprite keeps its look at half resolution (and is
        /// large: `HalfResolutionSprites.minimumSize`); infinity for nearest-filtered cells.
        var softWidth: Float = .infinity, softHeight: Float = .infinity
        /// The mipmap level of the texture's softness (log2 of `Texture.softness`).
        var softLevel = 0
        /// Padded mipmap levels (for transformed sprites), `paddedCount` of them.
        var padded: UnsafeMutablePointer<PaddedLevel>?
        var paddedCount = 0
    }

    /// One padded mipmap level, as plain values.
    struct PaddedLevel {
        var pixels: UnsafePointer<UInt32>
        var stride: Int32, width: Int32, height: Int32
        var visibleRadius: Float
    }

    /// What placement learnt about a list, for the choice of a half-resolution pass.
    struct Placement {
        /// Whether every visible sprite keeps its look at half resolution (bilinear filtering and at
        /// least 2 ÷ softness device pixels per texel, `Texture.softness`).
        var allSoft = true
        /// The sum of the visible sprites' quad areas, device pixels.
        var area: Float = 0
    }

    /// Fills `batch` with the sprites of `list`. `h` maps the emitter layer's plane to device pixels,
    /// `tint` multiplies every particle colour, `clip` limits drawing. With `halfResolution`, the list is
    /// drawn into a buffer of half the device resolution (`HalfResolutionSprites`) when that keeps its
    /// look and saves work: the batch is then placed in that buffer's pixels (`batch.halfResolution`).
    @discardableResult
    func build(
        _ list: ParticleDrawList, transform h: PlaneTransform, tint: ColorMultiplier, clip: IntRect,
        into batch: SpriteBatch, threads: Int, bandHeight: Int, halfResolution: Bool = false
    ) -> Placement {
        let n = list.sprites.count
        batch.reset(additive: list.renderMode == .additive, clip: clip, count: n, bandHeight: bandHeight)
        guard n > 0, !clip.isEmpty else {
            batch.bin(threads: threads)
            return Placement(allSoft: false)
        }

        // Appearances: textures of the contentsRect sub-images.
        let (textures, infos) = appearances(list, into: batch)
        defer { for i in infos { i.padded?.deallocate() } }

        let chunks = (n + SpriteBatch.chunk - 1) / SpriteBatch.chunk
        // Per chunk: whether it holds a scaled blit (whose cached image the serial pass below resolves,
        // `scaledFlag`), a magnified sprite (`magnifiedFlag`) or a sprite that is not soft (`sharpFlag`);
        // and its sprites' area.
        let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: chunks)
        let areas = UnsafeMutablePointer<Float>.allocate(capacity: chunks)
        defer {
            flags.deallocate()
            areas.deallocate()
        }
        place(list, Map(h), tint, clip, infos, batch, threads, flags, areas, forceTransformed: false)
        var placement = Placement()
        for c in 0..<chunks {
            if flags[c] & SpriteBatchBuilder.sharpFlag != 0 { placement.allSoft = false }
            placement.area += areas[c]
        }
        if halfResolution, HalfResolutionSprites.pays(placement, box: batch.placedBox) {
            let lowClip = HalfResolutionSprites.lowClip(clip)
            let lowBands = BandExecutor.bandHeight(threads: threads, width: lowClip.width, height: lowClip.height)
            batch.reset(
                additive: list.renderMode == .additive, clip: lowClip, count: n, bandHeight: lowBands,
                halfResolution: true)
            place(
                list, Map(h.concatenating(HalfResolutionSprites.deviceToLow)), tint, lowClip, infos, batch, threads,
                flags, areas, forceTransformed: true)
        }

        resolveScaled(list, batch, infos, textures, flags: flags)
        makeUpright(batch, flags: flags, count: n, threads: threads)
        batch.bin(threads: threads)
        return placement
    }

    /// The appearances' textures and what placement needs of them; the batch keeps the textures alive.
    /// Sprites that are not upright blits (turned, mirrored by the map or by a negative scale, or drawn at
    /// half resolution) are inverse-mapped from the padded mipmap levels, which the textures keep once
    /// made.
    private func appearances(_ list: ParticleDrawList, into batch: SpriteBatch) -> (
        [Texture?], [AppearanceInfo]
    ) {
        var textures: [Texture?] = []
        let infos: [AppearanceInfo] = list.appearances.map { ap in
            var info = AppearanceInfo()
            textures.append(nil)
            guard let image = ap.contents, ap.contentsScale.isFinite, ap.contentsScale > 0 else { return info }
            let r = ap.contentsRect.standardized
            guard r.width.isFinite, r.height.isFinite, r.minX.isFinite, r.minY.isFinite else { return info }
            let iw = Double(image.width)
            let ih = Double(image.height)
            let x0 = Int((Double(r.minX) * iw).rounded())
            let y0 = Int((Double(r.minY) * ih).rounded())
            let x1 = Int((Double(r.maxX) * iw).rounded())
            let y1 = Int((Double(r.maxY) * ih).rounded())
            let t = self.textures.texture(for: image, x0: x0, y0: y0, x1: x1, y1: y1)
            textures[textures.count - 1] = t
            info.pixels = t.pixels
            info.texW = Int32(t.width)
            info.texH = Int32(t.height)
            info.widthPoints = Float(iw * Double(r.width) / Double(ap.contentsScale))
            info.heightPoints = Float(ih * Double(r.height) / Double(ap.contentsScale))
            info.nearestMin = ap.minificationFilter == .nearest
            info.nearestMag = ap.magnificationFilter == .nearest
            let softness = t.softness
            if !info.nearestMin && !info.nearestMag && softness >= 2 {
                // At half resolution a buffer pixel spans 2 ÷ (device pixels per texel) texels; the image
                // must be smooth over that many, and over two texels at least (a sharp image's bilinear
                // ramps would change shape).
                let k = Float(softness)
                info.softLevel = softness.trailingZeroBitCount
                info.softWidth = max(
                    Float(t.width) * HalfResolutionSprites.factor / k, HalfResolutionSprites.minimumSize)
                info.softHeight = max(
                    Float(t.height) * HalfResolutionSprites.factor / k, HalfResolutionSprites.minimumSize)
            }
            let levels = (0...t.maxMipLevel).map { t.padded(mip: $0) }
            let p = UnsafeMutablePointer<PaddedLevel>.allocate(capacity: levels.count)
            for (i, l) in levels.enumerated() {
                p[i] = PaddedLevel(
                    pixels: UnsafePointer(l.pixels), stride: Int32(l.stride), width: Int32(l.width),
                    height: Int32(l.height),
                    visibleRadius: l.visibleRadius)
            }
            info.padded = p
            info.paddedCount = levels.count
            batch.retained.append(contentsOf: levels as [AnyObject])
            batch.retained.append(t)
            return info
        }
        return (textures, infos)
    }

    /// Places every sprite of `list` into `batch` in parallel chunks, with their flags and areas per chunk.
    private func place(
        _ list: ParticleDrawList, _ m: Map, _ tint: ColorMultiplier, _ clip: IntRect, _ infos: [AppearanceInfo],
        _ batch: SpriteBatch, _ threads: Int, _ flags: UnsafeMutablePointer<UInt8>,
        _ areas: UnsafeMutablePointer<Float>, forceTransformed: Bool
    ) {
        let n = list.sprites.count
        let tints = TintFactors(tint)
        let chunk = SpriteBatch.chunk
        let chunks = (n + chunk - 1) / chunk
        list.sprites.withUnsafeBufferPointer { src in
            infos.withUnsafeBufferPointer { info in
                let dst = batch.sprites
                let xf = batch.transforms
                let work = { (c: Int) in
                    let end = min(n, (c + 1) * chunk)
                    (flags[c], areas[c]) = SpriteBatchBuilder.placeChunk(
                        src.baseAddress!, dst, xf, c * chunk, end, info, m, tints, clip, forceTransformed)
                    batch.note(chunk: c, c * chunk, end)
                }
                if threads > 1 && chunks > 1 {
                    DispatchQueue.concurrentPerform(iterations: chunks, execute: work)
                } else {
                    for c in 0..<chunks { work(c) }
                }
            }
        }
    }

    /// Scaled blits: resolve the cached resampled images (serial; the cache is not thread-safe).
    ///
    /// A frame has many scaled sprites but few distinct (appearance, width, height) keys (the fire's
    /// shrinking flames: a few hundred sprites, a few dozen sizes), so each key is looked up in the cache
    /// once per frame and then found in a direct-mapped table (`resolvedSlots` entries, a multiplicative
    /// hash of the packed key, plain pointers): the cache's dictionary hashing and the reference counting,
    /// per sprite, were most of this pass.
    private func resolveScaled(
        _ list: ParticleDrawList, _ batch: SpriteBatch, _ infos: [AppearanceInfo], _ textures: [Texture?],
        flags: UnsafePointer<UInt8>
    ) {
        let n = batch.count
        let chunk = SpriteBatch.chunk
        let sprites = batch.sprites
        let slots = SpriteBatchBuilder.resolvedSlots
        // Key, image and its width per slot; the batch keeps the images alive (`retained`).
        var keys = [UInt64](repeating: .max, count: slots)
        var images = [UnsafePointer<UInt32>?](repeating: nil, count: slots)
        var widths = [Int32](repeating: 0, count: slots)
        list.sprites.withUnsafeBufferPointer { particles in
            for c in 0..<((n + chunk - 1) / chunk) where flags[c] & SpriteBatchBuilder.scaledFlag != 0 {
                for i in (c * chunk)..<min(n, (c + 1) * chunk) {
                    let s = sprites[i]
                    guard s.kind == SpriteKind.blit.rawValue, s.src == nil else { continue }
                    let a = Int(particles[i].appearance)
                    let key = SpriteBatchBuilder.resolvedKey(appearance: a, width: s.x1 - s.x0, height: s.y1 - s.y0)
                    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54) & (slots - 1)
                    if keys[slot] != key || images[slot] == nil {
                        guard let source = textures[a] else { continue }
                        let t = prescaled.texture(
                            source, width: Int(s.x1 - s.x0), height: Int(s.y1 - s.y0),
                            nearestMin: infos[a].nearestMin, nearestMag: infos[a].nearestMag)
                        batch.retained.append(t)
                        keys[slot] = key
                        images[slot] = UnsafePointer(t.pixels)
                        widths[slot] = Int32(t.width)
                    }
                    sprites[i].src = images[slot]
                    sprites[i].srcStride = widths[slot]
                }
            }
        }
    }

    /// Entries of `resolveScaled`'s table (a power of two, at most 1024: the slot is the hash's top ten
    /// bits).
    static let resolvedSlots = 1024

    /// (appearance, width, height) packed into one word: appearance indices are 16-bit, blit sizes at
    /// most 2048 pixels (`placeChunk`), so the fields do not overlap.
    @inline(__always)
    static func resolvedKey(appearance: Int, width: Int32, height: Int32) -> UInt64 {
        UInt64(truncatingIfNeeded: appearance) << 40 | UInt64(UInt32(bitPattern: width)) << 20
            | UInt64(UInt32(bitPattern: height))
    }

    /// Pass one of the magnified sprites (`MagnifiedSprites`): their upright images, made in parallel
    /// into the batch's storage; each sprite's transform then points at its image.
    private func makeUpright(_ batch: SpriteBatch, flags: UnsafePointer<UInt8>, count n: Int, threads: Int) {
        let chunk = SpriteBatch.chunk
        var jobs: [(index: Int, layout: MagnifiedSprites.Layout, pixels: Int, rows: Int)] = []
        var pixels = 0
        var rows = 0
        for c in 0..<((n + chunk - 1) / chunk) where flags[c] & SpriteBatchBuilder.magnifiedFlag != 0 {
            for i in (c * chunk)..<min(n, (c + 1) * chunk) where batch.sprites[i].kind == SpriteKind.magnified.rawValue
            {
                let t = batch.transforms[Int(batch.sprites[i].srcStride)]
                guard let layout = MagnifiedSprites.Layout(t), pixels + layout.paddedCount <= uprightBudget else {
                    batch.sprites[i].kind = SpriteKind.bilinear.rawValue
                    continue
                }
                jobs.append((i, layout, pixels, rows))
                pixels += layout.paddedCount
                rows += Int(layout.height) + 2
            }
        }
        guard !jobs.isEmpty else { return }
        batch.reserveUpright(pixels: pixels, rows: rows)
        let storage = batch.uprightPixels
        let extents = batch.uprightExtents
        let transforms = batch.transforms
        let sprites = batch.sprites
        jobs.withUnsafeBufferPointer { jobs in
            let work = { (k: Int) in
                let job = jobs[k]
                let slot = Int(sprites[job.index].srcStride)
                let image = storage + job.pixels
                let rowExtents = extents + job.rows
                MagnifiedSprites.makeUpright(transforms[slot], job.layout, into: image, extents: rowExtents)
                transforms[slot] = job.layout.deviceMap(pixels: UnsafePointer(image))
                // The extents travel in the sprite's `src`, which transformed sprites do not use, so
                // that `SpriteTransform` stays small for the many sprites that are not magnified.
                sprites[job.index].src = UnsafeRawPointer(rowExtents).assumingMemoryBound(to: UInt32.self)
            }
            if threads > 1 && jobs.count > 1 {
                DispatchQueue.concurrentPerform(iterations: jobs.count, execute: work)
            } else {
                for k in 0..<jobs.count { work(k) }
            }
        }
    }

    // MARK: - One sprite

    private static let none = DeviceSprite(
        x0: 0, y0: 0, x1: 0, y1: 0, src: nil, srcStride: 0, kind: 0, tr: 0, tg: 0, tb: 0, ta: 0)

    /// The emitter plane → device map in single precision, with a flag for the common case of a
    /// scale-and-translate map without flips.
    struct Map {
        var m11: Float, m12: Float, m13: Float, m21: Float, m22: Float, m23: Float, m31: Float, m32: Float, m33: Float
        var axisAligned: Bool

        init(_ h: PlaneTransform) {
            (m11, m12, m13) = (Float(h.m11), Float(h.m12), Float(h.m13))
            (m21, m22, m23) = (Float(h.m21), Float(h.m22), Float(h.m23))
            (m31, m32, m33) = (Float(h.m31), Float(h.m32), Float(h.m33))
            axisAligned = m12 == 0 && m21 == 0 && m13 == 0 && m23 == 0 && m33 == 1 && m11 > 0 && m22 > 0
        }
    }

    /// `placeChunk` flags: a sprite needs a resampled image; a sprite is magnified; a sprite would not
    /// keep its look at half resolution.
    static let scaledFlag: UInt8 = 1, magnifiedFlag: UInt8 = 2, sharpFlag: UInt8 = 4

    /// Places sprites `first ..< end`; returns `scaledFlag`, `magnifiedFlag` and `sharpFlag` for what they
    /// need next, and the sum of their quad areas. `forceTransformed` inverse-maps every sprite (no blits).
    @inline(never)
    static func placeChunk(
        _ src: UnsafePointer<ParticleSprite>, _ dst: UnsafeMutablePointer<DeviceSprite>,
        _ xf: UnsafeMutablePointer<SpriteTransform>, _ first: Int, _ end: Int,
        _ infos: UnsafeBufferPointer<AppearanceInfo>, _ m: Map, _ tint: TintFactors, _ clip: IntRect,
        _ forceTransformed: Bool
    ) -> (UInt8, Float) {
        var flags: UInt8 = 0
        var area: Float = 0
        for i in first..<end {
            var soft = true
            let s = place(src[i], i, infos, m, tint, clip, &xf[i], forceTransformed, &soft, &area)
            if s.kind == SpriteKind.blit.rawValue && s.src == nil { flags |= scaledFlag }
            if s.kind == SpriteKind.magnified.rawValue { flags |= magnifiedFlag }
            if !soft { flags |= sharpFlag }
            dst[i] = s
        }
        return (flags, area)
    }

    /// Places one sprite; writes `xf` for transformed sprites. Clears `soft` when a visible sprite would not
    /// keep its look at half resolution, and adds its quad's area to `area`.
    @inline(__always)
    static func place(
        _ p: ParticleSprite, _ index: Int, _ infos: UnsafeBufferPointer<AppearanceInfo>, _ m: Map,
        _ tint: TintFactors, _ clip: IntRect, _ xf: inout SpriteTransform, _ forceTransformed: Bool,
        _ soft: inout Bool, _ area: inout Float
    ) -> DeviceSprite {
        let ai = Int(p.appearance)
        guard ai < infos.count else { return none }
        let info = infos[ai]
        // A negative scale is a transform scale: the quad's axes turn by half a turn (mirrored in x and y).
        guard let texPixels = info.pixels, p.a != 0, p.scale != 0, p.scale.isFinite, p.x.isFinite, p.y.isFinite,
            p.rotation.isFinite, p.stretch > 0, p.stretch.isFinite
        else { return none }

        // Tint: straight colour × multiplier, premultiplied, 0…256 (colour factors never above alpha's).
        var (tr, tg, tb, ta) = tint.tint(p.r, p.g, p.b, p.a)
        if ta == 0 { return none }

        // Centre and the device axes of the quad: J · R(rotation) · diag(width, height).
        let wpt = info.widthPoints * p.scale * p.stretch
        let hpt = info.heightPoints * p.scale
        var cx: Float
        var cy: Float
        var Ex: (Float, Float)
        var Ey: (Float, Float)
        if m.axisAligned && p.rotation == 0 {
            cx = p.x * m.m11 + m.m31
            cy = p.y * m.m22 + m.m32
            Ex = (wpt * m.m11, 0)
            Ey = (0, hpt * m.m22)
        } else {
            cx = p.x * m.m11 + p.y * m.m21 + m.m31
            cy = p.x * m.m12 + p.y * m.m22 + m.m32
            var jxx = m.m11
            var jxy = m.m12
            var jyx = m.m21
            var jyy = m.m22
            if !(m.m13 == 0 && m.m23 == 0 && m.m33 == 1) {
                let w = p.x * m.m13 + p.y * m.m23 + m.m33
                guard w > 1e-4 else { return none }
                cx /= w
                cy /= w
                jxx = (m.m11 - cx * m.m13) / w
                jxy = (m.m12 - cy * m.m13) / w
                jyx = (m.m21 - cx * m.m23) / w
                jyy = (m.m22 - cy * m.m23) / w
            }
            var ex = (wpt, Float(0))
            var ey = (Float(0), hpt)
            if p.rotation != 0 {
                let c = cos(p.rotation)
                let s = sin(p.rotation)
                ex = (wpt * c, wpt * s)
                ey = (-hpt * s, hpt * c)
            }
            Ex = (ex.0 * jxx + ex.1 * jyx, ex.0 * jxy + ex.1 * jyy)
            Ey = (ey.0 * jxx + ey.1 * jyx, ey.0 * jxy + ey.1 * jyy)
        }
        guard cx.isFinite, cy.isFinite, Ex.0.isFinite, Ex.1.isFinite, Ey.0.isFinite, Ey.1.isFinite else { return none }

        // Blits (and their cached resampled images) are for unrotated sprites up to 2048 pixels; larger
        // ones are inverse-mapped like rotated sprites, which allocates nothing.
        let unrotated =
            abs(Ex.1) <= 1e-4 * abs(Ex.0) && abs(Ey.0) <= 1e-4 * abs(Ey.1) && Ex.0 > 0 && Ey.1 > 0
            && Ex.0 <= 2048 && Ey.1 <= 2048
        if unrotated && !forceTransformed {
            let wd = Ex.0
            let hd = Ey.1
            let exact = abs(wd - Float(info.texW)) < 1e-3 && abs(hd - Float(info.texH)) < 1e-3
            let w = exact ? info.texW : Int32(max(1, wd.rounded()))
            let h = exact ? info.texH : Int32(max(1, hd.rounded()))
            let fx = cx - Float(w) * 0.5 + 0.5
            let fy = cy - Float(h) * 0.5 + 0.5
            guard abs(fx) < 1e7, abs(fy) < 1e7 else { return none }
            let x0 = Int32(fx.rounded(.down))
            let y0 = Int32(fy.rounded(.down))
            if Int(x0 + w) <= clip.x0 || Int(x0) >= clip.x1 || Int(y0 + h) <= clip.y0 || Int(y0) >= clip.y1 {
                return none
            }
            // A blit at the image's own size copies its texels exactly: it stays at full resolution.
            if exact || wd < info.softWidth || hd < info.softHeight { soft = false }
            area += wd * hd
            // A sprite smaller than a pixel keeps its energy: dim it by the area it lost.
            if !exact && (wd < 1 || hd < 1) {
                let k = wd * hd / (Float(w) * Float(h))
                ta = quantize(Float(ta) / 256 * k)
                tr = min(ta, quantize(Float(tr) / 256 * k))
                tg = min(ta, quantize(Float(tg) / 256 * k))
                tb = min(ta, quantize(Float(tb) / 256 * k))
                if ta == 0 { return none }
            }
            return DeviceSprite(
                x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, src: exact ? UnsafePointer(texPixels) : nil,
                srcStride: info.texW, kind: SpriteKind.blit.rawValue, tr: tr, tg: tg, tb: tb, ta: ta)
        }

        // Rotated or flipped: bounding box, mip level and inverse map.
        let det = Ex.0 * Ey.1 - Ey.0 * Ex.1
        guard abs(det) > 1e-6, let padded = info.padded, info.paddedCount > 0 else { return none }
        let hx = (abs(Ex.0) + abs(Ey.0)) * 0.5 + 1
        let hy = (abs(Ex.1) + abs(Ey.1)) * 0.5 + 1
        guard abs(cx) < 1e7, abs(cy) < 1e7, hx.isFinite, hy.isFinite else { return none }
        // The box, clamped to the clip (plus a margin) before converting to integers.
        let bx0 = Int32(max(Float(clip.x0 - 1), (cx - hx).rounded(.down)))
        let by0 = Int32(max(Float(clip.y0 - 1), (cy - hy).rounded(.down)))
        let bx1 = Int32(min(Float(clip.x1 + 1), (cx + hx).rounded(.up)))
        let by1 = Int32(min(Float(clip.y1 + 1), (cy + hy).rounded(.up)))
        if Int(bx1) <= clip.x0 || Int(bx0) >= clip.x1 || Int(by1) <= clip.y0 || Int(by0) >= clip.y1 { return none }
        let lenX = (Ex.0 * Ex.0 + Ex.1 * Ex.1).squareRoot()
        let lenY = (Ey.0 * Ey.0 + Ey.1 * Ey.1).squareRoot()
        if lenX < info.softWidth || lenY < info.softHeight { soft = false }
        area += abs(det)
        let rho = max(Float(info.texW) / lenX, Float(info.texH) / lenY)
        let nearest = rho > 1 ? info.nearestMin : info.nearestMag
        var level = 0
        if rho >= 2 && !nearest { level = min(info.paddedCount - 1, Int(log2(rho).rounded(.down))) }
        // At half resolution the image is read from the level of its softness: smooth at that many
        // texels, it keeps its look there, and the smaller level makes pass one of magnified sprites cheaper.
        if forceTransformed && !nearest { level = min(info.paddedCount - 1, max(level, info.softLevel)) }
        let pt = padded[level]
        let tw = Float(pt.width)
        let th = Float(pt.height)
        let id = 1 / det
        xf = SpriteTransform(
            a: tw * Ey.1 * id, b: -th * Ex.1 * id, c: -tw * Ey.0 * id, d: th * Ex.0 * id,
            tx: tw * (0.5 - (Ey.1 * cx - Ey.0 * cy) * id), ty: th * (0.5 - (-Ex.1 * cx + Ex.0 * cy) * id),
            pixels: pt.pixels, stride: pt.stride, width: pt.width, height: pt.height,
            visibleRadius: pt.visibleRadius)
        // Texels of the chosen level per device pixel.
        let rhoLevel = rho / Float(1 << level)
        let kind: SpriteKind =
            nearest ? .nearest : rhoLevel <= MagnifiedSprites.maximumFootprint ? .magnified : .bilinear
        return DeviceSprite(
            x0: bx0, y0: by0, x1: bx1, y1: by1, src: nil, srcStride: Int32(index),
            kind: kind.rawValue, tr: tr, tg: tg, tb: tb, ta: ta)
    }

    /// A factor in 0…1 as 0…256.
    @inline(__always)
    static func quantize(_ v: Float) -> UInt16 { UInt16(min(256, max(0, (v * 256).rounded()))) }
}

/// Fixed-point factors that turn a particle's straight colour bytes and the layer's colour multiplier
/// into the blit tint (0…256 per channel, premultiplied) with integer arithmetic only:
/// ta = round(a/255 · A · 256), tc = round(c/255 · C · a/255 · A · 256), each clamped to ta.
struct TintFactors {
    /// Multiplier of the alpha byte: round(A · 256/255 · 2^32).
    var a: UInt64
    /// Multipliers of colour byte × alpha byte: round(C · A · 256/65025 · 2^40).
    var r: UInt64, g: UInt64, b: UInt64

    init(_ m: ColorMultiplier) {
        func c(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        let A = c(m.a)
        a = UInt64((A * 256 / 255 * 4_294_967_296).rounded())
        func k(_ v: Double) -> UInt64 { UInt64((c(v) * A * 256 / 65025 * 1_099_511_627_776).rounded()) }
        (r, g, b) = (k(m.r), k(m.g), k(m.b))
    }

    /// The tint of a particle with straight colour bytes (r, g, b, a): (r, g, b, a) factors in 0…256.
    @inline(__always)
    func tint(_ pr: UInt8, _ pg: UInt8, _ pb: UInt8, _ pa: UInt8) -> (UInt16, UInt16, UInt16, UInt16) {
        let ta = UInt16(truncatingIfNeeded: (UInt64(pa) &* a &+ (1 << 31)) &>> 32)
        let aa = UInt64(pa)
        return (
            min(ta, UInt16(truncatingIfNeeded: (UInt64(pr) &* aa &* r &+ (1 << 39)) &>> 40)),
            min(ta, UInt16(truncatingIfNeeded: (UInt64(pg) &* aa &* g &+ (1 << 39)) &>> 40)),
            min(ta, UInt16(truncatingIfNeeded: (UInt64(pb) &* aa &* b &+ (1 << 39)) &>> 40)), ta
        )
    }
}
