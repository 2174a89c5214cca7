import Foundation
import LayerKit

/// What a `CAShapeLayer` covers, in device pixels: its fill polygons and its stroke outline.
///
/// The compositor builds one per shape layer and frame (from the presentation layer, so animated
/// `path`, `strokeEnd`, `lineWidth`, … are honoured) and fills `fill` with `fillColor`, then `stroke` with
/// `strokeColor`, each with its own fill rule and `coverageScale`.
public struct ShapeGeometry: Equatable, Sendable {
    /// The filled area; nil when there is no path or `fillColor` is nil or fully transparent.
    public var fill: PolygonSet?
    /// The stroke outline (non-zero rule); nil when there is no path, `strokeColor` is nil or fully
    /// transparent, `lineWidth` is 0 or the visible stretch is empty.
    public var stroke: PolygonSet?

    /// The geometry of `layer` drawn through `transform` (layer coordinates → device pixels), with curves
    /// within `tolerance` device pixels.
    /// - Throws: `PathGeometryError` naming the bad property (non-finite points, negative line width,
    ///   negative dash lengths, …).
    public init(
        shapeLayer layer: CAShapeLayer, transform: CGAffineTransform,
        tolerance: CGFloat = PathFlattener.defaultTolerance
    ) throws {
        guard let path = layer.path, !path.isEmpty else { return }
        if let c = layer.fillColor, c.alpha > 0 {
            fill = try ShapeGeometry.fill(path, fillRule: layer.fillRule, transform: transform, tolerance: tolerance)
        }
        if let c = layer.strokeColor, c.alpha > 0 {
            let s = try ShapeGeometry.stroke(
                path, style: StrokeStyle(shapeLayer: layer), transform: transform,
                tolerance: tolerance)
            stroke = s.isEmpty ? nil : s
        }
    }

    /// Creates geometry from ready-made parts.
    public init(fill: PolygonSet?, stroke: PolygonSet?) { (self.fill, self.stroke) = (fill, stroke) }

    // MARK: - Fill

    /// The polygons that fill `path` under `fillRule`: every subpath, open or closed, closed implicitly.
    public static func fill(
        _ path: CGPath, fillRule: CAShapeLayerFillRule = .nonZero,
        transform: CGAffineTransform = .identity,
        tolerance: CGFloat = PathFlattener.defaultTolerance
    ) throws -> PolygonSet {
        let flat = try PathFlattener.flatten(path, transform: transform, tolerance: tolerance)
        var set = PolygonSet(fillRule: fillRule)
        set.points = flat.points
        set.contourEnds.reserveCapacity(flat.subpaths.count)
        for s in flat.subpaths { set.contourEnds.append(s.end) }
        // Drop single-point contours (they enclose nothing) while keeping the storage contiguous.
        if flat.subpaths.contains(where: { $0.count < 2 }) {
            var compact = PolygonSet(fillRule: fillRule)
            for i in flat.subpaths.indices { compact.append(contour: flat.points(ofSubpath: i)) }
            return compact
        }
        return set
    }

    // MARK: - Stroke

    /// The outline of `path` stroked with `style` and drawn through `transform`.
    ///
    /// Stroking happens in the path's own space (so a non-uniform scale gives an elliptical pen, as in
    /// Core Graphics) with the tolerance converted from device pixels; the outline is then transformed.
    /// A line thinner than one device pixel is widened to one pixel and `coverageScale` set to its real
    /// width, so hairlines stay visible and keep their weight.
    public static func stroke(
        _ path: CGPath, style: StrokeStyle, transform: CGAffineTransform = .identity,
        tolerance: CGFloat = PathFlattener.defaultTolerance
    ) throws -> PolygonSet {
        guard style.lineWidth.isFinite, style.lineWidth >= 0 else {
            throw PathGeometryError.badLineWidth(style.lineWidth)
        }
        guard !style.miterLimit.isNaN else { throw PathGeometryError.badMiterLimit(style.miterLimit) }
        guard !style.strokeStart.isNaN, !style.strokeEnd.isNaN else {
            throw PathGeometryError.badStrokeRange(start: style.strokeStart, end: style.strokeEnd)
        }
        guard tolerance.isFinite, tolerance > 0 else { throw PathGeometryError.badTolerance(tolerance) }
        guard transform.isFinite else { throw PathGeometryError.nonFiniteTransform }
        let dash = try DashPattern.make(lengths: style.lineDashPattern, phase: style.lineDashPhase)
        let (maxStretch, minStretch) = transform.stretchFactors
        guard style.lineWidth > 0, minStretch > 0, maxStretch.isFinite else { return PolygonSet(fillRule: .nonZero) }

        let userTolerance = tolerance / maxStretch
        let flat = try PathFlattener.flatten(path, tolerance: userTolerance)
        let pieces = try PathTrimmer.pieces(of: flat, start: style.strokeStart, end: style.strokeEnd, dash: dash)
        var width = style.lineWidth
        var coverageScale: CGFloat = 1
        let deviceWidth = width * minStretch
        if deviceWidth < 1 {
            coverageScale = deviceWidth
            width = 1 / minStretch
        }
        var outline = PathStroker.outline(
            of: pieces, width: width, cap: style.lineCap, join: style.lineJoin,
            miterLimit: style.miterLimit, tolerance: userTolerance)
        if !transform.isIdentity { outline = outline.applying(transform) }
        outline.coverageScale = coverageScale
        return outline
    }
}
