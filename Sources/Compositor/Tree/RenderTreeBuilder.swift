import Foundation
import LayerKit
import Particles

/// Turns a layer tree into a draw program in device pixels (one frame).
///
/// Geometry follows LayerKit: a layer's bounds map to its superlayer's bounds by
/// `positionTransform ⊗ superlayer.sublayerSpaceTransform`; every layer except `CATransformLayer`
/// flattens its sublayers into its plane, so across such a level the map to the framebuffer is a plane
/// homography (`PlaneTransform`), composed down the tree. Sublayers draw far to near by the depth of
/// their centres (for flat layers: array order stably sorted by zPosition); the descendants of a
/// transform layer keep their 3D placement and join that order.
///
/// A layer draws, bottom to top: shadow, background, contents (image, gradient or shape fill), sublayers,
/// border, then (emitter layers) particles. Opacity multiplies down the tree; with `allowsGroupOpacity`
/// a translucent layer with sublayers or several parts is composited as one group. masksToBounds clips
/// by a scissor rectangle when the clip is an unrotated, unrounded rectangle, otherwise by a coverage
/// shape on a group; a mask layer multiplies the group by its alpha.
final class RenderTreeBuilder {
    /// What flows down the tree while visiting.
    struct Context {
        /// Layer plane → device pixels.
        var h: PlaneTransform
        /// The superlayer's plane → device pixels (shadow offsets and radii are measured there).
        var parentH: PlaneTransform
        /// Colour multiplier (replicator instance colours, inherited opacity).
        var tint: ColorMultiplier
        /// Scissor in device pixels.
        var clip: IntRect
        /// An odd number of geometry-flipped superlayers: images are mirrored to stay upright.
        var flipped: Bool
        var depth: Int
        /// The product of the instance counts of the enclosing replicators (copies of this layer drawn).
        var instances = 1
    }

    /// Deepest layer nesting drawn (deeper layers are skipped with a diagnostic).
    static let maxDepth = 256
    /// Most replicator instances drawn per replicator.
    static let maxInstances = 10_000
    /// Most copies nested replicators draw of one layer (the product of their counts), so that a tree
    /// built in code cannot ask for 10¹² quads; the scene loader refuses the same product.
    static let maxInstanceProduct = 100_000

    let resources: CompositorResources
    let particles: ParticleDrawListProvider?
    let instances: ReplicatorInstanceSource?
    let threads: Int
    /// Rows per band of the frame (sprite batches are binned for it).
    let bandHeight: Int

    /// Shadows of the program being built, in the order they must be prepared (inner first).
    var shadows: [ShadowOp] = []
    /// Emitters of the program drawn at half resolution, drawn before the shadows and the band pass.
    var halfResolution: [HalfResolutionOp] = []
    /// Emitters drawn (model layer and the list drawn), for clean-frame detection.
    var emitters: [(model: CAEmitterLayer, list: ParticleDrawList?)] = []
    var diagnostics: [String] = []
    /// What the frame did so far (`Compositor.counters`; the compositor adds what only it knows).
    var counters = RenderCounters()
    /// Whether a delayed replicator instance was drawn (such frames are never "clean").
    var usedInstanceSource = false
    /// Regions for the diagnostics overlays (Diagnostics/), recorded only when not nil.
    var regions: [DiagnosticRegion]?
    private var batchOccurrences: [ObjectIdentifier: Int] = [:]

    init(
        resources: CompositorResources, particles: ParticleDrawListProvider?, instances: ReplicatorInstanceSource?,
        threads: Int,
        bandHeight: Int = BandExecutor.bandHeight
    ) {
        self.resources = resources
        self.particles = particles
        self.instances = instances
        self.threads = threads
        self.bandHeight = bandHeight
    }

    // MARK: - Entry points

    /// The program for a root layer placed in the framebuffer's point space (`base` = points → pixels).
    func build(root: CALayer, base: PlaneTransform, clip: IntRect) -> [DrawOp] {
        let m = root.positionTransform
        if !root.isDoubleSided && !RenderTreeBuilder.facing(m, root.bounds, flippedParent: false) { return [] }
        let ctx = Context(
            h: PlaneTransform(m).concatenating(base), parentH: base, tint: .identity, clip: clip, flipped: false,
            depth: 0)
        return visit(root, ctx)
    }

    /// The program for a layer drawn in its own bounds coordinates (`render(in:)`): `base` maps them to pixels.
    func build(capture layer: CALayer, base: PlaneTransform, clip: IntRect) -> [DrawOp] {
        let ctx = Context(h: base, parentH: base, tint: .identity, clip: clip, flipped: false, depth: 0)
        return visit(layer, ctx)
    }

    // MARK: - One layer

