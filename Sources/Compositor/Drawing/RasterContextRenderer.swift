import Foundation
import LayerKit
import PathGeometry
import Typesetting

/// Makes `RasterContextRenderer`s; installed as `CGContext.rendererFactory` by `Compositor`.
package final class RasterContextRendererFactory: CGContextRendererFactory {
    /// Creates the factory.
    package init() {}
    /// A renderer for one context.
    package func makeRenderer() -> CGContextRenderer { RasterContextRenderer() }
}

/// Performs `CGContext` commands with the compositor's rasteriser: paths become device polygons
/// (PathGeometry flattens and strokes them), which are filled with exact-area coverage, and images and
/// gradients are the same paints layers use. The clip is a rectangle plus, for anything else, a
/// coverage mask the size of the context; drawing through a mask goes to a scratch buffer first.
final class RasterContextRenderer: CGContextRenderer {
    private struct Clip {
        /// Pixels outside are clipped.
        var rect: IntRect
        /// Coverage per context pixel (0…255), nil when the rectangle alone is the clip.
        var mask: [UInt8]?
    }

    private let executor = BandExecutor(threads: 1)
    private var clip: Clip?
    private var stack: [Clip?] = []
    private var scratch: PixelBuffer?

    /// The context of the command being executed (for problem notes).
    private weak var context: CGContext?

    func execute(_ command: CGDrawCommand, in ctx: CGContext) {
        context = ctx
        let full = IntRect(x0: 0, y0: 0, x1: ctx.width, y1: ctx.height)
        let c = clip ?? Clip(rect: full, mask: nil)
        switch command {
        case .saveClip:
            stack.append(clip)
        case .restoreClip:
            clip = stack.popLast() ?? nil
        case .clear(let r):
            let b = IntRect.covering(minX: Float(r.minX), minY: Float(r.minY), maxX: Float(r.maxX), maxY: Float(r.maxY))
                .intersection(full)
            guard !b.isEmpty else { return }
            for y in b.y0..<b.y1 { (ctx.data + y * ctx.width + b.x0).update(repeating: 0, count: b.width) }
        case .clip(let path, let rule):
            clip = intersect(c, path: path, rule: rule, ctx: ctx)
        case .fill(let path, let rule, let color):
            guard color.alpha > 0, let shape = shape(path, rule: rule, clip: c.rect) else { return }
            draw(.fill(FillOp(shape: shape, paint: .solid(PixelMath.pixel(color)), tint: .identity)), clip: c, ctx: ctx)
        case .stroke(let path, let ctm, let pen, let color):
            stroke(path, ctm: ctm, pen: pen, color: color, clip: c, ctx: ctx)
        case .image(let image, let rect, let ctm, let alpha, let quality):
            self.image(image, rect: rect, ctm: ctm, alpha: alpha, quality: quality, clip: c, ctx: ctx)
        case .linearGradient(let g, let start, let end, let options, let ctm, let alpha):
            linear(g, start: start, end: end, options: options, ctm: ctm, alpha: alpha, clip: c, ctx: ctx)
        case .radialGradient(let g, let sc, let sr, let ec, let er, let options, let ctm, let alpha):
            radial(
                g, startCenter: sc, startRadius: sr, endCenter: ec, endRadius: er, options: options, ctm: ctm,
                alpha: alpha,
                clip: c, ctx: ctx)
        case .text(let string, let point, let fontName, let fontSize, let color, let ctm):
            let s = max(0.01, abs(ctm.a * ctm.d - ctm.b * ctm.c).squareRoot())
            do {
                let label = try TextRenderer.shared.label(
                    string, fontSize: fontSize, color: color, font: fontName, scale: s)
                self.image(
                    label, rect: CGRect(origin: point, size: label.size), ctm: ctm, alpha: 1, quality: .default,
                    clip: c, ctx: ctx)
            } catch {
                ctx.note("drawText: \(error)")
            }
        }
    }

    // MARK: - Painting

