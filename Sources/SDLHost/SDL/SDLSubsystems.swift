import CSDL2
import Foundation

/// Starts and stops SDL's video and game-controller subsystems (SDL counts nested starts).
enum SDLSubsystems {
    /// Starts video (required) and game controllers (optional: a failure is returned as a warning).
    /// - Parameters:
    ///   - videoDriver: SDL's driver name, or nil for SDL's own choice (which honours `SDL_VIDEODRIVER`).
    ///   - controllerEventsInBackground: deliver controller input while the window is unfocused.
    /// - Returns: whether game controllers started, and the warning when they did not.
    /// - Throws: `WindowHostError.videoUnavailable` when video cannot start.
    static func start(videoDriver: String?, controllerEventsInBackground: Bool) throws -> (
        controllers: Bool, warning: String?
    ) {
        if let videoDriver {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, videoDriver)
        } else {
            SDL_ResetHint(SDL_HINT_VIDEODRIVER)
        }
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, controllerEventsInBackground ? "1" : "0")
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else {
            throw WindowHostError.videoUnavailable(driver: videoDriver, reason: lastError())
        }
        guard SDL_InitSubSystem(UInt32(SDL_INIT_GAMECONTROLLER)) == 0 else {
            return (false, "game controllers are unavailable: \(lastError())")
        }
        return (true, nil)
    }

    /// Stops what `start` started.
    static func stop(controllers: Bool) {
        if controllers { SDL_QuitSubSystem(UInt32(SDL_INIT_GAMECONTROLLER)) }
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
    }

    /// Tries to start video and stops it again: the driver's name, or the reason it failed.
    static func probeVideo(videoDriver: String?) -> Result<String, WindowHostError> {
        if let videoDriver {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, videoDriver)
        } else {
            SDL_ResetHint(SDL_HINT_VIDEODRIVER)
        }
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else {
            return .failure(.videoUnavailable(driver: videoDriver, reason: lastError()))
        }
        let name = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
        return .success(name)
    }

    /// SDL's last error message.
    static func lastError() -> String {
        let message = String(cString: SDL_GetError())
        return message.isEmpty ? "no reason given" : message
    }
}
