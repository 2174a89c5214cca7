import Foundation
import LayerKit

/// A value computed from a layer, kept between frames per model layer and recomputed only when the key
/// that decides it changes (text bitmaps, shape geometry).
///
/// Entries of layers that were freed, or that were not drawn for `idleFrames` frames, are dropped at the
/// end of a frame, so the cache never outgrows the layers on screen.
final class PerLayerCache<Key: Equatable, Value> {
    private struct Entry {
        var key: Key
        var value: Value
        weak var layer: CALayer?
        var lastUse: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0
    /// Frames an entry survives without being used; default 60 (one second at 60 fps).
    let idleFrames: Int
    /// How many times a value was computed (cache misses), for tests and diagnostics.
    private(set) var misses = 0

    /// Creates an empty cache whose entries live `idleFrames` frames without use.
    init(idleFrames: Int = 60) {
        self.idleFrames = idleFrames
    }

    /// The value of `model` for `key`, computing it with `make` when there is none or the key changed.
    func value(for model: CALayer, key: Key, make: () -> Value) -> Value {
        let id = ObjectIdentifier(model)
        if var e = entries[id], e.layer === model, e.key == key {
            e.lastUse = frame
            entries[id] = e
            return e.value
        }
        misses += 1
        let v = make()
        entries[id] = Entry(key: key, value: v, layer: model, lastUse: frame)
        return v
    }

    /// The value kept for `model`, whatever its key (for tests and diagnostics).
    func cachedValue(for model: CALayer) -> Value? {
        guard let e = entries[ObjectIdentifier(model)], e.layer === model else { return nil }
        return e.value
    }

    /// Drops entries of layers that are gone or were not used for `idleFrames` frames.
    func endFrame() {
        frame += 1
        entries = entries.filter { $0.value.layer != nil && frame - $0.value.lastUse <= idleFrames }
    }
}
