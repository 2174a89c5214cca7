import Foundation

/// Geometry: frame, the transforms between a layer and its superlayer, conversion and hit testing.
///
/// A layer's bounds coordinates map into its superlayer's bounds coordinates by
/// `positionTransform` (anchor to origin, `transform`, move to `position`/`zPosition`) followed by the
/// superlayer's sublayer space (its `sublayerTransform` about its anchor, then its geometry flip).
/// Non-transform layers flatten their sublayers into their plane, so across such a level the map is a
/// plane projection (`PlaneTransform`); `CATransformLayer` keeps its sublayers' depth.
extension CALayer {
    // MARK: - Frame

    /// The anchor point in the layer's own bounds coordinates.
    public var anchorPointInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// Maps bounds coordinates to the superlayer's sublayer space: the anchor to the origin, then
    /// `transform`, then translation to (position, zPosition).
    public var positionTransform: CATransform3D {
        let a = anchorPointInBounds
        let toAnchor = CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ)
        return CATransform3DConcat(
            CATransform3DConcat(toAnchor, transform),
            CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// Maps the sublayer space (where sublayers' positions live) to this layer's bounds coordinates:
    /// `sublayerTransform` about the anchor point, then the vertical flip if `isGeometryFlipped`.
    public var sublayerSpaceTransform: CATransform3D {
        var m = CATransform3DIdentity
        if !CATransform3DIsIdentity(sublayerTransform) {
            let a = anchorPointInBounds
            m = CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ), sublayerTransform),
                CATransform3DMakeTranslation(a.x, a.y, anchorPointZ))
        }
        if isGeometryFlipped {
            var flip = CATransform3DMakeScale(1, -1, 1)
            flip.m42 = bounds.minY + bounds.maxY
            m = CATransform3DConcat(m, flip)
        }
        return m
    }

    /// Maps this layer's bounds coordinates to its superlayer's bounds coordinates (3D, before flattening).
    /// For a root layer: to the space the root is placed in (the framebuffer).
    public var transformToSuperlayer: CATransform3D {
        guard let p = parent ?? maskOwner else { return positionTransform }
        return CATransform3DConcat(positionTransform, p.sublayerSpaceTransform)
    }

    /// The layer's bounding box in its superlayer's coordinates (before the superlayer's
    /// sublayerTransform). Setting it moves `position` and resizes `bounds`; with a non-identity transform
    /// the bounds are scaled by the ratio of the new frame to the old one, or take the frame's size when
    /// they are empty (Apple leaves this undefined).
    public var frame: CGRect {
        get {
            let m = positionTransform
            let b = bounds
            let corners = [
                CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY),
            ]
            if CATransform3DIsAffine(m) || !m.hasPerspective {
                return CGRect.boundingBox(of: corners.map { $0.applying(m.affine) })
            }
            let projected = corners.compactMap { PlaneTransform(m).apply($0) }
            return projected.count == 4 ? CGRect.boundingBox(of: projected) : .null
        }
        set {
            let f = newValue.standardized
            guard [f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite) else { return }
            if CATransform3DIsIdentity(transform) {
                bounds.size = f.size
                position = CGPoint(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height)
                return
            }
            let old = frame
            if old.width > 0, old.height > 0 {
                bounds.size = CGSize(
                    width: bounds.width * f.width / old.width, height: bounds.height * f.height / old.height)
            } else if bounds.width == 0 || bounds.height == 0 {
                // Nothing to scale (a new layer): take the frame's size, so that a layer given a frame and a
                // transform (a cube face turned 90°) is not left 0×0 and invisible.
                bounds.size = f.size
            }
            let now = frame
            position = CGPoint(x: position.x + f.minX - now.minX, y: position.y + f.minY - now.minY)
        }
    }

    /// The affine part of `transform`: Core Animation's `affineTransform()`.
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets `transform` to the affine transform `m`.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    // MARK: - Mapping between layers

    /// Maps this layer's plane to the framebuffer plane (the space the root is placed in), flattening at
    /// every layer that flattens its sublayers.
    package var planeTransformToRootSpace: PlaneTransform {
        var result = PlaneTransform.identity
        var pending = CATransform3DIdentity
        var layer: CALayer = self
        while true {
            pending = CATransform3DConcat(pending, layer.transformToSuperlayer)
            guard let p = layer.parent ?? layer.maskOwner else { break }
            if p.flattensSublayers {
                result = result.concatenating(PlaneTransform(pending))
                pending = CATransform3DIdentity
            }
            layer = p
        }
        return result.concatenating(PlaneTransform(pending))
    }

    /// Converts `p` from `layer`'s coordinates (nil: the framebuffer) to this layer's.
    /// Points behind the camera or through a singular transform come back as (∞, ∞).
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let toRoot = layer?.planeTransformToRootSpace ?? .identity
        guard let fromRoot = planeTransformToRootSpace.inverted,
            let q = toRoot.concatenating(fromRoot).apply(p)
        else { return CGPoint(x: CGFloat.infinity, y: .infinity) }
        return q
    }

    /// Converts `p` from this layer's coordinates to `layer`'s (nil: the framebuffer).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        if let layer { return layer.convert(p, from: self) }
        return planeTransformToRootSpace.apply(p) ?? CGPoint(x: CGFloat.infinity, y: .infinity)
    }

    /// Converts a rectangle from `layer`'s coordinates: the bounding box of its converted corners.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        CGRect.boundingBox(of: r.cornerPoints.map { convert($0, from: layer) })
    }

    /// Converts a rectangle to `layer`'s coordinates: the bounding box of its converted corners.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        CGRect.boundingBox(of: r.cornerPoints.map { convert($0, to: layer) })
    }

    // MARK: - Hit testing

    /// Whether the layer's contents are drawn flipped: the parity of `isGeometryFlipped` on the
    /// ancestors (Core Animation's `contentsAreFlipped()`).
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer = parent
        while let l = layer {
            if l.isGeometryFlipped { flipped.toggle() }
            layer = l.parent
        }
        return flipped
    }
}

extension CGRect {
    /// The four corners: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
    public var cornerPoints: [CGPoint] {
        [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY)]
    }
}
