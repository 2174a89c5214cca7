import Foundation
import LayerKit
import Typesetting

/// How a `CATextLayer` is drawn: Typesetting lays out and rasterises its string into an image of the
/// layer's bounds at a pixel scale, which is then drawn over the background like contents.
///
/// The scale is the layer's `contentsScale`, or the device scale at the layer (its map's largest
/// stretch, rounded up to a quarter, at most 8) when that is larger, so text stays sharp on a 2×
/// framebuffer or under a zoom; the bitmap is limited to 2²⁴ pixels by lowering that device scale. The
/// image is cached per model layer (`TextContentsCache`) and redrawn only when string, font, size,
/// bounds, alignment, wrapping, truncation, colour or scale change.
extension RenderTreeBuilder {
    /// Most pixels per point used for a text layer's bitmap beyond its own contentsScale.
    static let maxTextScale: Double = 8
    /// Largest text bitmap drawn at the device scale (larger ones fall back toward contentsScale).
    static let maxTextPixels: Double = 16_777_216

    /// Whether a layer is a text layer with something to draw.
    static func hasText(_ layer: CALayer) -> Bool {
        guard let t = layer as? CATextLayer, let s = t.string, !s.isEmpty else { return false }
        return (t.foregroundColor?.alpha ?? 0) > 0
    }

    /// The step that draws a text layer's string (empty when nothing is visible).
    func textOps(_ layer: CATextLayer, _ b: CGRect, _ ctx: Context) -> [DrawOp] {
        guard RenderTreeBuilder.hasText(layer), let color = layer.foregroundColor, b.width > 0, b.height > 0 else {
            return []
        }
        let scale = RenderTreeBuilder.textScale(layer, b, ctx.h)
        var request = TextRequest(textLayer: layer)
        request.contentsScale = CGFloat(scale)
        let key = TextContentsKey(
            string: request.string, font: request.font, fontSize: Double(request.fontSize),
            width: Double(b.width), height: Double(b.height), alignment: request.alignmentMode,
            isWrapped: request.isWrapped, truncation: request.truncationMode, color: color, scale: scale)
        let model = layer.modelLayer ?? layer
        let result = resources.texts.value(for: model, key: key) {
            do {
                let (layout, bitmap) = try TextRenderer.shared.render(request)
                guard bitmap.width > 0, bitmap.height > 0 else { return .nothing }
                return .image(try bitmap.image(tintedWith: color), warning: layout.fontWarning.map { "\($0)" })
            } catch {
                return .failed("\(error)")
            }
        }
        let image: CGImage
        switch result {
        case .nothing: return []
        case .failed(let message):
            note(layer, "(CATextLayer) cannot draw its text: \(message)")
            return []
        case .image(let i, let warning):
            if let warning { note(layer, "(CATextLayer): \(warning)") }
            image = i
        }
        // Select exactly bounds × scale texels, so one point maps to `scale` texels on both axes.
        let iw = Double(image.width)
        let ih = Double(image.height)
        let rect = CGRect(x: 0, y: 0, width: Double(b.width) * scale / iw, height: Double(b.height) * scale / ih)
        guard
            let layout = ContentsLayout(
                bounds: b, imageWidth: image.width, imageHeight: image.height, contentsScale: CGFloat(scale),
                contentsRect: rect, gravity: .resize, contentsCenter: CGRect(x: 0, y: 0, width: 1, height: 1),
                flipped: ctx.flipped),
            let inv = InverseMap(inverting: ctx.h),
            let s = shape(
                rect: layout.destination, radius: 0, corners: [], h: ctx.h, antialiased: layer.allowsEdgeAntialiasing,
                clip: ctx.clip)
        else { return [] }
        let paint = ImagePaint(
            texture: resources.textures.texture(for: image), inverse: inv, xMap: layout.xMap, yMap: layout.yMap,
            region: layout.region, magnification: layer.magnificationFilter,
            minification: layer.minificationFilter, lodBias: layer.minificationFilterBias)
        // Text is drawn by software: a new bitmap flashes in the flash-updated-regions diagnostic.
        regions?.append(DiagnosticRegion(.drawn(ObjectIdentifier(image), 1), shape: s))
        return [.fill(FillOp(shape: s, paint: .image(paint), tint: ctx.tint.pixelTint))]
    }

    /// Pixels per point for a text layer's bitmap: max(contentsScale, device scale at its centre).
    static func textScale(_ layer: CATextLayer, _ b: CGRect, _ h: PlaneTransform) -> Double {
        let own = Double(layer.contentsScale)
        var device = 1.0
        if let j = jacobian(h, at: CGPoint(x: b.midX, y: b.midY)) {
            let d = max((j.xx * j.xx + j.xy * j.xy).squareRoot(), (j.yx * j.yx + j.yy * j.yy).squareRoot())
            if d.isFinite { device = min(maxTextScale, (d * 4 - 1e-9).rounded(.up) / 4) }
        }
        let area = Double(b.width) * Double(b.height)
        if area * device * device > maxTextPixels { device = (maxTextPixels / area).squareRoot() }
        // A bad contentsScale is left for Typesetting to report.
        guard own.isFinite, own > 0 else { return own }
        return max(own, device)
    }
}