    func visit(_ layer: CALayer, _ ctx: Context, forceOpaque: Bool = false, allowRasterize: Bool = true) -> [DrawOp] {
        guard ctx.depth < RenderTreeBuilder.maxDepth else {
            note(layer, "is nested more than \(RenderTreeBuilder.maxDepth) levels deep; deeper layers are not drawn")
            return []
        }
        guard !layer.isHidden else { return [] }
        var opacity = Double(layer.opacity)
        opacity = opacity.isFinite ? min(1, max(0, opacity)) : 0
        if forceOpaque { opacity = 1 }
        guard opacity > 0, !ctx.clip.isEmpty else { return [] }
        counters.layersDrawn += 1
        guard RenderTreeBuilder.isFinite(ctx.h) else {
            note(layer, "has a non-finite position, bounds or transform; it is not drawn (check its geometry)")
            return []
        }
        let b = layer.bounds.standardized
        guard [b.minX, b.minY, b.width, b.height].allSatisfy(\.isFinite) else {
            note(layer, "has non-finite bounds; it is not drawn")
            return []
        }
        if allowRasterize && layer.shouldRasterize { return rasterized(layer, ctx, opacity: opacity) }

        let radius = RenderTreeBuilder.cornerRadius(layer, b)
        let aa = radius > 0 || layer.allowsEdgeAntialiasing

        // masksToBounds: a scissor when the clip is an unrotated rectangle on pixel centres, else a shape.
        var innerClip = ctx.clip
        var clipShape: DeviceShape?
        if layer.masksToBounds {
            if radius == 0, let r = RenderTreeBuilder.axisAligned(b, ctx.h) {
                let pixels = aa ? RenderTreeBuilder.wholePixels(r) : RenderTreeBuilder.pixelCentres(r)
                if let p = pixels {
                    innerClip = innerClip.intersection(p)
                } else {
                    clipShape = DeviceShape.rect(
                        x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, antialiased: true, clip: ctx.clip)
                }
            } else {
                clipShape = shape(
                    rect: b, radius: radius, corners: layer.maskedCorners, h: ctx.h, antialiased: aa, clip: ctx.clip)
            }
            if let c = clipShape { innerClip = innerClip.intersection(c.bounds) }
            if innerClip.isEmpty { return [] }
        }

        // Which parts the layer has decides whether a translucent layer needs a group.
        let emitter = layer as? CAEmitterLayer
        let model = layer.modelLayer ?? layer
        let list: ParticleDrawList? = emitter.flatMap { _ in
            (model as? CAEmitterLayer).flatMap { particles?.drawList(for: $0) }
        }
        let hasBackground = (layer.backgroundColor?.alpha ?? 0) > 0
        let shapeParts = RenderTreeBuilder.shapeParts(layer)
        let hasText = RenderTreeBuilder.hasText(layer)
        let hasContents =
            layer.contents != nil || (layer as? CAGradientLayer)?.colors != nil || shapeParts.fill || shapeParts.stroke
            || hasText || layer is CATiledLayer
        let hasBorder = layer.borderWidth > 0 && (layer.borderColor?.alpha ?? 0) > 0
        let hasParticles = !(list?.sprites.isEmpty ?? true) || !(list?.ribbons.isEmpty ?? true)
        let hasShadow = layer.shadowOpacity > 0 && (layer.shadowColor?.alpha ?? 0) > 0 && layer.shadowOpacity.isFinite
        let kidsVisible = layer.sublayers?.contains { !$0.isHidden && $0.opacity > 0 } ?? false
        // A shape's fill and stroke, or contents under text, are separate drawings: a translucent layer
        // composites them as one (the stroke hides the fill beneath it, as in Core Animation).
        let extraContents = (shapeParts.fill && shapeParts.stroke) || (hasText && layer.contents != nil)
        let parts = [hasBackground, hasContents, extraContents, hasBorder, hasParticles, hasShadow].filter { $0 }.count
        let hasMask = layer.mask != nil
        let groupOpacity = opacity < 1 && layer.allowsGroupOpacity && (kidsVisible || parts > 1)
        let needsGroup = groupOpacity || hasMask || clipShape != nil
        let groupAlpha: Double
        var inner = ctx
        inner.clip = innerClip
        if needsGroup && (layer.allowsGroupOpacity || !kidsVisible) {
            groupAlpha = opacity
        } else {
            groupAlpha = 1
            inner.tint = ctx.tint.withAlpha(times: opacity)
        }

        var ops: [DrawOp] = []
        if hasBackground, let bg = layer.backgroundColor,
            let s = shape(
                rect: b, radius: radius, corners: layer.maskedCorners, h: ctx.h, antialiased: aa, clip: innerClip)
        {
            ops.append(.fill(FillOp(shape: s, paint: .solid(inner.tint.pixel(of: bg)), tint: .identity)))
        }
        if hasContents { ops += contents(layer, b, radius: radius, aa: aa, inner) }
        ops += sublayers(of: layer, inner)
        if hasBorder, let bc = layer.borderColor, let s = borderShape(layer, b, radius: radius, aa: aa, inner) {
            ops.append(.fill(FillOp(shape: s, paint: .solid(inner.tint.pixel(of: bc)), tint: .identity)))
        }
        if hasParticles, let list, let model = model as? CAEmitterLayer {
            ops += particleOps(list, model: model, inner)
        }
        if let e = emitter, let model = (e.modelLayer ?? e) as? CAEmitterLayer,
            !emitters.contains(where: { $0.model === model })
        {
            emitters.append((model, list))
        }
        if hasShadow, let s = shadow(layer, b, radius: radius, content: ops, inner) {
            ops.insert(.shadow(s), at: 0)
            if layer.shadowPath == nil { regions?.append(DiagnosticRegion(.offscreen, rect: s.bounds)) }
        }
        if regions != nil, model.displayCount > 0,
            let s = shape(rect: b, radius: 0, corners: [], h: ctx.h, antialiased: false, clip: innerClip)
        {
            regions?.append(DiagnosticRegion(.drawn(ObjectIdentifier(model), model.displayCount), shape: s))
        }
        guard needsGroup else { return ops }

        // The group: its rectangle is what the content, the clip and the mask leave.
        var bounds = ops.reduce(IntRect.empty) { $0.union($1.bounds) }.intersection(ctx.clip)
        if let c = clipShape { bounds = bounds.intersection(c.bounds) }
        var maskOps: [DrawOp]?
        if let mask = layer.mask {
            var mctx = ctx
            mctx.h = PlaneTransform(mask.positionTransform.concatenating(layer.sublayerSpaceTransform)).concatenating(
                ctx.h)
            mctx.parentH = ctx.h
            mctx.tint = .identity
            mctx.clip = bounds
            mctx.flipped = ctx.flipped != layer.isGeometryFlipped
            mctx.depth = ctx.depth + 1
            let m = visit(mask, mctx)
            bounds = bounds.intersection(m.reduce(IntRect.empty) { $0.union($1.bounds) })
            maskOps = m
        }
        guard !bounds.isEmpty else { return [] }
        counters.groups += 1
        regions?.append(
            clipShape.map { DiagnosticRegion(.offscreen, shape: $0) } ?? DiagnosticRegion(.offscreen, rect: bounds))
        return [
            .group(
                GroupOp(
                    bounds: bounds, children: ops, opacity: UInt32((groupAlpha * 256).rounded()), clip: clipShape,
                    mask: maskOps, pool: resources.pool))
        ]
    }

