import CSDL2
import LayerKit
import Testing

@testable import SDLHost

/// The window's frame path without a window: the upload's red–blue swap into a texture of the window's
/// own byte order, the overlay drawn in that order, and the letterbox the present fills.
@Suite struct FrameUploadTests {
    @Test func theUploadSwapsRedAndBlueAndKeepsGreenAndAlpha() {
        var rng = SeededRandom(seed: 0x5EED_0034)
        for count in [0, 1, 7, 8, 9, 16, 23, 40] {
            let source = (0..<count).map { _ in rng.next32() }
            var copy = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
            source.withUnsafeBytes { s in
                copy.withUnsafeMutableBytes { d in
                    SDLWindow.copySwappingRedAndBlue(from: s.baseAddress!, to: d.baseAddress!, count: count)
                }
            }
            let expected = source.map { ($0 & 0xFF00_FF00) | (($0 & 0xFF) << 16) | (($0 >> 16) & 0xFF) }
            #expect(Array(copy.prefix(count)) == expected, "\(count) pixels")
            #expect(copy[count] == 0xDEAD_BEEF, "\(count) pixels: nothing written past the row")
        }
    }

    @Test func theOverlayDrawsInTheTexturesByteOrder() {
        var bytes = [UInt8](repeating: 0, count: 2 * 4)
        bytes.withUnsafeMutableBufferPointer { b in
            let canvas = PixelCanvas(
                pixels: b.baseAddress!, width: 2, height: 1, bytesPerRow: 8, swapsRedAndBlue: true)
            canvas.fill(x: 1, y: 0, width: 1, height: 1, color: OverlayColor(red: 1, green: 0.5, blue: 0))
        }
        #expect(Array(bytes[4..<8]) == [0, 128, 255, 255], "B, G, R, A: \(bytes)")
        #expect(Array(bytes[0..<4]) == [0, 0, 0, 0])
    }

    @Test func theLetterboxCoversExactlyWhatTheFrameLeaves() {
        let cases: [((x: Int, y: Int, width: Int, height: Int), Int, Int)] = [
            ((160, 0, 960, 720), 1280, 720), ((0, 60, 320, 200), 320, 320), ((0, 0, 64, 48), 64, 48),
            ((10, 5, 30, 20), 50, 40), ((-20, 10, 80, 10), 40, 40), ((100, 100, 5, 5), 40, 40),
        ]
        for (frame, width, height) in cases {
            let bars = SDLWindow.letterbox(around: frame, width: width, height: height)
            var hits = [Int](repeating: 0, count: width * height)
            for b in bars {
                for y in Int(b.y)..<Int(b.y + b.h) { for x in Int(b.x)..<Int(b.x + b.w) { hits[y * width + x] += 1 } }
            }
            for y in 0..<height {
                for x in 0..<width {
                    let inFrame =
                        x >= frame.x && x < frame.x + frame.width && y >= frame.y && y < frame.y + frame.height
                    #expect(
                        hits[y * width + x] == (inFrame ? 0 : 1),
                        "frame \(frame) in \(width)×\(height): pixel (\(x), \(y)) filled \(hits[y * width + x]) times")
                    if hits[y * width + x] != (inFrame ? 0 : 1) { return }
                }
            }
        }
    }
}
