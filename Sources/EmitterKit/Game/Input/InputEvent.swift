import Foundation

/// One input event, in the host's own terms (no SDL type appears here).
///
/// Positions are in content points: the coordinates of the presented frame in points, which are the
/// root layer's coordinates. When the frame fills the window (the usual case) they equal window points;
/// when the window's shape differs from the frame's, the frame is letterboxed and positions are mapped
/// through the letterbox (see `Viewport`).
public enum InputEvent: Equatable, Sendable {
    // MARK: - Keyboard
    /// A key went down; `isRepeat` marks the operating system's auto-repeat while held.
    case keyDown(Key, isRepeat: Bool)
    /// A key went up.
    case keyUp(Key)

    // MARK: - Mouse
    /// The pointer moved to a position in content points.
    case mouseMoved(to: CGPoint)
    /// A mouse button went down at a position in content points.
    case mouseDown(MouseButton, at: CGPoint)
    /// A mouse button went up at a position in content points.
    case mouseUp(MouseButton, at: CGPoint)
    /// The wheel turned; `dy` > 0 is away from the user ("scroll up"), `dx` > 0 to the right. In notches.
    case mouseWheel(dx: Double, dy: Double)

    // MARK: - Game controllers
    /// A game controller was connected and opened.
    case controllerAdded(ControllerID, name: String)
    /// A game controller was disconnected.
    case controllerRemoved(ControllerID)
    /// A controller button went down.
    case controllerButtonDown(ControllerID, ControllerButton)
    /// A controller button went up.
    case controllerButtonUp(ControllerID, ControllerButton)
    /// A controller axis moved; sticks −1…1, triggers 0…1.
    case controllerAxisMoved(ControllerID, ControllerAxis, value: Double)

    // MARK: - Window
    /// The window's size changed; the new size in window points.
    case windowResized(CGSize)
    /// The user asked to quit (closed the window, or the process got SIGINT/SIGTERM).
    case quitRequested
}
