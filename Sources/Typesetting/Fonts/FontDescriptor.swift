import Foundation

/// An installed font face: where it lives and what it is called.
public struct FontDescriptor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The font file.
    public var path: String
    /// The face within the file (collections hold several), ≥ 0. Default 0.
    public var faceIndex: Int
    /// Family name, e.g. "DejaVu Sans".
    public var family: String
    /// Style name, e.g. "Book" or "Bold".
    public var style: String
    /// PostScript name, e.g. "DejaVuSans-Bold" (empty when the font has none).
    public var postScriptName: String

    /// Creates a descriptor.
    public init(path: String, faceIndex: Int = 0, family: String, style: String, postScriptName: String) {
        self.path = path
        self.faceIndex = faceIndex
        self.family = family
        self.style = style
        self.postScriptName = postScriptName
    }

    /// "Family Style", or the family alone for the regular style: the name that resolves to this face.
    public var displayName: String {
        FontDescriptor.regularStyles.contains(style.lowercased()) ? family : "\(family) \(style)"
    }

    /// `displayName` (path).
    public var description: String { "\(displayName) (\(path))" }

    /// Style names that mean "regular".
    static let regularStyles: Set<String> = ["book", "regular", "roman", "normal", "medium"]
}
