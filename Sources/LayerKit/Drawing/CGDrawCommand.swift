import Foundation

// MARK: - Drawing parameters (Core Graphics names)

/// Which points a path with overlapping or nested subpaths fills (Core Graphics' `CGPathFillRule`).
public enum CGPathFillRule: String, Equatable, Sendable {
    /// Filled where the winding number is not zero. Core Graphics' default.
    case winding
    /// Filled where the winding number is odd.
    case evenOdd
}

/// How the ends of open stroked subpaths look.
public enum CGLineCap: String, Equatable, Sendable {
    /// Square end at the endpoint. Default.
    case butt
    /// Half-circle end.
    case round
    /// Square end extended by half the line width.
    case square
}

/// How stroked segments meet.
public enum CGLineJoin: String, Equatable, Sendable {
    /// Sharp corner, bevelled beyond the miter limit. Default.
    case miter
    /// Rounded corner.
    case round
    /// Cut-off corner.
    case bevel
}

/// How an image is resampled when drawn scaled.
public enum CGInterpolationQuality: Equatable, Sendable {
    /// Bilinear (the default; `.low`, `.medium` and `.high` are the same here).
    case `default`
    /// Nearest texel (pixel art).
    case none
    /// Bilinear.
    case low
    /// Bilinear.
    case medium
    /// Bilinear.
    case high
}

/// Whether a gradient extends beyond its start and end (Core Graphics' `CGGradientDrawingOptions`).
public struct CGGradientDrawingOptions: OptionSet, Equatable, Sendable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates options from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Fill before the start point (linear) or inside the start circle (radial) with the first colour.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Fill beyond the end point (linear) or outside the end circle (radial) with the last colour.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// The pen a context strokes with: the stroke parameters of its graphics state.
package struct CGStrokeParameters: Equatable, Sendable {
    /// Line width in user-space units, ≥ 0. Default 1.
    package var lineWidth: CGFloat = 1
    /// Default `.butt`.
    package var lineCap: CGLineCap = .butt
    /// Default `.miter`.
    package var lineJoin: CGLineJoin = .miter
    /// Miter length ÷ line width beyond which a miter join is bevelled. Default 10.
    package var miterLimit: CGFloat = 10
    /// Dash lengths in user-space units; empty draws solid. Default empty.
    package var dashLengths: [CGFloat] = []
    /// Offset into the dash pattern, user-space units. Default 0.
    package var dashPhase: CGFloat = 0

    /// The default pen.
    package init() {}
}

// MARK: - Commands

/// One pixel operation of a `CGContext`, with everything the raster backend needs (the graphics state
/// at the time of the call is resolved into it). Paths are in device pixels unless a `ctm` is given.
package enum CGDrawCommand {
    /// Fill a device-space path with a colour (alpha already multiplied by the context's alpha).
    case fill(CGPath, CGPathFillRule, CGColor)
    /// Stroke a device-space path drawn under `ctm` (the pen is shaped by the ctm, as in Core Graphics).
    case stroke(CGPath, ctm: CGAffineTransform, pen: CGStrokeParameters, color: CGColor)
    /// Draw an image upright into a user-space rectangle.
    case image(CGImage, rect: CGRect, ctm: CGAffineTransform, alpha: CGFloat, quality: CGInterpolationQuality)
    /// An axial gradient between two user-space points.
    case linearGradient(
        CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions, ctm: CGAffineTransform,
        alpha: CGFloat)
    /// A radial gradient between two user-space circles.
    case radialGradient(
        CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions, ctm: CGAffineTransform, alpha: CGFloat)
    /// One line of text; `point` is the top-left of its line box in user space.
    case text(String, point: CGPoint, fontName: String?, fontSize: CGFloat, color: CGColor, ctm: CGAffineTransform)
    /// Intersect the clip with a device-space path.
    case clip(CGPath, CGPathFillRule)
    /// Set a device-space rectangle to transparent (ignores the clip, as `CGContext.clear` does).
    case clear(CGRect)
    /// Push the clip (part of `saveGState`).
    case saveClip
    /// Pop the clip (part of `restoreGState`).
    case restoreClip
}

/// Executes a context's commands on its pixels. One renderer serves one context, from one thread at a
/// time; it keeps the clip stack.
package protocol CGContextRenderer: AnyObject {
    /// Performs `command` on `context.data`.
    func execute(_ command: CGDrawCommand, in context: CGContext)
}

/// Makes renderers for new contexts. The Compositor module installs one (`CGContext.rendererFactory`)
/// when a `Compositor` is created, so drawing works wherever frames are drawn.
package protocol CGContextRendererFactory: AnyObject {
    /// A renderer for one context.
    func makeRenderer() -> CGContextRenderer
}
