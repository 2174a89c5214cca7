import Foundation
import LayerKit

/// A gradient layer's paint kept between frames per model layer while its key stays the same; the paint
/// then keeps its shaded pixels (`GradientPaint.enableShadeCache`), so only the blend is redone.
typealias GradientPaintCache = PerLayerCache<GradientPaintKey, GradientPaint>

/// Everything that decides a gradient layer's shaded pixels: colours and locations (the table), type,
/// start and end in layer points (they carry the bounds), the device-to-layer map (device transform and
/// contents scale) and the shape's device rectangle (bounds, clip). Opacity and tint are not in it:
/// they apply in the blend.
struct GradientPaintKey: Equatable {
    var type: CAGradientLayerType
    var start: SIMD2<Float>, end: SIMD2<Float>
    var inverse: InverseMap
    var locations: [Double]
    var colors: [CGColor]
    var rect: IntRect

    init(
        type: CAGradientLayerType, start: SIMD2<Float>, end: SIMD2<Float>, inverse: InverseMap,
        stops: [(location: Double, color: CGColor)], rect: IntRect
    ) {
        self.type = type
        self.start = start
        self.end = end
        self.inverse = inverse
        locations = stops.map(\.location)
        colors = stops.map(\.color)
        self.rect = rect
    }
}
