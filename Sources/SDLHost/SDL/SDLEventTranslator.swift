import CSDL2
import EmitterKit
import Foundation

/// What one SDL event means to the host. Positions are still in window points here; the host maps
/// them into content points through its `Viewport`.
enum SDLHostEvent: Equatable {
    /// An input event (window-point positions).
    case input(InputEvent)
    /// A game controller appeared at a device index and should be opened.
    case controllerDeviceAdded(deviceIndex: Int32)
    /// A controller with this instance id went away and should be closed.
    case controllerDeviceRemoved(ControllerID)
    /// The window's size or drawable changed; the host re-reads both and reports `windowResized`.
    case windowSizeChanged
    /// Nothing the host uses.
    case ignored
}

/// Translates between SDL's events and the host's `InputEvent`s (the reverse direction exists for
/// tests, which push synthetic SDL events through the real queue).
enum SDLEventTranslator {
    // MARK: - SDL → host

    static func translate(_ event: SDL_Event) -> SDLHostEvent {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return .input(.quitRequested)
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_CLOSE: return .input(.quitRequested)
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_DISPLAY_CHANGED:
                return .windowSizeChanged
            default: return .ignored
            }
        case SDL_KEYDOWN:
            return .input(.keyDown(SDLKeyMap.key(for: event.key.keysym.sym), isRepeat: event.key.`repeat` != 0))
        case SDL_KEYUP:
            return .input(.keyUp(SDLKeyMap.key(for: event.key.keysym.sym)))
        case SDL_MOUSEMOTION:
            return .input(.mouseMoved(to: CGPoint(x: Int(event.motion.x), y: Int(event.motion.y))))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard let button = mouseButton(event.button.button) else { return .ignored }
            let point = CGPoint(x: Int(event.button.x), y: Int(event.button.y))
            return .input(
                event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .mouseDown(button, at: point) : .mouseUp(button, at: point)
            )
        case SDL_MOUSEWHEEL:
            let sign: Float = event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            return .input(.mouseWheel(dx: Double(event.wheel.preciseX * sign), dy: Double(event.wheel.preciseY * sign)))
        case SDL_CONTROLLERDEVICEADDED:
            return .controllerDeviceAdded(deviceIndex: event.cdevice.which)
        case SDL_CONTROLLERDEVICEREMOVED:
            return .controllerDeviceRemoved(ControllerID(event.cdevice.which))
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard let button = controllerButton(Int32(event.cbutton.button)) else { return .ignored }
            let id = ControllerID(event.cbutton.which)
            return .input(
                event.type == SDL_CONTROLLERBUTTONDOWN.rawValue
                    ? .controllerButtonDown(id, button) : .controllerButtonUp(id, button))
        case SDL_CONTROLLERAXISMOTION:
            guard let axis = controllerAxis(Int32(event.caxis.axis)) else { return .ignored }
            return .input(
                .controllerAxisMoved(
                    ControllerID(event.caxis.which), axis,
                    value: normalized(event.caxis.value, trigger: axis.isTrigger)))
        default:
            return .ignored
        }
    }

    /// Sticks: −32768…32767 → −1…1 (both ends exact). Triggers: 0…32767 → 0…1.
    static func normalized(_ value: Int16, trigger: Bool) -> Double {
        if trigger { return max(0, Double(value) / 32767) }
        return value < 0 ? Double(value) / 32768 : Double(value) / 32767
    }

    private static func mouseButton(_ code: UInt8) -> MouseButton? {
        switch Int32(code) {
        case SDL_BUTTON_LEFT: return .left
        case SDL_BUTTON_MIDDLE: return .middle
        case SDL_BUTTON_RIGHT: return .right
        case SDL_BUTTON_X1: return .x1
        case SDL_BUTTON_X2: return .x2
        default: return nil
        }
    }

    private static func mouseCode(_ button: MouseButton) -> UInt8 {
        switch button {
        case .left: return UInt8(SDL_BUTTON_LEFT)
        case .middle: return UInt8(SDL_BUTTON_MIDDLE)
        case .right: return UInt8(SDL_BUTTON_RIGHT)
        case .x1: return UInt8(SDL_BUTTON_X1)
        case .x2: return UInt8(SDL_BUTTON_X2)
        }
    }

    private static let controllerButtons: [(ControllerButton, SDL_GameControllerButton)] = [
        (.a, SDL_CONTROLLER_BUTTON_A), (.b, SDL_CONTROLLER_BUTTON_B), (.x, SDL_CONTROLLER_BUTTON_X),
        (.y, SDL_CONTROLLER_BUTTON_Y), (.back, SDL_CONTROLLER_BUTTON_BACK), (.guide, SDL_CONTROLLER_BUTTON_GUIDE),
        (.start, SDL_CONTROLLER_BUTTON_START), (.leftStick, SDL_CONTROLLER_BUTTON_LEFTSTICK),
        (.rightStick, SDL_CONTROLLER_BUTTON_RIGHTSTICK), (.leftShoulder, SDL_CONTROLLER_BUTTON_LEFTSHOULDER),
        (.rightShoulder, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER), (.dpadUp, SDL_CONTROLLER_BUTTON_DPAD_UP),
        (.dpadDown, SDL_CONTROLLER_BUTTON_DPAD_DOWN), (.dpadLeft, SDL_CONTROLLER_BUTTON_DPAD_LEFT),
        (.dpadRight, SDL_CONTROLLER_BUTTON_DPAD_RIGHT), (.misc1, SDL_CONTROLLER_BUTTON_MISC1),
        (.paddle1, SDL_CONTROLLER_BUTTON_PADDLE1), (.paddle2, SDL_CONTROLLER_BUTTON_PADDLE2),
        (.paddle3, SDL_CONTROLLER_BUTTON_PADDLE3), (.paddle4, SDL_CONTROLLER_BUTTON_PADDLE4),
        (.touchpad, SDL_CONTROLLER_BUTTON_TOUCHPAD),
    ]

    private static let controllerAxes: [(ControllerAxis, SDL_GameControllerAxis)] = [
        (.leftX, SDL_CONTROLLER_AXIS_LEFTX), (.leftY, SDL_CONTROLLER_AXIS_LEFTY),
        (.rightX, SDL_CONTROLLER_AXIS_RIGHTX), (.rightY, SDL_CONTROLLER_AXIS_RIGHTY),
        (.leftTrigger, SDL_CONTROLLER_AXIS_TRIGGERLEFT), (.rightTrigger, SDL_CONTROLLER_AXIS_TRIGGERRIGHT),
    ]

    private static func controllerButton(_ code: Int32) -> ControllerButton? {
        controllerButtons.first { $0.1.rawValue == code }?.0
    }

    private static func controllerAxis(_ code: Int32) -> ControllerAxis? {
        controllerAxes.first { $0.1.rawValue == code }?.0
    }

    // MARK: - Host → SDL (synthetic events for tests)

    /// The SDL event that `translate` maps back to `event` (window-point positions), or nil for events
    /// SDL reports differently (controller hot-plug goes through device indices; resizing through the window).
    static func sdlEvent(for event: InputEvent, windowID: UInt32) -> SDL_Event? {
        var e = SDL_Event()
        switch event {
        case .keyDown(let key, let isRepeat):
            e.type = SDL_KEYDOWN.rawValue
            e.key.state = UInt8(SDL_PRESSED)
            e.key.`repeat` = isRepeat ? 1 : 0
            e.key.windowID = windowID
            e.key.keysym.sym = SDLKeyMap.code(for: key)
        case .keyUp(let key):
            e.type = SDL_KEYUP.rawValue
            e.key.state = UInt8(SDL_RELEASED)
            e.key.windowID = windowID
            e.key.keysym.sym = SDLKeyMap.code(for: key)
        case .mouseMoved(let point):
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.windowID = windowID
            e.motion.x = Int32(point.x.rounded())
            e.motion.y = Int32(point.y.rounded())
        case .mouseDown(let button, let point), .mouseUp(let button, let point):
            let down: Bool
            if case .mouseDown = event { down = true } else { down = false }
            e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            e.button.windowID = windowID
            e.button.button = mouseCode(button)
            e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = 1
            e.button.x = Int32(point.x.rounded())
            e.button.y = Int32(point.y.rounded())
        case .mouseWheel(let dx, let dy):
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.windowID = windowID
            e.wheel.direction = UInt32(SDL_MOUSEWHEEL_NORMAL.rawValue)
            e.wheel.preciseX = Float(dx)
            e.wheel.preciseY = Float(dy)
            e.wheel.x = Int32(dx.rounded(.towardZero))
            e.wheel.y = Int32(dy.rounded(.towardZero))
        case .controllerButtonDown(let id, let button), .controllerButtonUp(let id, let button):
            let down: Bool
            if case .controllerButtonDown = event { down = true } else { down = false }
            guard let code = controllerButtons.first(where: { $0.0 == button })?.1 else { return nil }
            e.type = down ? SDL_CONTROLLERBUTTONDOWN.rawValue : SDL_CONTROLLERBUTTONUP.rawValue
            e.cbutton.which = id.rawValue
            e.cbutton.button = UInt8(code.rawValue)
            e.cbutton.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        case .controllerAxisMoved(let id, let axis, let value):
            guard let code = controllerAxes.first(where: { $0.0 == axis })?.1 else { return nil }
            e.type = SDL_CONTROLLERAXISMOTION.rawValue
            e.caxis.which = id.rawValue
            e.caxis.axis = UInt8(code.rawValue)
            let scaled = value < 0 ? value * 32768 : value * 32767
            e.caxis.value = Int16(max(-32768, min(32767, scaled.rounded())))
        case .quitRequested:
            e.type = SDL_QUIT.rawValue
        case .controllerAdded, .controllerRemoved, .windowResized:
            return nil
        }
        return e
    }
}
