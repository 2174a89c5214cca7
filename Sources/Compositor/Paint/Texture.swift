import Foundation
import LayerKit

/// An image in the compositor's pixel format (premultiplied RGBA8 as `UInt32`), with lazily built
/// mipmaps and a copy with a one-pixel transparent border for rotated sprites.
final class Texture {
    /// Width and height in pixels, ≥ 1.
    let width: Int, height: Int
    /// `width × height` pixels, rows top to bottom.
    let pixels: UnsafeMutablePointer<UInt32>

    private var mipLevels: [Texture] = []
    private var paddedMips: [PaddedTexture?] = []
    private let lock = NSLock()

    /// An uninitialised (transparent) texture.
    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: self.width * self.height)
        pixels.initialize(repeating: 0, count: self.width * self.height)
    }

    /// A copy of an image's pixels.
    convenience init(image: CGImage) {
        self.init(width: image.width, height: image.height)
        image.pixels.withUnsafeBytes { raw in
            UnsafeMutableRawPointer(pixels).copyMemory(from: raw.baseAddress!, byteCount: width * height * 4)
        }
    }

    deinit { pixels.deallocate() }

    /// Bytes of pixel memory held, mipmaps and padded copies included.
    var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return width * height * 4 + mipLevels.dropFirst().reduce(0) { $0 + $1.width * $1.height * 4 }
            + paddedMips.reduce(0) { $0 + ($1.map { $0.stride * ($0.height + 2) * 4 } ?? 0) }
    }

    // MARK: - Mipmaps

    /// Mipmap level `n` (0 = self); each level halves the previous one (rounding up), down to 1×1.
    func mip(_ n: Int) -> Texture {
        lock.lock()
        defer { lock.unlock() }
        if mipLevels.isEmpty { mipLevels = [self] }
        while mipLevels.count <= n {
            let prev = mipLevels[mipLevels.count - 1]
            if prev.width == 1 && prev.height == 1 { return prev }
            mipLevels.append(prev.halved())
        }
        return mipLevels[n]
    }

    /// The number of the last mipmap level (1×1).
    var maxMipLevel: Int {
        var n = 0
        var w = width
        var h = height
        while w > 1 || h > 1 {
            w = (w + 1) / 2
            h = (h + 1) / 2
            n += 1
        }
        return n
    }

    /// A 2×2 box-filtered half-size copy (odd sizes repeat their last row or column).
    private func halved() -> Texture {
        let w2 = (width + 1) / 2
        let h2 = (height + 1) / 2
        let t = Texture(width: w2, height: h2)
        for y in 0..<h2 {
            let ya = min(2 * y, height - 1)
            let yb = min(2 * y + 1, height - 1)
            for x in 0..<w2 {
                let xa = min(2 * x, width - 1)
                let xb = min(2 * x + 1, width - 1)
                let p = [
                    pixels[ya * width + xa], pixels[ya * width + xb], pixels[yb * width + xa], pixels[yb * width + xb],
                ]
                var out: UInt32 = 0
                for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
                    let s = p.reduce(0 as UInt32) { $0 + (($1 >> shift) & 0xFF) }
                    out |= ((s + 2) / 4) << shift
                }
                t.pixels[y * w2 + x] = out
            }
        }
        return t
    }

    // MARK: - Softness

    /// How far, in texels, the image is smooth: the largest of 1, 2, 4 and 8 such that the mipmap
    /// level of that size, magnified back bilinearly, is within `softnessTolerance` of every channel of
    /// every texel (1 when even the half-size level is not). Sprites drawn with at least
    /// 2 ÷ softness device pixels per texel keep their look at half resolution (`HalfResolutionSprites`).
    /// Computed once per texture.
    var softness: Int {
        lock.lock()
        if let s = cachedSoftness {
            lock.unlock()
            return s
        }
        lock.unlock()
        var s = 1
        for level in 1...3 where width * height <= Texture.softnessLimit {
            guard (width >> level) >= 2, (height >> level) >= 2,
                Texture.largestDifference(self, magnified: mip(level), by: 1 << level) <= Texture.softnessTolerance
            else { break }
            s = 1 << level
        }
        lock.lock()
        cachedSoftness = s
        lock.unlock()
        return s
    }

    /// The largest channel difference (0…255) between a texture and a mipmap level `k` times smaller
    /// magnified bilinearly to the texture's size (texel centres aligned, edges clamped) for `softness`.
    /// Six levels (2.4 %): the fire's smoke puff is within 6 of its half-size level (its lumps and
    /// noise are a few texels wide), its soft dot within 3; the flame image (11), sparks, stars and
    /// snowflakes are not soft at two texels.
    static let softnessTolerance = 6

    /// Larger textures (texels) are not tested for softness (they count as sharp): the test reads every
    /// texel three times, once per texture.
    static let softnessLimit = 256 * 256

    private var cachedSoftness: Int?

    static func largestDifference(_ t: Texture, magnified m: Texture, by k: Int) -> Int {
        var worst = 0
        let scale = 1 / Double(k)
        for y in 0..<t.height {
            let v = min(max((Double(y) + 0.5) * scale - 0.5, 0), Double(m.height - 1))
            let y0 = Int(v)
            let y1 = min(y0 + 1, m.height - 1)
            let fy = v - Double(y0)
            for x in 0..<t.width {
                let u = min(max((Double(x) + 0.5) * scale - 0.5, 0), Double(m.width - 1))
                let x0 = Int(u)
                let x1 = min(x0 + 1, m.width - 1)
                let fx = u - Double(x0)
                let p = t.pixels[y * t.width + x]
                for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
                    func c(_ xx: Int, _ yy: Int) -> Double { Double((m.pixels[yy * m.width + xx] >> shift) & 0xFF) }
                    let top = c(x0, y0) * (1 - fx) + c(x1, y0) * fx
                    let bottom = c(x0, y1) * (1 - fx) + c(x1, y1) * fx
                    let sample = top * (1 - fy) + bottom * fy
                    worst = max(worst, Int(abs(sample - Double((p >> shift) & 0xFF)).rounded()))
                }
            }
        }
        return worst
    }

    // MARK: - Padded copies (rotated sprites)

    /// This texture (mip level `n`) with a transparent one-pixel border, so bilinear taps never need a
    /// bounds check.
    func padded(mip n: Int = 0) -> PaddedTexture {
        let source = mip(n)
        lock.lock()
        defer { lock.unlock() }
        while paddedMips.count <= n { paddedMips.append(nil) }
        if let p = paddedMips[n] { return p }
        let p = PaddedTexture(source)
        paddedMips[n] = p
        return p
    }
}