    // MARK: - Sublayers

    /// The sublayers of a flattening layer, drawn far to near by the depth of their centres in the
    /// layer's sublayer space (stable, so flat siblings keep array order sorted by zPosition). Descendants
    /// of transform layers join the same depth order; replicator instances are items like sublayers.
    func sublayers(of layer: CALayer, _ ctx: Context) -> [DrawOp] {
        guard let kids = layer.sublayers, !kids.isEmpty else { return [] }
        let space = layer.sublayerSpaceTransform
        var child = ctx
        child.parentH = ctx.h
        child.flipped = ctx.flipped != layer.isGeometryFlipped
        child.depth = ctx.depth + 1
        var items: [DepthItem] = []
        let flips = layer.isGeometryFlipped
        func add(_ sub: CALayer, _ m: CATransform3D, _ tint: ColorMultiplier) {
            if sub.flattensSublayers {
                items.append(
                    DepthItem(
                        layer: sub, m: m, depth: RenderTreeBuilder.depth(of: sub, m), tint: tint,
                        flipped: child.flipped, parentFlipped: flips))
            } else {
                collect(sub, m, tint: tint, flipped: child.flipped, into: &items, depth: child.depth)
            }
        }
        if let rep = layer as? CAReplicatorLayer {
            var count = max(0, rep.instanceCount)
            if count > RenderTreeBuilder.maxInstances {
                note(
                    layer,
                    "has instanceCount \(count); only the first \(RenderTreeBuilder.maxInstances) instances are drawn")
                count = RenderTreeBuilder.maxInstances
            }
            let room = max(1, RenderTreeBuilder.maxInstanceProduct / max(1, ctx.instances))
            if count > room {
                note(
                    layer,
                    "is inside replicators that already make \(ctx.instances) copies; only \(room) of its \(count) instances are drawn (at most \(RenderTreeBuilder.maxInstanceProduct) copies in all)"
                )
                count = room
            }
            child.instances = ctx.instances * max(1, count)
            let transforms = rep.instanceTransforms(count: count)
            for i in 0..<count {
                let it = transforms[i]
                guard it.isFinite else {
                    note(layer, "has a non-finite instanceTransform; instances from \(i) on are not drawn")
                    break
                }
                let c = rep.color(ofInstance: i)
                let tint = child.tint.multiplied(
                    by: ColorMultiplier(r: Double(c.red), g: Double(c.green), b: Double(c.blue), a: Double(c.alpha)))
                for k in kids {
                    var sub = k
                    if i > 0, rep.instanceDelay != 0, let src = instances,
                        let delayed = src.sublayer(k, ofInstance: i, delayedBy: Double(i) * rep.instanceDelay, in: rep)
                    {
                        sub = delayed
                        usedInstanceSource = true
                    }
                    add(sub, sub.positionTransform.concatenating(it).concatenating(space), tint)
                }
            }
        } else {
            for k in kids { add(k, k.positionTransform.concatenating(space), child.tint) }
        }
        return drawDepthSorted(items, child)
    }

