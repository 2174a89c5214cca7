import CSDL2
import Foundation

/// One SDL window with its renderer and the streaming texture frames are uploaded into.
///
/// The texture has the window's own pixel format when it is B, G, R, x bytes in memory (`RGB888` or
/// `ARGB8888`, what X11 and SDL's dummy driver report) and the renderer takes it: the upload then swaps red
/// and blue while it copies, and SDL's software renderer draws the texture with a plain row copy instead
/// of converting every pixel. Otherwise it is ABGR8888 (R, G, B, A bytes on little-endian machines, the
/// compositor's layout) and rows are copied unchanged. Its blend mode is none (the frame's premultiplied
/// pixels replace the target; the clear colour shows only around a letterboxed frame).
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
        /// Window formats whose bytes are B, G, R, x in memory: a frame fits them with red and blue swapped.
        private static let bgrxFormats = [SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue]
    #else
        private static let rgbaBytes = UInt32(SDL_PIXELFORMAT_RGBA8888.rawValue)
        private static let bgrxFormats: [UInt32] = []
    #endif
    /// The streaming texture's format (see the type's summary).
    private let textureFormat: UInt32
    /// Whether uploads swap the red and blue bytes (the texture is B, G, R, x in memory).
    let swapsRedAndBlue: Bool

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
        let windowFormat = SDL_GetWindowPixelFormat(window)
        let offered = withUnsafeBytes(of: info.texture_formats) { Array($0.bindMemory(to: UInt32.self)) }
        let native =
            Self.bgrxFormats.contains(windowFormat)
            && offered.prefix(Int(info.num_texture_formats)).contains(windowFormat)
        textureFormat = native ? windowFormat : Self.rgbaBytes
        swapsRedAndBlue = native
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
                renderer, textureFormat, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
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
        let swaps = swapsRedAndBlue
        _ = image.withUnsafeBytes { source in
            if swaps {
                for row in 0..<image.height {
                    Self.copySwappingRedAndBlue(
                        from: source + row * image.bytesPerRow, to: destination + row * targetPitch, count: image.width)
                }
            } else if targetPitch == rowBytes, image.bytesPerRow == rowBytes {
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
                height: image.height, bytesPerRow: targetPitch, swapsRedAndBlue: swaps))
    }

    /// Copies `count` pixels, R, G, B, A bytes → B, G, R, A bytes, eight at a time.
    static func copySwappingRedAndBlue(
        from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int
    ) {
        let keep = SIMD8<UInt32>(repeating: 0xFF00_FF00)
        let low = SIMD8<UInt32>(repeating: 0xFF)
        var i = 0
        while i + 8 <= count {
            let p = (source + i * 4).loadUnaligned(as: SIMD8<UInt32>.self)
            let q = (p & keep) | ((p & low) &<< 16) | ((p &>> 16) & low)
            (destination + i * 4).storeBytes(of: q, as: SIMD8<UInt32>.self)
            i += 8
        }
        while i < count {
            let p = (source + i * 4).loadUnaligned(as: UInt32.self)
            (destination + i * 4).storeBytes(
                of: (p & 0xFF00_FF00) | ((p & 0xFF) << 16) | ((p >> 16) & 0xFF), as: UInt32.self)
            i += 1
        }
    }

    /// Clears, draws the texture into `destination` (drawable pixels), optionally reads the target
    /// back, and presents (blocking on vsync when the renderer has it).
    func present(
        destination: (x: Int, y: Int, width: Int, height: Int), clear: OverlayColor,
        capture: Bool
    ) -> CapturedFrame? {
        guard let renderer else { return nil }
        SDL_SetRenderDrawColor(renderer, clear.red, clear.green, clear.blue, 255)
        if let texture {
            // The clear colour fills only what the frame leaves (the letterbox): every pixel of the
            // target is written once, and the software renderer does not clear the whole surface first.
            let (w, h) = pixelSize
            var bars = Self.letterbox(around: destination, width: w, height: h)
            if !bars.isEmpty { SDL_RenderFillRects(renderer, &bars, Int32(bars.count)) }
            var rect = SDL_Rect(
                x: Int32(destination.x), y: Int32(destination.y),
                w: Int32(destination.width), h: Int32(destination.height))
            SDL_RenderCopy(renderer, texture, nil, &rect)
        } else {
            SDL_RenderClear(renderer)
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

    /// The parts of a `width × height` target outside `frame` (at most four rectangles: the bands above
    /// and below, then left and right of the frame); the whole target when the frame misses it.
    static func letterbox(around frame: (x: Int, y: Int, width: Int, height: Int), width: Int, height: Int)
        -> [SDL_Rect]
    {
        let x0 = min(max(frame.x, 0), width)
        let y0 = min(max(frame.y, 0), height)
        let x1 = min(max(frame.x + frame.width, x0), width)
        let y1 = min(max(frame.y + frame.height, y0), height)
        guard x0 < x1, y0 < y1 else {
            return width > 0 && height > 0 ? [SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))] : []
        }
        var bars: [SDL_Rect] = []
        func add(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            if w > 0 && h > 0 { bars.append(SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))) }
        }
        add(0, 0, width, y0)
        add(0, y1, width, height - y1)
        add(0, y0, x0, y1 - y0)
        add(x1, y0, width - x1, y1 - y0)
        return bars
    }
}