/// A texture copy with a transparent border of one pixel on every side.
final class PaddedTexture {
    /// Size of the image without the border.
    let width: Int, height: Int
    /// Pixels per row, `width + 2`.
    let stride: Int
    /// `(width + 2) × (height + 2)` pixels; image pixel (x, y) is at `(y + 1) × stride + x + 1`.
    let pixels: UnsafeMutablePointer<UInt32>
    /// The largest distance, in texels, from the image's centre ((width − 1) / 2, (height − 1) / 2 with
    /// texel centres at whole numbers) to the centre of a non-transparent texel; −1 when all are
    /// transparent. Bilinear samples farther than this + √2 from the centre are transparent, which lets
    /// rotated sprites skip their transparent corners (`SpriteKernels.bilinearRow`).
    let visibleRadius: Float
    init(_ t: Texture) {
        width = t.width
        height = t.height
        stride = t.width + 2
        let n = stride * (t.height + 2)
        pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        pixels.initialize(repeating: 0, count: n)
        let cx = Double(t.width - 1) / 2
        let cy = Double(t.height - 1) / 2
        var r2 = -1.0
        for y in 0..<t.height {
            let row = t.pixels + y * t.width
            (pixels + (y + 1) * stride + 1).update(from: row, count: t.width)
            let dy = Double(y) - cy
            for x in 0..<t.width where row[x] != 0 {
                let dx = Double(x) - cx
                r2 = max(r2, dx * dx + dy * dy)
            }
        }
        visibleRadius = r2 < 0 ? -1 : Float(r2.squareRoot())
    }

    deinit { pixels.deallocate() }
}