    /// A layer drawn among its siblings by depth, with its map to the flattening parent's bounds (3D).
    struct DepthItem {
        var layer: CALayer
        var m: CATransform3D
        var depth: Double
        var tint: ColorMultiplier
        var flipped: Bool
        var parentFlipped: Bool
    }

    /// Collects the flattening descendants of transform layer `t` (placed by `m`) with their 3D maps.
    private func collect(
        _ t: CALayer, _ m: CATransform3D, tint: ColorMultiplier, flipped: Bool, into items: inout [DepthItem],
        depth: Int
    ) {
        guard depth < RenderTreeBuilder.maxDepth, !t.isHidden, t.opacity > 0 else { return }
        let tint2 = tint.withAlpha(times: Double(min(1, max(0, t.opacity))))
        let space = t.sublayerSpaceTransform
        let childFlipped = flipped != t.isGeometryFlipped
        for c in t.sublayers ?? [] {
            let mc = c.positionTransform.concatenating(space).concatenating(m)
            if c.flattensSublayers {
                items.append(
                    DepthItem(
                        layer: c, m: mc, depth: RenderTreeBuilder.depth(of: c, mc), tint: tint2,
                        flipped: childFlipped, parentFlipped: false))
            } else {
                collect(c, mc, tint: tint2, flipped: childFlipped, into: &items, depth: depth + 1)
            }
        }
    }

    /// Draws depth items far to near (stable for equal depths), culling back-facing single-sided layers.
    private func drawDepthSorted(_ items: [DepthItem], _ ctx: Context) -> [DrawOp] {
        var order = Array(items.indices)
        if items.contains(where: { $0.depth != items[0].depth }) {
            order.sort { a, b in items[a].depth != items[b].depth ? items[a].depth < items[b].depth : a < b }
        }
        var ops: [DrawOp] = []
        for i in order {
            let it = items[i]
            if it.layer.isHidden { continue }
            if !it.layer.isDoubleSided
                && !RenderTreeBuilder.facing(it.m, it.layer.bounds, flippedParent: it.parentFlipped)
            {
                continue
            }
            var c = ctx
            c.h = PlaneTransform(it.m).concatenating(ctx.h)
            c.tint = it.tint
            c.flipped = it.flipped
            ops += visit(it.layer, c)
        }
        return ops
    }

    // MARK: - Contents

