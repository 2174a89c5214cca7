/// Pixels read back from the window's render target, as shown (letterbox and overlay included).
public struct CapturedFrame: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// R, G, B, A bytes per pixel, rows tightly packed, top row first. Alpha is what the render target
    /// stores (255 for an opaque window surface).
    public let pixels: [UInt8]

    /// Wraps read-back pixels.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The RGBA bytes of one pixel, or nil outside the frame.
    public func pixel(x: Int, y: Int) -> [UInt8]? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return Array(pixels[i..<i + 4])
    }
}
