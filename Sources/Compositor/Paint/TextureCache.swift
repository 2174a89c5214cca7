import Foundation
import LayerKit

/// Converted images kept between frames: whole images (layer contents) and sub-images (a particle
/// cell's contentsRect), keyed by image identity. Entries unused for a while are dropped.
final class TextureCache {
    private struct Key: Hashable {
        let image: ObjectIdentifier
        let x0: Int, y0: Int, x1: Int, y1: Int
    }

    private struct Entry {
        let image: CGImage
        let texture: Texture
        var lastUse: Int
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0

    /// The texture of `image` (the whole image).
    func texture(for image: CGImage) -> Texture {
        texture(for: image, x0: 0, y0: 0, x1: image.width, y1: image.height)
    }

    /// The texture of the pixels [x0, x1) × [y0, y1) of `image` (clamped to the image; at least 1×1).
    func texture(for image: CGImage, x0: Int, y0: Int, x1: Int, y1: Int) -> Texture {
        let cx0 = min(max(0, x0), image.width - 1)
        let cy0 = min(max(0, y0), image.height - 1)
        let cx1 = max(cx0 + 1, min(image.width, x1))
        let cy1 = max(cy0 + 1, min(image.height, y1))
        let key = Key(image: ObjectIdentifier(image), x0: cx0, y0: cy0, x1: cx1, y1: cy1)
        if var e = entries[key], e.image === image {
            e.lastUse = frame
            entries[key] = e
            return e.texture
        }
        let t: Texture
        if cx0 == 0, cy0 == 0, cx1 == image.width, cy1 == image.height {
            t = Texture(image: image)
        } else {
            t = Texture(width: cx1 - cx0, height: cy1 - cy0)
            image.pixels.withUnsafeBytes { raw in
                let src = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
                for y in cy0..<cy1 {
                    (t.pixels + (y - cy0) * t.width).update(from: src + y * image.width + cx0, count: t.width)
                }
            }
        }
        entries[key] = Entry(image: image, texture: t, lastUse: frame)
        return t
    }

    /// Ends a frame: drops textures unused for `keepFrames` frames.
    func endFrame(keepFrames: Int = 120) {
        frame += 1
        if frame % 16 == 0 { entries = entries.filter { frame - $0.value.lastUse <= keepFrames } }
    }

    /// Number of cached textures.
    var count: Int { entries.count }
}