    private func contents(_ layer: CALayer, _ b: CGRect, radius: CGFloat, aa: Bool, _ ctx: Context) -> [DrawOp] {
        var ops: [DrawOp] = []
        if let tiled = layer as? CATiledLayer { ops += tiledOps(tiled, b, ctx) }
        if let g = layer as? CAGradientLayer, g.colors != nil {
            switch GradientPaint.stops(of: g) {
            case .failure(let problem): note(layer, "(CAGradientLayer): \(problem)")
            case .success(let stops):
                if let inv = InverseMap(inverting: ctx.h),
                    let s = shape(
                        rect: b, radius: radius, corners: layer.maskedCorners, h: ctx.h, antialiased: aa, clip: ctx.clip
                    )
                {
                    func pt(_ u: CGPoint) -> SIMD2<Float> {
                        SIMD2(Float(b.minX + u.x * b.width), Float(b.minY + u.y * b.height))
                    }
                    let start = pt(g.startPoint)
                    let end = pt(g.endPoint)
                    let key = GradientPaintKey(
                        type: g.type, start: start, end: end, inverse: inv, stops: stops, rect: s.bounds)
                    let paint = resources.gradients.value(for: layer.modelLayer ?? layer, key: key) {
                        GradientPaint(inverse: inv, type: g.type, start: start, end: end, stops: stops)
                    }
                    paint.enableShadeCache(rect: s.bounds)
                    ops.append(.fill(FillOp(shape: s, paint: .gradient(paint), tint: ctx.tint.pixelTint)))
                }
            }
        }
        if let image = layer.contents,
            let layout = ContentsLayout(
                bounds: b, imageWidth: image.width, imageHeight: image.height, contentsScale: layer.contentsScale,
                contentsRect: layer.contentsRect, gravity: layer.contentsGravity,
                contentsCenter: layer.contentsCenter, flipped: ctx.flipped),
            let inv = InverseMap(inverting: ctx.h),
            let s = shape(
                rect: layout.destination, radius: 0, corners: [], h: ctx.h, antialiased: layer.allowsEdgeAntialiasing,
                clip: ctx.clip)
        {
            let paint = ImagePaint(
                texture: resources.textures.texture(for: image), inverse: inv, xMap: layout.xMap, yMap: layout.yMap,
                region: layout.region, magnification: layer.magnificationFilter,
                minification: layer.minificationFilter, lodBias: layer.minificationFilterBias)
            ops.append(.fill(FillOp(shape: s, paint: .image(paint), tint: ctx.tint.pixelTint)))
        }
        if let text = layer as? CATextLayer { ops += textOps(text, b, ctx) }
        if let sl = layer as? CAShapeLayer { ops += shapeOps(sl, ctx) }
        return ops
    }

    private func borderShape(_ layer: CALayer, _ b: CGRect, radius: CGFloat, aa: Bool, _ ctx: Context) -> DeviceShape? {
        let w = min(layer.borderWidth, min(b.width, b.height) / 2)
        guard w > 0, b.width > 0, b.height > 0 else { return nil }
        let path = CGMutablePath()
        path.addRoundedRect(in: b, radii: CGSize(width: radius, height: radius), corners: layer.maskedCorners)
        let innerRect = b.insetBy(dx: w, dy: w)
        if innerRect.width > 0 && innerRect.height > 0 {
            let r = max(0, radius - w)
            path.addRoundedRect(in: innerRect, radii: CGSize(width: r, height: r), corners: layer.maskedCorners)
        }
        let polys = DeviceProjector.devicePolygons(
            of: path, transform: ctx.h, guardRect: RenderTreeBuilder.guardRect(ctx.clip))
        let s = DeviceShape.polygons(polys, rule: .evenOdd, antialiased: aa, clip: ctx.clip)
        return s.bounds.isEmpty ? nil : s
    }

    /// The layer's rounded rectangle (or any rectangle) as a device shape; nil when nothing is visible.
    func shape(
        rect r: CGRect, radius: CGFloat, corners: CACornerMask, h: PlaneTransform, antialiased: Bool, clip: IntRect
    ) -> DeviceShape? {
        guard r.width > 0, r.height > 0 else { return nil }
        if radius == 0 || corners.isEmpty, let d = RenderTreeBuilder.axisAligned(r, h) {
            let s = DeviceShape.rect(x0: d.x0, y0: d.y0, x1: d.x1, y1: d.y1, antialiased: antialiased, clip: clip)
            return s.bounds.isEmpty ? nil : s
        }
        let path = CGMutablePath()
        path.addRoundedRect(in: r, radii: CGSize(width: radius, height: radius), corners: corners)
        let polys = DeviceProjector.devicePolygons(of: path, transform: h, guardRect: RenderTreeBuilder.guardRect(clip))
        let s = DeviceShape.polygons(polys, rule: .nonZero, antialiased: antialiased, clip: clip)
        return s.bounds.isEmpty ? nil : s
    }

    // MARK: - Particles

    private func particleOps(_ list: ParticleDrawList, model: CAEmitterLayer, _ ctx: Context) -> [DrawOp] {
        let id = ObjectIdentifier(model)
        let occurrence = batchOccurrences[id, default: 0]
        batchOccurrences[id] = occurrence + 1
        let batch = resources.batch(for: model, occurrence: occurrence)
        resources.spriteBuilder.build(
            list, transform: ctx.h, tint: ctx.tint, clip: ctx.clip, into: batch, threads: threads,
            bandHeight: bandHeight, halfResolution: resources.drawsSoftSpritesAtHalfResolution)
        counters.sprites += list.sprites.count
        let ribbons = ribbonOps(list, ctx)
        guard batch.bandCount > 0 else { return ribbons }
        if batch.halfResolution {
            guard let op = HalfResolutionOp(batch: batch, deviceClip: ctx.clip, pool: resources.pool) else {
                return ribbons
            }
            halfResolution.append(op)
            regions?.append(DiagnosticRegion(.offscreen, rect: op.bounds))
            return ribbons + [.halfResolution(op)]
        }
        return ribbons + [.sprites(batch)]
    }

