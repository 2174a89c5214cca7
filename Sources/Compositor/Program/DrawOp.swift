import Foundation

/// One step of a frame's draw program, in device pixels. The program is built from the layer tree once
/// per frame and then executed band by band on all cores (`BandExecutor`).
enum DrawOp {
    /// A shape filled with a paint, source-over.
    case fill(FillOp)
    /// An offscreen group: children drawn into their own buffer, then composited with opacity, a clip
    /// shape and/or a mask.
    case group(GroupOp)
    /// A blurred shadow, prepared before the band pass.
    case shadow(ShadowOp)
    /// Particles of one emitter layer.
    case sprites(SpriteBatch)
    /// The trails of one emitter layer's particles (`RibbonBatch`), drawn under its sprites.
    case ribbons(RibbonBatch)
    /// Particles of one emitter layer drawn at half resolution before the band pass, magnified into the
    /// frame (`HalfResolutionSprites`).
    case halfResolution(HalfResolutionOp)

    /// The device pixels the step may touch.
    var bounds: IntRect {
        switch self {
        case .fill(let f): return f.shape.bounds
        case .group(let g): return g.bounds
        case .shadow(let s): return s.bounds
        case .sprites(let b): return b.bounds
        case .ribbons(let r): return r.bounds
        case .halfResolution(let h): return h.bounds
        }
    }
}

/// What fills a shape.
enum Paint {
    /// One premultiplied colour (tint already applied).
    case solid(UInt32)
    /// Layer contents (an image through the contents layout).
    case image(ImagePaint)
    /// A gradient layer's colours.
    case gradient(GradientPaint)
}

/// A shape filled with a paint.
final class FillOp {
    let shape: DeviceShape
    let paint: Paint
    /// Multiplies image and gradient colours (replicator colour, inherited opacity).
    let tint: PixelTint

    init(shape: DeviceShape, paint: Paint, tint: PixelTint) {
        self.shape = shape
        self.paint = paint
        self.tint = tint
    }
}

/// An offscreen group (group opacity, masksToBounds with a non-rectangular or anti-aliased clip, mask layers).
final class GroupOp {
    /// The offscreen's device rectangle.
    let bounds: IntRect
    let children: [DrawOp]
    /// 0…256.
    let opacity: UInt32
    /// Coverage that multiplies the group (masksToBounds).
    let clip: DeviceShape?
    /// Draw steps whose alpha multiplies the group (the mask layer).
    let mask: [DrawOp]?
    let buffer: PixelBuffer
    let maskBuffer: PixelBuffer?

    init(bounds: IntRect, children: [DrawOp], opacity: UInt32, clip: DeviceShape?, mask: [DrawOp]?, pool: BufferPool) {
        self.bounds = bounds
        self.children = children
        self.opacity = opacity
        self.clip = clip
        self.mask = mask
        buffer = pool.borrow(bounds.width * bounds.height)
        maskBuffer = mask == nil ? nil : pool.borrow(bounds.width * bounds.height)
    }

    var target: RenderTarget { buffer.target(bounds) }
    var maskTarget: RenderTarget? { maskBuffer?.target(bounds) }
}

/// A layer's shadow: the alpha of its content (or of its shadowPath), offset and blurred, in one colour.
/// The alpha is computed before the band pass (blurring needs neighbouring rows).
final class ShadowOp {
    enum Source {
        /// The shadowPath, filled.
        case shape(DeviceShape)
        /// The layer's content: its alpha is the shadow's shape.
        case content([DrawOp])
    }

    let source: Source
    /// Where the shadow is drawn (device pixels, after the offset and blur spread).
    let bounds: IntRect
    /// Device-pixel offset of the shadow from the content.
    let dx: Int, dy: Int
    /// Gaussian standard deviation in device pixels.
    let sigma: Double
    /// Premultiplied colour × shadowOpacity × tint.
    let color: UInt32
    /// `bounds.width × bounds.height` alpha values, filled by `prepare`.
    let alpha: UnsafeMutablePointer<UInt8>

    init(source: Source, bounds: IntRect, dx: Int, dy: Int, sigma: Double, color: UInt32) {
        self.source = source
        self.bounds = bounds
        self.dx = dx
        self.dy = dy
        self.sigma = sigma
        self.color = color
        alpha = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bounds.width * bounds.height))
        alpha.initialize(repeating: 0, count: max(1, bounds.width * bounds.height))
    }

    deinit { alpha.deallocate() }
}
