import Foundation
import LayerKit

/// How a path is stroked: the stroke properties of `CAShapeLayer`, in user-space points.
public struct StrokeStyle: Equatable, Sendable {
    /// Line width in points, ≥ 0. Default 1. Zero draws nothing.
    public var lineWidth: CGFloat
    /// Caps at the ends of open subpaths and dashes. Default `.butt`.
    public var lineCap: CAShapeLayerLineCap
    /// Joins between path elements. Default `.miter`.
    public var lineJoin: CAShapeLayerLineJoin
    /// The longest miter, as a multiple of the line width. Default 10. A corner with interior angle θ is
    /// mitered when 1/sin(θ/2) ≤ miterLimit and bevelled otherwise (Core Graphics).
    public var miterLimit: CGFloat
    /// Dash and gap lengths in points; nil or empty is a solid line. Default nil.
    public var lineDashPattern: [CGFloat]?
    /// How far into the dash pattern each subpath starts, in points. Default 0.
    public var lineDashPhase: CGFloat
    /// Where the stroke starts, as a fraction 0…1 of the path's total length. Default 0.
    public var strokeStart: CGFloat
    /// Where the stroke ends, as a fraction 0…1 of the path's total length. Default 1.
    public var strokeEnd: CGFloat

    /// Creates a style; the defaults are Core Animation's.
    public init(
        lineWidth: CGFloat = 1, lineCap: CAShapeLayerLineCap = .butt, lineJoin: CAShapeLayerLineJoin = .miter,
        miterLimit: CGFloat = 10, lineDashPattern: [CGFloat]? = nil, lineDashPhase: CGFloat = 0,
        strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.lineDashPattern = lineDashPattern
        self.lineDashPhase = lineDashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }

    /// The stroke properties of a shape layer (read from the layer as it is: pass the presentation
    /// layer to get animated values).
    public init(shapeLayer l: CAShapeLayer) {
        self.init(
            lineWidth: l.lineWidth, lineCap: l.lineCap, lineJoin: l.lineJoin, miterLimit: l.miterLimit,
            lineDashPattern: l.lineDashPattern, lineDashPhase: l.lineDashPhase,
            strokeStart: l.strokeStart, strokeEnd: l.strokeEnd)
    }
}
