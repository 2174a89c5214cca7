import EmitterKit

/// What a bound key does; `CommandDecoder` turns an action into a `HostCommand` given the host's state
/// (`togglePause` becomes `pause` or `resume`).
public enum KeyAction: String, Hashable, Sendable, CaseIterable {
    /// Pause when running, resume when paused.
    case togglePause
    /// Step one frame while paused; pauses first when running.
    case step
    /// Restart the scene.
    case restart
    /// Double the time speed.
    case speedUp
    /// Halve the time speed.
    case speedDown
    /// Time speed back to 1.
    case resetSpeed
    /// Statistics overlay on or off.
    case toggleOverlay
    /// Key help on or off.
    case toggleHelp
    /// Next diagnostic colouring (none, blended, offscreen, rasterization, overdraw, flash).
    case cycleDiagnostics
    /// Quit.
    case quit

    /// Whether holding the key repeats the action (stepping and speed do; toggles and quit do not).
    public var repeatsWhenHeld: Bool {
        switch self {
        case .step, .speedUp, .speedDown: return true
        default: return false
        }
    }

    /// The help overlay's description.
    public var summary: String {
        switch self {
        case .togglePause: return "pause / resume"
        case .step: return "step one frame (paused)"
        case .restart: return "restart the scene"
        case .speedUp: return "time speed x2"
        case .speedDown: return "time speed x1/2"
        case .resetSpeed: return "time speed 1x"
        case .toggleOverlay: return "frame statistics"
        case .toggleHelp: return "this help"
        case .cycleDiagnostics: return "next diagnostic colouring"
        case .quit: return "quit"
        }
    }
}
