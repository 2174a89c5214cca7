/// Frames per second and frame times averaged over short windows, so the overlay's numbers are
/// readable (they change twice a second, not every frame).
public struct FrameRateMeter: Equatable, Sendable {
    /// Frames per second over the last completed window (0 before the first frame).
    public private(set) var framesPerSecond: Double = 0
    /// Mean time between frames in milliseconds over the last window.
    public private(set) var frameMilliseconds: Double = 0
    /// Mean time spent preparing a frame (delegate, upload, overlay; not waiting for vsync), milliseconds.
    public private(set) var workMilliseconds: Double = 0
    /// Frames recorded in total.
    public private(set) var frameCount = 0
    /// Length of an averaging window in seconds. Default 0.5.
    public var window: Double

    private var hasCompletedWindow = false
    private var windowFrames = 0
    private var windowInterval = 0.0
    private var windowWork = 0.0

    /// An empty meter with the given window, seconds.
    public init(window: Double = 0.5) { self.window = window }

    /// Adds one frame: the interval since the previous frame and the preparation time, seconds.
    /// Until the first window completes, the figures are the running means.
    public mutating func record(interval: Double, work: Double) {
        guard interval.isFinite, work.isFinite else { return }
        frameCount += 1
        windowFrames += 1
        windowInterval += max(0, interval)
        windowWork += max(0, work)
        let completed = windowInterval >= window
        if completed || !hasCompletedWindow {
            frameMilliseconds = windowInterval / Double(windowFrames) * 1000
            workMilliseconds = windowWork / Double(windowFrames) * 1000
            framesPerSecond = windowInterval > 0 ? Double(windowFrames) / windowInterval : 0
        }
        if completed {
            hasCompletedWindow = true
            windowFrames = 0
            windowInterval = 0
            windowWork = 0
        }
    }
}
