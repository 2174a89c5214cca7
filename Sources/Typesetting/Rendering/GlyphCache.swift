import Foundation

/// Rasterised glyphs by (face, pixel size, glyph, subpixel offset), so drawing the same text again costs
/// only the copying. Bounded: when it holds more than `byteBudget` bytes it starts afresh (an animated
/// fontSize makes a new size every frame; those glyphs are not worth keeping). Not thread-safe:
/// `TextRenderer` serialises access.
struct GlyphCache {
    struct Key: Hashable {
        var face: Int
        var pixelSize26_6: Int
        var glyph: UInt32
        var subpixel: Int
    }

    /// The most bytes of glyph pixels kept: 16 MiB.
    var byteBudget = 16 << 20
    /// Horizontal positions are quantised to 1/`subpixelSteps` of a pixel.
    static let subpixelSteps = 4

    private var entries: [Key: GlyphBitmap?] = [:]
    private(set) var bytes = 0
    /// Lookups answered from the cache.
    private(set) var hits = 0
    /// Lookups that rasterised a glyph.
    private(set) var misses = 0

    /// The glyph's bitmap (nil for empty glyphs such as spaces), rasterising it on a miss.
    mutating func bitmap(for key: Key, render: () -> GlyphBitmap?) -> GlyphBitmap? {
        if let cached = entries[key] {
            hits += 1
            return cached
        }
        misses += 1
        let bitmap = render()
        let size = (bitmap?.pixels.count ?? 0) + 64
        if bytes + size > byteBudget {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[key] = bitmap
        bytes += size
        return bitmap
    }

    /// The number of glyphs held.
    var count: Int { entries.count }

    /// Forgets every glyph.
    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }
}
