import Foundation

/// One particle as drawn: a device-pixel rectangle and how to fill it.
struct DeviceSprite {
    /// Device bounding box [x0, x1) × [y0, y1); empty for sprites that draw nothing.
    var x0: Int32, y0: Int32, x1: Int32, y1: Int32
    /// Blit sprites: texel (0, 0) of the image drawn 1:1 at (x0, y0). Nil for transformed sprites.
    var src: UnsafePointer<UInt32>?
    /// Blit sprites: pixels per source row.
    var srcStride: Int32
    /// `SpriteKind` raw value.
    var kind: UInt8
    /// Tint per channel, 0…256, colour factors premultiplied by the alpha factor: r, g, b, a.
    var tr: UInt16, tg: UInt16, tb: UInt16, ta: UInt16
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
}

/// A transformed sprite's inverse map: device pixel centre → texel coordinates of a padded texture.
struct SpriteTransform {
    /// u = a·x + c·y + tx, v = b·x + d·y + ty (texel units of the unpadded image, texel centres at +½).
    var a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    /// The padded texture (mip level already chosen).
    var pixels: UnsafePointer<UInt32>
    var stride: Int32, width: Int32, height: Int32
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
    /// Sprite indices of band `firstBand + i` are `binIndices[binStarts[i] ..< binStarts[i + 1]]`.
    private(set) var binStarts: UnsafeMutablePointer<Int32>
    private(set) var binIndices: UnsafeMutablePointer<Int32>
    private var binCapacity = 0, binStartCapacity = 0

    /// Objects that must outlive the frame (textures the sprites point into).
    var retained: [AnyObject] = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        sprites = UnsafeMutablePointer<DeviceSprite>.allocate(capacity: self.capacity)
        transforms = UnsafeMutablePointer<SpriteTransform>.allocate(capacity: self.capacity)
        binStarts = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        binIndices = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    }

    deinit {
        sprites.deallocate()
        transforms.deallocate()
        binStarts.deallocate()
        binIndices.deallocate()
    }

    /// Prepares the batch for `n` sprites (growing the storage when needed); the builder then fills them.
    func reset(additive: Bool, clip: IntRect, count n: Int) {
        self.additive = additive
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
    }

    /// Builds the band bins and the bounds from the sprites' boxes.
    func bin(bandHeight: Int) {
        var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
        for i in 0..<count {
            let s = sprites[i]
            if s.kind == 0 { continue }
            minX = min(minX, s.x0); minY = min(minY, s.y0); maxX = max(maxX, s.x1); maxY = max(maxY, s.y1)
        }
        guard minX < maxX, minY < maxY else { bounds = .empty; bandCount = 0; return }
        bounds = IntRect(x0: Int(minX), y0: Int(minY), x1: Int(maxX), y1: Int(maxY)).intersection(clip)
        guard !bounds.isEmpty else { bandCount = 0; return }
        firstBand = floorDiv(bounds.y0, bandHeight)
        let lastBand = floorDiv(bounds.y1 - 1, bandHeight)
        bandCount = lastBand - firstBand + 1
        if binStartCapacity < bandCount + 1 {
            binStarts.deallocate()
            binStartCapacity = bandCount + 1
            binStarts = UnsafeMutablePointer<Int32>.allocate(capacity: binStartCapacity)
        }
        binStarts.initialize(repeating: 0, count: bandCount + 1)
        let bh = Int32(bandHeight), fb = Int32(firstBand), lb = Int32(lastBand)
        var total = 0
        for i in 0..<count {
            let s = sprites[i]
            if s.kind == 0 { continue }
            let b0 = max(fb, floorDiv32(s.y0, bh)), b1 = min(lb, floorDiv32(s.y1 - 1, bh))
            if b0 > b1 { continue }
            for b in b0...b1 { binStarts[Int(b - fb) + 1] += 1 }
            total += Int(b1 - b0 + 1)
        }
        for i in 0..<bandCount { binStarts[i + 1] += binStarts[i] }
        if binCapacity < total {
            binIndices.deallocate()
            binCapacity = max(total, binCapacity * 2)
            binIndices = UnsafeMutablePointer<Int32>.allocate(capacity: binCapacity)
        }
        // Fill, using a running cursor per band (copy of the starts).
        let cursor = UnsafeMutablePointer<Int32>.allocate(capacity: bandCount)
        defer { cursor.deallocate() }
        cursor.update(from: binStarts, count: bandCount)
        for i in 0..<count {
            let s = sprites[i]
            if s.kind == 0 { continue }
            let b0 = max(fb, floorDiv32(s.y0, bh)), b1 = min(lb, floorDiv32(s.y1 - 1, bh))
            if b0 > b1 { continue }
            for b in b0...b1 {
                let k = Int(b - fb)
                binIndices[Int(cursor[k])] = Int32(i)
                cursor[k] += 1
            }
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

@inline(__always)
func floorDiv32(_ a: Int32, _ b: Int32) -> Int32 { a >= 0 ? a / b : -((-a + b - 1) / b) }
