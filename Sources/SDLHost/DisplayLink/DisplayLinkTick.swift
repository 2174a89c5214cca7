/// One frame of the display link, with the shape of Core Animation's CADisplayLink.
public struct DisplayLinkTick: Equatable, Sendable {
    /// Frames delivered before this one (0 for the first).
    public var frameIndex: Int
    /// When the previous frame was shown (the last present returned), seconds on the host clock.
    public var timestamp: Double
    /// When the frame being prepared will be shown: `timestamp + duration`.
    public var targetTimestamp: Double
    /// The nominal refresh period in seconds (1/60 when the display does not report its rate).
    public var duration: Double
    /// Seconds since the previous tick's timestamp, as measured; the first tick reports `duration`.
    public var measuredDelta: Double

    /// A tick with explicit values.
    public init(frameIndex: Int, timestamp: Double, targetTimestamp: Double, duration: Double, measuredDelta: Double) {
        self.frameIndex = frameIndex
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
        self.measuredDelta = measuredDelta
    }
}
