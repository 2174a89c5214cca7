import Foundation

/// The bytes of a scene file and the map from byte offsets to 1-based lines and columns.
///
/// Columns count Unicode scalars (what an editor shows), not bytes; a tab counts as one column.
struct SourceText {
    /// The file's bytes (a leading UTF-8 byte-order mark included, if any).
    let bytes: [UInt8]
    /// Byte offset of the first character of every line.
    private let lineStarts: [Int]

    /// Indexes the lines of `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The 1-based line and column of the byte at `offset` (an offset at the end maps past the last character).
    func location(of offset: Int) -> (line: Int, column: Int) {
        let o = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        var column = 1
        var i = lineStarts[lo]
        while i < o {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (lo + 1, column)
    }

    /// The offset of the first byte that is not valid UTF-8 (overlong forms, surrogates and values above
    /// U+10FFFF included), or nil when the whole text is valid.
    static func firstInvalidUTF8(in b: [UInt8]) -> Int? {
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            var need: Int
            var minimum: UInt32
            var scalar: UInt32
            switch c {
            case 0xC2...0xDF: need = 1; minimum = 0x80; scalar = UInt32(c & 0x1F)
            case 0xE0...0xEF: need = 2; minimum = 0x800; scalar = UInt32(c & 0x0F)
            case 0xF0...0xF4: need = 3; minimum = 0x10000; scalar = UInt32(c & 0x07)
            default: return i
            }
            guard i + need < n else { return i }
            for k in 1...need {
                let cont = b[i + k]
                guard cont & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(cont & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += need + 1
        }
        return nil
    }
}
