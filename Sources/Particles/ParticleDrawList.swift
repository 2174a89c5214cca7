import Foundation
import LayerKit

/// How one cell's particles look: what the compositor needs besides per-particle values.
package struct ParticleAppearance: Equatable {
    /// The particle image; nil draws nothing.
    package var contents: CGImage?
    /// The part of the image drawn, in unit coordinates. Default (0, 0, 1, 1).
    package var contentsRect: CGRect
    /// Image pixels per point, > 0.
    package var contentsScale: CGFloat
    /// Filter when drawn smaller than the image.
    package var minificationFilter: CALayerContentsFilter
    /// Filter when drawn larger than the image.
    package var magnificationFilter: CALayerContentsFilter
    /// The flipbook frame this appearance shows (`contentsFrames`, docs/Particles.md "Flipbooks"):
    /// `contentsRect` is then that frame's rectangle. 0 for cells without a flipbook.
    package var frame = 0

    /// Creates an appearance.
    package init(
        contents: CGImage?, contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), contentsScale: CGFloat = 1,
        minificationFilter: CALayerContentsFilter = .linear, magnificationFilter: CALayerContentsFilter = .linear
    ) {
        self.contents = contents
        self.contentsRect = contentsRect
        self.contentsScale = contentsScale
        self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter
    }

    /// The appearance of a cell.
    package init(cell: CAEmitterCell) {
        self.init(
            contents: cell.contents, contentsRect: cell.contentsRect, contentsScale: cell.contentsScale,
            minificationFilter: cell.minificationFilter, magnificationFilter: cell.magnificationFilter)
    }
}

/// One particle as the compositor draws it: a quad of its cell's contents centred on `position`.
///
/// The quad is `image size in points × scale` (docs/Design.md §3.8), rotated by `rotation` radians (positive
/// turns +x toward +y) and tinted per channel by `color` (straight RGBA8, clamped).
package struct ParticleSprite: Equatable {
    /// Centre x in the emitter layer's coordinates, points.
    package var x: Float
    /// Centre y in the emitter layer's coordinates, points.
    package var y: Float
    /// Depth in points (used only for `backToFront` sorting and `preservesDepth`).
    package var z: Float
    /// Multiplier of the image size; negative draws the image mirrored at the magnitude, as a transform
    /// scale does (turned by half a turn: x and y both flipped).
    package var scale: Float
    /// Rotation in radians.
    package var rotation: Float
    /// Multiplier of the quad's width along its own x axis (after `scale`), > 0: the stretch of
    /// `stretchWithVelocity` (docs/Particles.md, "Streaks"). Default 1.
    package var stretch: Float = 1
    /// Tint: red, green, blue, alpha, 0…255, not premultiplied.
    package var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// Index into `ParticleDrawList.appearances`.
    package var appearance: UInt16

    /// Creates a sprite.
    package init(
        x: Float, y: Float, z: Float = 0, scale: Float, rotation: Float,
        r: UInt8, g: UInt8, b: UInt8, a: UInt8, appearance: UInt16, stretch: Float = 1
    ) {
        (self.x, self.y, self.z, self.scale, self.rotation, self.stretch) = (x, y, z, scale, rotation, stretch)
        (self.r, self.g, self.b, self.a, self.appearance) = (r, g, b, a, appearance)
    }
}

/// One particle's trail as the compositor draws it: a ribbon through `count` points of
/// `ParticleDrawList.ribbonPoints` from `first`, head first (docs/Particles.md, "Trails").
package struct ParticleRibbon: Equatable {
    package var first: Int32
    package var count: Int32

    package init(first: Int32, count: Int32) { (self.first, self.count) = (first, count) }
}

/// One point of a ribbon: where its centre line passes, how wide it is there and its colour there;
/// width and colour are interpolated linearly between points.
package struct RibbonPoint: Equatable {
    /// Position in the emitter layer's coordinates, points.
    package var x: Float, y: Float
    /// Full width across the centre line, points, ≥ 0.
    package var width: Float
    /// Colour: red, green, blue, alpha, 0…255, not premultiplied.
    package var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    package init(x: Float, y: Float, width: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (self.x, self.y, self.width, self.r, self.g, self.b, self.a) = (x, y, width, r, g, b, a)
    }
}

/// Everything needed to draw one emitter layer's particles for one frame, already in draw order
/// (docs/Design.md §3.7). Built by the simulation after the frame's last fixed step; its storage is reused
/// from frame to frame.
package struct ParticleDrawList {
    /// Blending: `.additive` draws ONE/ONE, every other mode source-over.
    package var renderMode: CAEmitterLayerRenderMode = .unordered
    /// Appearances of the cells, indexed by `ParticleSprite.appearance`.
    package var appearances: [ParticleAppearance] = []
    /// The sprites, in the order they are drawn (first is at the bottom). Particles that would draw
    /// nothing (alpha rounding to 0, scale 0, a disabled cell or a cell without contents) are left out.
    package var sprites: [ParticleSprite] = []
    /// The ribbons of the cells with a trail, in the particles' draw order; drawn before (under) the
    /// sprites (docs/Particles.md, "Trails").
    package var ribbons: [ParticleRibbon] = []
    /// The points of the ribbons.
    package var ribbonPoints: [RibbonPoint] = []

    /// An empty list.
    package init() {}

    /// Empties the list, keeping its storage.
    package mutating func removeAll() {
        appearances.removeAll(keepingCapacity: true)
        sprites.removeAll(keepingCapacity: true)
        ribbons.removeAll(keepingCapacity: true)
        ribbonPoints.removeAll(keepingCapacity: true)
    }
}

/// Where the compositor finds the particles of an emitter layer.
package protocol ParticleDrawListProvider: AnyObject {
    /// The draw list of `emitter` (a model layer) for the current frame, or nil when it has none.
    func drawList(for emitter: CAEmitterLayer) -> ParticleDrawList?
}
