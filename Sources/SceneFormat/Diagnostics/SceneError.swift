import Foundation

/// Why a scene did not load: every problem found in the file, in source order.
public struct SceneError: Error, Equatable, CustomStringConvertible {
    /// Every error and warning, sorted by line and column, without duplicates.
    public var diagnostics: [SceneDiagnostic]

    /// Creates an error from diagnostics.
    public init(diagnostics: [SceneDiagnostic]) { self.diagnostics = diagnostics }

    /// Only the errors.
    public var errors: [SceneDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