    /// The trails of the list's particles, drawn before (under) its sprites (docs/Particles.md, "Trails").
    private func ribbonOps(_ list: ParticleDrawList, _ ctx: Context) -> [DrawOp] {
        guard !list.ribbons.isEmpty else { return [] }
        let ribbons = RibbonBatch()
        ribbons.build(list, transform: ctx.h, tint: ctx.tint, clip: ctx.clip)
        return ribbons.bounds.isEmpty ? [] : [.ribbons(ribbons)]
    }

    // MARK: - Shadow

    private func shadow(_ layer: CALayer, _ b: CGRect, radius: CGFloat, content: [DrawOp], _ ctx: Context) -> ShadowOp?
    {
        guard let color = layer.shadowColor else { return nil }
        // Offset and blur are measured in the superlayer's space at the layer's position.
        let centre = CGPoint(x: b.midX, y: b.midY)
        guard let dc = ctx.h.apply(centre), let inv = ctx.parentH.inverted, let pc = inv.apply(dc),
            let j = RenderTreeBuilder.jacobian(ctx.parentH, at: pc)
        else { return nil }
        let off = layer.shadowOffset
        let dx = Double(off.width) * j.xx + Double(off.height) * j.yx
        let dy = Double(off.width) * j.xy + Double(off.height) * j.yy
        let unit = abs(j.xx * j.yy - j.xy * j.yx).squareRoot()
        let sigma = max(0, Double(layer.shadowRadius)) * unit
        guard dx.isFinite, dy.isFinite, sigma.isFinite, abs(dx) < 1e5, abs(dy) < 1e5, sigma < 1e4 else { return nil }
        let idx = Int(dx.rounded())
        let idy = Int(dy.rounded())
        let source: ShadowOp.Source
        var srcBounds: IntRect
        if let path = layer.shadowPath {
            let polys = DeviceProjector.devicePolygons(
                of: path, transform: ctx.h,
                guardRect: RenderTreeBuilder.guardRect(ctx.clip.insetBy(-Int(3 * sigma) - abs(idx) - abs(idy) - 2)))
            let s = DeviceShape.polygons(
                polys, rule: .nonZero, antialiased: true,
                clip: ctx.clip.insetBy(-Int(3 * sigma) - abs(idx) - abs(idy) - 2))
            source = .shape(s)
            srcBounds = s.bounds
        } else {
            guard !content.isEmpty else { return nil }
            source = .content(content)
            srcBounds = content.reduce(IntRect.empty) { $0.union($1.bounds) }
        }
        guard !srcBounds.isEmpty else { return nil }
        let margin = Int((3 * sigma).rounded(.up)) + 1
        let bounds = srcBounds.offsetBy(dx: idx, dy: idy).insetBy(-margin).intersection(ctx.clip)
        guard !bounds.isEmpty else { return nil }
        let c = CGColor(
            red: color.red, green: color.green, blue: color.blue,
            alpha: color.alpha * CGFloat(min(1, layer.shadowOpacity)))
        let op = ShadowOp(source: source, bounds: bounds, dx: idx, dy: idy, sigma: sigma, color: ctx.tint.pixel(of: c))
        shadows.append(op)
        counters.shadows += 1
        return op
    }

    // MARK: - shouldRasterize

