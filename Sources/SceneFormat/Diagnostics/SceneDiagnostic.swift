import Foundation

/// One problem found in a scene file, with the file, line, column and JSON path it concerns.
///
/// Its description is the line the command-line tool prints:
/// `Scenes/fire.json:14:9: layers[0].emitterCells[1].birthRate: expected a number ≥ 0, got -5`.
public struct SceneDiagnostic: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Whether the problem stops the scene from loading.
    public enum Severity: String, Sendable {
        /// The scene does not load.
        case error
        /// The scene loads, but probably does not do what was meant.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// The scene file as it was named to the loader (the `sourceName`).
    public var file: String
    /// 1-based line; 0 when the problem concerns the whole file (it cannot be read).
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// The JSON path of the value, such as `layers[0].emitterCells[1].birthRate`; `(root)` for the document.
    public var path: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates a diagnostic.
    public init(severity: Severity, file: String, line: Int, column: Int, path: String, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `file:line:column: path: message`; warnings say `warning:` before the message.
    public var description: String {
        let text = severity == .warning ? "warning: " + message : message
        if line == 0 { return "\(file): \(text)" }
        return "\(file):\(line):\(column): \(path): \(text)"
    }
}
