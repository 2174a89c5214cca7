import Foundation

/// A problem found while reading JSON text, at a byte offset and a document path.
struct JSONIssue {
    /// Byte offset of the problem.
    var offset: Int
    /// The path of the value being read when the problem was found.
    var path: JSONPath
    /// What is wrong and how to fix it.
    var message: String
}

/// A strict recursive-descent JSON parser (RFC 8259) that keeps the position of every value.
///
/// Foundation's JSONSerialization loses positions and accepts duplicate keys; scenes need both for
/// their error messages. Syntax errors stop the parse (the rest of the text cannot be trusted);
/// duplicate keys and numbers too large for a Double are reported and parsing continues, so that the
/// decoder can report the other problems of the file as well. Nesting is limited (no unbounded
/// recursion) and every loop consumes input, so any byte sequence ends in a result or an error.
struct JSONParser {
    /// The result: the root value (nil after a syntax error) and every problem found.
    struct Result {
        /// The document's value, or nil when the text is not JSON.
        var root: JSONNode?
        /// Problems in source order; the last one is the syntax error when `root` is nil.
        var issues: [JSONIssue]
    }

    private struct SyntaxError: Error {
        var offset: Int
        var message: String
    }

    private let b: [UInt8]
    private let maximumDepth: Int
    private var i = 0
    /// The steps to the value being read (a stack: pushed and popped in place).
    private var path: [JSONPath.Component] = []
    private var issues: [JSONIssue] = []
    /// A container being read: "object" or "array", and where it opened.
    private struct OpenContainer {
        var kind: String
        var offset: Int
    }

    /// The containers being read, outermost first.
    private var open: [OpenContainer] = []
    private let source: SourceText

    /// Parses `source`. Containers nested deeper than `maximumDepth` are a syntax error.
    static func parse(_ source: SourceText, maximumDepth: Int) -> Result {
        var parser = JSONParser(source: source, maximumDepth: maximumDepth)
        return parser.run()
    }

    private init(source: SourceText, maximumDepth: Int) {
        self.source = source
        b = source.bytes
        self.maximumDepth = maximumDepth
    }

    private mutating func run() -> Result {
        if let bad = SourceText.firstInvalidUTF8(in: b) {
            let msg =
                "the file is not UTF-8 text (byte 0x\(hex(b[bad])) cannot start or continue a character); save it as UTF-8 JSON"
            return Result(root: nil, issues: [JSONIssue(offset: bad, path: .root, message: msg)])
        }
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        skipWhitespace()
        if i >= b.count {
            let msg = "the file is empty; a scene is a JSON object such as {\"schemaVersion\": 1, \"layers\": []}"
            return Result(root: nil, issues: [JSONIssue(offset: i, path: .root, message: msg)])
        }
        do {
            let root = try parseValue()
            skipWhitespace()
            if i < b.count {
                throw SyntaxError(
                    offset: i,
                    message:
                        "unexpected \(describe(at: i)) after the end of the document; a scene file holds exactly one JSON object"
                )
            }
            return Result(root: root, issues: issues)
        } catch let e as SyntaxError {
            issues.append(JSONIssue(offset: e.offset, path: JSONPath(components: path), message: e.message))
            return Result(root: nil, issues: issues)
        } catch {
            issues.append(JSONIssue(offset: i, path: JSONPath(components: path), message: "\(error)"))
            return Result(root: nil, issues: issues)
        }
    }

    // MARK: - Values

    private mutating func parseValue() throws -> JSONNode {
        skipWhitespace()
        guard i < b.count else { throw endOfFile(expecting: "a value") }
        let start = i
        switch b[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(value: .null, offset: start)
        case UInt8(ascii: "N") where word(at: start) == "NaN", UInt8(ascii: "I") where word(at: start).hasPrefix("Inf"):
            throw SyntaxError(
                offset: start,
                message:
                    "JSON has no NaN or Infinity; write the string \"infinity\" where a key accepts it, or a finite number"
            )
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
            try literal("")
            throw SyntaxError(
                offset: start, message: "expected a value, got '\(word(at: start))' (strings need double quotes)")
        case UInt8(ascii: "'"):
            throw SyntaxError(offset: start, message: "strings are written in double quotes in JSON, not single quotes")
        case UInt8(ascii: "/"):
            throw SyntaxError(
                offset: start, message: "JSON has no comments; use the scene's \"description\" key for notes")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw SyntaxError(offset: start, message: "expected a value, got \(describe(at: start))")
        default:
            throw SyntaxError(
                offset: start,
                message:
                    "expected a value (object, array, string, number, true, false or null), got \(describe(at: start))")
        }
    }

