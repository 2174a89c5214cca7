import EmitterKit
import Foundation

/// Where the frame lands in the window, and how window points map to content points.
///
/// The frame is drawn at the largest size that fits the drawable with its aspect ratio kept, centred
/// (letterboxed). When the delegate renders at the drawable's size, which is the usual case, the frame
/// fills the window and content points equal window points.
public struct Viewport: Equatable, Sendable {
    /// The window's size in points.
    public var windowSize: CGSize
    /// The drawable's size in pixels.
    public var drawableWidth: Int
    /// The drawable's height in pixels.
    public var drawableHeight: Int
    /// The frame's width in pixels.
    public var frameWidth: Int
    /// The frame's height in pixels.
    public var frameHeight: Int
    /// The frame's pixels per point (its contentsScale).
    public var frameScale: Double

    /// A viewport; non-positive sizes are treated as 1 so that the mapping stays finite.
    public init(
        windowSize: CGSize, drawableWidth: Int, drawableHeight: Int,
        frameWidth: Int, frameHeight: Int, frameScale: Double
    ) {
        self.windowSize = CGSize(width: max(1, windowSize.width), height: max(1, windowSize.height))
        self.drawableWidth = max(1, drawableWidth)
        self.drawableHeight = max(1, drawableHeight)
        self.frameWidth = max(1, frameWidth)
        self.frameHeight = max(1, frameHeight)
        self.frameScale = frameScale.isFinite && frameScale > 0 ? frameScale : 1
    }

    /// Drawable pixels per window point (the window's contentsScale).
    public var windowScale: Double { Double(drawableWidth) / Double(windowSize.width) }

    /// The frame's rectangle in drawable pixels: (x, y, width, height).
    public var destination: (x: Int, y: Int, width: Int, height: Int) {
        if frameWidth == drawableWidth, frameHeight == drawableHeight {
            return (0, 0, drawableWidth, drawableHeight)
        }
        let fit = min(Double(drawableWidth) / Double(frameWidth), Double(drawableHeight) / Double(frameHeight))
        let width = max(1, Int((Double(frameWidth) * fit).rounded()))
        let height = max(1, Int((Double(frameHeight) * fit).rounded()))
        return ((drawableWidth - width) / 2, (drawableHeight - height) / 2, width, height)
    }

    /// Maps a point in window points to the frame's content points (may lie outside the frame).
    public func contentPoint(fromWindowPoint point: CGPoint) -> CGPoint {
        let d = destination
        let px = Double(point.x) * windowScale
        let py = Double(point.y) * Double(drawableHeight) / Double(windowSize.height)
        let fx = (px - Double(d.x)) * Double(frameWidth) / Double(d.width)
        let fy = (py - Double(d.y)) * Double(frameHeight) / Double(d.height)
        return CGPoint(x: fx / frameScale, y: fy / frameScale)
    }

    /// Maps content points back to window points (the inverse of `contentPoint(fromWindowPoint:)`).
    public func windowPoint(fromContentPoint point: CGPoint) -> CGPoint {
        let d = destination
        let fx = Double(point.x) * frameScale
        let fy = Double(point.y) * frameScale
        let px = fx * Double(d.width) / Double(frameWidth) + Double(d.x)
        let py = fy * Double(d.height) / Double(frameHeight) + Double(d.y)
        return CGPoint(x: px / windowScale, y: py * Double(windowSize.height) / Double(drawableHeight))
    }

    /// The same event with its positions mapped from window points to content points.
    public func contentEvent(fromWindowEvent event: InputEvent) -> InputEvent {
        switch event {
        case .mouseMoved(let p): return .mouseMoved(to: contentPoint(fromWindowPoint: p))
        case .mouseDown(let b, let p): return .mouseDown(b, at: contentPoint(fromWindowPoint: p))
        case .mouseUp(let b, let p): return .mouseUp(b, at: contentPoint(fromWindowPoint: p))
        default: return event
        }
    }
}
