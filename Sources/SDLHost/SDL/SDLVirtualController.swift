import CSDL2
import EmitterKit

/// A virtual game controller attached through SDL's joystick API, so tests can press buttons and move
/// sticks and see them arrive through SDL's real controller path (hot-plug, mapping, events).
/// Requires the host's `controllerEventsInBackground` (the dummy driver's window never has focus).
final class SDLVirtualController {
    private let deviceIndex: Int32
    private var joystick: OpaquePointer?

    /// Attaches a virtual controller with the standard buttons and axes; nil when SDL refuses.
    init?(name: String = "Emitter virtual controller") {
        var description = SDL_VirtualJoystickDesc()
        description.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        let index = name.withCString { cName -> Int32 in
            description.name = cName
            return SDL_JoystickAttachVirtualEx(&description)
        }
        guard index >= 0, let joystick = SDL_JoystickOpen(index) else { return nil }
        deviceIndex = index
        self.joystick = joystick
    }

    deinit { detach() }

    /// Presses or releases a button (a virtual game controller's buttons follow SDL's button order).
    func set(_ button: ControllerButton, pressed: Bool) {
        guard let joystick, let index = ControllerButton.allCases.firstIndex(of: button) else { return }
        SDL_JoystickSetVirtualButton(joystick, Int32(index), UInt8(pressed ? SDL_PRESSED : SDL_RELEASED))
    }

    /// Sets an axis from a raw SDL value (−32768…32767).
    func set(_ axis: ControllerAxis, raw value: Int16) {
        guard let joystick, let index = ControllerAxis.allCases.firstIndex(of: axis) else { return }
        SDL_JoystickSetVirtualAxis(joystick, Int32(index), value)
    }

    /// Unplugs the controller (a `controllerRemoved` event follows).
    func detach() {
        guard let joystick else { return }
        SDL_JoystickClose(joystick)
        SDL_JoystickDetachVirtual(deviceIndex)
        self.joystick = nil
    }
}
