import EmitterKit
import Foundation

/// The command's exit codes.
enum ExitStatus: Int32 {
    /// Success.
    case success = 0
    /// Invalid input: a scene or an image.
    case invalidInput = 1
    /// Usage error (bad options).
    case usage = 2
    /// Runtime failure (cannot write a file, cannot open a window, …).
    case runtime = 3
}

/// A failure with its message (already naming the file and the fix) and exit code.
struct CommandFailure: Error {
    /// What went wrong.
    var message: String
    /// The exit code.
    var code: ExitStatus

    /// Classifies an error thrown while loading or running a scene.
    init(_ error: Error) {
        message = "\(error)"
        switch error {
        case is SceneError, is ImageError, is SceneSourceError, is CGImage.SizeError: code = .invalidInput
        default: code = .runtime
        }
    }

    init(message: String, code: ExitStatus) {
        self.message = message
        self.code = code
    }
}

/// Runs `body`, turning any error into a `CommandFailure`.
func failing<R>(_ body: () throws -> R) throws -> R {
    do { return try body() } catch let f as CommandFailure { throw f } catch { throw CommandFailure(error) }
}
