import Foundation
import LayerKit
import Particles

/// The software compositor: draws a presentation tree into a premultiplied RGBA8 `Framebuffer`.
///
/// The same code serves the window and PNG output, so headless frames are exactly what users see.
/// A compositor keeps caches between frames (converted images and mipmaps, pre-scaled particle
/// sprites, bitmaps of `shouldRasterize` layers, offscreen buffers) and skips frames in which nothing
/// changed. Drawing runs in horizontal bands on `threadCount` threads; the pixels are bit-identical for
/// any thread count. Use one compositor per window or output stream, from one thread at a time.
///
/// ```swift
/// let compositor = Compositor()
/// compositor.particles = engine            // the emitters' draw lists
/// let frame = try Framebuffer(width: 1280, height: 720, scale: 2)
/// compositor.render(root, into: frame)
/// try frame.writePNG(to: "frame.png")
/// ```
public final class Compositor {
    /// Threads that draw bands, ≥ 1. Default: the number of active processors.
    public var threadCount: Int {
        didSet {
            threadCount = max(1, threadCount)
            resources.executor.threads = threadCount
        }
    }

    /// Where emitter layers' particles come from. Asked with the model layer of each `CAEmitterLayer`.
    /// Default nil (no particles are drawn).
    package var particles: ParticleDrawListProvider?

    /// Supplies delayed presentation subtrees for `CAReplicatorLayer.instanceDelay`. Default nil: every
    /// instance shows the same presentation copy.
    package var instanceSource: ReplicatorInstanceSource?

    /// Colour the framebuffer is cleared to before each frame. Default transparent black.
    public var clearColor: CGColor = .clear

    /// Whether a frame whose tree and particles did not change is skipped (the framebuffer keeps the
    /// previous frame). Default true.
    public var skipsCleanFrames = true

    /// Problems found in the last frame's tree (a gradient with mismatched locations, a non-finite
    /// transform, …), each naming the layer and the fix. Such layers are skipped, never fatal.
    public private(set) var diagnostics: [String] = []

    /// Layers redrawn (`displayIfNeeded`) before the last frame.
    public private(set) var displayedLayers = 0

    /// Diagnostic overlays drawn over every frame (docs/Diagnostics.md). Default none. While any is on,
    /// clean frames are drawn anyway.
    public var renderDiagnostics: RenderDiagnostics = []
    /// Whether every frame's pixel writes are counted (`counters.pixelsDrawn`, `pixelsBlended`); costs
    /// a second, single-threaded rasterisation of the frame. Default false.
    public var countsPixels = false
    /// What the last frame did: whether it was skipped, layers drawn, offscreen passes, sprites, pixels
    /// blended, cache hits (docs/Diagnostics.md).
    public internal(set) var counters = RenderCounters()
    /// Display counts of software-drawn layers at the last frame (flash updated regions).
    var lastDrawnCounts: [ObjectIdentifier: Int] = [:]

    let resources: CompositorResources

    // Clean-frame detection state.
    private weak var lastRoot: CALayer?
    private var lastGeneration: UInt64 = 0
    private var lastFramebuffer: ObjectIdentifier?
    private var lastClearColor: CGColor = .clear
    private var lastUsedInstanceSource = false
    private var lastEmitters:
        [(
            model: Weak<CAEmitterLayer>, renderMode: CAEmitterLayerRenderMode?,
            appearances: [ParticleAppearance], sprites: [ParticleSprite]
        )] = []

    /// Creates a compositor drawing with `threadCount` threads (default: one per processor).
    public convenience init(threadCount: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.init(threadCount: threadCount, particles: nil)
    }

    /// Creates a compositor drawing with `threadCount` threads that takes emitters' particles from
    /// `particles` (the engine).
    package init(threadCount: Int = ProcessInfo.processInfo.activeProcessorCount, particles: ParticleDrawListProvider?)
    {
        self.threadCount = max(1, threadCount)
        self.particles = particles
        resources = CompositorResources(threads: max(1, threadCount))
        Compositor.installDrawingBackend()
    }

    /// Makes `CGContext` drawing use the compositor's rasteriser (done by every `Compositor` init; call it
    /// to draw with `CGContext` before creating one). Keeps a renderer factory installed by the program.
    public static func installDrawingBackend() {
        if CGContext.rendererFactory == nil { CGContext.rendererFactory = RasterContextRendererFactory() }
    }

    // MARK: - Frames

    /// Draws the tree under `root` into `framebuffer`: clears it to `clearColor`, then draws the root
    /// layer placed in the framebuffer's point space (its position and transform apply; one point is
    /// `framebuffer.scale` pixels).
    ///
    /// `root` is a presentation tree (each copy's `modelLayer` points at its model layer) or a model
    /// tree when nothing animates. When `skipsCleanFrames` is on and neither the tree (same root object,
    /// same `subtreeGeneration`) nor any emitter's draw list changed since the last call with the same
    /// framebuffer, nothing is drawn and `counters.wasClean` is true.
    public func render(_ root: CALayer, into framebuffer: Framebuffer) {
        if root.modelLayer == nil { root.layoutSubtreeIfNeeded() }
        displayedLayers = (root.modelLayer ?? root).displaySubtreeIfNeeded()
        if skipsCleanFrames && renderDiagnostics.isEmpty && isClean(root, framebuffer) {
            counters = RenderCounters()
            counters.wasClean = true
            counters.framePixels = framebuffer.width * framebuffer.height
            return
        }
        let s = Double(framebuffer.scale)
        let base = PlaneTransform(m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0, m31: 0, m32: 0, m33: 1)
        let rect = IntRect(x0: 0, y0: 0, x1: framebuffer.width, y1: framebuffer.height)
        let bands = BandExecutor.bandHeight(threads: threadCount, width: framebuffer.width, height: framebuffer.height)
        let builder = RenderTreeBuilder(
            resources: resources, particles: particles, instances: instanceSource, threads: threadCount,
            bandHeight: bands)
        if !renderDiagnostics.isEmpty { builder.regions = [] }
        let ops = builder.build(root: root, base: base, clip: rect)
        resources.render(
            ops, shadows: builder.shadows, halfResolution: builder.halfResolution,
            into: RenderTarget(base: framebuffer.pixels, stride: framebuffer.width, rect: rect),
            clear: PixelMath.pixel(clearColor), bandHeight: bands)
        counters = frameCounters(builder, framebuffer)
        diagnose(ops, builder, framebuffer)
        finish(builder)
        if skipsCleanFrames { remember(root, framebuffer, builder) } else { lastRoot = nil }
    }

