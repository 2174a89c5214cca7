import CSDL2
import EmitterKit

/// The game controllers the host has opened, by instance id.
final class SDLControllers {
    private var open: [ControllerID: OpaquePointer] = [:]

    /// Opens the controller at a device index; the event to report, or nil when it cannot be opened
    /// (or is already open: SDL reports controllers present at start-up once more).
    func open(deviceIndex: Int32) -> InputEvent? {
        guard SDL_IsGameController(deviceIndex) == SDL_TRUE, let controller = SDL_GameControllerOpen(deviceIndex) else {
            return nil
        }
        let id = ControllerID(SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller)))
        if open[id] != nil {
            SDL_GameControllerClose(controller)
            return nil
        }
        open[id] = controller
        let name = SDL_GameControllerName(controller).map { String(cString: $0) } ?? "game controller"
        return .controllerAdded(id, name: name)
    }

    /// Closes a removed controller; the event to report, or nil when it was not open.
    func close(_ id: ControllerID) -> InputEvent? {
        guard let controller = open.removeValue(forKey: id) else { return nil }
        SDL_GameControllerClose(controller)
        return .controllerRemoved(id)
    }

    /// Closes every controller.
    func closeAll() {
        for controller in open.values { SDL_GameControllerClose(controller) }
        open = [:]
    }

    /// Number of open controllers.
    var count: Int { open.count }
}
