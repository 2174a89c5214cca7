import Foundation

/// One fixed simulation step as game logic sees it.
public struct GameStep: Sendable {
    /// Steps before this one since the (re)start.
    public var index: Int64
    /// Simulated time at the start of the step, seconds since the (re)start.
    public var time: CFTimeInterval
    /// Length of the step, seconds (the session's fixed step, default 1/120).
    public var duration: CFTimeInterval
    /// Input accumulated since the previous step: edges (pressed, released) are seen by one step only;
    /// levels (held keys, pointer) are current.
    public var input: InputState

    /// A step with explicit values.
    public init(index: Int64, time: CFTimeInterval, duration: CFTimeInterval, input: InputState) {
        self.index = index
        self.time = time
        self.duration = duration
        self.input = input
    }
}
