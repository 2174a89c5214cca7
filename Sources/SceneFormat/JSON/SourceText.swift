import Foundation

/// The bytes of a scene file and the map from byte offsets to 1-based lines and columns.
///
/// Columns count Unicode scalars (what an editor shows), not bytes; a tab counts as one column.
struct SourceText {
    /// The file's bytes (a leading UTF-8 byte-order mark included, if any).
    let bytes: [UInt8]
    /// Byte offset of the first character of every line.
    private let lineStarts: [Int]
    /// The number of characters (UTF-8 lead bytes) before every multiple of `stride` bytes.
    private let checkpoints: [Int]
    private static let stride = 256

    /// Indexes the lines of `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var marks: [Int] = []
        marks.reserveCapacity(bytes.count / SourceText.stride + 1)
        var characters = 0
        for i in 0..<bytes.count {
            let b = bytes[i]
            if i % SourceText.stride == 0 { marks.append(characters) }
            if b & 0xC0 != 0x80 { characters += 1 }
            if b == 0x0A { starts.append(i + 1) }
        }
        marks.append(characters)
        lineStarts = starts
        checkpoints = marks
    }

    /// The 1-based line and column of the byte at `offset` (an offset at the end maps past the last
    /// character). Constant work per call besides a binary search, however long the line.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let o = max(0, min(offset, bytes.count))
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return (lo + 1, 1 + characters(before: o) - characters(before: lineStarts[lo]))
    }

    /// The number of characters in `bytes[0..<offset]`.
    private func characters(before offset: Int) -> Int {
        let block = offset / SourceText.stride
        var count = checkpoints[min(block, checkpoints.count - 1)]
        var i = block * SourceText.stride
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    /// The offset of the first byte that is not valid UTF-8 (overlong forms, surrogates and values above
    /// U+10FFFF included), or nil when the whole text is valid.
    static func firstInvalidUTF8(in b: [UInt8]) -> Int? {
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            var need: Int
            var minimum: UInt32
            var scalar: UInt32
            switch c {
            case 0xC2...0xDF:
                need = 1
                minimum = 0x80
                scalar = UInt32(c & 0x1F)
            case 0xE0...0xEF:
                need = 2
                minimum = 0x800
                scalar = UInt32(c & 0x0F)
            case 0xF0...0xF4:
                need = 3
                minimum = 0x10000
                scalar = UInt32(c & 0x07)
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
