import Foundation

/// A parsed JSON value together with the byte offset where it starts in the source, so that every
/// diagnostic can name a line and a column.
struct JSONNode {
    /// The value itself.
    enum Value {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A finite number and its literal text as written (for messages: "got -5", not "got -5.0").
        case number(Double, literal: String)
        /// A string, escapes decoded.
        case string(String)
        /// An array of values.
        case array([JSONNode])
        /// An object's members in source order (duplicate keys were reported and dropped).
        case object([JSONMember])
        /// A value the parser already reported (a non-finite number): decoders skip it silently.
        case invalid
    }

    /// The value.
    var value: Value
    /// Byte offset of the value's first character in the source.
    var offset: Int

    /// A short description for "expected …, got …" messages: a literal for scalars, a noun otherwise.
    var summary: String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let literal): return literal
        case .string(let s): return quoted(s)
        case .array(let a):
            return a.isEmpty ? "an empty array" : "an array of \(a.count) element\(a.count == 1 ? "" : "s")"
        case .object(let m): return m.isEmpty ? "an empty object" : "an object"
        case .invalid: return "an invalid value"
        }
    }
}

/// One member of a JSON object: its key, where the key starts, and its value.
struct JSONMember {
    /// The key, escapes decoded.
    var key: String
    /// Byte offset of the key's opening quote.
    var keyOffset: Int
    /// The value.
    var value: JSONNode
}

/// `s` in double quotes, shortened in the middle when long, for messages.
func quoted(_ s: String, limit: Int = 48) -> String {
    var text = s
    if text.count > limit { text = String(text.prefix(limit - 12)) + "…" + String(text.suffix(8)) }
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += String(format: "\\u%04X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
