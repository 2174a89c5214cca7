/// A mouse button.
public enum MouseButton: String, Hashable, Sendable, CaseIterable {
    /// The primary button; it drags the interactive target and fires the click action.
    case left
    /// The wheel button.
    case middle
    /// The secondary button.
    case right
    /// The first side button ("back").
    case x1
    /// The second side button ("forward").
    case x2
}
