import EmitterKit

// MARK: - Image contexts, as UIKit's drawing functions use them

/// The image contexts of the current thread, innermost last (UIKit's context stack is per thread).
private final class ContextStack {
    var contexts: [CGContext] = []

    static var current: ContextStack {
        let key = "UIKitCompat.ContextStack"
        if let stack = Thread.current.threadDictionary[key] as? ContextStack { return stack }
        let stack = ContextStack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }
}

/// A context of `size` points at `scale` pixels per point (0: the screen's scale), y down with the origin
/// at the top left as in UIKit, cleared to transparent. Nil (reported) for a size that has no pixels.
private func makeImageContext(size: CGSize, scale: CGFloat) -> CGContext? {
    if CGContext.rendererFactory == nil { CGContext.rendererFactory = RasterContextRendererFactory() }
    let s = scale > 0 && scale.isFinite ? scale : UIScreen.main.scale
    let w = (Double(size.width) * Double(s)).rounded(.up)
    let h = (Double(size.height) * Double(s)).rounded(.up)
    guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= Double(CGImage.maximumDimension),
        h <= Double(CGImage.maximumDimension), let ctx = try? CGContext(width: Int(w), height: Int(h), scale: s)
    else {
        UIKitDiagnostics.report(
            "an image context of \(size.width)×\(size.height) points at scale \(s) has no usable pixels; nothing is drawn"
        )
        return nil
    }
    ctx.scaleBy(x: s, y: s)
    return ctx
}

/// Pushes a new image context of `size` points (`scale` 0: the screen's scale) onto the current thread's
/// stack, as UIKit's function does. `opaque` is accepted; the context starts transparent either way.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    guard let ctx = makeImageContext(size: size, scale: scale) else { return }
    ContextStack.current.contexts.append(ctx)
}

/// Pushes a new image context of `size` points at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// The innermost image context of the current thread, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? { ContextStack.current.contexts.last }

/// An image of the innermost context's pixels (at its scale), or nil when there is no context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let ctx = UIGraphicsGetCurrentContext(), let image = try? ctx.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: ctx.scale, orientation: .up)
}

/// Pops the innermost image context of the current thread.
public func UIGraphicsEndImageContext() {
    _ = ContextStack.current.contexts.popLast()
}

/// Fills `rect` (points) with the current fill colour in the current context.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

extension UIColor {
    /// Makes this the fill colour of the current image context.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the stroke colour of the current image context.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Makes this the fill and stroke colour of the current image context.
    public func set() {
        setFill()
        setStroke()
    }
}

// MARK: - UIGraphicsImageRenderer

/// UIKit's block-based image renderer: `UIGraphicsImageRenderer(size:).image { context in … }` draws into a
/// fresh context (y down, points, the screen's scale) and returns the image.
open class UIGraphicsImageRenderer {
    /// The area drawn, in points.
    public let bounds: CGRect
    /// Pixels per point (the screen's scale).
    public let scale: CGFloat

    /// A renderer for an image of `size` points.
    public init(size: CGSize) {
        bounds = CGRect(origin: .zero, size: size)
        scale = UIScreen.main.scale
    }

    /// A renderer for the area `bounds` (its origin is the image's top left).
    public init(bounds: CGRect) {
        self.bounds = bounds
        scale = UIScreen.main.scale
    }

    /// Runs `actions` with a context for the image and returns it; an empty image when the bounds have no
    /// pixels (reported).
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        guard let ctx = makeImageContext(size: bounds.size, scale: scale) else { return UIImage() }
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        ContextStack.current.contexts.append(ctx)
        defer { _ = ContextStack.current.contexts.popLast() }
        actions(UIGraphicsImageRendererContext(cgContext: ctx))
        guard let image = try? ctx.makeImage() else { return UIImage() }
        return UIImage(cgImage: image, scale: scale, orientation: .up)
    }
}

/// The context `UIGraphicsImageRenderer.image(actions:)` hands its block.
public final class UIGraphicsImageRendererContext {
    /// The Core Graphics context to draw into.
    public let cgContext: CGContext

    init(cgContext: CGContext) { self.cgContext = cgContext }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
}