    private func stroke(
        _ path: CGPath, ctm: CGAffineTransform, pen: CGStrokeParameters, color: CGColor, clip c: Clip, ctx: CGContext
    ) {
        guard color.alpha > 0, pen.lineWidth > 0 else { return }
        let inv = ctm.inverted()
        guard [inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty].allSatisfy(\.isFinite) else { return }
        let style = StrokeStyle(
            lineWidth: pen.lineWidth, lineCap: CAShapeLayerLineCap(rawValue: pen.lineCap.rawValue),
            lineJoin: CAShapeLayerLineJoin(rawValue: pen.lineJoin.rawValue), miterLimit: pen.miterLimit,
            lineDashPattern: pen.dashLengths.isEmpty ? nil : pen.dashLengths, lineDashPhase: pen.dashPhase)
        do {
            let set = try ShapeGeometry.stroke(path.copy(using: inv), style: style, transform: ctm)
            guard !set.isEmpty, let shape = RenderTreeBuilder.deviceShape(set, project: nil, clip: c.rect) else {
                return
            }
            let col = set.coverageScale < 1 ? color.multipliedAlpha(set.coverageScale) : color
            draw(.fill(FillOp(shape: shape, paint: .solid(PixelMath.pixel(col)), tint: .identity)), clip: c, ctx: ctx)
        } catch {
            ctx.note("strokePath: \(error)")
        }
    }

    private func image(
        _ image: CGImage, rect: CGRect, ctm: CGAffineTransform, alpha: CGFloat, quality: CGInterpolationQuality,
        clip c: Clip, ctx: CGContext
    ) {
        let r = rect.standardized
        guard alpha > 0, r.width > 0, r.height > 0, let inv = InverseMap(inverting: RasterContextRenderer.plane(ctm))
        else { return }
        let p = CGMutablePath()
        p.addRect(r, transform: ctm)
        guard let shape = shape(p, rule: .winding, clip: c.rect) else { return }
        let sx = Double(image.width) / Double(r.width)
        let sy = Double(image.height) / Double(r.height)
        let filter: CALayerContentsFilter = quality == .none ? .nearest : .linear
        let paint = ImagePaint(
            texture: Texture(image: image), inverse: inv,
            xMap: .linear(scale: Float(sx), offset: Float(-Double(r.minX) * sx)),
            yMap: .linear(scale: Float(sy), offset: Float(-Double(r.minY) * sy)),
            region: (0, 0, Float(image.width), Float(image.height)), magnification: filter, minification: filter,
            lodBias: 0)
        draw(
            .fill(FillOp(shape: shape, paint: .image(paint), tint: RasterContextRenderer.tint(alpha))), clip: c,
            ctx: ctx)
    }

    private func linear(
        _ g: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions, ctm: CGAffineTransform,
        alpha: CGFloat, clip c: Clip, ctx: CGContext
    ) {
        guard alpha > 0, let inv = InverseMap(inverting: RasterContextRenderer.plane(ctm)) else { return }
        let d = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let len = (d.x * d.x + d.y * d.y).squareRoot()
        guard len > 0, len.isFinite else { return }
        // The band between the start and end lines, widened to cover the clip (user space).
        let box = CGRect(x: c.rect.x0, y: c.rect.y0, width: c.rect.width, height: c.rect.height).applying(
            ctm.inverted())
        let reach = (box.width * box.width + box.height * box.height).squareRoot() + len + 1
        guard reach.isFinite else { return }
        let u = CGPoint(x: d.x / len, y: d.y / len)
        let n = CGPoint(x: -u.y, y: u.x)
        let a = options.contains(.drawsBeforeStartLocation) ? -reach : 0
        let b = options.contains(.drawsAfterEndLocation) ? len + reach : len
        func pt(_ t: CGFloat, _ s: CGFloat) -> CGPoint {
            CGPoint(x: start.x + u.x * t + n.x * s, y: start.y + u.y * t + n.y * s)
        }
        let p = CGMutablePath()
        p.addLines(between: [pt(a, -reach), pt(b, -reach), pt(b, reach), pt(a, reach)], transform: ctm)
        p.closeSubpath()
        guard let shape = shape(p, rule: .winding, clip: c.rect) else { return }
        let paint = GradientPaint(
            inverse: inv, type: .axial, start: SIMD2(Float(start.x), Float(start.y)),
            end: SIMD2(Float(end.x), Float(end.y)),
            stops: RasterContextRenderer.stops(g))
        draw(
            .fill(FillOp(shape: shape, paint: .gradient(paint), tint: RasterContextRenderer.tint(alpha))), clip: c,
            ctx: ctx)
    }

