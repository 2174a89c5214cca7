/// A benchmark cannot be set up here: what is missing and how to provide it.
public struct BenchmarkError: Error, CustomStringConvertible {
    /// What went wrong, naming the path or setting and the fix.
    public var description: String

    /// Creates an error with its message.
    public init(_ description: String) {
        self.description = description
    }
}
