import Foundation

/// Writes a scene file in its canonical form (`emitter format`, docs/SceneFormat.md "Formatting"):
/// the keys of every object in the documented order (`SceneKeyTables.order`), two spaces of indentation,
/// short arrays and objects on one line, numbers in their shortest form; the same JSON values otherwise.
///
/// Only a scene that loads is formatted: the loader's errors are thrown as they are (a `SceneError`
/// naming file, line, column and path), so a broken file is never rewritten. Formatting is idempotent,
/// and the formatted file loads into the same scene.
public enum SceneFormatter {
    /// The widest line an array or object is joined onto, in characters.
    public static let lineLength = 100

    /// The canonical text of the scene file at `path`.
    /// - Parameter path: a `.json` scene file; its images are looked up as when loading it.
    /// - Returns: the formatted text, ending with a newline.
    /// - Throws: `SceneError` when the file does not load (the file is left as it is).
    public static func format(path: String) throws -> String {
        _ = try SceneLoader.load(path: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try canonicalText(of: data, sourceName: path)
    }

    /// The canonical text of a scene given as `data`.
    /// - Parameters:
    ///   - data: the scene file's bytes.
    ///   - sourceName: names the scene in messages.
    ///   - baseDirectory: where its images are (nil: built-in sprites only).
    /// - Returns: the formatted text, ending with a newline.
    /// - Throws: `SceneError` when the scene does not load.
    public static func format(data: Data, sourceName: String, baseDirectory: String?) throws -> String {
        _ = try SceneLoader.load(data: data, sourceName: sourceName, baseDirectory: baseDirectory)
        return try canonicalText(of: data, sourceName: sourceName)
    }

    /// Whether the file at `path` is already in its canonical form.
    /// - Parameter path: a `.json` scene file.
    /// - Returns: true when formatting would not change a byte.
    /// - Throws: `SceneError` when the file does not load.
    public static func isFormatted(path: String) throws -> Bool {
        let formatted = try format(path: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return Data(formatted.utf8) == data
    }

    // MARK: - Canonical text

    /// The text of a document that loaded (so it parses, and every key is known).
    static func canonicalText(of data: Data, sourceName: String) throws -> String {
        let parsed = JSONParser.parse(SourceText(bytes: [UInt8](data)), maximumDepth: SceneLoader.maximumNestingDepth)
        guard let root = parsed.root, parsed.issues.isEmpty, let value = JSONValue(root) else {
            throw SceneError(diagnostics: [
                SceneDiagnostic(
                    severity: .error, file: sourceName, line: 0, column: 0, path: "(root)",
                    message: "cannot be read as JSON; run emitter validate on it")
            ])
        }
        return writer.text(of: ordered(value, as: .section("scene")))
    }

    /// The writer of scene files: lists of layers and cells, and the objects that hold them, take one
    /// line per element, so that the tree reads top to bottom.
    static let writer = JSONWriter(lineLength: lineLength, expanded: holdsLayersOrCells)

    /// The keys whose values are lists of layers or cells.
    static let treeKeys: Set<String> = ["layers", "sublayers", "emitterCells"]

    /// Whether `value` (the value of `key`) is a non-empty list of layers or cells, or an object with one.
    static func holdsLayersOrCells(_ key: String?, _ value: JSONValue) -> Bool {
        switch value {
        case .array(let a): return !a.isEmpty && key.map(treeKeys.contains) == true
        case .object(let members): return members.contains { holdsLayersOrCells($0.key, $0.value) }
        default: return false
        }
    }

    // MARK: - Ordering

    /// `value` with the members of every object of a known section in the documented order; values of
    /// free form (animation values, unknown places) keep their order.
    static func ordered(_ value: JSONValue, as shape: ValueShape) -> JSONValue {
        switch (shape, value) {
        case (.optional(let inner), _):
            return ordered(value, as: inner)
        case (.list(let element), .array(let elements)):
            return .array(elements.map { ordered($0, as: element) })
        case (.map(let element), .object(let members)):
            return .object(members.map { ($0.key, ordered($0.value, as: element)) })
        case (.section(let section), .object(let members)):
            return .object(
                sorted(members, by: SceneKeyTables.order(section)).map { m in
                    (m.key, SceneShapes.shape(of: m.key, in: section).map { ordered(m.value, as: $0) } ?? m.value)
                })
        case (.layer, .object(let members)):
            var kind = LayerKind.layer
            if let t = members.first(where: { $0.key == "type" }), case .string(let s) = t.value,
                let k = LayerKind(rawValue: s)
            {
                kind = k
            }
            return .object(
                sorted(members, by: SceneKeyTables.layerOrder(kind)).map { m in
                    (m.key, SceneShapes.layerShape(of: m.key, kind: kind).map { ordered(m.value, as: $0) } ?? m.value)
                })
        case (.transform, .array(let operations)):
            return .array(operations.map { ordered($0, as: .section("transformOperation")) })
        case (.transform, .object):
            return ordered(value, as: .section("transformOperation"))
        case (.path, .object):
            return ordered(value, as: .section("pathObject"))
        case (.curve, .object(let members)):
            return .object(sorted(members, by: DecodingContext.curveKeys))
        default:
            return value
        }
    }

    /// `members` in the order of `order`; members it does not list follow in their own order.
    static func sorted(_ members: [(key: String, value: JSONValue)], by order: [String]) -> [(
        key: String, value: JSONValue
    )] {
        var rank: [String: Int] = [:]
        for (i, key) in order.enumerated() where rank[key] == nil { rank[key] = i }
        return members.enumerated().sorted { a, b in
            let ra = rank[a.element.key] ?? order.count
            let rb = rank[b.element.key] ?? order.count
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }
}
