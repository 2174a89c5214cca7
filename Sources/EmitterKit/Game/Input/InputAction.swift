import Foundation

/// A named thing the player does (`thrust`, `fire`, `jump`), bound to several keys, mouse buttons and
/// controller inputs (`GameSession.bind(_:to:)`), and asked for by name in `InputState`:
/// ```swift
/// extension InputAction {
///     static let thrust: InputAction = "thrust"
/// }
/// session.bind(.thrust, to: [.up, .w, .controllerA, .rightTrigger])
/// if step.input.isHeld(.thrust) { … }
/// ```
public struct InputAction: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The action's name.
    public let name: String

    /// An action called `name`.
    public init(_ name: String) { self.name = name }

    /// An action from a string literal.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}

/// One input that can drive an `InputAction`: a key, a mouse button, a controller button, or a
/// controller axis past a threshold. Bindings of an action are alternatives: the action is held while
/// any of them is.
///
/// Every named key has a shorthand (`.space`, `.w`, `.up`, `.digit1`), and so have the mouse buttons
/// (`.mouseLeft`), the controller's buttons (`.controllerA`, `.controllerStart`, `.dpadUp`), its
/// triggers (`.leftTrigger`, `.rightTrigger`: pressed past half way) and its left stick's directions
/// (`.leftStickLeft`, …: past half way).
public enum InputBinding: Hashable, Sendable {
    /// A keyboard key.
    case key(Key)
    /// A mouse button.
    case mouseButton(MouseButton)
    /// A button of any connected controller.
    case controllerButton(ControllerButton)
    /// A controller axis past `threshold`: at or above it when the threshold is positive, at or below
    /// it when negative (sticks −1…1, triggers 0…1). Its strength is how far past 0 toward ±1 it is.
    case controllerAxis(ControllerAxis, threshold: Double)

    // MARK: - Mouse and controller shorthands

    /// The primary mouse button.
    public static let mouseLeft = InputBinding.mouseButton(.left)
    /// The secondary mouse button.
    public static let mouseRight = InputBinding.mouseButton(.right)
    /// The wheel button.
    public static let mouseMiddle = InputBinding.mouseButton(.middle)
    /// Controller face buttons (standard layout: A is the bottom one).
    public static let controllerA = InputBinding.controllerButton(.a)
    /// The right face button.
    public static let controllerB = InputBinding.controllerButton(.b)
    /// The left face button.
    public static let controllerX = InputBinding.controllerButton(.x)
    /// The top face button.
    public static let controllerY = InputBinding.controllerButton(.y)
    /// Start.
    public static let controllerStart = InputBinding.controllerButton(.start)
    /// Back / select.
    public static let controllerBack = InputBinding.controllerButton(.back)
    /// The bumpers.
    public static let leftShoulder = InputBinding.controllerButton(.leftShoulder)
    /// The right bumper.
    public static let rightShoulder = InputBinding.controllerButton(.rightShoulder)
    /// The directional pad.
    public static let dpadUp = InputBinding.controllerButton(.dpadUp)
    /// The directional pad, down.
    public static let dpadDown = InputBinding.controllerButton(.dpadDown)
    /// The directional pad, left.
    public static let dpadLeft = InputBinding.controllerButton(.dpadLeft)
    /// The directional pad, right.
    public static let dpadRight = InputBinding.controllerButton(.dpadRight)
    /// The left trigger pressed past half way.
    public static let leftTrigger = InputBinding.controllerAxis(.leftTrigger, threshold: 0.5)
    /// The right trigger pressed past half way.
    public static let rightTrigger = InputBinding.controllerAxis(.rightTrigger, threshold: 0.5)
    /// The left stick pushed left past half way.
    public static let leftStickLeft = InputBinding.controllerAxis(.leftX, threshold: -0.5)
    /// The left stick pushed right past half way.
    public static let leftStickRight = InputBinding.controllerAxis(.leftX, threshold: 0.5)
    /// The left stick pushed up past half way (sticks report +y down).
    public static let leftStickUp = InputBinding.controllerAxis(.leftY, threshold: -0.5)
    /// The left stick pushed down past half way.
    public static let leftStickDown = InputBinding.controllerAxis(.leftY, threshold: 0.5)
}
