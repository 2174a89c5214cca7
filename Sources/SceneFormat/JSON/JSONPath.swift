import Foundation

/// Where a value sits in the document, written as in the error messages: `layers[0].emitterCells[1].birthRate`.
///
/// A persistent list (each path points at its parent), so that giving every decoded value its path
/// costs one small allocation, not a copy of the whole path.
struct JSONPath: Equatable, CustomStringConvertible {
    /// One step of the path.
    enum Component: Hashable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    private final class Node {
        let component: Component
        let parent: Node?

        init(_ component: Component, parent: Node?) {
            self.component = component
            self.parent = parent
        }
    }

    private let last: Node?

    private init(last: Node?) { self.last = last }

    /// The document root.
    static let root = JSONPath(last: nil)

    /// A path from its steps.
    init(components: [Component]) {
        var node: Node?
        for c in components { node = Node(c, parent: node) }
        last = node
    }

    /// This path followed by an object key.
    func appending(_ key: String) -> JSONPath { JSONPath(last: Node(.key(key), parent: last)) }

    /// This path followed by an array index.
    func appending(_ index: Int) -> JSONPath { JSONPath(last: Node(.index(index), parent: last)) }

    /// The steps from the document root.
    var components: [Component] {
        var out: [Component] = []
        var node = last
        while let n = node {
            out.append(n.component)
            node = n.parent
        }
        return out.reversed()
    }

    /// Paths are equal when their steps are.
    static func == (a: JSONPath, b: JSONPath) -> Bool { a.components == b.components }

    /// `layers[0].name`; `(root)` for the document itself; keys that are not identifiers in `["…"]`;
    /// very deep paths shortened in the middle.
    var description: String { JSONPath.describe(components) }

    static func describe(_ components: [Component]) -> String {
        if components.isEmpty { return "(root)" }
        if components.count > 24 {
            let head = describe(Array(components.prefix(8)))
            let tail = describe(Array(components.suffix(4)))
            return head + "…" + (tail.hasPrefix("[") ? tail : "." + tail)
        }
        var out = ""
        for c in components {
            switch c {
            case .index(let i): out += "[\(i)]"
            case .key(let k):
                if isIdentifier(k) { out += out.isEmpty ? k : "." + k } else { out += "[\(quoted(k, limit: 64))]" }
            }
        }
        return out
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first,
            first == "_" || first == "$" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return s.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "$" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }
}
