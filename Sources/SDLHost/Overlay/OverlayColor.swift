/// An 8-bit premultiplied RGBA colour as the framebuffer stores it (R, G, B, A bytes in memory).
public struct OverlayColor: Equatable, Sendable {
    /// Premultiplied red, 0…255 (≤ alpha).
    public var red: UInt8
    /// Premultiplied green, 0…255 (≤ alpha).
    public var green: UInt8
    /// Premultiplied blue, 0…255 (≤ alpha).
    public var blue: UInt8
    /// Alpha, 0…255.
    public var alpha: UInt8

    /// Premultiplies straight sRGB components in 0…1 (clamped; NaN reads as 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func byte(_ v: Double) -> UInt8 { v > 0 ? UInt8(min(v, 1) * 255 + 0.5) : 0 }
        let a = alpha > 0 ? min(alpha, 1) : 0
        self.red = byte(red * a)
        self.green = byte(green * a)
        self.blue = byte(blue * a)
        self.alpha = byte(a)
    }

    /// Opaque white text.
    public static let text = OverlayColor(red: 1, green: 1, blue: 1)
    /// Dimmed text for secondary labels.
    public static let dimText = OverlayColor(red: 0.7, green: 0.75, blue: 0.8)
    /// Accent for headings and the paused badge.
    public static let accent = OverlayColor(red: 1, green: 0.8, blue: 0.3)
    /// The translucent panel behind statistics and help.
    public static let panel = OverlayColor(red: 0.05, green: 0.05, blue: 0.08, alpha: 0.75)
    /// The error banner's background.
    public static let errorPanel = OverlayColor(red: 0.55, green: 0.05, blue: 0.05, alpha: 0.9)
}
