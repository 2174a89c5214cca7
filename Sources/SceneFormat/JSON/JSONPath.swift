import Foundation

/// Where a value sits in the document, written as in the error messages: `layers[0].emitterCells[1].birthRate`.
struct JSONPath: Hashable, CustomStringConvertible {
    /// One step of the path.
    enum Component: Hashable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// The steps from the document root.
    var components: [Component] = []

    /// The document root.
    static let root = JSONPath()

    /// This path followed by an object key.
    func appending(_ key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }

    /// This path followed by an array index.
    func appending(_ index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }

    /// `layers[0].name`; `(root)` for the document itself; keys that are not identifiers in `["…"]`.
    var description: String {
        if components.isEmpty { return "(root)" }
        if components.count > 24 {
            let head = JSONPath(components: Array(components.prefix(8))).description
            let tail = JSONPath(components: Array(components.suffix(4))).description
            return head + "…" + (tail.hasPrefix("[") ? tail : "." + tail)
        }
        var out = ""
        for c in components {
            switch c {
            case let .index(i): out += "[\(i)]"
            case let .key(k):
                if JSONPath.isIdentifier(k) { out += out.isEmpty ? k : "." + k } else { out += "[\(quoted(k, limit: 64))]" }
            }
        }
        return out
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first == "$" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
