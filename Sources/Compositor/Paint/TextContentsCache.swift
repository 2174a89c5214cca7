import Foundation
import LayerKit

/// The rendered contents of text layers, kept between frames per model layer and redrawn only when what
/// the text looks like changes: string, font, size, bounds, alignment, wrapping, truncation, colour or
/// the pixel scale it is drawn at.
final class TextContentsCache {
    /// Everything that decides a text layer's bitmap.
    struct Key: Hashable {
        var string: String
        var font: String?
        var fontSize: Double
        var width: Double, height: Double
        var alignment: CATextLayerAlignmentMode
        var isWrapped: Bool
        var truncation: CATextLayerTruncationMode
        var color: CGColor
        /// Pixels per point of the bitmap.
        var scale: Double
    }

    /// What drawing the text gave.
    enum Result {
        /// The tinted, premultiplied text image, `scale` pixels per point; `warning` tells of a font fallback.
        case image(CGImage, warning: String?)
        /// Nothing to draw (empty bitmap).
        case nothing
        /// Typesetting refused the layer; the message names the property and the fix.
        case failed(String)
    }

    private struct Entry {
        var key: Key
        var result: Result
        weak var layer: CALayer?
        var lastUse: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0
    /// How many times text was typeset and rasterised (cache misses), for tests.
    private(set) var renders = 0

    /// The result for `model`'s text described by `key`, drawing it with `make` when the key changed.
    func contents(for model: CALayer, key: Key, make: () -> Result) -> Result {
        let id = ObjectIdentifier(model)
        if var e = entries[id], e.layer === model, e.key == key {
            e.lastUse = frame
            entries[id] = e
            return e.result
        }
        renders += 1
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
