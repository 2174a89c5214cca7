import Foundation

/// A problem met by the non-throwing key-value calls (`setValue(_:forKeyPath:)`, `setValue(_:forKey:)`)
/// of a layer or an emitter cell: what went wrong and what was done instead.
public struct KeyValueDiagnostic: Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the key path.
    public var error: KeyPathError
    /// True when the value was kept as a user value under an unknown plain key (Core Animation's layers and
    /// cells accept any key), false when the call changed nothing.
    public var storedAsUserValue: Bool

    /// Creates a diagnostic.
    public init(error: KeyPathError, storedAsUserValue: Bool) {
        self.error = error
        self.storedAsUserValue = storedAsUserValue
    }

    /// One line naming the key path, the problem and its consequence.
    public var description: String {
        storedAsUserValue
            ? "\(error); the value was stored and value(forKey:) returns it, but no property uses it"
            : "\(error); the call changed nothing"
    }
}

/// Where the non-throwing key-value calls report an unknown key path or a value of the wrong type: once per
/// class and problem (a typo in a loop is reported once, not every frame). By default a line on standard
/// error; tests scope their own handler, which starts with nothing reported, to their task.
///
/// The throwing twins, `layerValue(forKeyPath:)` and `setLayerValue(_:forKeyPath:)`, report nothing: they
/// throw the `KeyPathError` instead.
public enum KeyValueDiagnostics {
    /// A handler with the problems it has already been given.
    final class Scope: @unchecked Sendable {
        let handler: (KeyValueDiagnostic) -> Void
        private let lock = NSLock()
        private var reported: Set<String> = []

        init(_ handler: @escaping (KeyValueDiagnostic) -> Void) { self.handler = handler }

        /// Passes `diagnostic` on unless one with the same key was passed before.
        func report(_ diagnostic: KeyValueDiagnostic, key: String) {
            lock.lock()
            let isNew = reported.insert(key).inserted
            lock.unlock()
            if isNew { handler(diagnostic) }
        }
    }

    nonisolated(unsafe) private static var installed = Scope { diagnostic in
        FileHandle.standardError.write(Data("Emitter: \(diagnostic)\n".utf8))
    }
    @TaskLocal private static var scoped: Scope?

    /// Replaces the process-wide handler (and forgets what the previous one was given).
    public static func install(_ handler: @escaping (KeyValueDiagnostic) -> Void) { installed = Scope(handler) }

    /// Runs `body` with `handler` receiving the reports of the current task, each problem once.
    public static func withHandler<R>(_ handler: @escaping (KeyValueDiagnostic) -> Void, _ body: () throws -> R)
        rethrows -> R
    {
        try $scoped.withValue(Scope(handler)) { try body() }
    }

    /// Reports `diagnostic` about an object of class `className`, unless the same problem was reported before.
    static func report(_ diagnostic: KeyValueDiagnostic, className: String) {
        (scoped ?? installed).report(diagnostic, key: className + "\u{0}" + diagnostic.description)
    }
}
