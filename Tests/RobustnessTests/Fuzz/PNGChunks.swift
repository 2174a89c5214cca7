// MARK: - PNG chunks

/// A PNG file split into chunks, so that the fuzzer can damage one chunk and recompute its CRC
/// (libpng then gets past the CRC check and meets the damage itself).
struct PNGChunks {
    /// One chunk: its four-letter type and its data.
    struct Chunk {
        var type: [UInt8]
        var data: [UInt8]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var chunks: [Chunk]

    /// The chunks of `bytes`, or nil when they are not a well-formed chunk sequence.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunks.signature else { return nil }
        var i = 8
        var found: [Chunk] = []
        while i + 12 <= bytes.count {
            let length = Int(PNGChunks.readUInt32(bytes, i))
            guard length <= bytes.count - i - 12 else { return nil }
            found.append(Chunk(type: Array(bytes[(i + 4)..<(i + 8)]), data: Array(bytes[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        chunks = found
    }

    /// The file, every CRC correct.
    var bytes: [UInt8] {
        var out = PNGChunks.signature
        for c in chunks {
            PNGChunks.appendUInt32(&out, UInt32(c.data.count))
            out += c.type + c.data
            PNGChunks.appendUInt32(&out, CRC32.checksum(c.type + c.data))
        }
        return out
    }

    static func readUInt32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    static func appendUInt32(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func writeUInt32(_ b: inout [UInt8], _ i: Int, _ v: UInt32) {
        b[i] = UInt8(v >> 24)
        b[i + 1] = UInt8((v >> 16) & 0xFF)
        b[i + 2] = UInt8((v >> 8) & 0xFF)
        b[i + 3] = UInt8(v & 0xFF)
    }
}

// MARK: - CRC-32

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