    /// Draws `layer` and its sublayers into `framebuffer` in the layer's own coordinate space, as
    /// `CALayer.render(in:)` does: the bounds origin goes to the framebuffer's top-left corner and the
    /// layer's own position, transform and superlayers are ignored. Draws over the existing pixels.
    public func render(_ layer: CALayer, in framebuffer: Framebuffer) {
        displayedLayers = (layer.modelLayer ?? layer).displaySubtreeIfNeeded()
        let s = Double(framebuffer.scale)
        let b = layer.bounds
        let base = PlaneTransform(
            m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0,
            m31: -Double(b.minX) * s, m32: -Double(b.minY) * s, m33: 1)
        let rect = IntRect(x0: 0, y0: 0, x1: framebuffer.width, y1: framebuffer.height)
        let bands = BandExecutor.bandHeight(threads: threadCount, width: framebuffer.width, height: framebuffer.height)
        let builder = RenderTreeBuilder(
            resources: resources, particles: particles, instances: instanceSource, threads: threadCount,
            bandHeight: bands)
        let ops = builder.build(capture: layer, base: base, clip: rect)
        resources.render(
            ops, shadows: builder.shadows, halfResolution: builder.halfResolution,
            into: RenderTarget(base: framebuffer.pixels, stride: framebuffer.width, rect: rect),
            bandHeight: bands)
        counters = frameCounters(builder, framebuffer)
        finish(builder)
        lastRoot = nil
    }

    /// An image of `layer` and its sublayers in the layer's own coordinates (see `render(_:in:)`), on a
    /// transparent background, `bounds.size × scale` pixels (rounded up).
    ///
    /// Throws `CompositorError.badCapture` when the bounds are empty or too large, or the scale is not a
    /// finite number > 0.
    public func image(of layer: CALayer, scale: CGFloat = 1) throws -> CGImage {
        let b = layer.bounds
        guard scale.isFinite, scale > 0 else {
            throw CompositorError.badCapture("capture scale must be a finite number > 0, got \(scale)")
        }
        let w = (Double(b.width) * Double(scale)).rounded(.up)
        let h = (Double(b.height) * Double(scale)).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16_384, h <= 16_384 else {
            throw CompositorError.badCapture(
                "cannot capture a layer of \(b.width)×\(b.height) points at scale \(scale): "
                    + "the image must be 1…16384 pixels per side; give the layer non-empty bounds")
        }
        let fb = try Framebuffer(width: Int(w), height: Int(h), scale: scale)
        render(layer, in: fb)
        return try fb.makeImage()
    }

    // MARK: - Bookkeeping

    private func finish(_ builder: RenderTreeBuilder) {
        diagnostics = builder.diagnostics
        resources.endFrame()
    }

    private func remember(_ root: CALayer, _ fb: Framebuffer, _ builder: RenderTreeBuilder) {
        lastRoot = root
        lastGeneration = root.subtreeGeneration
        lastFramebuffer = ObjectIdentifier(fb)
        lastClearColor = clearColor
        lastUsedInstanceSource = builder.usedInstanceSource
        var records = lastEmitters
        records.removeAll(keepingCapacity: true)
        for (i, e) in builder.emitters.enumerated() {
            // Reuse the sprite storage of the previous frame's record at the same index.
            var sprites = i < lastEmitters.count ? lastEmitters[i].sprites : []
            sprites.removeAll(keepingCapacity: true)
            if let l = e.list { sprites.append(contentsOf: l.sprites) }
            records.append((Weak(e.model), e.list?.renderMode, e.list?.appearances ?? [], sprites))
        }
        lastEmitters = records
    }

    private func isClean(_ root: CALayer, _ fb: Framebuffer) -> Bool {
        guard let last = lastRoot, last === root, root.subtreeGeneration == lastGeneration,
            lastFramebuffer == ObjectIdentifier(fb), lastClearColor == clearColor, !lastUsedInstanceSource
        else { return false }
        for rec in lastEmitters {
            guard let model = rec.model.value else { return false }
            let list = particles?.drawList(for: model)
            if list?.renderMode != rec.renderMode { return false }
            guard let l = list else { continue }
            if l.appearances != rec.appearances || !Compositor.same(l.sprites, rec.sprites) { return false }
        }
        return true
    }

    /// Whether two sprite lists are equal: their bytes first (fast), field by field when the bytes differ
    /// (padding bytes may differ between equal values).
    static func same(_ a: [ParticleSprite], _ b: [ParticleSprite]) -> Bool {
        guard a.count == b.count else { return false }
        let bytesEqual = a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                pa.count == pb.count && (pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0)
            }
        }
        return bytesEqual || a == b
    }
}

/// A weak reference in a value.
struct Weak<T: AnyObject> {
    weak var value: T?
    init(_ v: T) { value = v }
}
