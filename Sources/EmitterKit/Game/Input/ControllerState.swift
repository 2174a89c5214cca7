/// The state of one connected game controller during a frame.
public struct ControllerState: Equatable, Sendable {
    /// The controller's id while connected.
    public let id: ControllerID
    /// The device's name as the platform reports it.
    public let name: String
    /// Buttons down now.
    public internal(set) var buttonsHeld: Set<ControllerButton> = []
    /// Buttons that went down during this frame.
    public internal(set) var buttonsPressed: Set<ControllerButton> = []
    /// Buttons that went up during this frame.
    public internal(set) var buttonsReleased: Set<ControllerButton> = []
    /// Last reported axis values; sticks −1…1, triggers 0…1. Missing axes read 0.
    public internal(set) var axes: [ControllerAxis: Double] = [:]

    /// A controller with nothing pressed.
    public init(id: ControllerID, name: String) {
        self.id = id
        self.name = name
    }

    // MARK: - Queries

    /// Whether a button is down now.
    public func isHeld(_ button: ControllerButton) -> Bool { buttonsHeld.contains(button) }
    /// Whether a button went down during this frame.
    public func wasPressed(_ button: ControllerButton) -> Bool { buttonsPressed.contains(button) }
    /// Whether a button went up during this frame.
    public func wasReleased(_ button: ControllerButton) -> Bool { buttonsReleased.contains(button) }
    /// An axis value (0 until the controller reported one); sticks −1…1, triggers 0…1.
    public func axis(_ axis: ControllerAxis) -> Double { axes[axis] ?? 0 }

    /// Clears the per-frame edges (pressed, released); held buttons and axes persist.
    mutating func beginFrame() {
        buttonsPressed.removeAll(keepingCapacity: true)
        buttonsReleased.removeAll(keepingCapacity: true)
    }
}
