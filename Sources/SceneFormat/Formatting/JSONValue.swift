import Foundation

/// A JSON value with its object members in a chosen order, written as text by `JSONWriter`.
///
/// `SceneFormatter` builds one from a parsed scene (members in the documented order) and `SceneSchema`
/// builds the schema as one, so both files are written by the same rules.
indirect enum JSONValue: Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A finite number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members, in the order they are written.
    case object([(key: String, value: JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The value of a parsed node, members in source order (nil for a value the parser reported).
    init?(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let v, _): self = .number(v)
        case .string(let s): self = .string(s)
        case .array(let elements):
            var out: [JSONValue] = []
            for e in elements {
                guard let v = JSONValue(e) else { return nil }
                out.append(v)
            }
            self = .array(out)
        case .object(let members):
            var out: [(key: String, value: JSONValue)] = []
            for m in members {
                guard let v = JSONValue(m.value) else { return nil }
                out.append((m.key, v))
            }
            self = .object(out)
        case .invalid: return nil
        }
    }
}

// MARK: - Writing

/// Writes `JSONValue`s as compact, canonical text: two spaces of indentation, `"key": value`, and every
/// array or object on one line when it fits in `lineLength` columns (and is not one of the values that
/// `expanded` says always take one line per element, given the value and the key it is the value of);
/// a newline at the end.
///
/// Numbers are written in the shortest form that reads back as the same Double (`5`, `-0.25`, `1e-7`),
/// strings with JSON's escapes for quotes, backslashes and control characters only.
struct JSONWriter {
    /// The widest line a container is joined onto, in characters (Unicode scalars).
    var lineLength = 100
    /// Whether a container must be written one element per line whatever its width.
    var expanded: (_ key: String?, _ value: JSONValue) -> Bool = { _, _ in false }

    /// The text of `value`, ending with a newline.
    func text(of value: JSONValue) -> String {
        var out = ""
        write(value, key: nil, indent: 0, prefixWidth: 0, trailingWidth: 0, into: &out)
        return out + "\n"
    }

    /// Appends `value` (the value of `key`, if any) at indentation `indent`; `prefixWidth` characters (the
    /// indentation and the key) precede it on its first line and `trailingWidth` (a comma) follow it on
    /// its last.
    private func write(
        _ value: JSONValue, key: String?, indent: Int, prefixWidth: Int, trailingWidth: Int, into out: inout String
    ) {
        switch value {
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            if let line = oneLine(value), !expanded(key, value), prefixWidth + width(line) + trailingWidth <= lineLength
            {
                out += line
                return
            }
            out += "[\n"
            for (i, e) in elements.enumerated() {
                out += spaces(indent + 2)
                let comma = i < elements.count - 1 ? 1 : 0
                write(e, key: nil, indent: indent + 2, prefixWidth: indent + 2, trailingWidth: comma, into: &out)
                out += comma == 1 ? ",\n" : "\n"
            }
            out += spaces(indent) + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            if let line = oneLine(value), !expanded(key, value), prefixWidth + width(line) + trailingWidth <= lineLength
            {
                out += line
                return
            }
            out += "{\n"
            for (i, m) in members.enumerated() {
                let key = Self.quote(m.key) + ": "
                out += spaces(indent + 2) + key
                let comma = i < members.count - 1 ? 1 : 0
                write(
                    m.value, key: m.key, indent: indent + 2, prefixWidth: indent + 2 + width(key), trailingWidth: comma,
                    into: &out)
                out += comma == 1 ? ",\n" : "\n"
            }
            out += spaces(indent) + "}"
        default:
            out += oneLine(value) ?? ""
        }
    }

    /// `value` on one line, or nil when something inside must be expanded.
    private func oneLine(_ value: JSONValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let v): return Self.number(v)
        case .string(let s): return Self.quote(s)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            var parts: [String] = []
            for e in elements {
                if expanded(nil, e) { return nil }
                guard let p = oneLine(e) else { return nil }
                parts.append(p)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            var parts: [String] = []
            for m in members {
                if expanded(m.key, m.value) { return nil }
                guard let p = oneLine(m.value) else { return nil }
                parts.append(Self.quote(m.key) + ": " + p)
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    private func spaces(_ n: Int) -> String { String(repeating: " ", count: n) }

    /// Columns a text takes: one per Unicode scalar (the catalogue's `×`, `…` and `—` take one).
    private func width(_ s: String) -> Int { s.unicodeScalars.count }

    // MARK: - Scalars

    /// The shortest text that reads back as `v`: an integer without a fraction where it is one, else
    /// Swift's shortest round-trip form with the exponent unpadded (`1e-7`, not `1e-07`).
    static func number(_ v: Double) -> String {
        if v == 0 { return v.sign == .minus ? "-0" : "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        var s = "\(v)"
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            var exponent = String(s[s.index(after: e)...])
            var sign = ""
            if let first = exponent.first, first == "-" || first == "+" {
                sign = first == "-" ? "-" : "+"
                exponent.removeFirst()
            }
            while exponent.count > 1, exponent.first == "0" { exponent.removeFirst() }
            var mantissa = String(s[..<e])
            if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
            s = mantissa + "e" + sign + exponent
        }
        return s
    }

    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