    private func rasterized(_ layer: CALayer, _ ctx: Context, opacity: Double) -> [DrawOp] {
        var s = Double(layer.rasterizationScale)
        if !(s.isFinite && s > 0) { s = 1 }
        let extent = RenderTreeBuilder.localExtent(layer, depth: 0)
        guard !extent.isNull, extent.width > 0, extent.height > 0, extent.width.isFinite, extent.height.isFinite else {
            return []
        }
        let pw = Int((Double(extent.width) * s).rounded(.up))
        let ph = Int((Double(extent.height) * s).rounded(.up))
        guard pw >= 1, ph >= 1, pw <= 4096, ph <= 4096 else {
            note(
                layer,
                "is too large to rasterise at rasterizationScale \(s) (\(pw)×\(ph) pixels, limit 4096); drawn directly")
            return visit(layer, ctx, allowRasterize: false)
        }
        var hasher = Hasher()
        hasher.combine(LayerFingerprint.of(layer, particles: particles))
        hasher.combine(pw)
        hasher.combine(ph)
        hasher.combine(s)
        hasher.combine(ctx.flipped)
        hasher.combine(Double(extent.minX))
        hasher.combine(Double(extent.minY))
        let fingerprint = hasher.finalize()
        let key = ObjectIdentifier(layer.modelLayer ?? layer)
        let missesBefore = counters.cacheMisses
        let texture: Texture
        if let hit = resources.rasterCache.texture(key: key, fingerprint: fingerprint) {
            texture = hit
            counters.cacheHits += 1
        } else {
            counters.cacheMisses += 1
            let base = PlaneTransform(
                m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0,
                m31: -Double(extent.minX) * s, m32: -Double(extent.minY) * s, m33: 1)
            let saved = shadows
            let savedHalf = halfResolution
            shadows = []
            halfResolution = []
            var sub = ctx
            sub.h = base
            sub.parentH = base
            sub.tint = .identity
            sub.clip = IntRect(x0: 0, y0: 0, x1: pw, y1: ph)
            sub.depth = ctx.depth + 1
            let ops = visit(layer, sub, forceOpaque: true, allowRasterize: false)
            let subShadows = shadows
            let subHalf = halfResolution
            shadows = saved
            halfResolution = savedHalf
            texture = Texture(width: pw, height: ph)
            resources.render(
                ops, shadows: subShadows, halfResolution: subHalf,
                into: RenderTarget(base: texture.pixels, stride: pw, rect: sub.clip), bandHeight: bandHeight)
            resources.rasterCache.store(
                key: key, fingerprint: fingerprint, texture: texture, model: layer.modelLayer ?? layer)
        }
        guard let inv = InverseMap(inverting: ctx.h),
            let shape = shape(rect: extent, radius: 0, corners: [], h: ctx.h, antialiased: true, clip: ctx.clip)
        else { return [] }
        regions?.append(
            DiagnosticRegion(counters.cacheMisses > missesBefore ? .rasterMiss : .rasterHit, shape: shape))
        let paint = ImagePaint(
            texture: texture, inverse: inv,
            xMap: .linear(scale: Float(s), offset: Float(-Double(extent.minX) * s)),
            yMap: .linear(scale: Float(s), offset: Float(-Double(extent.minY) * s)),
            region: (0, 0, Float(pw), Float(ph)), magnification: .linear, minification: .linear, lodBias: 0)
        return [.fill(FillOp(shape: shape, paint: .image(paint), tint: ctx.tint.withAlpha(times: opacity).pixelTint))]
    }

    /// The area a layer's drawing can cover in its own coordinates: bounds, sublayers (recursively,
    /// projected), and the shadow's spread.
    static func localExtent(_ layer: CALayer, depth: Int) -> CGRect {
        var r = layer.bounds.standardized
        if layer.shadowOpacity > 0 {
            let m = 3 * max(0, layer.shadowRadius) + 1
            let sh = (layer.shadowPath?.boundingBox ?? r).offsetBy(
                dx: layer.shadowOffset.width, dy: layer.shadowOffset.height
            ).insetBy(dx: -m, dy: -m)
            if sh.width.isFinite, sh.height.isFinite { r = r.union(sh) }
        }
        guard !layer.masksToBounds, depth < 32 else { return r }
        let space = PlaneTransform(layer.sublayerSpaceTransform)
        for c in layer.sublayers ?? [] where !c.isHidden {
            let cr = localExtent(c, depth: depth + 1)
            let p = PlaneTransform(c.positionTransform).concatenating(space)
            let pts = cr.cornerPoints.compactMap { p.apply($0) }
            if pts.count == 4 { r = r.union(CGRect.boundingBox(of: pts)) }
        }
        if let rep = layer as? CAReplicatorLayer, rep.instanceCount > 1 {
            let base = r
            let transforms = rep.instanceTransforms(count: min(rep.instanceCount, 1000) + 1)
            for i in clampedRange(1, min(rep.instanceCount, 1000)) {
                let p = PlaneTransform(transforms[i])
                let pts = base.cornerPoints.compactMap { p.apply($0) }
                if pts.count == 4 { r = r.union(CGRect.boundingBox(of: pts)) }
            }
        }
        return r
    }

    // MARK: - Geometry helpers

    static func isFinite(_ h: PlaneTransform) -> Bool {
        [h.m11, h.m12, h.m13, h.m21, h.m22, h.m23, h.m31, h.m32, h.m33].allSatisfy(\.isFinite)
    }

    /// The effective corner radius: non-negative, at most half the shorter side.
    static func cornerRadius(_ layer: CALayer, _ b: CGRect) -> CGFloat {
        let r = layer.cornerRadius
        guard r.isFinite, r > 0, !layer.maskedCorners.isEmpty else { return 0 }
        return min(r, min(b.width, b.height) / 2)
    }

