import Foundation

/// One display refresh as the game's per-frame callback sees it (Core Animation's CADisplayLink values).
public struct GameFrame: Sendable {
    /// Frames before this one since the session was made (restarts do not reset it).
    public var index: Int
    /// When the previous frame was shown, seconds (the display link's `timestamp`).
    public var timestamp: CFTimeInterval
    /// When the frame being prepared will be shown, seconds (`targetTimestamp`).
    public var targetTimestamp: CFTimeInterval
    /// Seconds since the previous refresh, as measured (real time in a window, exact when headless).
    public var measuredDelta: CFTimeInterval
    /// The frame's input: edges since the previous frame, levels now. Pointer positions are in the root
    /// layer's coordinates.
    public var input: InputState

    /// A frame with explicit values.
    public init(
        index: Int, timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval,
        measuredDelta: CFTimeInterval, input: InputState
    ) {
        self.index = index
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.measuredDelta = measuredDelta
        self.input = input
    }
}
