/// How the frame loop waits between frames.
public enum FramePacing: Equatable, Sendable {
    /// Present waits for the display's vertical blank. When a frame ends before 95 % of the refresh
    /// period (the driver has no vsync, the window is hidden, or the dummy driver), the link sleeps out
    /// the rest of the period, so the loop never runs faster than the display.
    case vsync
    /// Sleep-based pacing at a fixed rate in frames per second, without vsync.
    case timer(framesPerSecond: Double)
    /// No waiting at all (benchmarks, tests with a manual clock).
    case unthrottled
}
