import EmitterTestSupport
import Foundation
import LayerKit
import Testing

@testable import ImageCodec

/// PNG round trips and every kind of bad input: each gives an ImageError naming the source, never a crash.
@Suite struct PNGCodecTests {
    /// A 7×5 test image with varied colours and alphas, generated here (no third-party files).
    func testImage() throws -> CGImage {
        try CGImage(width: 7, height: 5) { x, y in
            CGColor(red: CGFloat(x) / 6, green: CGFloat(y) / 4, blue: 0.5, alpha: x == 0 ? 1 : CGFloat(y + 1) / 5)
        }
    }

    /// A path in a fresh folder of its own (tests run in parallel and list their folders), removed with
    /// the test process's temporary root.
    func tempPath(_ name: String) throws -> String { try TestSupport.temporaryFolder("png") + "/" + name }

    @Test func roundTripKeepsEveryPixel() throws {
        let img = try testImage()
        let data = try img.pngData()
        let back = try PNGCodec.decode(data)
        #expect(back.width == 7 && back.height == 5)
        // Premultiplied → straight → premultiplied may move a channel by one step at low alpha.
        let maxDiff = zip(img.pixels, back.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(maxDiff <= 1, "largest channel difference \(maxDiff)")
        let opaque = try CGImage(width: 2, height: 1, straightPixels: [10, 20, 30, 255, 200, 100, 50, 255])
        #expect(try PNGCodec.decode(opaque.pngData()).pixels == opaque.pixels, "opaque pixels are exact")
    }

    @Test func writesAtomicallyAndLoadsWithScaleFromName() throws {
        let path = try tempPath("sprite@2x.png")
        let img = try testImage()
        try img.writePNG(to: path)
        let loaded = try CGImage.load(pngAt: path)
        #expect(loaded.scale == 2 && loaded.size == CGSize(width: 3.5, height: 2.5))
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: (path as NSString).deletingLastPathComponent
        )
        .filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty, "no partial files left: \(leftovers)")
    }

    @Test func notAPNGIsNamedWithItsFormat() {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1])
        #expect(throws: ImageError.notPNG(source: "a.jpg", detectedFormat: "JPEG")) {
            try PNGCodec.decode(jpeg, source: "a.jpg")
        }
        let tiff = Data([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8])
        #expect(throws: ImageError.notPNG(source: "t", detectedFormat: "TIFF")) {
            try PNGCodec.decode(tiff, source: "t")
        }
        #expect(throws: ImageError.notPNG(source: "e", detectedFormat: "an empty file")) {
            try PNGCodec.decode(Data(), source: "e")
        }
        let text = Data("hello, world".utf8)
        #expect(throws: ImageError.self) { try PNGCodec.decode(text) }
        let message = ImageError.notPNG(source: "a.jpg", detectedFormat: "JPEG").description
        #expect(message.contains("a.jpg") && message.contains("convert it to PNG"), "\(message)")
    }

    @Test func truncatedPNGIsAnError() throws {
        let data = try testImage().pngData()
        for cut in [9, 20, 33, data.count / 2, data.count - 13] {
            #expect(throws: ImageError.self, Comment(rawValue: "cut at \(cut) of \(data.count)")) {
                try PNGCodec.decode(data.prefix(cut), source: "cut")
            }
        }
    }

    @Test func corruptPNGIsAnError() throws {
        var data = try testImage().pngData()
        // Damage the compressed image data (after the 8-byte signature and the 25-byte IHDR chunk).
        for i in 45..<min(data.count - 12, 60) { data[i] ^= 0x5A }
        #expect(throws: ImageError.self) { try PNGCodec.decode(data, source: "corrupt") }
        var badCRC = try testImage().pngData()
        badCRC[29] ^= 0xFF
        #expect(throws: ImageError.self) { try PNGCodec.decode(badCRC, source: "crc") }
    }

    @Test func hugeDimensionsAreRejectedBeforeAllocating() throws {
        // A valid signature and IHDR claiming 20 000 × 20 000 pixels, with almost no image data.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data("IHDR".utf8)
        for v in [UInt32(20_000), UInt32(20_000)] { withUnsafeBytes(of: v.bigEndian) { ihdr.append(contentsOf: $0) } }
        ihdr.append(contentsOf: [8, 6, 0, 0, 0])
        withUnsafeBytes(of: UInt32(13).bigEndian) { png.append(contentsOf: $0) }
        png.append(ihdr)
        withUnsafeBytes(of: crc32(ihdr).bigEndian) { png.append(contentsOf: $0) }
        // A token IDAT chunk, so that libpng reaches the point where it knows the size.
        let idat = Data("IDAT".utf8) + Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        withUnsafeBytes(of: UInt32(idat.count - 4).bigEndian) { png.append(contentsOf: $0) }
        png.append(idat)
        withUnsafeBytes(of: crc32(idat).bigEndian) { png.append(contentsOf: $0) }
        #expect(throws: ImageError.tooLarge(source: "huge.png", width: 20_000, height: 20_000)) {
            try PNGCodec.decode(png, source: "huge.png")
        }
    }

    @Test func missingFileNamesThePath() {
        #expect(throws: ImageError.unreadable(path: "/nonexistent/x.png", reason: "no such file")) {
            try PNGCodec.load(path: "/nonexistent/x.png")
        }
    }

    @Test func failedWriteLeavesTheExistingFile() throws {
        let path = try tempPath("keep.png")
        try testImage().writePNG(to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: ImageError.self) { try testImage().writePNG(to: "/nonexistent-dir/keep.png") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// CRC-32 (ISO 3309), as PNG chunks use.
    func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
