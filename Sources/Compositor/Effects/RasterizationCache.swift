import Foundation
import LayerKit

/// Bitmaps of `shouldRasterize` layers, keyed by model layer. An entry is reused while the subtree's
/// fingerprint (`LayerFingerprint`) is unchanged and is replaced as soon as anything in the subtree
/// changes; entries not drawn for a while are dropped.
final class RasterizationCache {
    private struct Entry {
        let fingerprint: Int
        let texture: Texture
        weak var model: CALayer?
        var lastUse: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0

    func texture(key: ObjectIdentifier, fingerprint: Int) -> Texture? {
        guard var e = entries[key], e.model != nil, e.fingerprint == fingerprint else { return nil }
        e.lastUse = frame
        entries[key] = e
        return e.texture
    }

    func store(key: ObjectIdentifier, fingerprint: Int, texture: Texture, model: CALayer) {
        entries[key] = Entry(fingerprint: fingerprint, texture: texture, model: model, lastUse: frame)
    }

    /// Drops entries whose layer is gone or that were not drawn for `keepFrames` frames.
    func endFrame(keepFrames: Int = 60) {
        frame += 1
        entries = entries.filter { $0.value.model != nil && frame - $0.value.lastUse <= keepFrames }
    }

    var count: Int { entries.count }
}
