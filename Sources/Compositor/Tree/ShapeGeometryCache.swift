import Foundation
import LayerKit
import PathGeometry

/// Shape layers' fill and stroke geometry, kept between frames per model layer and rebuilt only when
/// the path, the stroke style, the fill rule, which parts are drawn, or the device transform change (a
/// moving shape layer is re-stroked; a still one in an animated scene is not).
final class ShapeGeometryCache {
    /// Everything the geometry depends on.
    struct Key: Equatable {
        var path: CGPath
        var fillRule: CAShapeLayerFillRule
        var style: StrokeStyle
        var fills: Bool, strokes: Bool
        /// The transform the geometry was built with (device transform, or the uniform scale under perspective).
        var transform: CGAffineTransform
    }

    /// The geometry, or the message of the error that stopped it.
    typealias Result = Swift.Result<ShapeGeometry, PathGeometryError>

    private struct Entry {
        var key: Key
        var result: Result
        weak var layer: CALayer?
        var lastUse: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0
    /// How many times geometry was built (cache misses), for tests.
    private(set) var builds = 0

    /// The geometry of `model` for `key`, building it with `make` when the key changed.
    func geometry(for model: CALayer, key: Key, make: () -> Result) -> Result {
        let id = ObjectIdentifier(model)
        if var e = entries[id], e.layer === model, e.key == key {
            e.lastUse = frame
            entries[id] = e
            return e.result
        }
        builds += 1
        let r = make()
        entries[id] = Entry(key: key, result: r, layer: model, lastUse: frame)
        return r
    }

    /// Drops entries of layers that are gone or were not drawn for 60 frames.
    func endFrame() {
        frame += 1
        entries = entries.filter { $0.value.layer != nil && frame - $0.value.lastUse <= 60 }
    }
}
