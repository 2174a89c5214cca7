import Foundation

/// Why the window host could not do something; each message says what to try.
public enum WindowHostError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// SDL could not start a video driver.
    case videoUnavailable(driver: String?, reason: String)
    /// The window could not be created.
    case windowCreationFailed(reason: String)
    /// No renderer (accelerated or software) could be created for the window.
    case rendererCreationFailed(reason: String)
    /// The streaming texture for a frame of this size could not be created.
    case textureCreationFailed(width: Int, height: Int, reason: String)
    /// The delegate returned a frame whose description does not fit its pixels.
    case invalidFrame(String)
    /// The configuration has an impossible value.
    case invalidConfiguration(String)

    /// The message.
    public var description: String {
        switch self {
        case .videoUnavailable(let driver, let reason):
            let which = driver.map { "the SDL video driver \"\($0)\"" } ?? "an SDL video driver"
            return "cannot start \(which): \(reason). Run under a display (DISPLAY or WAYLAND_DISPLAY), "
                + "use xvfb-run, set SDL_VIDEODRIVER=dummy for an invisible window, or render to PNG instead."
        case .windowCreationFailed(let reason):
            return "cannot create the window: \(reason). Try a smaller size or another SDL_VIDEODRIVER."
        case .rendererCreationFailed(let reason):
            return "cannot create a renderer for the window: \(reason). Try SDL_RENDER_DRIVER=software."
        case .textureCreationFailed(let width, let height, let reason):
            return "cannot create a \(width)x\(height) texture: \(reason). The frame may exceed the renderer's "
                + "maximum texture size; render a smaller frame or use SDL_RENDER_DRIVER=software."
        case .invalidFrame(let detail):
            return "the frame cannot be shown: \(detail)."
        case .invalidConfiguration(let detail):
            return "invalid window configuration: \(detail)."
        }
    }

    /// The message (for `localizedDescription`).
    public var errorDescription: String? { description }
}
