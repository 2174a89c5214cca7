import Testing

@testable import SDLHost

/// Rectangles and text blended into premultiplied RGBA8 memory.
@Suite struct PixelCanvasTests {
    /// A buffer with `padding` guard bytes after each row, filled with `value`.
    final class Buffer {
        let width: Int, height: Int, bytesPerRow: Int
        var bytes: [UInt8]
        init(width: Int, height: Int, padding: Int = 0, value: UInt8 = 0) {
            (self.width, self.height, bytesPerRow) = (width, height, width * 4 + padding)
            bytes = [UInt8](repeating: value, count: height * (width * 4 + padding))
        }
        func draw(_ body: (PixelCanvas) -> Void) {
            bytes.withUnsafeMutableBytes { raw in
                body(
                    PixelCanvas(
                        pixels: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width,
                        height: height, bytesPerRow: bytesPerRow))
            }
        }
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            Array(bytes[(y * bytesPerRow + x * 4)..<(y * bytesPerRow + x * 4 + 4)])
        }
    }

    @Test func opaqueFillReplacesPixelsExactly() {
        let buffer = Buffer(width: 4, height: 3)
        buffer.draw { $0.fill(x: 1, y: 1, width: 2, height: 1, color: OverlayColor(red: 1, green: 0.5, blue: 0)) }
        #expect(buffer.pixel(1, 1) == [255, 128, 0, 255])
        #expect(buffer.pixel(2, 1) == [255, 128, 0, 255])
        #expect(buffer.pixel(0, 1) == [0, 0, 0, 0])
        #expect(buffer.pixel(3, 1) == [0, 0, 0, 0])
        #expect(buffer.pixel(1, 0) == [0, 0, 0, 0])
    }

    @Test func translucentFillBlendsSourceOverPremultiplied() {
        // Half-transparent black over opaque white: 255 × (255 − 128) / 255 = 127, alpha stays 255.
        let buffer = Buffer(width: 1, height: 1, value: 255)
        buffer.draw {
            $0.fill(x: 0, y: 0, width: 1, height: 1, color: OverlayColor(red: 0, green: 0, blue: 0, alpha: 128.0 / 255))
        }
        #expect(buffer.pixel(0, 0) == [127, 127, 127, 255], "\(buffer.pixel(0, 0))")
        // Premultiplied half red over transparent: the colour itself.
        let clear = Buffer(width: 1, height: 1)
        clear.draw {
            $0.fill(x: 0, y: 0, width: 1, height: 1, color: OverlayColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        }
        #expect(clear.pixel(0, 0) == [128, 0, 0, 128], "\(clear.pixel(0, 0))")
    }

    @Test func fillsAreClippedAndNeverTouchRowPadding() {
        let buffer = Buffer(width: 3, height: 3, padding: 8, value: 7)
        buffer.draw { $0.fill(x: -5, y: -5, width: 100, height: 100, color: OverlayColor(red: 0, green: 1, blue: 0)) }
        for y in 0..<3 {
            for x in 0..<3 { #expect(buffer.pixel(x, y) == [0, 255, 0, 255]) }
            let padding = buffer.bytes[(y * buffer.bytesPerRow + 12)..<((y + 1) * buffer.bytesPerRow)]
            #expect(padding.allSatisfy { $0 == 7 }, "row \(y) padding \(Array(padding))")
        }
        buffer.draw { $0.fill(x: 3, y: 0, width: 5, height: 5, color: OverlayColor(red: 1, green: 1, blue: 1)) }
        #expect(buffer.pixel(2, 0) == [0, 255, 0, 255], "a rectangle right of the canvas draws nothing")
    }

    @Test func textPutsEachFontPixelInAScaledBlock() {
        let buffer = Buffer(width: 20, height: 20)
        var width = 0
        buffer.draw { width = $0.draw(text: "A", x: 2, y: 1, scale: 2, color: .text) }
        #expect(width == 10)
        let font = BitmapFont.standard
        for fy in 0..<font.glyphHeight {
            for fx in 0..<font.glyphWidth {
                let ink = font.isInk(code: UInt8(ascii: "A"), x: fx, y: fy)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = buffer.pixel(2 + fx * 2 + dx, 1 + fy * 2 + dy)
                    #expect(
                        p == (ink ? [255, 255, 255, 255] : [0, 0, 0, 0]),
                        "font pixel (\(fx),\(fy)) block (\(dx),\(dy)): \(p)")
                }
            }
        }
    }

    @Test func textRunningOffTheCanvasIsClipped() {
        let buffer = Buffer(width: 8, height: 4, padding: 4, value: 9)
        buffer.draw { $0.draw(text: "WWWW", x: -3, y: -2, scale: 1, color: .text) }
        for y in 0..<4 {
            let padding = buffer.bytes[(y * buffer.bytesPerRow + 32)..<((y + 1) * buffer.bytesPerRow)]
            #expect(padding.allSatisfy { $0 == 9 }, "row \(y)")
        }
        #expect(buffer.bytes.contains(255), "some of the text is visible")
    }
}
