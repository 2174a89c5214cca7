import EmitterKit
import Foundation

/// Everything the delegate needs to prepare one frame.
public struct FrameContext {
    /// The display link's tick (timestamp, targetTimestamp, duration, measuredDelta).
    public let tick: DisplayLinkTick
    /// Simulated seconds this frame covers: measuredDelta × time speed, 0 while paused, one frame per
    /// step. Feed this to the engine's fixed-step accumulator.
    public let simulationDelta: Double
    /// Pause and speed after this frame's commands.
    public let playback: PlaybackState
    /// Input for this frame (edges since the previous frame, levels now).
    public let input: InputState
    /// The window's size in points.
    public let windowSize: CGSize
    /// The drawable's width in pixels.
    public let drawableWidth: Int
    /// The drawable's height in pixels.
    public let drawableHeight: Int

    /// Frames before this one.
    public var frameIndex: Int { tick.frameIndex }

    /// Drawable pixels per window point: render at this contentsScale for a sharp HiDPI picture.
    public var contentsScale: Double {
        windowSize.width > 0 ? Double(drawableWidth) / Double(windowSize.width) : 1
    }
}
