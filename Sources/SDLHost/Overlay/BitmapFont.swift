/// A built-in bitmap font for printable ASCII (32…126), drawn for this project: 5×7 glyphs with two
/// descender rows, on a 6×11 cell. The overlay uses it so that it needs no font file.
///
/// Each glyph is written below as its character and nine rows (or seven, when it has no descender)
/// of `#` (ink) and `.` (paper), top row first; rows are parsed once into bit masks.
public struct BitmapFont: Sendable {
    /// Glyph width in font pixels.
    public let glyphWidth = 5
    /// Glyph height in font pixels, descenders included (the cap height is 7).
    public let glyphHeight = 9
    /// Horizontal distance between glyph origins, font pixels.
    public let advance = 6
    /// Vertical distance between lines, font pixels.
    public let lineHeight = 11

    /// Row masks, `glyphHeight` per glyph in code order from 32; bit 4 is the leftmost pixel.
    private let rows: [UInt8]

    /// The font.
    public static let standard = BitmapFont()

    private init() {
        var rows = [UInt8](repeating: 0, count: 95 * 9)
        for (index, line) in Self.glyphArt.enumerated() {
            for (row, pattern) in line.dropFirst(2).split(separator: " ").enumerated() where row < 9 {
                var mask: UInt8 = 0
                for pixel in pattern.utf8 { mask = mask << 1 | (pixel == UInt8(ascii: "#") ? 1 : 0) }
                rows[index * 9 + row] = mask
            }
        }
        self.rows = rows
    }

    // MARK: - Glyphs

    /// The row mask of a glyph: bit `4 − x` is set where pixel (x, row) is ink. Codes outside 32…126
    /// draw as `?`; rows outside the glyph are empty.
    public func rowMask(code: UInt8, row: Int) -> UInt8 {
        guard row >= 0, row < glyphHeight else { return 0 }
        let index = (32...126).contains(code) ? Int(code) - 32 : Int(UInt8(ascii: "?")) - 32
        return rows[index * glyphHeight + row]
    }

    /// Whether pixel (x, y) of a glyph is ink.
    public func isInk(code: UInt8, x: Int, y: Int) -> Bool {
        guard x >= 0, x < glyphWidth else { return false }
        return rowMask(code: code, row: y) >> UInt8(glyphWidth - 1 - x) & 1 == 1
    }

    // MARK: - Text

