import Foundation

/// A bitmap: premultiplied, sRGB-encoded RGBA, 8 bits per channel, rows top to bottom.
///
/// Immutable and shareable (layers that show the same image share its memory). `scale` relates pixels
/// to points: an image of 64×64 pixels at scale 2 is 32×32 points. PNG loading and saving live in the
/// ImageCodec module (`CGImage.load(pngAt:)`, `image.pngData()`).
public final class CGImage: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels, ≥ 1.
    public let width: Int
    /// Height in pixels, ≥ 1.
    public let height: Int
    /// Pixels per point, > 0. Default 1.
    public let scale: CGFloat
    /// `width × height × 4` bytes: premultiplied R, G, B, A per pixel, row-major, top row first.
    public let pixels: [UInt8]

    /// Bytes per row: `width × 4` (rows are tightly packed).
    public var bytesPerRow: Int { width * 4 }
    /// Bits per channel: 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: 32.
    public var bitsPerPixel: Int { 32 }
    /// Size in points: pixels ÷ scale.
    public var size: CGSize { CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale) }

    /// The largest width or height accepted from any source, in pixels: 16 384.
    public static let maximumDimension = 16_384
    /// The largest pixel count accepted from any source: 2²⁶ = 67 108 864 (256 MiB of RGBA).
    public static let maximumPixelCount = 1 << 26

    /// Why an image cannot be created.
    public enum SizeError: Error, Equatable, CustomStringConvertible {
        /// Width or height is < 1.
        case empty(width: Int, height: Int)
        /// Width or height exceeds `maximumDimension`, or the pixel count exceeds `maximumPixelCount`.
        case tooLarge(width: Int, height: Int)
        /// The pixel buffer does not hold `width × height × 4` bytes.
        case wrongByteCount(expected: Int, got: Int)
        /// The scale is not a finite number > 0.
        case badScale(CGFloat)

        /// A message naming the problem and the limit.
        public var description: String {
            switch self {
            case .empty(let w, let h): return "image is empty (\(w)×\(h) pixels)"
            case .tooLarge(let w, let h):
                return
                    "image is \(w)×\(h) pixels; the limit is \(CGImage.maximumDimension) per side and \(CGImage.maximumPixelCount) pixels in all"
            case .wrongByteCount(let e, let g): return "pixel buffer has \(g) bytes, expected \(e)"
            case .badScale(let s): return "image scale must be a finite number > 0, got \(s)"
            }
        }
    }

    /// Checks a size against the limits without allocating anything.
    public static func validate(width: Int, height: Int) throws {
        guard width >= 1, height >= 1 else { throw SizeError.empty(width: width, height: height) }
        guard width <= maximumDimension, height <= maximumDimension, width * height <= maximumPixelCount else {
            throw SizeError.tooLarge(width: width, height: height)
        }
    }

    /// Creates an image from premultiplied RGBA8 pixels.
    public init(width: Int, height: Int, premultipliedPixels: [UInt8], scale: CGFloat = 1) throws {
        try CGImage.validate(width: width, height: height)
        guard premultipliedPixels.count == width * height * 4 else {
            throw SizeError.wrongByteCount(expected: width * height * 4, got: premultipliedPixels.count)
        }
        guard scale.isFinite, scale > 0 else { throw SizeError.badScale(scale) }
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = premultipliedPixels
    }

    /// Creates an image from straight (non-premultiplied) RGBA8 pixels, premultiplying them.
    public convenience init(width: Int, height: Int, straightPixels: [UInt8], scale: CGFloat = 1) throws {
        var p = straightPixels
        CGImage.premultiply(&p)
        try self.init(width: width, height: height, premultipliedPixels: p, scale: scale)
    }

    /// Creates an image by calling `pixel(x, y)` for every pixel; the colour is straight (not premultiplied).
    public convenience init(
        width: Int, height: Int, scale: CGFloat = 1,
        generator pixel: (_ x: Int, _ y: Int) -> CGColor
    ) throws {
        try CGImage.validate(width: width, height: height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = pixel(x, y).premultipliedRGBA8
                let i = (y * width + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (c.r, c.g, c.b, c.a)
            }
        }
        try self.init(width: width, height: height, premultipliedPixels: bytes, scale: scale)
    }

    /// A copy with a different scale (the same pixels).
    public func withScale(_ scale: CGFloat) throws -> CGImage {
        try CGImage(width: width, height: height, premultipliedPixels: pixels, scale: scale)
    }

    // MARK: - Pixels

    /// The premultiplied RGBA of pixel (x, y); (x, y) must be inside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The pixels un-premultiplied (straight alpha), as PNG stores them.
    public var straightPixels: [UInt8] {
        var p = pixels
        for i in stride(from: 0, to: p.count, by: 4) {
            let a = Int(p[i + 3])
            if a == 0 {
                p[i] = 0
                p[i + 1] = 0
                p[i + 2] = 0
                continue
            }
            if a == 255 { continue }
            for k in 0..<3 { p[i + k] = UInt8(min(255, (Int(p[i + k]) * 255 + a / 2) / a)) }
        }
        return p
    }

    /// Premultiplies straight RGBA8 in place, rounding to nearest.
    public static func premultiply(_ p: inout [UInt8]) {
        for i in stride(from: 0, to: p.count - 3, by: 4) {
            let a = Int(p[i + 3])
            if a == 255 { continue }
            for k in 0..<3 { p[i + k] = UInt8((Int(p[i + k]) * a + 127) / 255) }
        }
    }

    // MARK: - Identity

    /// Images are equal when they are the same object.
    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// A textual description, `CGImage(w×h @s)`.
    public var description: String { "CGImage(\(width)×\(height) @\(scale)x)" }
}
