import Foundation
import LayerKit

/// How the window host opens its window and behaves.
public struct WindowConfiguration {
    /// The window title. Default "Emitter".
    public var title: String
    /// The window's size in points (the scene's size). Default 800×600. Each side 1…16384.
    public var size: CGSize
    /// Whether the user can resize the window. Default true.
    public var isResizable: Bool
    /// Whether to ask for a full-resolution drawable on HiDPI displays (contentsScale > 1). Default true.
    public var allowsHighDPI: Bool
    /// How frames are paced. Default `.vsync`.
    public var pacing: FramePacing
    /// The colour around a letterboxed frame (opaque; its alpha is ignored). Default black.
    public var clearColor: CGColor
    /// SDL's video driver (`"x11"`, `"wayland"`, `"dummy"`), or nil for SDL's choice, which honours the
    /// `SDL_VIDEODRIVER` environment variable. Default nil.
    public var videoDriver: String?
    /// Files whose changes trigger `reloadScene(changedFiles:)`: the scene file and what it loads.
    /// Default none.
    public var watchedFiles: [String]
    /// Force a file-watching mechanism; nil uses inotify when available. Default nil.
    public var fileWatchMechanism: FileWatcher.Mechanism?
    /// Which keys do what. Default `.standard`.
    public var keyBindings: KeyBindings
    /// Whether the primary mouse button drags and clicks. Default true.
    public var decodesPointer: Bool
    /// Whether the statistics overlay is on at start. Default false.
    public var showsStatistics: Bool
    /// Deliver controller input while the window is not focused (needed under the dummy driver).
    /// Default false.
    public var controllerEventsInBackground: Bool

    /// A configuration with the defaults above.
    public init(
        title: String = "Emitter", size: CGSize = CGSize(width: 800, height: 600),
        isResizable: Bool = true, allowsHighDPI: Bool = true, pacing: FramePacing = .vsync,
        clearColor: CGColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1), videoDriver: String? = nil,
        watchedFiles: [String] = [], fileWatchMechanism: FileWatcher.Mechanism? = nil,
        keyBindings: KeyBindings = .standard, decodesPointer: Bool = true, showsStatistics: Bool = false,
        controllerEventsInBackground: Bool = false
    ) {
        self.title = title
        self.size = size
        self.isResizable = isResizable
        self.allowsHighDPI = allowsHighDPI
        self.pacing = pacing
        self.clearColor = clearColor
        self.videoDriver = videoDriver
        self.watchedFiles = watchedFiles
        self.fileWatchMechanism = fileWatchMechanism
        self.keyBindings = keyBindings
        self.decodesPointer = decodesPointer
        self.showsStatistics = showsStatistics
        self.controllerEventsInBackground = controllerEventsInBackground
    }

    /// Why the configuration cannot be used, or nil.
    public var problem: String? {
        let w = Double(size.width)
        let h = Double(size.height)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            return "size \(w)x\(h) points; each side must be 1...16384"
        }
        if case .timer(let fps) = pacing, !(fps.isFinite && fps > 0) {
            return "timer pacing at \(fps) frames per second; use a positive rate"
        }
        return nil
    }
}
