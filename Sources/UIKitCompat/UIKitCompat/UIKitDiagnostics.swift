import EmitterKit

/// Where the compatibility layer reports what UIKit itself would pass over in silence: an image
/// `UIImage(named:)` cannot find (with the folders it searched), a PNG it cannot decode, a `layerClass` it
/// cannot make. Each message once. By default a line on standard error; tests scope their own handler,
/// which starts with nothing reported, to their task.
public enum UIKitDiagnostics {
    /// A handler with the messages it has already been given.
    final class Scope: @unchecked Sendable {
        let handler: (String) -> Void
        private let lock = NSLock()
        private var reported: Set<String> = []

        init(_ handler: @escaping (String) -> Void) { self.handler = handler }

        func report(_ message: String) {
            lock.lock()
            let isNew = reported.insert(message).inserted
            lock.unlock()
            if isNew { handler(message) }
        }
    }

    nonisolated(unsafe) private static var installed = Scope { message in
        FileHandle.standardError.write(Data("UIKitCompat: \(message)\n".utf8))
    }
    @TaskLocal private static var scoped: Scope?

    /// Replaces the process-wide handler (and forgets what the previous one was given).
    public static func install(_ handler: @escaping (String) -> Void) { installed = Scope(handler) }

    /// Runs `body` with `handler` receiving the reports of the current task, each message once.
    public static func withHandler<R>(_ handler: @escaping (String) -> Void, _ body: () throws -> R) rethrows -> R {
        try $scoped.withValue(Scope(handler)) { try body() }
    }

    /// Reports `message` unless it was reported before.
    static func report(_ message: String) { (scoped ?? installed).report(message) }
}
