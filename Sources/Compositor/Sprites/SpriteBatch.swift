import Foundation

/// One particle as drawn: a device-pixel rectangle and how to fill it.
struct DeviceSprite {
    /// Device bounding box [x0, x1) × [y0, y1); empty for sprites that draw nothing.
    var x0: Int32, y0: Int32, x1: Int32, y1: Int32
    /// Blit sprites: texel (0, 0) of the image drawn 1:1 at (x0, y0). Magnified sprites: their upright
    /// image's row extents (`SIMD2<Int32>` pairs, see `MagnifiedSprites`). Nil for other transformed
    /// sprites.
    var src: UnsafePointer<UInt32>?
    /// Blit sprites: pixels per source row. Transformed sprites: index of their `SpriteTransform`.
    var srcStride: Int32
    /// `SpriteKind` raw value.
    var kind: UInt8
    /// Tint per channel, 0…256, colour factors premultiplied by the alpha factor, arranged as the blit
    /// loop's 16-bit lanes: red | blue << 16 (the even bytes of a pixel) and green | alpha << 16 (odd).
    var tintRB: UInt32, tintGA: UInt32

    init(
        x0: Int32, y0: Int32, x1: Int32, y1: Int32, src: UnsafePointer<UInt32>?, srcStride: Int32, kind: UInt8,
        tr: UInt16, tg: UInt16, tb: UInt16, ta: UInt16
    ) {
        (self.x0, self.y0, self.x1, self.y1, self.src, self.srcStride, self.kind) = (
            x0, y0, x1, y1, src, srcStride, kind
        )
        tintRB = UInt32(tr) | UInt32(tb) << 16
        tintGA = UInt32(tg) | UInt32(ta) << 16
    }

    var tr: UInt32 { tintRB & 0xFFFF }
    var tg: UInt32 { tintGA & 0xFFFF }
    var tb: UInt32 { tintRB >> 16 }
    var ta: UInt32 { tintGA >> 16 }
}

/// How a sprite is drawn.
enum SpriteKind: UInt8 {
    /// Nothing (invisible, off-target, or not finite).
    case none = 0
    /// Copied 1:1 (the image at its own size, or a cached pre-scaled copy), tinted and blended.
    case blit = 1
    /// Rotated or flipped: inverse-mapped per pixel with bilinear filtering.
    case bilinear = 2
    /// Rotated or flipped with the nearest filter.
    case nearest = 3
    /// Rotated or flipped and magnified 2× or more: drawn from an upright copy (`MagnifiedSprites`).
    case magnified = 4
}

/// A transformed sprite's inverse map: device pixel centre → texel coordinates of a padded texture.
struct SpriteTransform {
    /// u = a·x + c·y + tx, v = b·x + d·y + ty (texel units of the unpadded image, texel centres at +½).
    var a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    /// The padded texture (mip level already chosen), or a magnified sprite's upright image.
    var pixels: UnsafePointer<UInt32>
    var stride: Int32, width: Int32, height: Int32
    /// Texels farther than this from the image's centre are transparent (`PaddedTexture.visibleRadius`);
    /// infinity when not known (upright images), which clips nothing.
    var visibleRadius: Float = .infinity
}

/// The particles of one emitter layer for one frame, in device pixels, binned by band so that each band
/// draws only the sprites that touch it, in the emitter's order.
final class SpriteBatch {
    /// ONE/ONE blending (renderMode additive) instead of source-over.
    private(set) var additive = false
    /// Scissor: sprites draw only inside it.
    private(set) var clip: IntRect = .empty
    /// Union of the sprites' boxes inside the clip.
    private(set) var bounds: IntRect = .empty

    private(set) var count = 0
    private(set) var sprites: UnsafeMutablePointer<DeviceSprite>
    private(set) var transforms: UnsafeMutablePointer<SpriteTransform>
    private var capacity: Int

    /// Band b (global index) covers device rows b·bandHeight ..< (b + 1)·bandHeight.
    private(set) var firstBand = 0
    private(set) var bandCount = 0
    /// The sprites of band `firstBand + i` are `binned[binStarts[i] ..< binStarts[i + 1]]`: copies in
    /// draw order, so a band reads its sprites sequentially. With a single band, `binned` is `sprites`.
    private(set) var binStarts: UnsafeMutablePointer<Int32>
    private(set) var binned: UnsafeMutablePointer<DeviceSprite>
    private var binStorage: UnsafeMutablePointer<DeviceSprite>
    private var binCapacity = 0, binStartCapacity = 0

    /// Objects that must outlive the frame (textures the sprites point into).
    var retained: [AnyObject] = []

