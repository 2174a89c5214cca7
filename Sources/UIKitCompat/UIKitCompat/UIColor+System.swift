import EmitterKit

// MARK: - UIKit's colours beyond the named ones

/// The system colours in their light-mode, standard-contrast sRGB values (Apple's Human Interface
/// Guidelines colour table as published for iOS 15–17; other iOS versions differ by a few units in some), and the initialisers
/// LayerKit's `UIColor` does not have. There is no dark mode here: dynamic colours are their light values.
extension UIColor {
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    /// System red (255, 59, 48).
    public static let systemRed = rgb(255, 59, 48)
    /// System orange (255, 149, 0).
    public static let systemOrange = rgb(255, 149, 0)
    /// System yellow (255, 204, 0).
    public static let systemYellow = rgb(255, 204, 0)
    /// System green (52, 199, 89).
    public static let systemGreen = rgb(52, 199, 89)
    /// System mint (0, 199, 190).
    public static let systemMint = rgb(0, 199, 190)
    /// System teal (48, 176, 199).
    public static let systemTeal = rgb(48, 176, 199)
    /// System cyan (50, 173, 230).
    public static let systemCyan = rgb(50, 173, 230)
    /// System blue (0, 122, 255).
    public static let systemBlue = rgb(0, 122, 255)
    /// System indigo (88, 86, 214).
    public static let systemIndigo = rgb(88, 86, 214)
    /// System purple (175, 82, 222).
    public static let systemPurple = rgb(175, 82, 222)
    /// System pink (255, 45, 85).
    public static let systemPink = rgb(255, 45, 85)
    /// System brown (162, 132, 94).
    public static let systemBrown = rgb(162, 132, 94)
    /// System grey (142, 142, 147).
    public static let systemGray = rgb(142, 142, 147)
    /// System grey 2 (174, 174, 178).
    public static let systemGray2 = rgb(174, 174, 178)
    /// System grey 3 (199, 199, 204).
    public static let systemGray3 = rgb(199, 199, 204)
    /// System grey 4 (209, 209, 214).
    public static let systemGray4 = rgb(209, 209, 214)
    /// System grey 5 (229, 229, 234).
    public static let systemGray5 = rgb(229, 229, 234)
    /// System grey 6 (242, 242, 247).
    public static let systemGray6 = rgb(242, 242, 247)
    /// Primary text: black.
    public static let label = rgb(0, 0, 0)
    /// Secondary text (60, 60, 67, 0.6).
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    /// The main background: white.
    public static let systemBackground = rgb(255, 255, 255)
    /// The second background (242, 242, 247).
    public static let secondarySystemBackground = rgb(242, 242, 247)
    /// The tint of controls: system blue.
    public static let tintColor = systemBlue

    /// A colour from hue, saturation and brightness in 0…1 (HSB, as UIKit's), and alpha.
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let v = brightness
        let p = v * (1 - saturation)
        let q = v * (1 - saturation * f)
        let t = v * (1 - saturation * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A colour from Display P3 components, drawn as the same numbers in sRGB (there is no wide colour here).
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Swift 3's spelling of `init(red:green:blue:alpha:)`, with Float components.
    public init(colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// The colour's red, green, blue and alpha components; always true (every colour here is RGBA).
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = cgColor.red
        green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue
        alpha?.pointee = cgColor.alpha
        return true
    }
}

/// `#colorLiteral(red:green:blue:alpha:)` in ported code makes a UIColor, as Xcode's colour literals do.
extension UIColor: _ExpressibleByColorLiteral {
    /// A colour from a colour literal's sRGB components.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}
