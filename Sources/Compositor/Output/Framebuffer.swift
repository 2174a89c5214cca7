import Foundation
import ImageCodec
import LayerKit

/// What the compositor draws into: premultiplied, sRGB-encoded RGBA8 pixels, rows top to bottom, tightly
/// packed (`bytesPerRow = width × 4`), bytes in the order R, G, B, A.
///
/// The same bytes go to the window (an SDL streaming texture) and to PNG files, so a headless frame is
/// exactly what a user sees. `scale` is pixels per point: a 640×360-point scene at scale 2 needs a
/// 1280×720 framebuffer. The storage is allocated once and reused from frame to frame.
public final class Framebuffer: @unchecked Sendable {
    /// Width in pixels, 1…16 384.
    public let width: Int
    /// Height in pixels, 1…16 384.
    public let height: Int
    /// Pixels per point, a finite number > 0. Default 1.
    public let scale: CGFloat
    /// The pixels: `width × height` values, each R | G<<8 | B<<16 | A<<24 (memory order R, G, B, A).
    public let pixels: UnsafeMutablePointer<UInt32>

    /// Bytes per row: `width × 4` (no padding).
    public var bytesPerRow: Int { width * 4 }
    /// Size in points: pixels ÷ scale.
    public var size: CGSize { CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale) }

    /// Creates a framebuffer cleared to transparent black.
    ///
    /// Throws `CompositorError.badFramebuffer` when a side is < 1 or > 16 384, the pixel count exceeds
    /// `CGImage.maximumPixelCount`, or `scale` is not a finite number > 0.
    public init(width: Int, height: Int, scale: CGFloat = 1) throws {
        do { try CGImage.validate(width: width, height: height) } catch {
            throw CompositorError.badFramebuffer("framebuffer size \(width)×\(height): \(error)")
        }
        guard scale.isFinite, scale > 0 else {
            throw CompositorError.badFramebuffer(
                "framebuffer scale must be a finite number > 0 (pixels per point), got \(scale)")
        }
        self.width = width
        self.height = height
        self.scale = scale
        pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
    }

    deinit { pixels.deallocate() }

    /// Fills every pixel with `color` (premultiplied). Default transparent black.
    public func clear(to color: CGColor = .clear) {
        pixels.update(repeating: PixelMath.pixel(color), count: width * height)
    }

    /// The premultiplied RGBA of pixel (x, y), or nil outside the framebuffer.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let p = pixels[y * width + x]
        return (UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24))
    }

    /// The pixel as a straight (un-premultiplied) colour in 0…1, or nil outside the framebuffer.
    public func color(x: Int, y: Int) -> CGColor? {
        guard let p = pixel(x: x, y: y) else { return nil }
        let a = CGFloat(p.a) / 255
        guard a > 0 else { return .clear }
        return CGColor(
            red: CGFloat(p.r) / 255 / a, green: CGFloat(p.g) / 255 / a, blue: CGFloat(p.b) / 255 / a, alpha: a)
    }

    /// Calls `body` with the raw bytes (`height × bytesPerRow`), e.g. to upload them to a texture.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pixels, count: width * height * 4))
    }

    /// A copy of the pixels as an image (premultiplied RGBA8, the framebuffer's scale).
    public func makeImage() throws -> CGImage {
        let bytes = [UInt8](UnsafeRawBufferPointer(start: pixels, count: width * height * 4))
        return try CGImage(width: width, height: height, premultipliedPixels: bytes, scale: scale)
    }

    /// Writes the pixels as a PNG file (atomically, see `PNGCodec.write`).
    public func writePNG(to path: String) throws {
        try PNGCodec.write(try makeImage(), to: path)
    }

    /// Copies `other`'s pixels into this framebuffer; both must have the same size.
    func copyPixels(from other: Framebuffer) {
        guard other.width == width, other.height == height else { return }
        pixels.update(from: other.pixels, count: width * height)
    }
}

/// Why the compositor cannot do what was asked. Each message names the value and the fix.
public enum CompositorError: Error, Equatable, CustomStringConvertible {
    /// The framebuffer's size or scale is unusable.
    case badFramebuffer(String)
    /// A capture (`image(of:)`) of a layer with an empty or unusable size.
    case badCapture(String)

    /// The message shown to users.
    public var description: String {
        switch self {
        case .badFramebuffer(let m): return m
        case .badCapture(let m): return m
        }
    }
}
