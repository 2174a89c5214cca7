import Foundation

/// Input events scheduled by frame number, for headless tests and demos: the host delivers them after
/// the frame's real events, through the same path (input state, command decoding, delegate).
/// Positions are in content points.
public struct ScriptedInput: Sendable {
    private var eventsByFrame: [Int: [InputEvent]] = [:]

    /// An empty script.
    public init() {}

    /// A script from (frame, event) pairs; events of one frame keep their order.
    public init(_ events: [(frame: Int, event: InputEvent)]) {
        for (frame, event) in events { add(event, atFrame: frame) }
    }

    /// Frames that still have events.
    public var pendingFrames: [Int] { eventsByFrame.keys.sorted() }

    // MARK: - Building

    /// Schedules one event.
    public mutating func add(_ event: InputEvent, atFrame frame: Int) {
        eventsByFrame[frame, default: []].append(event)
    }

    /// A key going down and up within one frame.
    public mutating func tap(_ key: Key, atFrame frame: Int) {
        add(.keyDown(key, isRepeat: false), atFrame: frame)
        add(.keyUp(key), atFrame: frame)
    }

    /// A key going down on `first` and up on `last` (held in between, as a player holds it).
    public mutating func hold(_ key: Key, fromFrame first: Int, toFrame last: Int) {
        add(.keyDown(key, isRepeat: false), atFrame: first)
        add(.keyUp(key), atFrame: max(first, last))
    }

    /// A primary-button click: down and up at one point within one frame.
    public mutating func click(at point: CGPoint, atFrame frame: Int) {
        add(.mouseDown(.left, at: point), atFrame: frame)
        add(.mouseUp(.left, at: point), atFrame: frame)
    }

    /// A primary-button drag along straight steps: down at `start` on `frame`, one move per frame
    /// through `steps` evenly spaced points ending at `end`, up at `end` on the frame after.
    public mutating func drag(from start: CGPoint, to end: CGPoint, steps: Int, startingAtFrame frame: Int) {
        let count = max(1, steps)
        add(.mouseDown(.left, at: start), atFrame: frame)
        for i in 1...count {
            let t = Double(i) / Double(count)
            let point = CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            add(.mouseMoved(to: point), atFrame: frame + i)
        }
        add(.mouseUp(.left, at: end), atFrame: frame + count + 1)
    }

    // MARK: - Consuming

    /// Removes and returns the events of a frame.
    public mutating func takeEvents(forFrame frame: Int) -> [InputEvent] {
        eventsByFrame.removeValue(forKey: frame) ?? []
    }
}
