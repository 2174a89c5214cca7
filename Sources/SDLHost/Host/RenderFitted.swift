import EmitterKit
import Foundation

/// Renders the engine's current state fitted to the frame's drawable (aspect kept, at least 0.05 pixels per
/// point) and returns it with the engine's particle and body counts for the overlay.
///
/// `framebuffer` is reused while the fitted size stays the same, so a steady window allocates no pixels per
/// frame; nil is returned when no framebuffer of that size can be made.
func renderFitted(_ engine: Engine, _ context: FrameContext, into framebuffer: inout Framebuffer?) -> FrameOutput? {
    let view = engine.viewSize
    let scale = max(
        0.05,
        min(
            Double(context.drawableWidth) / Double(view.width),
            Double(context.drawableHeight) / Double(view.height)))
    let width = max(1, Int((Double(view.width) * scale).rounded()))
    let height = max(1, Int((Double(view.height) * scale).rounded()))
    if framebuffer?.width != width || framebuffer?.height != height {
        framebuffer = try? Framebuffer(width: width, height: height, scale: CGFloat(scale))
    }
    guard let fb = framebuffer else { return nil }
    engine.render(into: fb)
    let image = FrameImage(
        unsafePixels: UnsafeRawPointer(fb.pixels), width: fb.width, height: fb.height,
        bytesPerRow: fb.bytesPerRow)
    return FrameOutput(
        image: image, contentsScale: scale, liveParticles: engine.statistics.liveParticles,
        bodies: engine.statistics.bodies)
}
