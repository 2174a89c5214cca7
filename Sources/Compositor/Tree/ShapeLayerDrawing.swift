import Foundation
import LayerKit
import PathGeometry

/// How a `CAShapeLayer` becomes fills: PathGeometry builds the fill polygons and the stroke outline
/// (flattening, trimming to strokeStart…strokeEnd, dashing, caps, joins) and the compositor's coverage
/// rasteriser fills them, the fill in `fillColor`, then the stroke in `strokeColor`.
///
/// The geometry is rebuilt every frame from the layer as given (the presentation copy), so animated
/// `path`, `strokeStart`, `strokeEnd`, `lineWidth`, `lineDashPhase`, … show. Under an affine map the
/// shape is flattened and stroked for the exact device transform (curves within
/// `DeviceProjector.tolerance` device pixels, hairlines widened to one device pixel). Under perspective
/// it is built at a uniform scale (the largest stretch of the map over the path) and every contour is
/// then projected and clipped at the camera plane: the pen stays a circle in the layer's plane, which is
/// what a perspective view of a stroked shape shows, and the hairline rule uses that largest stretch.
extension RenderTreeBuilder {
    /// The fill and stroke steps of a shape layer (empty when nothing is visible).
    func shapeOps(_ layer: CAShapeLayer, _ ctx: Context) -> [DrawOp] {
        guard let path = layer.path, !path.isEmpty else { return [] }
        let fillColor = layer.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let strokeColor = layer.strokeColor.flatMap { $0.alpha > 0 ? $0 : nil }
        guard fillColor != nil || strokeColor != nil else { return [] }
        let h = ctx.h
        // The geometry is built with `transform`; device points = those points mapped by `project`
        // (nil: they already are device pixels).
        let transform: CGAffineTransform
        var project: PlaneTransform?
        if h.m13 == 0, h.m23 == 0, h.m33 > 0 {
            let k = 1 / h.m33
            transform = CGAffineTransform(
                a: h.m11 * k, b: h.m12 * k, c: h.m21 * k, d: h.m22 * k, tx: h.m31 * k, ty: h.m32 * k)
        } else {
            let s = CGFloat(DeviceProjector.maxScale(of: h, over: RenderTreeBuilder.strokeBox(layer, path)))
            transform = CGAffineTransform(scaleX: s, y: s)
            let inv = 1 / Double(s)
            project = PlaneTransform(m11: inv, m12: 0, m13: 0, m21: 0, m22: inv, m23: 0, m31: 0, m32: 0, m33: 1)
                .concatenating(h)
        }
        let key = ShapeGeometryKey(
            path: path, fillRule: layer.fillRule, style: StrokeStyle(shapeLayer: layer),
            fills: fillColor != nil, strokes: strokeColor != nil, transform: transform)
        let result = resources.shapes.value(for: layer.modelLayer ?? layer, key: key) {
            do {
                return .success(
                    try ShapeGeometry(
                        shapeLayer: layer, transform: transform, tolerance: CGFloat(DeviceProjector.tolerance)))
            } catch let e as PathGeometryError {
                return .failure(e)
            } catch {
                return .failure(.nonFiniteTransform)
            }
        }
        let geometry: ShapeGeometry
        switch result {
        case .success(let g): geometry = g
        case .failure(let error):
            note(layer, "(CAShapeLayer) cannot be drawn: \(error)")
            return []
        }
        var ops: [DrawOp] = []
        if let c = fillColor, let set = geometry.fill, let s = Self.deviceShape(set, project: project, clip: ctx.clip) {
            ops.append(
                .fill(
                    FillOp(
                        shape: s,
                        paint: .solid(ctx.tint.pixel(of: c.multipliedAlpha(Self.hairlineAlpha(set.coverageScale)))),
                        tint: .identity)))
        }
        if let c = strokeColor, let set = geometry.stroke,
            let s = Self.deviceShape(set, project: project, clip: ctx.clip)
        {
            ops.append(
                .fill(
                    FillOp(
                        shape: s,
                        paint: .solid(ctx.tint.pixel(of: c.multipliedAlpha(Self.hairlineAlpha(set.coverageScale)))),
                        tint: .identity)))
        }
        return ops
    }

    /// Whether a shape layer draws a fill and/or a stroke (the parts that decide group opacity).
    static func shapeParts(_ layer: CALayer) -> (fill: Bool, stroke: Bool) {
        guard let sl = layer as? CAShapeLayer, let path = sl.path, !path.isEmpty else { return (false, false) }
        return ((sl.fillColor?.alpha ?? 0) > 0, (sl.strokeColor?.alpha ?? 0) > 0 && sl.lineWidth > 0)
    }

    // MARK: - Helpers

    /// A polygon set as a device shape: directly when its points are device pixels inside the guard
    /// rectangle, otherwise projected and clipped contour by contour (the guard keeps far-off points from overflowing).
    static func deviceShape(_ set: PolygonSet, project: PlaneTransform?, clip: IntRect) -> DeviceShape? {
        guard !set.isEmpty else { return nil }
        let guardRect = RenderTreeBuilder.guardRect(clip)
        let b = set.bounds
        if project == nil, b.minX >= CGFloat(guardRect.x0), b.minY >= CGFloat(guardRect.y0),
            b.maxX <= CGFloat(guardRect.x1), b.maxY <= CGFloat(guardRect.y1)
        {
            let s = DeviceShape.polygonSet(set, antialiased: true, clip: clip)
            return s.bounds.isEmpty ? nil : s
        }
        let h = project ?? .identity
        var polys: [[SIMD2<Double>]] = []
        for i in 0..<set.contourCount {
            let contour = set.contour(i).map { SIMD2(Double($0.x), Double($0.y)) }
            if let p = DeviceProjector.project(contour, h, guardRect: guardRect) { polys.append(p) }
        }
        let s = DeviceShape.polygons(
            polys, rule: set.fillRule == .evenOdd ? .evenOdd : .nonZero, antialiased: true, clip: clip)
        return s.bounds.isEmpty ? nil : s
    }

    /// A hairline's coverage scale as an alpha factor: clamped to 0…1, so that a widened line never
    /// draws more than opaque and a degenerate scale draws nothing.
    private static func hairlineAlpha(_ k: CGFloat) -> CGFloat { min(1, max(0, k)) }

    /// The path's box grown by the stroke's reach (for the largest stretch under perspective).
    private static func strokeBox(_ layer: CAShapeLayer, _ path: CGPath) -> CGRect {
        let box = path.boundingBox
        let w = layer.lineWidth.isFinite ? max(0, layer.lineWidth) : 0
        let m = max(1, layer.miterLimit.isFinite ? layer.miterLimit : 1) * w / 2
        return box.isNull ? box : box.insetBy(dx: -m, dy: -m)
    }
}
