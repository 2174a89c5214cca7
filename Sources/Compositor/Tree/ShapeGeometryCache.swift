import Foundation
import LayerKit
import PathGeometry

/// Shape layers' fill and stroke geometry, kept per model layer and rebuilt only when the path, the
/// stroke style, the fill rule, which parts are drawn, or the device transform change (a moving shape
/// layer is re-stroked; a still one in an animated scene is not). A failure is cached too, so a broken
/// path is reported once rather than re-flattened every frame.
typealias ShapeGeometryCache = PerLayerCache<ShapeGeometryKey, Result<ShapeGeometry, PathGeometryError>>

/// Everything a shape layer's geometry depends on.
struct ShapeGeometryKey: Equatable {
    var path: CGPath
    var fillRule: CAShapeLayerFillRule
    var style: StrokeStyle
    var fills: Bool, strokes: Bool
    /// The transform the geometry was built with (device transform, or the uniform scale under perspective).
    var transform: CGAffineTransform
}
