import Foundation

/// One rasterised glyph: 8-bit coverage and where it sits relative to the pen position on the baseline.
struct GlyphBitmap {
    /// Width in pixels, ≥ 1.
    let width: Int
    /// Height in pixels, ≥ 1.
    let height: Int
    /// Pixels from the pen position to the bitmap's left edge.
    let left: Int
    /// Pixels from the baseline up to the bitmap's top edge.
    let top: Int
    /// `width × height` coverage values, rows top to bottom.
    let pixels: [UInt8]
}
