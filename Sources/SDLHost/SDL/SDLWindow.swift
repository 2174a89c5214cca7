import CSDL2
import Foundation

/// One SDL window with its renderer and the streaming texture frames are uploaded into.
///
/// The texture is ABGR8888, which on little-endian machines is R, G, B, A bytes in memory: the
/// compositor's layout, so rows are copied without swizzling. Its blend mode is none (the frame's
/// premultiplied pixels replace the target; the clear colour shows only around a letterboxed frame).
final class SDLWindow {
    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var texture: OpaquePointer?
    private(set) var textureWidth = 0
    private(set) var textureHeight = 0
    /// The renderer's name (`opengl`, `software`, …).
    let rendererName: String
    /// Whether the renderer presents with vsync.
    let presentsWithVsync: Bool

    /// SDL's name for "R, G, B, A bytes in memory" (its packed formats are named by the 32-bit word).
    #if _endian(little)
        private static let rgbaBytes = UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)
    #else
        private static let rgbaBytes = UInt32(SDL_PIXELFORMAT_RGBA8888.rawValue)
    #endif
    /// The streaming texture's format: the compositor's byte order, so uploads are plain copies.
    private static let textureFormat = rgbaBytes

    init(title: String, width: Int, height: Int, resizable: Bool, highDPI: Bool, vsync: Bool) throws {
        var flags = SDL_WINDOW_SHOWN.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if highDPI { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue }
        let centred = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(title, centred, centred, Int32(width), Int32(height), flags) else {
            throw WindowHostError.windowCreationFailed(reason: SDLSubsystems.lastError())
        }
        self.window = window
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
        let software = SDL_RENDERER_SOFTWARE.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
        guard let renderer = SDL_CreateRenderer(window, -1, accelerated) ?? SDL_CreateRenderer(window, -1, software)
        else {
            let reason = SDLSubsystems.lastError()
            SDL_DestroyWindow(window)
            self.window = nil
            throw WindowHostError.rendererCreationFailed(reason: reason)
        }
        self.renderer = renderer
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        presentsWithVsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    }

    deinit { close() }

    /// Destroys texture, renderer and window (idempotent).
    func close() {
        if let texture { SDL_DestroyTexture(texture) }
        if let renderer { SDL_DestroyRenderer(renderer) }
        if let window { SDL_DestroyWindow(window) }
        (texture, renderer, window) = (nil, nil, nil)
    }

    // MARK: - Geometry

    /// SDL's id for the window (events carry it).
    var windowID: UInt32 { window.map { SDL_GetWindowID($0) } ?? 0 }

    /// The window's size in points.
    var pointSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        if let window { SDL_GetWindowSize(window, &w, &h) }
        return (Int(w), Int(h))
    }

    /// The drawable's size in pixels.
    var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        if let renderer { SDL_GetRendererOutputSize(renderer, &w, &h) }
        return (Int(w), Int(h))
    }

    /// The refresh rate of the window's display in hertz; 0 when unknown.
    var refreshRate: Double {
        var mode = SDL_DisplayMode()
        guard let window, SDL_GetWindowDisplayMode(window, &mode) == 0 else { return 0 }
        return Double(mode.refresh_rate)
    }

    func setTitle(_ title: String) {
        if let window { SDL_SetWindowTitle(window, title) }
    }

    func setSize(width: Int, height: Int) {
        if let window { SDL_SetWindowSize(window, Int32(width), Int32(height)) }
    }

    // MARK: - Frames

    /// Copies a frame into the streaming texture (recreated when the frame's size changes), then lets
    /// `overlay` draw on the copy before it is unlocked.
    func upload(_ image: FrameImage, overlay: (PixelCanvas) -> Void) throws {
        guard let renderer else { return }
        if texture == nil || textureWidth != image.width || textureHeight != image.height {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(
                renderer, Self.textureFormat, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(image.width), Int32(image.height))
            guard let texture else {
                textureWidth = 0
                textureHeight = 0
                throw WindowHostError.textureCreationFailed(
                    width: image.width, height: image.height,
                    reason: SDLSubsystems.lastError())
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            textureWidth = image.width
            textureHeight = image.height
        }
        guard let texture else { return }
        var locked: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &locked, &pitch) == 0, let destination = locked else {
            throw WindowHostError.textureCreationFailed(
                width: image.width, height: image.height,
                reason: "lock failed: \(SDLSubsystems.lastError())")
        }
        defer { SDL_UnlockTexture(texture) }
        let rowBytes = image.width * 4
        let targetPitch = Int(pitch)
        _ = image.withUnsafeBytes { source in
            if targetPitch == rowBytes, image.bytesPerRow == rowBytes {
                destination.copyMemory(from: source, byteCount: rowBytes * image.height)
            } else {
                for row in 0..<image.height {
                    (destination + row * targetPitch).copyMemory(
                        from: source + row * image.bytesPerRow, byteCount: rowBytes)
                }
            }
        }
        overlay(
            PixelCanvas(
                pixels: destination.assumingMemoryBound(to: UInt8.self), width: image.width,
                height: image.height, bytesPerRow: targetPitch))
    }

    /// Clears, draws the texture into `destination` (drawable pixels), optionally reads the target
    /// back, and presents (blocking on vsync when the renderer has it).
    func present(
        destination: (x: Int, y: Int, width: Int, height: Int), clear: OverlayColor,
        capture: Bool
    ) -> CapturedFrame? {
        guard let renderer else { return nil }
        SDL_SetRenderDrawColor(renderer, clear.red, clear.green, clear.blue, 255)
        SDL_RenderClear(renderer)
        if let texture {
            var rect = SDL_Rect(
                x: Int32(destination.x), y: Int32(destination.y),
                w: Int32(destination.width), h: Int32(destination.height))
            SDL_RenderCopy(renderer, texture, nil, &rect)
        }
        var captured: CapturedFrame?
        if capture {
            // Read before presenting: after SDL_RenderPresent the back buffer's contents are undefined.
            let (w, h) = pixelSize
            var pixels = [UInt8](repeating: 0, count: max(0, w * h * 4))
            let status = pixels.withUnsafeMutableBytes {
                SDL_RenderReadPixels(renderer, nil, Self.rgbaBytes, $0.baseAddress, Int32(w * 4))
            }
            if status == 0 { captured = CapturedFrame(width: w, height: h, pixels: pixels) }
        }
        SDL_RenderPresent(renderer)
        return captured
    }
}
