import Foundation
import LayerKit

/// An 8-bit coverage image (0 = empty, 255 = fully covered), rows top to bottom: drawn text before colour.
public struct AlphaBitmap: Equatable, Sendable {
    /// Width in pixels, ≥ 0.
    public let width: Int
    /// Height in pixels, ≥ 0.
    public let height: Int
    /// Pixels per point (the request's contentsScale).
    public let scale: CGFloat
    /// `width × height` coverage values, row-major, top row first.
    public internal(set) var pixels: [UInt8]

    /// A blank bitmap.
    public init(width: Int, height: Int, scale: CGFloat = 1) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.scale = scale
        pixels = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The coverage at (x, y); 0 outside the bitmap.
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// Whether nothing is covered.
    public var isBlank: Bool { !pixels.contains { $0 != 0 } }

    /// The smallest pixel rectangle holding every covered pixel; nil when blank.
    public var inkBounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }

    /// The covered pixels' share of intermediate values (neither 0 nor 255): lower is sharper.
    public var partialCoverageFraction: Double {
        let covered = pixels.filter { $0 != 0 }.count
        guard covered > 0 else { return 0 }
        return Double(pixels.filter { $0 != 0 && $0 != 255 }.count) / Double(covered)
    }

    /// The image of `color` seen through this coverage: premultiplied RGBA at `scale`.
    /// - Throws: `CGImage.SizeError` when the bitmap is empty or too large.
    public func image(tintedWith color: CGColor) throws -> CGImage {
        let c = color.clamped
        let r = Float(c.red * c.alpha)
        let g = Float(c.green * c.alpha)
        let b = Float(c.blue * c.alpha)
        let a = Float(c.alpha)
        try CGImage.validate(width: width, height: height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { cov in
                for i in 0..<cov.count {
                    let k = Float(cov[i]) * (1 / 255)
                    guard k > 0 else { continue }
                    out[i * 4] = UInt8(r * k * 255 + 0.5)
                    out[i * 4 + 1] = UInt8(g * k * 255 + 0.5)
                    out[i * 4 + 2] = UInt8(b * k * 255 + 0.5)
                    out[i * 4 + 3] = UInt8(a * k * 255 + 0.5)
                }
            }
        }
        return try CGImage(width: width, height: height, premultipliedPixels: rgba, scale: scale)
    }

    // MARK: - Drawing glyphs

    /// Adds a glyph's coverage with its top-left pixel at (x0, y0), clipped, as the union of coverages
    /// (a + b − a·b), so overlapping glyphs never exceed full coverage.
    mutating func blend(_ glyph: GlyphBitmap, atX x0: Int, y y0: Int) {
        let xs = max(0, -x0)
        let ys = max(0, -y0)
        let xe = min(glyph.width, width - x0)
        let ye = min(glyph.height, height - y0)
        guard xs < xe, ys < ye else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { dst in
            glyph.pixels.withUnsafeBufferPointer { src in
                for y in ys..<ye {
                    let srow = y * glyph.width
                    let drow = (y0 + y) * w + x0
                    for x in xs..<xe {
                        let s = Int(src[srow + x])
                        if s == 0 { continue }
                        let d = Int(dst[drow + x])
                        dst[drow + x] = UInt8(d + s - (d * s + 127) / 255)
                    }
                }
            }
        }
    }
}
