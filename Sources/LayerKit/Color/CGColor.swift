import Foundation

/// An sRGB-encoded RGBA colour with components in 0…1 (straight, not premultiplied).
///
/// A value type here (Apple's is a reference type); code that assigns `UIColor.orange.cgColor` or
/// `CGColor(red:green:blue:alpha:)` ports unchanged. Blending happens in encoded space (docs/Design.md §2).
public struct CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…1.
    public var red: CGFloat
    /// Green, 0…1.
    public var green: CGFloat
    /// Blue, 0…1.
    public var blue: CGFloat
    /// Alpha (opacity), 0…1.
    public var alpha: CGFloat

    // MARK: - Creating

    /// Creates a colour from sRGB components in 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Creates a colour from sRGB components in 0…1 (Apple's explicit-colour-space spelling).
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a grey with the given white level and alpha, both 0…1.
    public init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is optional). Nil when malformed.
    public init?(hexString: String) {
        var s = Substring(hexString)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard [3, 4, 6, 8].contains(s.count), s.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        let digits: [UInt8]
        if s.count <= 4 {
            digits = s.map { c in
                let v = UInt8(String(c), radix: 16)!
                return v << 4 | v
            }
        } else {
            var out: [UInt8] = []
            var i = s.startIndex
            while i < s.endIndex {
                let j = s.index(i, offsetBy: 2)
                out.append(UInt8(s[i..<j], radix: 16)!)
                i = j
            }
            digits = out
        }
        self.init(
            red: CGFloat(digits[0]) / 255, green: CGFloat(digits[1]) / 255, blue: CGFloat(digits[2]) / 255,
            alpha: digits.count > 3 ? CGFloat(digits[3]) / 255 : 1)
    }

    // MARK: - Reading

    /// The components `[red, green, blue, alpha]`.
    public var components: [CGFloat]? { [red, green, blue, alpha] }

    /// The number of components (always 4: RGBA).
    public var numberOfComponents: Int { 4 }

    /// A copy with a different alpha.
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour with every component clamped to 0…1 (non-finite components become 0).
    public var clamped: CGColor {
        func c(_ v: CGFloat) -> CGFloat { v.isFinite ? Swift.min(1, Swift.max(0, v)) : 0 }
        return CGColor(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }

    /// Premultiplied RGBA8 of the clamped colour, each channel rounded: what the framebuffer stores.
    public var premultipliedRGBA8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let k = clamped
        func q(_ v: CGFloat) -> UInt8 { UInt8((v * 255).rounded()) }
        return (q(k.red * k.alpha), q(k.green * k.alpha), q(k.blue * k.alpha), q(k.alpha))
    }

    /// A textual description, `rgba(r, g, b, a)`.
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

    // MARK: - Constants

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// UIKit's named colours, by name (`"orange"`, `"lightGray"`, …): the names scene files accept.
    public static let named: [String: CGColor] = [
        "black": CGColor(gray: 0, alpha: 1),
        "darkGray": CGColor(gray: 1.0 / 3.0, alpha: 1),
        "lightGray": CGColor(gray: 2.0 / 3.0, alpha: 1),
        "white": CGColor(gray: 1, alpha: 1),
        "gray": CGColor(gray: 0.5, alpha: 1),
        "red": CGColor(red: 1, green: 0, blue: 0, alpha: 1),
        "green": CGColor(red: 0, green: 1, blue: 0, alpha: 1),
        "blue": CGColor(red: 0, green: 0, blue: 1, alpha: 1),
        "cyan": CGColor(red: 0, green: 1, blue: 1, alpha: 1),
        "yellow": CGColor(red: 1, green: 1, blue: 0, alpha: 1),
        "magenta": CGColor(red: 1, green: 0, blue: 1, alpha: 1),
        "orange": CGColor(red: 1, green: 0.5, blue: 0, alpha: 1),
        "purple": CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1),
        "brown": CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1),
        "clear": CGColor(gray: 0, alpha: 0),
    ]
}

/// UIKit's colour class reduced to what Core Animation code uses: named colours and `cgColor`.
///
/// Lets snippets such as `layer.backgroundColor = UIColor.orange.cgColor` port unchanged.
public struct UIColor: Equatable, Hashable, Sendable {
    /// The Core Graphics colour.
    public var cgColor: CGColor

    /// Wraps a Core Graphics colour.
    public init(cgColor: CGColor) { self.cgColor = cgColor }
    /// Creates a colour from sRGB components in 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Creates a grey with the given white level and alpha.
    public init(white: CGFloat, alpha: CGFloat) { cgColor = CGColor(gray: white, alpha: alpha) }

    /// A copy with a different alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    private static func n(_ name: String) -> UIColor { UIColor(cgColor: CGColor.named[name]!) }
    /// Black (0, 0, 0).
    public static let black = n("black")
    /// Dark grey (1/3).
    public static let darkGray = n("darkGray")
    /// Light grey (2/3).
    public static let lightGray = n("lightGray")
    /// White (1, 1, 1).
    public static let white = n("white")
    /// Grey (0.5).
    public static let gray = n("gray")
    /// Red (1, 0, 0).
    public static let red = n("red")
    /// Green (0, 1, 0).
    public static let green = n("green")
    /// Blue (0, 0, 1).
    public static let blue = n("blue")
    /// Cyan (0, 1, 1).
    public static let cyan = n("cyan")
    /// Yellow (1, 1, 0).
    public static let yellow = n("yellow")
    /// Magenta (1, 0, 1).
    public static let magenta = n("magenta")
    /// Orange (1, 0.5, 0).
    public static let orange = n("orange")
    /// Purple (0.5, 0, 0.5).
    public static let purple = n("purple")
    /// Brown (0.6, 0.4, 0.2).
    public static let brown = n("brown")
    /// Transparent (0, 0, 0, 0).
    public static let clear = n("clear")
}
