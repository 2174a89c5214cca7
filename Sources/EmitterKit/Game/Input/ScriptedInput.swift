import Foundation

/// Input events scheduled by frame number or by game time, for headless tests and demos: the host
/// delivers them after the frame's real events, through the same path (input state, command decoding,
/// delegate). Positions are in content points (view points).
///
/// By frame (`atFrame:`), frame 0 is the first. By time (`atTime:`, seconds of game time since the session
/// started, counted across restarts; `HeadlessGameRunner` only), an event reaches the first fixed step
/// that starts at or after that time, so a script written in seconds plays the same steps at 30, 60 or
/// 120 frames per second. Game time stands still while the session is paused and follows its time scale.
public struct ScriptedInput: Sendable {
    private var eventsByFrame: [Int: [InputEvent]] = [:]
    private var eventsByTime: [(time: Double, event: InputEvent)] = []

    /// An empty script.
    public init() {}

    /// A script from (frame, event) pairs; events of one frame keep their order.
    public init(_ events: [(frame: Int, event: InputEvent)]) {
        for (frame, event) in events { add(event, atFrame: frame) }
    }

    /// Frames that still have events.
    public var pendingFrames: [Int] { eventsByFrame.keys.sorted() }
    /// Game times that still have events (not yet handed to a session), ascending.
    public var pendingTimes: [Double] { eventsByTime.map(\.time).sorted() }

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

    // MARK: - Building by game time

    /// Schedules one event at game time `time` (seconds; negative or non-finite times count as 0).
    public mutating func add(_ event: InputEvent, atTime time: Double) {
        eventsByTime.append((time.isFinite ? max(0, time) : 0, event))
    }

    /// A key going down and up at one game time: seen by exactly one fixed step, never held.
    public mutating func tap(_ key: Key, atTime time: Double) {
        add(.keyDown(key, isRepeat: false), atTime: time)
        add(.keyUp(key), atTime: time)
    }

    /// A key going down at game time `start` and up at `end` (held in between).
    public mutating func hold(_ key: Key, fromTime start: Double, toTime end: Double) {
        add(.keyDown(key, isRepeat: false), atTime: start)
        add(.keyUp(key), atTime: max(start, end))
    }

    /// A primary-button click at `point` (view points) at game time `time`.
    public mutating func click(at point: CGPoint, atTime time: Double) {
        add(.mouseDown(.left, at: point), atTime: time)
        add(.mouseUp(.left, at: point), atTime: time)
    }

    /// A controller button going down and up at game time `time`.
    public mutating func tap(_ button: ControllerButton, of controller: ControllerID, atTime time: Double) {
        add(.controllerButtonDown(controller, button), atTime: time)
        add(.controllerButtonUp(controller, button), atTime: time)
    }

    // MARK: - Consuming

    /// Removes and returns the events of a frame.
    public mutating func takeEvents(forFrame frame: Int) -> [InputEvent] {
        eventsByFrame.removeValue(forKey: frame) ?? []
    }

    /// Removes and returns every event scheduled by time, in scheduling order, for a session to deliver
    /// (`GameSession.schedule(_:atTime:)`).
    public mutating func takeTimedEvents() -> [(time: Double, event: InputEvent)] {
        defer { eventsByTime.removeAll() }
        return eventsByTime
    }
}