    /// The device rectangle of `r` when `h` maps it without rotation, shear or perspective (and in front
    /// of the camera: w > 0).
    static func axisAligned(_ r: CGRect, _ h: PlaneTransform) -> (x0: Float, y0: Float, x1: Float, y1: Float)? {
        guard h.m12 == 0, h.m21 == 0, h.m13 == 0, h.m23 == 0, h.m33 > 0 else { return nil }
        let ax = (r.minX * h.m11 + h.m31) / h.m33
        let bx = (r.maxX * h.m11 + h.m31) / h.m33
        let ay = (r.minY * h.m22 + h.m32) / h.m33
        let by = (r.maxY * h.m22 + h.m32) / h.m33
        let x0 = Float(min(ax, bx))
        let x1 = Float(max(ax, bx))
        let y0 = Float(min(ay, by))
        let y1 = Float(max(ay, by))
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
        return (x0, y0, x1, y1)
    }

    /// The pixels whose centres lie in the rectangle (point sampling), clamped to a safe range.
    static func pixelCentres(_ r: (x0: Float, y0: Float, x1: Float, y1: Float)) -> IntRect? {
        let lim: Float = 1e8
        func c(_ v: Float) -> Int { Int(max(-lim, min(lim, (v - 0.5).rounded(.up)))) }
        let out = IntRect(x0: c(r.x0), y0: c(r.y0), x1: c(r.x1), y1: c(r.y1))
        return out.isEmpty ? .empty : out
    }

    /// The rectangle when all its edges lie on pixel boundaries, else nil.
    static func wholePixels(_ r: (x0: Float, y0: Float, x1: Float, y1: Float)) -> IntRect? {
        guard [r.x0, r.y0, r.x1, r.y1].allSatisfy({ $0 == $0.rounded() && abs($0) < 1e8 }) else { return nil }
        let out = IntRect(x0: Int(r.x0), y0: Int(r.y0), x1: Int(r.x1), y1: Int(r.y1))
        return out.isEmpty ? .empty : out
    }

    /// A guard rectangle a few pixels around a clip (polygons are clipped to it).
    static func guardRect(_ clip: IntRect) -> IntRect {
        IntRect(x0: clip.x0 - 4, y0: clip.y0 - 4, x1: clip.x1 + 4, y1: clip.y1 + 4)
    }

    /// Depth of a layer's centre after `m` (larger is nearer the viewer); for flat layers it is the
    /// zPosition. Not finite (a singular map) sorts as 0.
    static func depth(of layer: CALayer, _ m: CATransform3D) -> Double {
        let b = layer.bounds
        let p = m.apply(x: b.midX, y: b.midY, z: 0)
        let d = p.w > 0 ? Double(p.z / p.w) : Double(p.z)
        return d.isFinite ? d : 0
    }

    /// Whether the layer's front faces the viewer after `m` (its bounds → the flattening parent's plane).
    /// A geometry flip of the parent mirrors every sublayer and is not counted as facing away.
    static func facing(_ m: CATransform3D, _ bounds: CGRect, flippedParent: Bool) -> Bool {
        let p = PlaneTransform(m)
        let w = bounds.midX * p.m13 + bounds.midY * p.m23 + p.m33
        let det =
            p.m11 * (p.m22 * p.m33 - p.m23 * p.m32) - p.m12 * (p.m21 * p.m33 - p.m23 * p.m31)
            + p.m13 * (p.m21 * p.m32 - p.m22 * p.m31)
        var s = det / (w * w * w)
        if flippedParent { s = -s }
        return s > 0
    }

    /// The Jacobian of `h` at `p`: how a unit step along x (xx, xy) and along y (yx, yy) moves in device pixels.
    static func jacobian(_ h: PlaneTransform, at p: CGPoint) -> (xx: Double, xy: Double, yx: Double, yy: Double)? {
        let w = Double(p.x * h.m13 + p.y * h.m23 + h.m33)
        guard w > 0 else { return nil }
        let x = Double(p.x * h.m11 + p.y * h.m21 + h.m31) / w
        let y = Double(p.x * h.m12 + p.y * h.m22 + h.m32) / w
        return (
            (Double(h.m11) - x * Double(h.m13)) / w, (Double(h.m12) - y * Double(h.m13)) / w,
            (Double(h.m21) - x * Double(h.m23)) / w, (Double(h.m22) - y * Double(h.m23)) / w
        )
    }

    // MARK: - Diagnostics

    func note(_ layer: CALayer, _ message: String) {
        let name = layer.name.map { "'\($0)'" } ?? "\(type(of: layer))"
        let b = layer.bounds
        let text =
            "layer \(name) (bounds \(b.width)×\(b.height) at position \(layer.position.x), \(layer.position.y)) \(message)"
        if !diagnostics.contains(text) { diagnostics.append(text) }
    }
}
