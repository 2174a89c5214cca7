import Foundation

/// Whether a window can be opened here, decided before opening one (so the command line can fall back
/// to rendering PNGs with a message).
public enum WindowAvailability: Equatable, Sendable {
    /// A video driver starts; its name (`x11`, `wayland`, `dummy`, …).
    case available(driver: String)
    /// No window can be opened, and why.
    case unavailable(reason: String)

    /// Whether a window can be opened.
    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }

    /// Checks the environment, then tries to start SDL's video subsystem (and stops it again).
    ///
    /// Without `DISPLAY`, `WAYLAND_DISPLAY` and `SDL_VIDEODRIVER` there is nothing to show a window on,
    /// and SDL is not tried (it could otherwise take over a text console). With `SDL_VIDEODRIVER` set
    /// (for example `dummy` in tests) that driver decides.
    public static func check(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        videoDriver: String? = nil
    ) -> WindowAvailability {
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        let requested = videoDriver ?? environment["SDL_VIDEODRIVER"].flatMap { $0.isEmpty ? nil : $0 }
        guard hasDisplay || requested != nil else {
            return .unavailable(
                reason: "no display: neither DISPLAY nor WAYLAND_DISPLAY is set "
                    + "(run under a desktop or xvfb-run, or set SDL_VIDEODRIVER)")
        }
        switch SDLSubsystems.probeVideo(videoDriver: requested) {
        case .success(let driver): return .available(driver: driver)
        case .failure(let error): return .unavailable(reason: error.description)
        }
    }
}
