/// Identifies one connected game controller for as long as it stays connected (SDL's joystick
/// instance id: a reconnected controller gets a new id).
public struct ControllerID: Hashable, Sendable, CustomStringConvertible {
    /// The platform's instance number.
    public let rawValue: Int32

    /// Wraps an instance number.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// `controller<n>`.
    public var description: String { "controller\(rawValue)" }
}

/// A button of a game controller in the standard (Xbox-style) layout: `a` is the bottom face button
/// whatever its label on the device.
public enum ControllerButton: String, Hashable, Sendable, CaseIterable {
    /// Face buttons: bottom, right, left, top.
    case a, b, x, y
    /// The small buttons in the middle: back/select, guide/home, start.
    case back, guide, start
    /// Pressing a stick in.
    case leftStick, rightStick
    /// The bumpers.
    case leftShoulder, rightShoulder
    /// The directional pad.
    case dpadUp, dpadDown, dpadLeft, dpadRight
    /// Extra buttons on some devices (share, capture, microphone).
    case misc1
    /// Back paddles of some devices.
    case paddle1, paddle2, paddle3, paddle4
    /// The touchpad click of some devices.
    case touchpad
}

/// An analogue axis of a game controller.
public enum ControllerAxis: String, Hashable, Sendable, CaseIterable {
    /// Stick axes, −1…1; +x right, +y down (as layer coordinates).
    case leftX, leftY, rightX, rightY
    /// Triggers, 0…1 (released … fully pressed).
    case leftTrigger, rightTrigger

    /// Whether the axis is a trigger (range 0…1) rather than a stick (range −1…1).
    public var isTrigger: Bool { self == .leftTrigger || self == .rightTrigger }
}
