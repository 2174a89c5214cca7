import EmitterKit
import Foundation

/// Turns input events into `HostCommand`s: bound keys into actions, the primary mouse button into
/// drags and clicks.
///
/// A press becomes a drag once the pointer has moved more than `dragThreshold` points from where it went
/// down (`dragBegan` reports the press point, then `dragMoved` the current one); released before that it
/// is a click at the press point. So a click never moves the drag target, and a drag never fires the click.
public struct CommandDecoder: Sendable {
    /// The key table.
    public var bindings: KeyBindings
    /// Distance in points the pointer must move with the button down before a press counts as a drag.
    /// Default 3.
    public var dragThreshold: Double
    /// Whether the primary mouse button produces drag and click commands. Default true.
    public var decodesPointer: Bool

    private var pressLocation: CGPoint?
    private var isDragging = false

    /// A decoder with the given bindings.
    public init(bindings: KeyBindings = .standard, dragThreshold: Double = 3, decodesPointer: Bool = true) {
        self.bindings = bindings
        self.dragThreshold = dragThreshold
        self.decodesPointer = decodesPointer
    }

    /// Whether a drag is in progress.
    public var isDraggingNow: Bool { isDragging }

    /// The commands one event produces; `isPaused` decides between pause and resume.
    public mutating func commands(for event: InputEvent, isPaused: Bool) -> [HostCommand] {
        switch event {
        case .keyDown(let key, let isRepeat):
            guard let action = bindings.action(for: key), !isRepeat || action.repeatsWhenHeld else { return [] }
            return [command(for: action, isPaused: isPaused)]
        case .quitRequested:
            return [.quit]
        case .mouseDown(.left, let point) where decodesPointer:
            pressLocation = point
            isDragging = false
            return []
        case .mouseMoved(let point) where decodesPointer:
            guard let press = pressLocation else { return [] }
            if isDragging { return [.dragMoved(to: point)] }
            guard hypot(point.x - press.x, point.y - press.y) > dragThreshold else { return [] }
            isDragging = true
            return [.dragBegan(at: press), .dragMoved(to: point)]
        case .mouseUp(.left, let point) where decodesPointer:
            guard let press = pressLocation else { return [] }
            defer {
                pressLocation = nil
                isDragging = false
            }
            if isDragging { return [.dragEnded(at: point)] }
            if hypot(point.x - press.x, point.y - press.y) > dragThreshold {
                return [.dragBegan(at: press), .dragEnded(at: point)]
            }
            return [.click(at: press)]
        default:
            return []
        }
    }

    private func command(for action: KeyAction, isPaused: Bool) -> HostCommand {
        switch action {
        case .togglePause: return isPaused ? .resume : .pause
        case .step: return isPaused ? .step : .pause
        case .restart: return .restart
        case .speedUp: return .speedUp
        case .speedDown: return .speedDown
        case .resetSpeed: return .resetSpeed
        case .toggleOverlay: return .toggleOverlay
        case .toggleHelp: return .toggleHelp
        case .cycleDiagnostics: return .cycleDiagnostics
        case .quit: return .quit
        }
    }
}
