import Foundation

/// Why text cannot be laid out or drawn. Each message names the offending value and the fix.
public enum TypesettingError: Error, Equatable, CustomStringConvertible {
    /// FreeType could not start (out of memory); carries FreeType's error code.
    case freeTypeUnavailable(code: Int32)
    /// A font name that matches no installed font. `fallback` is the font used instead when drawing.
    case unknownFont(name: String, fallback: String, available: [String])
    /// A font path that does not exist.
    case fontFileNotFound(path: String)
    /// A font file FreeType cannot read; carries FreeType's error code.
    case unreadableFont(path: String, code: Int32)
    /// No usable font at all (not even the default DejaVu Sans).
    case noFontsInstalled(searched: [String])
    /// `fontSize` is not a finite number > 0.
    case badFontSize(CGFloat)
    /// `contentsScale` is not a finite number > 0.
    case badContentsScale(CGFloat)
    /// The bounds size is negative or not finite.
    case badSize(CGSize)
    /// fontSize × contentsScale exceeds the largest glyph size drawn.
    case glyphsTooLarge(pixelSize: CGFloat, limit: CGFloat)
    /// The bitmap (bounds × contentsScale) exceeds the image limits.
    case bitmapTooLarge(width: Int, height: Int)

    /// A message naming the problem and how to fix it.
    public var description: String {
        switch self {
        case .freeTypeUnavailable(let code):
            return "FreeType could not be initialised (error \(code)); the process may be out of memory"
        case .unknownFont(let name, let fallback, let available):
            let list = available.prefix(12).joined(separator: ", ")
            return "font \"\(name)\" is not installed; using \"\(fallback)\" instead. Installed: \(list)"
                + (available.count > 12 ? ", …" : "")
                + ". Give a family name (\"DejaVu Sans Bold\") or a font file path"
        case .fontFileNotFound(let path):
            return
                "font file \(path) does not exist; give an existing .ttf/.otf path or a family name such as \"DejaVu Sans\""
        case .unreadableFont(let path, let code):
            return "FreeType cannot read the font file \(path) (error \(code)); use a TrueType or OpenType file"
        case .noFontsInstalled(let searched):
            return "no fonts found in \(searched.joined(separator: ", ")); install fonts-dejavu-core"
        case .badFontSize(let s):
            return "fontSize is \(s); it must be a finite number of points > 0 (Core Animation's default is 36)"
        case .badContentsScale(let s):
            return "contentsScale is \(s); it must be a finite number > 0 (1, or 2 for sharp text at 2×)"
        case .badSize(let s):
            return "text bounds are \(s.width) × \(s.height) points; width and height must be finite and ≥ 0"
        case .glyphsTooLarge(let px, let limit):
            return "fontSize × contentsScale is \(px) pixels; the largest glyph size drawn is \(limit) pixels"
        case .bitmapTooLarge(let w, let h):
            return
                "text bitmap would be \(w) × \(h) pixels (bounds × contentsScale); the limit is 16384 per side and 2²⁶ pixels"
        }
    }
}
