import Foundation
import LayerKit

/// Keyboard, mouse and game-controller state for one frame, built from the frame's `InputEvent`s.
///
/// "Pressed" and "released" are edges seen during the current frame; "held" is the level now. A key
/// pressed and released within one frame is in both edge sets and not held. Auto-repeat does not count
/// as a press. Mouse positions are in content points (the root layer's coordinates).
public struct InputState: Equatable, Sendable {
    // MARK: - Keyboard

    /// Keys down now.
    public private(set) var keysHeld: Set<Key> = []
    /// Keys that went down during this frame (auto-repeat excluded).
    public private(set) var keysPressed: Set<Key> = []
    /// Keys that went up during this frame.
    public private(set) var keysReleased: Set<Key> = []

    // MARK: - Mouse

    /// The pointer's last known position in content points; nil until the first mouse event.
    public private(set) var mouseLocation: CGPoint?
    /// Mouse buttons down now.
    public private(set) var mouseButtonsHeld: Set<MouseButton> = []
    /// Mouse buttons that went down during this frame.
    public private(set) var mouseButtonsPressed: Set<MouseButton> = []
    /// Mouse buttons that went up during this frame.
    public private(set) var mouseButtonsReleased: Set<MouseButton> = []
    /// Wheel movement during this frame in notches: dx > 0 right, dy > 0 away from the user.
    public private(set) var wheelDelta: CGVector = .zero

    // MARK: - Game controllers

    /// Connected controllers by id.
    public private(set) var controllers: [ControllerID: ControllerState] = [:]

    // MARK: - Actions

    /// The actions and their bindings (`GameSession.bind(_:to:)` sets them in the session's states).
    public var bindings: [InputAction: [InputBinding]] = [:]

    /// What was held when the frame (or step) began, for the actions' edges.
    private var keysHeldAtStart: Set<Key> = []
    private var mouseButtonsHeldAtStart: Set<MouseButton> = []
    private var controllersAtStart: [ControllerID: ControllerState] = [:]

    /// An empty state: nothing held, no pointer, no controllers.
    public init() {}

    // MARK: - Queries

    /// Whether a key is down now.
    public func isHeld(_ key: Key) -> Bool { keysHeld.contains(key) }
    /// Whether a key went down during this frame.
    public func wasPressed(_ key: Key) -> Bool { keysPressed.contains(key) }
    /// Whether a key went up during this frame.
    public func wasReleased(_ key: Key) -> Bool { keysReleased.contains(key) }
    /// Whether a mouse button is down now.
    public func isHeld(_ button: MouseButton) -> Bool { mouseButtonsHeld.contains(button) }
    /// Whether a mouse button went down during this frame.
    public func wasPressed(_ button: MouseButton) -> Bool { mouseButtonsPressed.contains(button) }
    /// Whether a mouse button went up during this frame.
    public func wasReleased(_ button: MouseButton) -> Bool { mouseButtonsReleased.contains(button) }
    /// Whether either Shift key is down.
    public var isShiftHeld: Bool { isHeld(.leftShift) || isHeld(.rightShift) }
    /// Whether either Control key is down.
    public var isControlHeld: Bool { isHeld(.leftControl) || isHeld(.rightControl) }
    /// Whether either Alt key is down.
    public var isAltHeld: Bool { isHeld(.leftAlt) || isHeld(.rightAlt) }

    /// The connected controller with the lowest id (the first one plugged in), if any: the natural
    /// choice for a single-player prototype.
    public var primaryController: ControllerState? {
        controllers.values.min { $0.id.rawValue < $1.id.rawValue }
    }

    // MARK: - Actions

    /// Whether any input bound to `action` is down (or its axis past its threshold) now.
    public func isHeld(_ action: InputAction) -> Bool {
        (bindings[action] ?? []).contains { isHeld($0, keys: keysHeld, buttons: mouseButtonsHeld, pads: controllers) }
    }

    /// Whether `action` started during this frame (or step): one of its inputs went down while none of
    /// them was held at the frame's start. A tap (down and up within the frame) counts; pressing a
    /// second key of an action already held does not.
    public func wasPressed(_ action: InputAction) -> Bool {
        let inputs = bindings[action] ?? []
        guard
            !inputs.contains(where: {
                isHeld($0, keys: keysHeldAtStart, buttons: mouseButtonsHeldAtStart, pads: controllersAtStart)
            })
        else { return false }
        return inputs.contains { wentDown($0) }
    }

    /// Whether `action` ended during this frame (or step): one of its inputs went up and none is held now.
    public func wasReleased(_ action: InputAction) -> Bool {
        let inputs = bindings[action] ?? []
        guard !isHeld(action) else { return false }
        return inputs.contains { wentUp($0) }
    }

