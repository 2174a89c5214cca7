/// Drawing into an 8-bit premultiplied RGBA buffer (R, G, B, A bytes, rows `bytesPerRow` apart; the window
/// host's own canvases may store B, G, R, A):
/// translucent rectangles and bitmap text, blended source-over, clipped to the buffer.
///
/// The canvas does not own the memory; it is a view that must not outlive the buffer.
public struct PixelCanvas {
    /// The first byte of the top row.
    public let pixels: UnsafeMutablePointer<UInt8>
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Distance between rows in bytes (≥ width × 4).
    public let bytesPerRow: Int

    /// Byte offsets of red and blue in a pixel: 0 and 2, or 2 and 0 for a window texture that stores
    /// B, G, R, A bytes (`SDLWindow`).
    let redOffset: Int, blueOffset: Int

    /// A view of existing memory.
    public init(pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        self.init(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, swapsRedAndBlue: false)
    }

    /// A view of existing memory whose pixels are B, G, R, A bytes when `swapsRedAndBlue`.
    init(pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int, swapsRedAndBlue: Bool) {
        self.pixels = pixels
        self.width = max(0, width)
        self.height = max(0, height)
        self.bytesPerRow = bytesPerRow
        (redOffset, blueOffset) = swapsRedAndBlue ? (2, 0) : (0, 2)
    }

    // MARK: - Rectangles

    /// Blends a colour over a rectangle (pixel coordinates, clipped to the canvas).
    public func fill(x: Int, y: Int, width w: Int, height h: Int, color: OverlayColor) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(width, x + max(0, w))
        let y1 = min(height, y + max(0, h))
        guard x0 < x1, y0 < y1, color.alpha > 0 || color.red | color.green | color.blue > 0 else { return }
        for row in y0..<y1 {
            blendSpan(pixels + row * bytesPerRow + x0 * 4, count: x1 - x0, color: color)
        }
    }

    /// Blends `count` pixels from `p` with one colour: `dst = src + dst × (255 − srcAlpha) / 255`.
    private func blendSpan(_ p: UnsafeMutablePointer<UInt8>, count: Int, color: OverlayColor) {
        let inverse = 255 - UInt32(color.alpha)
        let r = UInt32(color.red)
        let g = UInt32(color.green)
        let b = UInt32(color.blue)
        let a = UInt32(color.alpha)
        let (ri, bi) = (redOffset, blueOffset)
        if inverse == 0 {
            for i in 0..<count {
                let q = p + i * 4
                q[ri] = UInt8(truncatingIfNeeded: r)
                q[1] = UInt8(truncatingIfNeeded: g)
                q[bi] = UInt8(truncatingIfNeeded: b)
                q[3] = 255
            }
            return
        }
        for i in 0..<count {
            let q = p + i * 4
            q[ri] = UInt8(truncatingIfNeeded: min(255, r + Self.scale(UInt32(q[ri]), by: inverse)))
            q[1] = UInt8(truncatingIfNeeded: min(255, g + Self.scale(UInt32(q[1]), by: inverse)))
            q[bi] = UInt8(truncatingIfNeeded: min(255, b + Self.scale(UInt32(q[bi]), by: inverse)))
            q[3] = UInt8(truncatingIfNeeded: min(255, a + Self.scale(UInt32(q[3]), by: inverse)))
        }
    }

    /// `value × factor / 255`, correctly rounded for 8-bit operands.
    @inline(__always)
    private static func scale(_ value: UInt32, by factor: UInt32) -> UInt32 {
        let t = value * factor + 128
        return (t + (t >> 8)) >> 8
    }

    // MARK: - Text

    /// Draws one line of text with its top-left glyph corner at (x, y); each font pixel becomes a
    /// `scale`×`scale` block. Returns the drawn width in pixels.
    @discardableResult
    public func draw(
        text: String, x: Int, y: Int, scale: Int, color: OverlayColor,
        font: BitmapFont = .standard
    ) -> Int {
        let s = max(1, scale)
        let codes = font.codes(for: text)
        var penX = x
        for code in codes {
            if penX >= width { break }
            if code != UInt8(ascii: " "), penX + font.glyphWidth * s > 0 {
                for row in 0..<font.glyphHeight {
                    let mask = font.rowMask(code: code, row: row)
                    guard mask != 0 else { continue }
                    var column = 0
                    while column < font.glyphWidth {
                        // Runs of ink become one span per pixel row: fewer, longer fills.
                        guard font.isInk(code: code, x: column, y: row) else {
                            column += 1
                            continue
                        }
                        var end = column + 1
                        while end < font.glyphWidth, font.isInk(code: code, x: end, y: row) { end += 1 }
                        fill(x: penX + column * s, y: y + row * s, width: (end - column) * s, height: s, color: color)
                        column = end
                    }
                }
            }
            penX += font.advance * s
        }
        return codes.isEmpty ? 0 : codes.count * font.advance * s - (font.advance - font.glyphWidth) * s
    }
}