    /// The text as printable ASCII codes: common typographic characters become ASCII look-alikes
    /// (`≥` → `>=`, `—` → `-`, curly quotes → straight), tabs become spaces, anything else `?`.
    public func codes(for text: String) -> [UInt8] {
        var codes: [UInt8] = []
        codes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value >= 32, scalar.value <= 126 {
                codes.append(UInt8(scalar.value))
            } else if let replacement = Self.lookAlikes[scalar] {
                codes.append(contentsOf: replacement.utf8)
            } else if scalar == "\t" {
                codes.append(contentsOf: "    ".utf8)
            } else {
                codes.append(UInt8(ascii: "?"))
            }
        }
        return codes
    }

    /// The width of one line of text in font pixels (no trailing gap after the last glyph).
    public func width(of text: String) -> Int {
        let count = codes(for: text).count
        return count == 0 ? 0 : count * advance - (advance - glyphWidth)
    }

    private static let lookAlikes: [Unicode.Scalar: String] = [
        "≥": ">=", "≤": "<=", "≠": "!=", "—": "-", "–": "-", "−": "-", "‘": "'", "’": "'", "“": "\"",
        "”": "\"", "…": "...", "×": "x", "·": ".", "•": "*", "→": "->", "←": "<-", "π": "pi", "°": "deg",
        "\u{00A0}": " ",
    ]

    // MARK: - Glyph art

    private static let glyphArt: [String] = [
        "  ..... ..... ..... ..... ..... ..... .....",
        "! ..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
        "\" .#.#. .#.#. ..... ..... ..... ..... .....",
        "# .#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
        "$ ..#.. .#### #.#.. .###. ..#.# ####. ..#..",
        "% ##... ##..# ...#. ..#.. .#... #..## ...##",
        "& .##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
        "' ..#.. ..#.. ..... ..... ..... ..... .....",
        "( ...#. ..#.. .#... .#... .#... ..#.. ...#.",
        ") .#... ..#.. ...#. ...#. ...#. ..#.. .#...",
        "* ..... ..#.. #.#.# .###. #.#.# ..#.. .....",
        "+ ..... ..#.. ..#.. ##### ..#.. ..#.. .....",
        ", ..... ..... ..... ..... ..... ..#.. ..#.. .#...",
        "- ..... ..... ..... ##### ..... ..... .....",
        ". ..... ..... ..... ..... ..... .##.. .##..",
        "/ ..... ....# ...#. ..#.. .#... #.... .....",
        "0 .###. #...# #..## #.#.# ##..# #...# .###.",
        "1 ..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
        "2 .###. #...# ....# ...#. ..#.. .#... #####",
        "3 ##### ...#. ..#.. ...#. ....# #...# .###.",
        "4 ...#. ..##. .#.#. #..#. ##### ...#. ...#.",
        "5 ##### #.... ####. ....# ....# #...# .###.",
        "6 ..##. .#... #.... ####. #...# #...# .###.",
        "7 ##### ....# ...#. ..#.. .#... .#... .#...",
        "8 .###. #...# #...# .###. #...# #...# .###.",
        "9 .###. #...# #...# .#### ....# ...#. .##..",
        ": ..... .##.. .##.. ..... .##.. .##.. .....",
        "; ..... .##.. .##.. ..... .##.. .##.. ..#.. .#...",
        "< ...#. ..#.. .#... #.... .#... ..#.. ...#.",
        "= ..... ..... ##### ..... ##### ..... .....",
        "> .#... ..#.. ...#. ....# ...#. ..#.. .#...",
        "? .###. #...# ....# ...#. ..#.. ..... ..#..",
        "@ .###. #...# #.### #.#.# #.### #.... .###.",
        "A .###. #...# #...# ##### #...# #...# #...#",
        "B ####. #...# #...# ####. #...# #...# ####.",
        "C .###. #...# #.... #.... #.... #...# .###.",
        "D ####. #...# #...# #...# #...# #...# ####.",
        "E ##### #.... #.... ####. #.... #.... #####",
        "F ##### #.... #.... ####. #.... #.... #....",
        "G .###. #...# #.... #.### #...# #...# .####",
        "H #...# #...# #...# ##### #...# #...# #...#",
        "I .###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
        "J ..### ...#. ...#. ...#. ...#. #..#. .##..",
        "K #...# #..#. #.#.. ##... #.#.. #..#. #...#",
        "L #.... #.... #.... #.... #.... #.... #####",
        "M #...# ##.## #.#.# #.#.# #...# #...# #...#",
        "N #...# #...# ##..# #.#.# #..## #...# #...#",
        "O .###. #...# #...# #...# #...# #...# .###.",
        "P ####. #...# #...# ####. #.... #.... #....",
        "Q .###. #...# #...# #...# #.#.# #..#. .##.#",
        "R ####. #...# #...# ####. #.#.. #..#. #...#",
        "S .#### #.... #.... .###. ....# ....# ####.",
        "T ##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
        "U #...# #...# #...# #...# #...# #...# .###.",
        "V #...# #...# #...# #...# #...# .#.#. ..#..",
        "W #...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
        "X #...# #...# .#.#. ..#.. .#.#. #...# #...#",
        "Y #...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
        "Z ##### ....# ...#. ..#.. .#... #.... #####",
        "[ .###. .#... .#... .#... .#... .#... .###.",
        "\\ ..... #.... .#... ..#.. ...#. ....# .....",
        "] .###. ...#. ...#. ...#. ...#. ...#. .###.",
        "^ ..#.. .#.#. #...# ..... ..... ..... .....",
        "_ ..... ..... ..... ..... ..... ..... ..... #####",
        "` .#... ..#.. ..... ..... ..... ..... .....",
        "a ..... ..... .###. ....# .#### #...# .####",
        "b #.... #.... ####. #...# #...# #...# ####.",
        "c ..... ..... .###. #.... #.... #...# .###.",
        "d ....# ....# .#### #...# #...# #...# .####",
        "e ..... ..... .###. #...# ##### #.... .###.",
        "f ..##. .#..# .#... ###.. .#... .#... .#...",
        "g ..... ..... .#### #...# #...# #...# .#### ....# .###.",
        "h #.... #.... #.##. ##..# #...# #...# #...#",
        "i ..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
        "j ...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##..",
        "k #.... #.... #..#. #.#.. ##... #.#.. #..#.",
        "l .##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
        "m ..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#",
        "n ..... ..... #.##. ##..# #...# #...# #...#",
        "o ..... ..... .###. #...# #...# #...# .###.",
        "p ..... ..... ####. #...# #...# #...# ####. #.... #....",
        "q ..... ..... .#### #...# #...# #...# .#### ....# ....#",
        "r ..... ..... #.##. ##..# #.... #.... #....",
        "s ..... ..... .#### #.... .###. ....# ####.",
        "t .#... .#... ###.. .#... .#... .#..# ..##.",
        "u ..... ..... #...# #...# #...# #..## .##.#",
        "v ..... ..... #...# #...# #...# .#.#. ..#..",
        "w ..... ..... #...# #...# #.#.# #.#.# .#.#.",
        "x ..... ..... #...# .#.#. ..#.. .#.#. #...#",
        "y ..... ..... #...# #...# #...# #...# .#### ....# .###.",
        "z ..... ..... ##### ...#. ..#.. .#... #####",
        "{ ...## ..#.. ..#.. .#... ..#.. ..#.. ...##",
        "| ..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
        "} ##... ..#.. ..#.. ...#. ..#.. ..#.. ##...",
        "~ ..... ..... .#... #.#.# ...#. ..... .....",
    ]
}
