import Foundation
import LayerKit

/// Everything a compositor keeps between frames: converted images, resampled sprites, rasterised
/// layers, offscreen buffers, sprite batches, and the band executor.
final class CompositorResources {
    let textures = TextureCache()
    let prescaled = PrescaledSpriteCache()
    let rasterCache = RasterizationCache()
    let tiles = TiledLayerCache()
    let texts = TextContentsCache()
    let shapes = ShapeGeometryCache()
    let gradients = GradientPaintCache()
    let pool = BufferPool()
    let executor: BandExecutor
    let spriteBuilder: SpriteBatchBuilder

    private struct BatchKey: Hashable {
        let emitter: ObjectIdentifier
        let occurrence: Int
    }
    private struct BatchEntry {
        let batch: SpriteBatch
        weak var emitter: CALayer?
        var lastUse: Int
    }
    private var batches: [BatchKey: BatchEntry] = [:]
    private var frame = 0

    init(threads: Int) {
        executor = BandExecutor(threads: threads)
        spriteBuilder = SpriteBatchBuilder(textures: textures, prescaled: prescaled)
    }

    /// The reusable sprite batch for occurrence `k` of an emitter in this frame (replicated emitters
    /// occur several times).
    func batch(for emitter: CALayer, occurrence k: Int) -> SpriteBatch {
        let key = BatchKey(emitter: ObjectIdentifier(emitter), occurrence: k)
        if var e = batches[key], e.emitter === emitter {
            e.lastUse = frame
            batches[key] = e
            return e.batch
        }
        let b = SpriteBatch(capacity: 1024)
        batches[key] = BatchEntry(batch: b, emitter: emitter, lastUse: frame)
        return b
    }

    /// Whether emitters of large soft sprites may be drawn at half resolution (`HalfResolutionSprites`).
    /// Default true; tests turn it off for the full-resolution reference.
    var drawsSoftSpritesAtHalfResolution = true

    /// Draws the half-resolution sprites and prepares the shadows (whose content may hold such sprites),
    /// then runs the program into the target (clearing it first when `clear` is given).
    func render(
        _ ops: [DrawOp], shadows: [ShadowOp], halfResolution: [HalfResolutionOp] = [], into target: RenderTarget,
        clear: UInt32? = nil, bandHeight: Int
    ) {
        for h in halfResolution { h.prepare(executor: executor) }
        for s in shadows { ShadowRenderer.prepare(s, executor: executor, pool: pool, bandHeight: bandHeight) }
        executor.run(ops, into: target, clear: clear, bandHeight: bandHeight)
    }

    /// Recycles per-frame memory and drops cache entries that were not used for a while.
    func endFrame() {
        frame += 1
        pool.endFrame()
        textures.endFrame()
        prescaled.endFrame()
        rasterCache.endFrame()
        tiles.endFrame()
        texts.endFrame()
        shapes.endFrame()
        gradients.endFrame()
        batches = batches.filter { $0.value.emitter != nil && frame - $0.value.lastUse <= 60 }
    }
}
