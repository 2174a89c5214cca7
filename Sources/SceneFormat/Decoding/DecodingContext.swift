import Foundation
import LayerKit

/// The state of one load: the source, the problems found so far, the asset resolver and the names of
/// layers (for cross references). Decoders report through it and carry on, so that one pass finds
/// every problem of the file.
final class DecodingContext {
    /// A problem at a byte offset.
    struct Issue {
        var severity: SceneDiagnostic.Severity
        var offset: Int
        var path: JSONPath
        var message: String
    }

    /// A named layer, for constraints and interaction targets.
    struct NamedLayer {
        var layer: CALayer
        var field: Field
        var hasBody: Bool
    }

    /// The most diagnostics one load reports; the rest are counted in a final line.
    static let maximumDiagnostics = 200

    /// The scene's bytes.
    let source: SourceText
    /// The name used in messages (`Scenes/fire.json`).
    let sourceName: String
    /// Finds and loads images and fonts relative to the scene.
    let assets: AssetResolver
    /// Problems found so far.
    private(set) var issues: [Issue] = []
    /// Layers by name, first occurrence.
    var namedLayers: [String: NamedLayer] = [:]

    /// Creates a context for one load.
    init(source: SourceText, sourceName: String, baseDirectory: String?) {
        self.source = source
        self.sourceName = sourceName
        assets = AssetResolver(baseDirectory: baseDirectory, sourceName: sourceName)
    }

    /// Whether any error (not warning) was reported.
    var hasErrors: Bool { errorCount > 0 }
    private var errorCount = 0
    private var dropped = 0
    /// Problems kept for sorting; later ones are only counted.
    static let maximumRecorded = 2000

    // MARK: - Reporting

    /// Reports an error about `field`.
    func error(_ field: Field, _ message: String) {
        record(Issue(severity: .error, offset: field.offset, path: field.path, message: message))
    }

    /// Reports an error at an explicit place.
    func error(at offset: Int, path: JSONPath, _ message: String) {
        record(Issue(severity: .error, offset: offset, path: path, message: message))
    }

    /// Reports a warning about `field`.
    func warning(_ field: Field, _ message: String) {
        record(Issue(severity: .warning, offset: field.offset, path: field.path, message: message))
    }

    /// Keeps the first `maximumRecorded` problems and counts the rest, so that a file of a million
    /// wrong values costs no more than a few thousand messages.
    private func record(_ issue: Issue) {
        if issue.severity == .error { errorCount += 1 }
        if issues.count < DecodingContext.maximumRecorded { issues.append(issue) } else { dropped += 1 }
    }

    /// Adds the parser's problems.
    func add(_ parserIssues: [JSONIssue]) {
        for p in parserIssues { error(at: p.offset, path: p.path, p.message) }
    }

    /// Every problem as diagnostics: sorted by position (errors before warnings at the same place),
    /// without duplicates, at most `maximumDiagnostics` plus a line counting the rest.
    func diagnostics() -> [SceneDiagnostic] {
        var seen = Set<SceneDiagnostic>()
        var out: [(Int, SceneDiagnostic)] = []
        for issue in issues {
            let location = source.location(of: issue.offset)
            let d = SceneDiagnostic(
                severity: issue.severity, file: sourceName, line: location.line, column: location.column,
                path: issue.path.description, message: issue.message)
            if seen.insert(d).inserted { out.append((issue.offset, d)) }
        }
        out.sort { a, b in
            if a.1.line != b.1.line { return a.1.line < b.1.line }
            if a.1.column != b.1.column { return a.1.column < b.1.column }
            if a.1.severity != b.1.severity { return a.1.severity == .error }
            return false
        }
        var result = out.map(\.1)
        if result.count + dropped > DecodingContext.maximumDiagnostics {
            let rest = result.count + dropped - DecodingContext.maximumDiagnostics
            result = Array(result.prefix(DecodingContext.maximumDiagnostics))
            let last =
                result.last
                ?? SceneDiagnostic(severity: .error, file: sourceName, line: 1, column: 1, path: "(root)", message: "")
            result.append(
                SceneDiagnostic(
                    severity: .error, file: sourceName, line: last.line, column: last.column, path: "(root)",
                    message: "\(rest) more problem\(rest == 1 ? "" : "s") not shown; fix these first"))
        }
        return result
    }

    // MARK: - Objects and keys

    /// `field` as an object, or nil after reporting "expected <what>".
    func object(_ field: Field, _ what: String) -> ObjectReader? {
        if field.isInvalid { return nil }
        guard let reader = ObjectReader(field) else {
            error(field, "expected \(what) (a JSON object), got \(field.node.summary)")
            return nil
        }
        return reader
    }

    /// `field` as an array, or nil after reporting "expected <what>".
    func array(_ field: Field, _ what: String) -> [Field]? {
        if field.isInvalid { return nil }
        guard let elements = field.elements else {
            error(field, "expected \(what), got \(field.node.summary)")
            return nil
        }
        return elements
    }

    /// Reports every member of `object` whose key is not in `allowed`, with a "did you mean".
    /// `hint` may explain a key that belongs elsewhere (another layer type, a sub-object).
    func rejectUnknownKeys(
        _ object: ObjectReader, allowed: some Collection<String>, in what: String,
        hint: (String) -> String? = { _ in nil }
    ) {
        let known = Set(allowed)
        for (key, f) in object.fields where !known.contains(key) {
            error(f, unknownKeyMessage(key, candidates: known, in: what, hint: hint(key)))
        }
    }

    /// "unknown key "birthrate" in an emitter cell; did you mean "birthRate"?"
    func unknownKeyMessage(_ key: String, candidates: Set<String>, in what: String, hint: String?) -> String {
        var m = "unknown key \(quoted(key)) in \(what)"
        if let hint { return m + "; " + hint }
        if let best = closeMatches(for: key, in: candidates.sorted()).first {
            m += "; did you mean \(quoted(best))?"
        }
        return m
    }

    /// Reports a missing required key.
    func missing(_ key: String, in object: ObjectReader, _ example: String) {
        error(object.field, "missing key \(quoted(key)); add it, for example \(example)")
    }
}
