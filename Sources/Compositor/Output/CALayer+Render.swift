import Foundation
import LayerKit
import Particles

extension CALayer {
    /// Draws the layer and its sublayers into `framebuffer` in the layer's own coordinate space, as
    /// Core Animation's `render(in:)` does (see `Compositor.render(_:in:)`). Uses a one-off compositor;
    /// keep a `Compositor` for repeated captures so that its caches are reused.
    public func render(in framebuffer: Framebuffer) {
        Compositor().render(self, in: framebuffer)
    }

    /// `render(in:)` with the emitters' particles taken from `particles` (the engine's draw lists).
    package func render(in framebuffer: Framebuffer, particles: ParticleDrawListProvider?) {
        Compositor(particles: particles).render(self, in: framebuffer)
    }
}
