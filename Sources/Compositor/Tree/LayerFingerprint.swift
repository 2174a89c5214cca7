import Foundation
import LayerKit
import Particles

/// A hash of everything that affects how a subtree draws, used to tell whether a rasterised layer's
/// cached bitmap is still valid.
///
/// It does not rely on object identity or generation counters alone, so it also works when the engine
/// hands the compositor a freshly built presentation tree every frame. The layer's own placement
/// (position, transform, opacity, zPosition) is left out for the root of a rasterised subtree: moving or
/// fading a rasterised layer reuses its bitmap, as in Core Animation.
enum LayerFingerprint {
    static func of(_ layer: CALayer, particles: ParticleDrawListProvider?) -> Int {
        var h = Hasher()
        add(layer, to: &h, placement: false, particles: particles, depth: 0)
        return h.finalize()
    }

    private static func add(_ r: CGRect, _ h: inout Hasher) {
        h.combine(Double(r.origin.x))
        h.combine(Double(r.origin.y))
        h.combine(Double(r.size.width))
        h.combine(Double(r.size.height))
    }

    private static func add(_ p: CGPoint, _ h: inout Hasher) {
        h.combine(Double(p.x))
        h.combine(Double(p.y))
    }

    private static func add(
        _ layer: CALayer, to h: inout Hasher, placement: Bool, particles: ParticleDrawListProvider?, depth: Int
    ) {
        guard depth < 64 else { return }
        h.combine(ObjectIdentifier(type(of: layer)))
        if placement {
            add(layer.position, &h)
            h.combine(Double(layer.zPosition))
            add(layer.anchorPoint, &h)
            h.combine(Double(layer.anchorPointZ))
            h.combine(layer.transform)
            h.combine(layer.opacity)
        }
        add(layer.bounds, &h)
        h.combine(layer.sublayerTransform)
        h.combine(layer.isGeometryFlipped)
        h.combine(layer.contents.map { ObjectIdentifier($0) })
        h.combine(layer.contentsGravity)
        add(layer.contentsRect, &h)
        h.combine(Double(layer.contentsScale))
        add(layer.contentsCenter, &h)
        h.combine(layer.minificationFilter)
        h.combine(layer.magnificationFilter)
        h.combine(layer.minificationFilterBias)
        h.combine(layer.isHidden)
        h.combine(layer.backgroundColor)
        h.combine(layer.masksToBounds)
        h.combine(Double(layer.cornerRadius))
        h.combine(layer.maskedCorners.rawValue)
        h.combine(Double(layer.borderWidth))
        h.combine(layer.borderColor)
        h.combine(layer.shadowColor)
        h.combine(layer.shadowOpacity)
        h.combine(Double(layer.shadowOffset.width))
        h.combine(Double(layer.shadowOffset.height))
        h.combine(Double(layer.shadowRadius))
        h.combine(layer.shadowPath)
        h.combine(layer.allowsGroupOpacity)
        h.combine(layer.allowsEdgeAntialiasing)
        h.combine(layer.isDoubleSided)
        if placement {
            h.combine(layer.shouldRasterize)
            h.combine(Double(layer.rasterizationScale))
        }
        if let g = layer as? CAGradientLayer {
            h.combine(g.colors)
            h.combine(g.locations.map { $0.map(Double.init) })
            add(g.startPoint, &h)
            add(g.endPoint, &h)
            h.combine(g.type)
        }
        if let r = layer as? CAReplicatorLayer {
            h.combine(r.instanceCount)
            h.combine(r.preservesDepth)
            h.combine(r.instanceDelay)
            h.combine(r.instanceTransform)
            h.combine(r.instanceColor)
            h.combine(r.instanceRedOffset)
            h.combine(r.instanceGreenOffset)
            h.combine(r.instanceBlueOffset)
            h.combine(r.instanceAlphaOffset)
        }
        if let s = layer as? CAShapeLayer {
            h.combine(s.path)
            h.combine(s.fillColor)
            h.combine(s.fillRule)
            h.combine(s.strokeColor)
            h.combine(Double(s.lineWidth))
            h.combine(s.lineCap)
            h.combine(s.lineJoin)
            h.combine(Double(s.miterLimit))
            h.combine(s.lineDashPattern?.map(Double.init))
            h.combine(Double(s.lineDashPhase))
            h.combine(Double(s.strokeStart))
            h.combine(Double(s.strokeEnd))
        }
        if let t = layer as? CATextLayer {
            h.combine(t.string)
            h.combine(t.font)
            h.combine(Double(t.fontSize))
            h.combine(t.foregroundColor)
            h.combine(t.isWrapped)
            h.combine(t.truncationMode)
            h.combine(t.alignmentMode)
        }
        if let e = layer as? CAEmitterLayer, let list = particles?.drawList(for: (e.modelLayer as? CAEmitterLayer) ?? e)
        {
            h.combine(list.renderMode)
            for a in list.appearances {
                h.combine(a.contents.map { ObjectIdentifier($0) })
                add(a.contentsRect, &h)
                h.combine(Double(a.contentsScale))
                h.combine(a.minificationFilter)
                h.combine(a.magnificationFilter)
            }
            // Field by field: the struct's padding bytes are not guaranteed to be initialised.
            for p in list.sprites {
                h.combine(p.x)
                h.combine(p.y)
                h.combine(p.z)
                h.combine(p.scale)
                h.combine(p.rotation)
                h.combine(p.r)
                h.combine(p.g)
                h.combine(p.b)
                h.combine(p.a)
                h.combine(p.appearance)
            }
            for p in list.ribbonPoints {
                h.combine(p.x)
                h.combine(p.y)
                h.combine(p.width)
                h.combine(p.r)
                h.combine(p.g)
                h.combine(p.b)
                h.combine(p.a)
            }
            for r in list.ribbons {
                h.combine(r.first)
                h.combine(r.count)
            }
        }
        h.combine(layer.sublayers?.count ?? 0)
        for child in layer.sublayers ?? [] {
            add(child, to: &h, placement: true, particles: particles, depth: depth + 1)
        }
        if let m = layer.mask {
            h.combine(1)
            add(m, to: &h, placement: true, particles: particles, depth: depth + 1)
        }
    }
}