    private mutating func parseObject() throws -> JSONNode {
        let start = i
        try enter("object", at: start)
        i += 1
        var members: [JSONMember] = []
        var firstOffset: [String: Int] = [:]
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: "}") {
            i += 1
            leave()
            return JSONNode(value: .object([]), offset: start)
        }
        while true {
            skipWhitespace()
            guard i < b.count else { throw endOfFile(expecting: "a key") }
            let keyOffset = i
            if b[i] != UInt8(ascii: "\"") {
                if b[i] == UInt8(ascii: "}") {
                    throw SyntaxError(
                        offset: i, message: "trailing comma before '}'; remove the comma after the last member")
                }
                if isIdentifierByte(b[i]) {
                    throw SyntaxError(
                        offset: i, message: "object keys are strings in double quotes: write \"\(word(at: i))\"")
                }
                throw SyntaxError(offset: i, message: "expected a key in double quotes, got \(describe(at: i))")
            }
            let key = try parseString()
            skipWhitespace()
            guard i < b.count else { throw endOfFile(expecting: "':'") }
            guard b[i] == UInt8(ascii: ":") else {
                throw SyntaxError(
                    offset: i, message: "expected ':' after the key \(quoted(key)), got \(describe(at: i))")
            }
            i += 1
            path.append(.key(key))
            let value = try parseValue()
            if let first = firstOffset[key] {
                let (line, column) = source.location(of: first)
                issues.append(
                    JSONIssue(
                        offset: keyOffset, path: JSONPath(components: path),
                        message:
                            "duplicate key \(quoted(key)) (first given at line \(line), column \(column)); remove one of them"
                    ))
            } else {
                firstOffset[key] = keyOffset
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            }
            path.removeLast()
            skipWhitespace()
            guard i < b.count else { throw endOfFile(expecting: "',' or '}'") }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if b[i] == UInt8(ascii: "}") {
                i += 1
                break
            }
            let hint = b[i] == UInt8(ascii: "\"") ? " (a ',' is missing)" : ""
            throw SyntaxError(
                offset: i,
                message: "expected ',' or '}' after the value of \(quoted(key)), got \(describe(at: i))\(hint)")
        }
        leave()
        return JSONNode(value: .object(members), offset: start)
    }

    private mutating func parseArray() throws -> JSONNode {
        let start = i
        try enter("array", at: start)
        i += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: "]") {
            i += 1
            leave()
            return JSONNode(value: .array([]), offset: start)
        }
        while true {
            skipWhitespace()
            if i < b.count, b[i] == UInt8(ascii: "]"), !elements.isEmpty {
                throw SyntaxError(
                    offset: i, message: "trailing comma before ']'; remove the comma after the last element")
            }
            path.append(.index(elements.count))
            elements.append(try parseValue())
            path.removeLast()
            skipWhitespace()
            guard i < b.count else { throw endOfFile(expecting: "',' or ']'") }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if b[i] == UInt8(ascii: "]") {
                i += 1
                break
            }
            throw SyntaxError(offset: i, message: "expected ',' or ']' after an array element, got \(describe(at: i))")
        }
        leave()
        return JSONNode(value: .array(elements), offset: start)
    }

    private mutating func parseString() throws -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < b.count else {
                let (line, column) = source.location(of: start)
                throw SyntaxError(
                    offset: i,
                    message:
                        "the file ends inside the string that starts at line \(line), column \(column); add the closing '\"'"
                )
            }
            let c = b[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0x0A, 0x0D:
                throw SyntaxError(
                    offset: i,
                    message:
                        "the string is not closed on its line; add the closing '\"' (a line break inside a string is written \\n)"
                )
            case 0..<0x20:
                throw SyntaxError(
                    offset: i,
                    message:
                        "control character 0x\(hex(c)) inside a string; write it as an escape such as \\t or \\u00\(hex(c))"
                )
            default:
                out.append(c)
                i += 1
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws {
        let start = i
        i += 1
        guard i < b.count else { throw endOfFile(expecting: "an escape") }
        let c = b[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""): out.append(c)
        case UInt8(ascii: "\\"): out.append(c)
        case UInt8(ascii: "/"): out.append(c)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(value) {
                guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                    throw SyntaxError(
                        offset: start,
                        message: "\\u\(hex16(value)) is the first half of a surrogate pair without its second half")
                }
                let second = i
                i += 2
                let low = try hex4(escapeStart: second)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw SyntaxError(
                        offset: second,
                        message:
                            "\\u\(hex16(low)) cannot follow \\u\(hex16(value)); a surrogate pair is \\uD800–\\uDBFF then \\uDC00–\\uDFFF"
                    )
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw SyntaxError(
                    offset: start,
                    message: "\\u\(hex16(value)) is the second half of a surrogate pair without its first half")
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw SyntaxError(offset: start, message: "\\u escape does not name a character")
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw SyntaxError(
                offset: start,
                message: "unknown escape '\\\(printable(c))'; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    private mutating func hex4(escapeStart: Int) throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < b.count, let d = hexValue(b[i]) else {
                throw SyntaxError(offset: escapeStart, message: "\\u must be followed by four hexadecimal digits")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func parseNumber() throws -> JSONNode {
        let start = i
        if b[i] == UInt8(ascii: "-") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "I") {
                throw SyntaxError(
                    offset: start,
                    message:
                        "JSON has no NaN or Infinity; write the string \"infinity\" where a key accepts it, or a finite number"
                )
            }
        }
        guard i < b.count, isDigit(b[i]) else {
            throw SyntaxError(offset: i, message: "expected a digit after '-', got \(describe(at: i))")
        }
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if i < b.count, isDigit(b[i]) {
                throw SyntaxError(offset: start, message: "numbers cannot have leading zeros in JSON; remove them")
            }
        } else {
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard i < b.count, isDigit(b[i]) else {
                throw SyntaxError(
                    offset: i, message: "expected a digit after the decimal point, got \(describe(at: i))")
            }
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count, isDigit(b[i]) else {
                throw SyntaxError(offset: i, message: "expected a digit in the exponent, got \(describe(at: i))")
            }
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        let literal = String(decoding: b[start..<i], as: UTF8.self)
        if i < b.count, isIdentifierByte(b[i]) || b[i] == UInt8(ascii: ".") {
            let text = literal + word(at: i)
            throw SyntaxError(
                offset: start,
                message:
                    "unexpected \(describe(at: i)) after the number \(literal); a number with a unit is a string, such as \(quoted(text))"
            )
        }
        guard let value = Double(literal), value.isFinite else {
            issues.append(
                JSONIssue(
                    offset: start, path: JSONPath(components: path),
                    message:
                        "non-finite number: \(shortened(literal)) does not fit in a 64-bit floating-point number; use a smaller value"
                ))
            return JSONNode(value: .invalid, offset: start)
        }
        return JSONNode(value: .number(value, literal: literal), offset: start)
    }

    /// Reads the literal `word`, or throws with a message for near misses (`True`, `None`, bare words).
    private mutating func literal(_ word: String) throws {
        let start = i
        let got = self.word(at: start)
        if ["true", "false", "null"].contains(got.lowercased()) && got != got.lowercased() {
            throw SyntaxError(offset: start, message: "JSON writes true, false and null in lower case, got \(got)")
        }
        if ["none", "nil", "undefined"].contains(got.lowercased()) {
            throw SyntaxError(offset: start, message: "JSON writes an empty value as null, got \(got)")
        }
        guard !word.isEmpty, got == word else {
            throw SyntaxError(
                offset: start,
                message:
                    "expected a value, got \(got.isEmpty ? describe(at: start) : "'\(got)'") (strings need double quotes)"
            )
        }
        i += word.utf8.count
    }

    // MARK: - Nesting

    private mutating func enter(_ kind: String, at offset: Int) throws {
        guard open.count < maximumDepth else {
            throw SyntaxError(
                offset: offset,
                message: "objects and arrays are nested more than \(maximumDepth) levels deep; flatten the scene")
        }
        open.append(OpenContainer(kind: kind, offset: offset))
    }

    private mutating func leave() { open.removeLast() }

    private func endOfFile(expecting what: String) -> SyntaxError {
        if let innermost = open.last {
            let (line, column) = source.location(of: innermost.offset)
            let closer = innermost.kind == "object" ? "}" : "]"
            return SyntaxError(
                offset: b.count,
                message:
                    "the file ends inside the \(innermost.kind) opened at line \(line), column \(column) (expected \(what)); the file is truncated or a '\(closer)' is missing"
            )
        }
        return SyntaxError(offset: b.count, message: "the file ends where \(what) was expected")
    }

    // MARK: - Bytes

    private mutating func skipWhitespace() {
        while i < b.count {
            switch b[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
            || isDigit(c)
    }

    private func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        default: return nil
        }
    }

    /// The run of identifier characters at `offset` (at most 32), for messages.
    private func word(at offset: Int) -> String {
        var j = offset
        while j < b.count, j - offset < 32,
            isIdentifierByte(b[j]) || b[j] == UInt8(ascii: ".") || b[j] == UInt8(ascii: "-")
        { j += 1 }
        return String(decoding: b[offset..<j], as: UTF8.self)
    }

    /// The character at `offset` as messages show it: `'x'`, `'é'`, `byte 0x01` or `the end of the file`.
    private func describe(at offset: Int) -> String {
        guard offset < b.count else { return "the end of the file" }
        let c = b[offset]
        if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c >= 0x80 {
            var j = offset + 1
            while j < b.count, j - offset < 4, b[j] & 0xC0 == 0x80 { j += 1 }
            let s = String(decoding: b[offset..<j], as: UTF8.self)
            if let scalar = s.unicodeScalars.first,
                scalar.properties.isAlphabetic || scalar.properties.isMath
                    || scalar.properties.generalCategory == .otherPunctuation
            {
                return "'\(s)'"
            }
            return "the character U+\(String(s.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true))"
        }
        return "byte 0x\(hex(c))"
    }

    private func printable(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(Character(Unicode.Scalar(c))) : "\\x\(hex(c))"
    }
}

/// Two upper-case hexadecimal digits.
func hex(_ c: UInt8) -> String {
    c < 16 ? "0" + String(c, radix: 16, uppercase: true) : String(c, radix: 16, uppercase: true)
}

/// Four upper-case hexadecimal digits.
func hex16(_ v: UInt32) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// A long literal cut in the middle, for messages.
func shortened(_ s: String, limit: Int = 32) -> String {
    s.count <= limit ? s : String(s.prefix(limit - 10)) + "…" + String(s.suffix(6))
}