    /// Upright images of magnified sprites (`MagnifiedSprites`), kept between frames and regrown.
    private(set) var uprightPixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var uprightExtents = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: 1)
    private var uprightPixelCapacity = 1, uprightRowCapacity = 1

    /// Makes room for `pixels` upright pixels and `rows` row extents (the old contents are dropped).
    func reserveUpright(pixels: Int, rows: Int) {
        if pixels > uprightPixelCapacity {
            uprightPixels.deallocate()
            uprightPixelCapacity = max(pixels, uprightPixelCapacity * 2)
            uprightPixels = UnsafeMutablePointer<UInt32>.allocate(capacity: uprightPixelCapacity)
        }
        if rows > uprightRowCapacity {
            uprightExtents.deallocate()
            uprightRowCapacity = max(rows, uprightRowCapacity * 2)
            uprightExtents = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: uprightRowCapacity)
        }
    }

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        sprites = UnsafeMutablePointer<DeviceSprite>.allocate(capacity: self.capacity)
        transforms = UnsafeMutablePointer<SpriteTransform>.allocate(capacity: self.capacity)
        binStarts = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        binStorage = UnsafeMutablePointer<DeviceSprite>.allocate(capacity: 1)
        binned = binStorage
        counts = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        chunkBoxes = UnsafeMutablePointer<(Int32, Int32, Int32, Int32)>.allocate(capacity: 1)
    }

    deinit {
        sprites.deallocate()
        transforms.deallocate()
        binStarts.deallocate()
        binStorage.deallocate()
        counts.deallocate()
        chunkBoxes.deallocate()
        uprightPixels.deallocate()
        uprightExtents.deallocate()
    }

    /// Sprites per chunk of the parallel passes.
    static let chunk = 4096

    /// Per (chunk, band) sprite counts, then first slots (`chunks × bandCount`), and per-chunk boxes.
    private(set) var counts: UnsafeMutablePointer<Int32>
    private(set) var chunkBoxes: UnsafeMutablePointer<(Int32, Int32, Int32, Int32)>
    private var countCapacity = 0, chunkCapacity = 0
    /// Rows per band = 1 << bandShift (band indices are arithmetic shifts of row numbers).
    private(set) var bandShift = 5
    /// Rows per band.
    var bandHeight: Int { 1 << bandShift }

    /// Whether the sprites are placed in the pixels of a half-resolution buffer (`HalfResolutionSprites`)
    /// rather than the device's.
    private(set) var halfResolution = false

    /// Prepares the batch for `n` sprites (growing the storage when needed); the builder then fills them.
    /// Bands (of a power-of-two height) are laid over the clip's rows.
    func reset(additive: Bool, clip: IntRect, count n: Int, bandHeight: Int, halfResolution: Bool = false) {
        bandShift = max(0, Int.bitWidth - 1 - bandHeight.leadingZeroBitCount)
        let bandHeight = 1 << bandShift
        self.additive = additive
        self.halfResolution = halfResolution
        self.clip = clip
        retained.removeAll(keepingCapacity: true)
        if n > capacity {
            sprites.deallocate()
            transforms.deallocate()
            capacity = max(n, capacity * 2)
            sprites = UnsafeMutablePointer<DeviceSprite>.allocate(capacity: capacity)
            transforms = UnsafeMutablePointer<SpriteTransform>.allocate(capacity: capacity)
        }
        count = n
        bounds = .empty
        bandCount = 0
        guard !clip.isEmpty else { return }
        firstBand = floorDiv(clip.y0, bandHeight)
        bandCount = floorDiv(clip.y1 - 1, bandHeight) - firstBand + 1
        let chunks = max(1, (n + SpriteBatch.chunk - 1) / SpriteBatch.chunk)
        if countCapacity < chunks * bandCount {
            counts.deallocate()
            countCapacity = chunks * bandCount
            counts = UnsafeMutablePointer<Int32>.allocate(capacity: countCapacity)
        }
        counts.initialize(repeating: 0, count: chunks * bandCount)
        if chunkCapacity < chunks {
            chunkBoxes.deallocate()
            chunkCapacity = chunks
            chunkBoxes = UnsafeMutablePointer<(Int32, Int32, Int32, Int32)>.allocate(capacity: chunks)
        }
        chunkBoxes.initialize(repeating: (Int32.max, Int32.max, Int32.min, Int32.min), count: chunks)
    }

    /// Counts the sprites `first ..< end` (already placed) in their bands and records their box, for
    /// chunk `c`. Called by the placement pass, one thread per chunk.
    func note(chunk c: Int, _ first: Int, _ end: Int) {
        let sh = Int32(bandShift)
        let fb = Int32(firstBand)
        let lb = Int32(firstBand + bandCount - 1)
        let row = counts + c * bandCount
        var minX = Int32.max
        var minY = Int32.max
        var maxX = Int32.min
        var maxY = Int32.min
        for i in first..<end {
            let s = sprites[i]
            if s.kind == 0 { continue }
            let b0 = max(fb, s.y0 >> sh)
            let b1 = min(lb, (s.y1 - 1) >> sh)
            if b0 > b1 { continue }
            row[Int(b0 - fb)] += 1
            if b1 > b0 { for b in (b0 + 1)...b1 { row[Int(b - fb)] += 1 } }
            minX = min(minX, s.x0)
            minY = min(minY, s.y0)
            maxX = max(maxX, s.x1)
            maxY = max(maxY, s.y1)
        }
        chunkBoxes[c] = (minX, minY, maxX, maxY)
    }

    /// The union of the placed sprites' boxes within the clip (after `note`, before `bin`).
    var placedBox: IntRect {
        let chunks = (count + SpriteBatch.chunk - 1) / SpriteBatch.chunk
        var box = IntRect.empty
        for c in 0..<chunks {
            let b = chunkBoxes[c]
            guard b.0 < b.2, b.1 < b.3 else { continue }
            box = box.union(IntRect(x0: Int(b.0), y0: Int(b.1), x1: Int(b.2), y1: Int(b.3)))
        }
        return box.intersection(clip)
    }

    /// Builds the band bins from the counts gathered by `note`: offsets band by band and chunk by chunk,
    /// then a parallel copy of every sprite into its bands. A band's sprites keep their order, so the
    /// result is the same for any thread count.
    func bin(threads: Int) {
        let n = count
        let chunk = SpriteBatch.chunk
        let chunks = (n + chunk - 1) / chunk
        let bands = bandCount
        guard chunks > 0, bands > 0 else {
            bounds = .empty
            bandCount = 0
            return
        }
        var minX = Int32.max
        var minY = Int32.max
        var maxX = Int32.min
        var maxY = Int32.min
        for c in 0..<chunks {
            let b = chunkBoxes[c]
            minX = min(minX, b.0)
            minY = min(minY, b.1)
            maxX = max(maxX, b.2)
            maxY = max(maxY, b.3)
        }
        guard minX < maxX, minY < maxY else {
            bounds = .empty
            bandCount = 0
            return
        }
        bounds = IntRect(x0: Int(minX), y0: Int(minY), x1: Int(maxX), y1: Int(maxY)).intersection(clip)
        guard !bounds.isEmpty else {
            bandCount = 0
            return
        }
        if binStartCapacity < bands + 1 {
            binStarts.deallocate()
            binStartCapacity = bands + 1
            binStarts = UnsafeMutablePointer<Int32>.allocate(capacity: binStartCapacity)
        }
        var total: Int32 = 0
        for b in 0..<bands {
            binStarts[b] = total
            for c in 0..<chunks {
                let k = counts[c * bands + b]
                counts[c * bands + b] = total
                total += k
            }
        }
        binStarts[bands] = total
        if bands == 1 {
            // One band: the sprites are already in order (skipped ones have kind 0).
            binStarts[0] = 0
            binStarts[1] = Int32(n)
            binned = sprites
            return
        }
        if binCapacity < Int(total) {
            binStorage.deallocate()
            binCapacity = max(Int(total), binCapacity * 2)
            binStorage = UnsafeMutablePointer<DeviceSprite>.allocate(capacity: binCapacity)
        }
        binned = binStorage
        let sprites = self.sprites
        let out = binned
        let counts = self.counts
        let sh = Int32(bandShift)
        let fb = Int32(firstBand)
        let lb = Int32(firstBand + bands - 1)
        let copy = { (c: Int) in
            let cursor = counts + c * bands
            for i in (c * chunk)..<min(n, (c + 1) * chunk) {
                let s = sprites[i]
                if s.kind == 0 { continue }
                let b0 = max(fb, s.y0 >> sh)
                let b1 = min(lb, (s.y1 - 1) >> sh)
                if b0 > b1 { continue }
                for b in b0...b1 {
                    let k = Int(b - fb)
                    out[Int(cursor[k])] = s
                    cursor[k] += 1
                }
            }
        }
        if threads > 1 && chunks > 1 {
            DispatchQueue.concurrentPerform(iterations: chunks, execute: copy)
        } else {
            for c in 0..<chunks { copy(c) }
        }
    }

    /// Number of sprites that draw something.
    var visibleCount: Int {
        var n = 0
        for i in 0..<count where sprites[i].kind != 0 { n += 1 }
        return n
    }
}

@inline(__always)
func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