    private func radial(
        _ g: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions, ctm: CGAffineTransform, alpha: CGFloat, clip c: Clip, ctx: CGContext
    ) {
        guard alpha > 0, endRadius > 0, endRadius.isFinite, startRadius >= 0, startRadius < endRadius,
            let inv = InverseMap(inverting: RasterContextRenderer.plane(ctm))
        else { return }
        if startCenter != endCenter {
            ctx.note("drawRadialGradient: circles with different centres are drawn concentric about the end centre")
        }
        // t = distance / endRadius; the stops are remapped so that t = startRadius / endRadius is location 0.
        let k = Double(startRadius / endRadius)
        let stops = RasterContextRenderer.stops(g).map { (location: k + $0.location * (1 - k), color: $0.color) }
        let p = CGMutablePath()
        if options.contains(.drawsAfterEndLocation) {
            p.addRect(CGRect(x: c.rect.x0, y: c.rect.y0, width: c.rect.width, height: c.rect.height))
        } else {
            p.addEllipse(
                in: CGRect(
                    x: endCenter.x - endRadius, y: endCenter.y - endRadius, width: 2 * endRadius, height: 2 * endRadius),
                transform: ctm)
        }
        if !options.contains(.drawsBeforeStartLocation) && startRadius > 0 {
            p.addEllipse(
                in: CGRect(
                    x: endCenter.x - startRadius, y: endCenter.y - startRadius, width: 2 * startRadius,
                    height: 2 * startRadius),
                transform: ctm)
        }
        // Even-odd: the start circle, when added, cuts a hole in the outer rectangle or circle (a lone
        // outline fills the same either way).
        guard let shape = shape(p, rule: .evenOdd, clip: c.rect) else { return }
        let e = SIMD2(Float(endCenter.x), Float(endCenter.y))
        let paint = GradientPaint(
            inverse: inv, type: .radial, start: e, end: e + SIMD2(Float(endRadius), Float(endRadius)), stops: stops)
        draw(
            .fill(FillOp(shape: shape, paint: .gradient(paint), tint: RasterContextRenderer.tint(alpha))), clip: c,
            ctx: ctx)
    }

    // MARK: - Clip

    private func intersect(_ c: Clip, path: CGPath, rule: CGPathFillRule, ctx: CGContext) -> Clip {
        if let r = RasterContextRenderer.pixelAlignedRect(path) {
            return Clip(rect: c.rect.intersection(r), mask: c.mask)
        }
        guard let s = shape(path, rule: rule, clip: c.rect) else { return Clip(rect: .empty, mask: nil) }
        // Coverage of the path: fill opaque white into a transparent buffer and keep the alpha.
        let b = s.bounds
        let buf = scratchBuffer(b.width * b.height)
        let t = buf.target(b)
        t.clear(rows: b.y0..<b.y1)
        executor.run([.fill(FillOp(shape: s, paint: .solid(0xFFFF_FFFF), tint: .identity))], into: t)
        var mask = [UInt8](repeating: 0, count: ctx.width * ctx.height)
        // The existing mask (if any) is looked at once, not per pixel.
        if let old = c.mask {
            for y in b.y0..<b.y1 {
                let row = t.row(y)
                for x in b.x0..<b.x1 {
                    let i = y * ctx.width + x
                    mask[i] = UInt8((UInt32(row[x] >> 24) * UInt32(old[i]) + 127) / 255)
                }
            }
        } else {
            for y in b.y0..<b.y1 {
                let row = t.row(y)
                for x in b.x0..<b.x1 { mask[y * ctx.width + x] = UInt8(row[x] >> 24) }
            }
        }
        return Clip(rect: c.rect.intersection(b), mask: mask)
    }

