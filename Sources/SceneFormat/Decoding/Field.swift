import Foundation

/// A JSON value in its place in the document: the value, its path, and the offset where problems with it
/// are reported (the key of an object member, or the element itself in an array).
struct Field {
    /// The value.
    let node: JSONNode
    /// Where the value sits, such as `layers[0].emitterCells[1].birthRate`.
    let path: JSONPath
    /// The byte offset diagnostics point at.
    let offset: Int

    /// The document root.
    init(root: JSONNode) {
        node = root
        path = .root
        offset = root.offset
    }

    private init(node: JSONNode, path: JSONPath, offset: Int) {
        self.node = node
        self.path = path
        self.offset = offset
    }

    /// The field of an object member; problems are reported at its key.
    func member(_ m: JSONMember) -> Field { Field(node: m.value, path: path.appending(m.key), offset: m.keyOffset) }

    /// The field of the array element `index`; problems are reported at the element.
    func element(_ index: Int, _ n: JSONNode) -> Field { Field(node: n, path: path.appending(index), offset: n.offset) }

    /// The elements as fields, or nil when the value is not an array.
    var elements: [Field]? {
        guard case .array(let a) = node.value else { return nil }
        return a.enumerated().map { element($0.offset, $0.element) }
    }

    /// Whether the parser already reported this value (decoders stay silent about it).
    var isInvalid: Bool { if case .invalid = node.value { return true } else { return false } }

    /// The same value reported at the value itself rather than its key.
    var atValue: Field { Field(node: node, path: path, offset: node.offset) }
}

/// The members of a JSON object, looked up by key, in source order.
struct ObjectReader {
    /// The object's field.
    let field: Field
    /// The members in source order.
    let members: [JSONMember]
    /// Positions by key, for large objects only (small ones are searched: cheaper than hashing).
    private let index: [String: Int]?

    /// Reads `field` as an object; nil when it is not one.
    init?(_ field: Field) {
        guard case .object(let m) = field.node.value else { return nil }
        self.field = field
        members = m
        if m.count > 16 {
            var idx: [String: Int] = [:]
            for i in m.indices { idx[m[i].key] = i }
            index = idx
        } else {
            index = nil
        }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The member `key`, or nil when absent.
    subscript(key: String) -> Field? {
        guard let i = position(of: key) else { return nil }
        return field.member(members[i])
    }

    /// Whether `key` is present.
    func has(_ key: String) -> Bool { position(of: key) != nil }

    /// Every member as a field, in source order.
    var fields: [(key: String, field: Field)] { members.map { ($0.key, field.member($0)) } }
}
