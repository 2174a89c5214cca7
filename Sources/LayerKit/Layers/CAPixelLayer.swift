import Foundation

/// Pixels a `CAPixelLayer` program writes: premultiplied, sRGB-encoded RGBA8, rows top to bottom.
///
/// Valid only during the layer's `render` call; the memory is kept between calls (retained backing),
/// so a program may update only what changed.
public struct CAPixelBuffer {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` pixels, each R | G<<8 | B<<16 | A<<24 (premultiplied).
    public let pixels: UnsafeMutableBufferPointer<UInt32>

    /// Sets pixel (x, y) to a straight colour (components 0…1, premultiplied on the way in). Ignores
    /// points outside the buffer.
    @inline(__always)
    public func set(x: Int, y: Int, red: Float, green: Float, blue: Float, alpha: Float = 1) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        pixels[y * width + x] = CAPixelBuffer.pack(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Fills every pixel with a straight colour.
    public func clear(red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0) {
        let v = CAPixelBuffer.pack(red: red, green: green, blue: blue, alpha: alpha)
        for i in pixels.indices { pixels[i] = v }
    }

    /// A premultiplied pixel value from straight components 0…1 (clamped).
    @inline(__always)
    public static func pack(red: Float, green: Float, blue: Float, alpha: Float) -> UInt32 {
        func q(_ v: Float) -> UInt32 { UInt32(max(0, min(1, v.isNaN ? 0 : v)) * 255 + 0.5) }
        let a = max(0, min(1, alpha.isNaN ? 0 : alpha))
        return q(red * a) | q(green * a) << 8 | q(blue * a) << 16 | q(a) << 24
    }
}

/// A layer whose pixels a program writes directly, the role `CAEAGLLayer` plays in the Core Animation
/// book: `render` fills a `CAPixelBuffer` of bounds × contentsScale pixels each frame
/// (`redrawsEveryFrame`) or when asked (`setNeedsDisplay()`), and the compositor shows it as the layer's
/// contents (every layer property applies: transform, opacity, mask, border, …).
///
/// ```swift
/// let gl = CAPixelLayer()
/// gl.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
/// gl.redrawsEveryFrame = true
/// gl.render = { layer, buffer in buffer.clear(alpha: 1) /* draw the triangle */ }
/// ```
open class CAPixelLayer: CALayer {
    /// Fills the buffer; called on the thread that draws the frame, before the frame is composited.
    /// Default nil (the buffer stays transparent).
    public var render: ((CAPixelLayer, CAPixelBuffer) -> Void)?

    /// Whether the buffer is refilled before every frame (like a GL view driven by a display link).
    /// Default false: only after `setNeedsDisplay()`.
    public var redrawsEveryFrame: Bool = false {
        didSet { if redrawsEveryFrame { setNeedsDisplay() } }
    }

    /// Times `render` was called.
    public private(set) var renderCount = 0

    private var storage: UnsafeMutablePointer<UInt32>?
    private var storageSize = (width: 0, height: 0)

    /// Creates a layer with Core Animation's default values.
    public override init() { super.init() }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    @MainActor public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes a presentation copy of `layer`, or a new CAPixelLayer when `layer` is nil (see `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CAPixelLayer(layer: $0) } ?? CAPixelLayer()
    }

    /// Copies the properties of `layer` (a presentation copy); the program and buffer are the model's.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAPixelLayer { redrawsEveryFrame = other.redrawsEveryFrame }
    }

    deinit { storage?.deallocate() }

    /// Pixel size of the buffer: bounds × contentsScale, rounded up (0 when the bounds are empty).
    public var pixelSize: (width: Int, height: Int) {
        let b = bounds.standardized
        let s = contentsScale.isFinite && contentsScale > 0 ? Double(contentsScale) : 1
        let w = (Double(b.width) * s).rounded(.up)
        let h = (Double(b.height) * s).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= Double(CGImage.maximumDimension),
            h <= Double(CGImage.maximumDimension),
            w * h <= Double(CGImage.maximumPixelCount)
        else { return (0, 0) }
        return (Int(w), Int(h))
    }

    /// Refills the buffer with `render` and shows it. Re-marks the layer when `redrawsEveryFrame` is on.
    override open func display() {
        defer { if redrawsEveryFrame { setNeedsDisplay() } }
        let (w, h) = pixelSize
        guard w > 0, h > 0 else {
            CATransaction.performWithoutActions { contents = nil }
            return
        }
        if storageSize != (w, h) {
            storage?.deallocate()
            storage = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
            storage!.initialize(repeating: 0, count: w * h)
            storageSize = (w, h)
        }
        guard let p = storage else { return }
        renderCount += 1
        render?(self, CAPixelBuffer(width: w, height: h, pixels: UnsafeMutableBufferPointer(start: p, count: w * h)))
        let bytes = [UInt8](UnsafeRawBufferPointer(start: p, count: w * h * 4))
        guard let image = try? CGImage(width: w, height: h, premultipliedPixels: bytes, scale: contentsScale) else {
            return
        }
        CATransaction.performWithoutActions { contents = image }
        presentationLayer?.state.contents = image
    }
}