    // MARK: - Drawing through the clip

    private func draw(_ op: DrawOp, clip c: Clip, ctx: CGContext) {
        let b = op.bounds.intersection(c.rect)
        guard !b.isEmpty else { return }
        guard let mask = c.mask else {
            let target = RenderTarget(base: ctx.data + b.y0 * ctx.width + b.x0, stride: ctx.width, rect: b)
            executor.run([op], into: target)
            return
        }
        let buf = scratchBuffer(b.width * b.height)
        let t = buf.target(b)
        t.clear(rows: b.y0..<b.y1)
        executor.run([op], into: t)
        mask.withUnsafeBufferPointer { m in
            for y in b.y0..<b.y1 {
                let dst = ctx.data + y * ctx.width + b.x0
                SpanBlender.composite(
                    dst, src: t.row(y) + b.x0, count: b.width, opacity: 256, cov: m.baseAddress! + y * ctx.width + b.x0,
                    mask: nil)
            }
        }
    }

    private func scratchBuffer(_ count: Int) -> PixelBuffer {
        if let s = scratch, s.capacity >= count { return s }
        let s = PixelBuffer(capacity: count)
        scratch = s
        return s
    }

    // MARK: - Geometry

    private func shape(_ path: CGPath, rule: CGPathFillRule, clip: IntRect) -> DeviceShape? {
        if let r = RasterContextRenderer.axisAlignedRect(path) {
            // The common case (rectangles under a scale and translation): exact-area coverage without edges.
            let s = DeviceShape.rect(
                x0: Float(r.minX), y0: Float(r.minY), x1: Float(r.maxX), y1: Float(r.maxY), antialiased: true,
                clip: clip)
            return s.bounds.isEmpty ? nil : s
        }
        do {
            return RenderTreeBuilder.deviceShape(
                try ShapeGeometry.fill(path, fillRule: rule == .evenOdd ? .evenOdd : .nonZero), project: nil, clip: clip
            )
        } catch {
            context?.note("a path was not drawn: \(error)")
            return nil
        }
    }

    /// The rectangle of a path that is one axis-aligned rectangle with whole-pixel corners.
    static func pixelAlignedRect(_ path: CGPath) -> IntRect? {
        guard let r = axisAlignedRect(path),
            [r.minX, r.minY, r.maxX, r.maxY].allSatisfy({ $0 == $0.rounded() && abs($0) < 1e8 })
        else { return nil }
        return IntRect(x0: Int(r.minX), y0: Int(r.minY), x1: Int(r.maxX), y1: Int(r.maxY))
    }

    /// The rectangle of a path that is one closed axis-aligned rectangle with finite corners.
    static func axisAlignedRect(_ path: CGPath) -> CGRect? {
        var pts: [CGPoint] = []
        for e in path.elements {
            switch e {
            case .moveToPoint(let p):
                if !pts.isEmpty { return nil }
                pts.append(p)
            case .addLineToPoint(let p): pts.append(p)
            case .closeSubpath: break
            default: return nil
            }
        }
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return nil }
        let xs = Set(pts.map(\.x))
        let ys = Set(pts.map(\.y))
        guard xs.count == 2, ys.count == 2, pts.allSatisfy({ abs($0.x) < 1e8 && abs($0.y) < 1e8 }),
            let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max()
        else { return nil }
        for i in 0..<4 {
            let p = pts[i]
            let q = pts[(i + 1) % 4]
            if p.x != q.x && p.y != q.y { return nil }
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func plane(_ t: CGAffineTransform) -> PlaneTransform {
        PlaneTransform(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    static func tint(_ alpha: CGFloat) -> PixelTint {
        alpha >= 1 ? .identity : PixelTint(red: 1, green: 1, blue: 1, alpha: Double(alpha))
    }

    static func stops(_ g: CGGradient) -> [(location: Double, color: CGColor)] {
        zip(g.locations, g.colors).map { (location: Double($0), color: $1) }
    }
}