    /// How strongly `action` is held, 0…1: 1 for a held key or button, how far an axis binding is pushed
    /// in its direction (a trigger half pressed is 0.5, counted from 0 even below its threshold); the
    /// strongest binding wins.
    public func strength(of action: InputAction) -> Double {
        var best = 0.0
        for binding in bindings[action] ?? [] {
            switch binding {
            case .controllerAxis(let axis, let threshold):
                for pad in controllers.values {
                    let v = pad.axis(axis)
                    best = max(best, min(1, max(0, threshold < 0 ? -v : v)))
                }
            default:
                if isHeld(binding, keys: keysHeld, buttons: mouseButtonsHeld, pads: controllers) { best = 1 }
            }
        }
        return best
    }

    private func isHeld(
        _ binding: InputBinding, keys: Set<Key>, buttons: Set<MouseButton>, pads: [ControllerID: ControllerState]
    ) -> Bool {
        switch binding {
        case .key(let key): return keys.contains(key)
        case .mouseButton(let button): return buttons.contains(button)
        case .controllerButton(let button): return pads.values.contains { $0.isHeld(button) }
        case .controllerAxis(let axis, let threshold):
            return pads.values.contains { Self.axis($0.axis(axis), isPast: threshold) }
        }
    }

    private func wentDown(_ binding: InputBinding) -> Bool {
        switch binding {
        case .key(let key): return wasPressed(key)
        case .mouseButton(let button): return wasPressed(button)
        case .controllerButton(let button): return controllers.values.contains { $0.wasPressed(button) }
        case .controllerAxis(let axis, let threshold):
            return controllers.values.contains { pad in
                let before = controllersAtStart[pad.id]?.axis(axis) ?? 0
                return Self.axis(pad.axis(axis), isPast: threshold) && !Self.axis(before, isPast: threshold)
            }
        }
    }

    private func wentUp(_ binding: InputBinding) -> Bool {
        switch binding {
        case .key(let key): return wasReleased(key)
        case .mouseButton(let button): return wasReleased(button)
        case .controllerButton(let button): return controllers.values.contains { $0.wasReleased(button) }
        case .controllerAxis(let axis, let threshold):
            return controllersAtStart.values.contains { before in
                let now = controllers[before.id]?.axis(axis) ?? 0
                return Self.axis(before.axis(axis), isPast: threshold) && !Self.axis(now, isPast: threshold)
            }
        }
    }

    private static func axis(_ value: Double, isPast threshold: Double) -> Bool {
        threshold < 0 ? value <= threshold : value >= threshold
    }

    // MARK: - Updating

    /// Starts a new frame: clears the edges (pressed, released, wheel); levels persist.
    public mutating func beginFrame() {
        keysHeldAtStart = keysHeld
        mouseButtonsHeldAtStart = mouseButtonsHeld
        controllersAtStart = controllers
        keysPressed.removeAll(keepingCapacity: true)
        keysReleased.removeAll(keepingCapacity: true)
        mouseButtonsPressed.removeAll(keepingCapacity: true)
        mouseButtonsReleased.removeAll(keepingCapacity: true)
        wheelDelta = .zero
        for id in controllers.keys { controllers[id]?.beginFrame() }
    }

    /// Folds one event into the state.
    public mutating func apply(_ event: InputEvent) {
        switch event {
        case .keyDown(let key, let isRepeat):
            if !isRepeat || !keysHeld.contains(key) {
                if keysHeld.insert(key).inserted { keysPressed.insert(key) }
            }
        case .keyUp(let key):
            keysHeld.remove(key)
            keysReleased.insert(key)
        case .mouseMoved(let point):
            mouseLocation = point
        case .mouseDown(let button, let point):
            mouseLocation = point
            if mouseButtonsHeld.insert(button).inserted { mouseButtonsPressed.insert(button) }
        case .mouseUp(let button, let point):
            mouseLocation = point
            mouseButtonsHeld.remove(button)
            mouseButtonsReleased.insert(button)
        case .mouseWheel(let dx, let dy):
            wheelDelta.dx += dx
            wheelDelta.dy += dy
        case .controllerAdded(let id, let name):
            controllers[id] = ControllerState(id: id, name: name)
        case .controllerRemoved(let id):
            controllers[id] = nil
        case .controllerButtonDown(let id, let button):
            guard var controller = controllers[id] else { return }
            if controller.buttonsHeld.insert(button).inserted { controller.buttonsPressed.insert(button) }
            controllers[id] = controller
        case .controllerButtonUp(let id, let button):
            guard var controller = controllers[id] else { return }
            controller.buttonsHeld.remove(button)
            controller.buttonsReleased.insert(button)
            controllers[id] = controller
        case .controllerAxisMoved(let id, let axis, let value):
            controllers[id]?.axes[axis] = value
        case .windowResized, .quitRequested:
            break
        }
    }
}
