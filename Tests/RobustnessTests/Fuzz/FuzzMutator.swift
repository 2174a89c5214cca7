import LayerKit

/// Deterministic input mutations for the fuzz tests: byte damage, splices of corpus files, and
/// format-aware damage for JSON (huge numbers, NaN-like literals, deep nesting, duplicated keys, giant
/// strings, swapped values) and PNG (chunk fields with recomputed CRCs). The same seed gives the same
/// sequence of inputs on every machine.
struct FuzzMutator {
    /// The formats with their own mutations.
    enum Format {
        case json, png, bytes
    }

    var random: SeededRandom
    let corpus: [[UInt8]]
    let format: Format

    init(seed: UInt64, corpus: [[UInt8]], format: Format) {
        random = SeededRandom(seed: seed)
        self.corpus = corpus.isEmpty ? [[]] : corpus
        self.format = format
    }

    // MARK: - Choosing

    /// A number in 0..<n (0 when n ≤ 0).
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(random.next32() % UInt32(n)) }

    /// The next input: a corpus file with one to four mutations.
    mutating func next() -> [UInt8] {
        var b = corpus[below(corpus.count)]
        // JSON inputs mostly get one mutation, so that a good share still loads and reaches the engine.
        let count = format == .json ? (below(3) == 0 ? 2 + below(3) : 1) : 1 + below(4)
        for _ in 0..<count { b = mutate(b) }
        return b
    }

    /// One mutation of `input`: byte-level half the time, format-aware otherwise.
    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        if format == .bytes || below(format == .json ? 4 : 2) == 0 { return mutateBytes(input) }
        switch format {
        case .json: return mutateJSON(input)
        case .png: return mutatePNG(input)
        case .bytes: return mutateBytes(input)
        }
    }

    // MARK: - Bytes

    /// Bit flips, random bytes, insertions, deletions, duplications, truncation and splices.
    mutating func mutateBytes(_ input: [UInt8]) -> [UInt8] {
        var b = input
        if b.isEmpty { return [UInt8(truncatingIfNeeded: random.next32())] }
        let i = below(b.count)
        switch below(8) {
        case 0: b[i] ^= UInt8(1 << below(8))
        case 1: b[i] = UInt8(truncatingIfNeeded: random.next32())
        case 2:
            b.insert(contentsOf: (0..<(1 + below(8))).map { _ in UInt8(truncatingIfNeeded: random.next32()) }, at: i)
        case 3: b.removeSubrange(i..<min(b.count, i + 1 + below(64)))
        case 4:
            let j = min(b.count, i + 1 + below(128))
            b.insert(contentsOf: b[i..<j], at: below(b.count))
        case 5: b.removeSubrange(i..<b.count)
        case 6: b[i] = [0x00, 0xFF, 0x7F, 0x80, 0x01][below(5)]
        default:
            // Splice: the start of this input, the end of another.
            let other = corpus[below(corpus.count)]
            b = Array(b[0..<i]) + Array(other[below(max(1, other.count))..<other.count])
        }
        return b
    }

    // MARK: - JSON

    /// Literals that stress number parsing and range checks.
    static let hostileNumbers = [
        "1e300", "-1e300", "1e999", "-1e999", "1e-400", "NaN", "Infinity", "-Infinity", "nan",
        "\"NaN\"", "\"infinity\"", "\"-infinity\"", "1e308", "179769313486231570000000000000000000000",
        "-0", "0", "-1", "4294967296", "9223372036854775807", "18446744073709551616", "1e6", "1e9",
        "100000", "10000", "65536", "0.0000001", "1.5e38", "3.5e38", "\"1e999deg\"", "\"1e300rad\"",
    ]
    /// Values of every JSON kind.
    static let values = [
        "null", "true", "false", "\"\"", "[]", "{}", "[1]", "[[[]]]", "{\"a\": 1}", "\"builtin:softDot\"",
        "\"../png/truncated.png\"", "\"../png/huge-declared.png\"", "\"../png/bad-crc.png\"",
        "\"../png/large-declared-tiny-data.png\"", "\"../png/zero-size.png\"", "\"../png/valid-rgba.png\"",
        "\"/etc/passwd\"", "\"../../../../etc\"", "\"http://x\"", "\"orange\"", "\"#fff\"", "[1, 2, 3, 4]",
        "\"M 0 0 L 1e300 1e300 Z\"", "[{\"scale\": 1e300}]", "[{\"rotate\": \"1e300deg\"}]", "\"\\u0000\"",
        "\"\\uD800\"", "\"é\"", "\"emitter\"", "\"replicator\"", "\"dynamic\"", "\"circle\"",
    ]

    /// Token-aware damage: a number or value replaced, a value wrapped in deep nesting, a member
    /// duplicated, a giant string, a truncated document.
    mutating func mutateJSON(_ input: [UInt8]) -> [UInt8] {
        var b = input
        switch below(7) {
        case 0:
            let numbers = FuzzMutator.numberRanges(b)
            guard !numbers.isEmpty else { return mutateBytes(b) }
            let r = numbers[below(numbers.count)]
            b.replaceSubrange(r, with: Array(FuzzMutator.hostileNumbers[below(FuzzMutator.hostileNumbers.count)].utf8))
        case 1:
            guard let r = randomValueRange(b) else { return mutateBytes(b) }
            b.replaceSubrange(r, with: Array(FuzzMutator.values[below(FuzzMutator.values.count)].utf8))
        case 2:
            guard let r = randomValueRange(b) else { return mutateBytes(b) }
            let depth = [10, 100, 127, 129, 1000, 100_000][below(6)]
            let open = below(2) == 0 ? "[" : "{\"k\":"
            let close = open == "[" ? "]" : "}"
            let value = Array(b[r])
            b.replaceSubrange(
                r,
                with: Array(String(repeating: open, count: depth).utf8) + value
                    + Array(String(repeating: close, count: depth).utf8))
        case 3:
            // Duplicate a member after itself: `"key": value, "key": value`.
            guard let (member, _) = randomMember(b) else { return mutateBytes(b) }
            b.insert(contentsOf: Array(b[member]) + [UInt8(ascii: ",")], at: member.lowerBound)
        case 4:
            guard let r = randomValueRange(b) else { return mutateBytes(b) }
            let length = [1000, 65536, 1 << 20][below(3)]
            b.replaceSubrange(
                r,
                with: [UInt8(ascii: "\"")] + [UInt8](repeating: UInt8(ascii: "a"), count: length) + [UInt8(ascii: "\"")]
            )
        case 5:
            // Copy the value of one member into another (type confusion between keys).
            guard let a = randomValueRange(b), let c = randomValueRange(b) else { return mutateBytes(b) }
            let value = Array(b[a])
            b.replaceSubrange(c, with: value)
        default:
            // Many copies of a list element or member: layer and cell counts, long arrays.
            guard let (member, _) = randomMember(b) else { return mutateBytes(b) }
            let copies = [10, 100, 1000][below(3)]
            var block: [UInt8] = []
            for _ in 0..<copies { block += Array(b[member]) + [UInt8(ascii: ",")] }
            b.insert(contentsOf: block, at: member.lowerBound)
        }
        return b
    }

    /// The byte ranges of number tokens outside strings.
    static func numberRanges(_ b: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        var inString = false
        while i < b.count {
            let c = b[i]
            if inString {
                if c == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if c == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if c == UInt8(ascii: "\"") {
                inString = true
                i += 1
                continue
            }
            if c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39) {
                let start = i
                while i < b.count, let ch = Optional(b[i]),
                    ch == UInt8(ascii: "-") || ch == UInt8(ascii: "+") || ch == UInt8(ascii: ".")
                        || ch == UInt8(ascii: "e") || ch == UInt8(ascii: "E") || (ch >= 0x30 && ch <= 0x39)
                { i += 1 }
                ranges.append(start..<i)
                continue
            }
            i += 1
        }
        return ranges
    }

    /// The range of the value after a random `:` (up to the `,` or closing bracket at its level).
    mutating func randomValueRange(_ b: [UInt8]) -> Range<Int>? {
        let colons = FuzzMutator.structuralColons(b)
        guard !colons.isEmpty else { return nil }
        var start = colons[below(colons.count)] + 1
        while start < b.count, b[start] == UInt8(ascii: " ") || b[start] == UInt8(ascii: "\n") { start += 1 }
        let end = FuzzMutator.valueEnd(b, from: start)
        return start < end ? start..<end : nil
    }

    /// A random `"key": value` member: its range and the key's range.
    mutating func randomMember(_ b: [UInt8]) -> (Range<Int>, Range<Int>)? {
        let colons = FuzzMutator.structuralColons(b)
        guard !colons.isEmpty else { return nil }
        let colon = colons[below(colons.count)]
        var k = colon - 1
        while k >= 0, b[k] != UInt8(ascii: "\"") { k -= 1 }
        guard k > 0 else { return nil }
        var keyStart = k - 1
        while keyStart >= 0, b[keyStart] != UInt8(ascii: "\"") { keyStart -= 1 }
        guard keyStart >= 0 else { return nil }
        let end = FuzzMutator.valueEnd(b, from: colon + 1)
        return (keyStart..<end, keyStart..<(k + 1))
    }

    /// Offsets of the `:` that separate keys from values (outside strings).
    static func structuralColons(_ b: [UInt8]) -> [Int] {
        var out: [Int] = []
        var inString = false
        var i = 0
        while i < b.count {
            let c = b[i]
            if inString {
                if c == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(ascii: ":") {
                out.append(i)
            }
            i += 1
        }
        return out
    }

    /// Where the value starting at `start` ends: the `,`, `]` or `}` at its own level.
    static func valueEnd(_ b: [UInt8], from start: Int) -> Int {
        var depth = 0
        var inString = false
        var i = start
        while i < b.count {
            let c = b[i]
            if inString {
                if c == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                depth += 1
            } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                if depth == 0 { return i }
                depth -= 1
            } else if c == UInt8(ascii: ","), depth == 0 {
                return i
            }
            i += 1
        }
        return min(i, b.count)
    }

    // MARK: - PNG

    /// Chunk-aware damage with correct CRCs: header fields (huge sizes, bad depths and colour types),
    /// chunk data bytes, dropped, duplicated or reordered chunks, and a few raw CRC errors.
    mutating func mutatePNG(_ input: [UInt8]) -> [UInt8] {
        guard var png = PNGChunks(input), !png.chunks.isEmpty else { return mutateBytes(input) }
        let k = below(png.chunks.count)
        switch below(6) {
        case 0:
            guard let h = png.chunks.firstIndex(where: { $0.type == Array("IHDR".utf8) }),
                png.chunks[h].data.count >= 13
            else {
                return mutateBytes(input)
            }
            var d = png.chunks[h].data
            switch below(4) {
            case 0:
                PNGChunks.writeUInt32(
                    &d, 0, [0, 1, 16_384, 16_385, 65_535, 1 << 20, 0x7FFF_FFFF, 0xFFFF_FFFF][below(8)])
            case 1: PNGChunks.writeUInt32(&d, 4, [0, 1, 4096, 16_384, 16_385, 1 << 24, 0x7FFF_FFFF][below(7)])
            case 2: d[8] = [1, 2, 4, 8, 16, 3, 32, 0][below(8)]
            default: d[9 + below(4)] = UInt8(truncatingIfNeeded: random.next32() % 8)
            }
            png.chunks[h].data = d
        case 1:
            guard !png.chunks[k].data.isEmpty else { return mutateBytes(input) }
            png.chunks[k].data[below(png.chunks[k].data.count)] = UInt8(truncatingIfNeeded: random.next32())
        case 2: png.chunks.remove(at: k)
        case 3: png.chunks.insert(png.chunks[k], at: below(png.chunks.count + 1))
        case 4: png.chunks.swapAt(k, below(png.chunks.count))
        default:
            // A raw CRC error: the bytes as they are, one CRC byte changed.
            var b = png.bytes
            var offset = 8
            for c in png.chunks[0..<k] { offset += 12 + c.data.count }
            let crc = offset + 8 + png.chunks[k].data.count
            if crc < b.count { b[crc] ^= 0x5A }
            return b
        }
        return png.bytes
    }
}
