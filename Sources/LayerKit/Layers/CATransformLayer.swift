import Foundation

/// A layer that does not flatten its sublayers: they keep their depth and are drawn far to near, so
/// that several layers can form one solid 3D object (the Core Animation book's cubes).
///
/// Like Core Animation's, it draws no content of its own: background, border, contents and shadow of
/// the transform layer itself are ignored.
open class CATransformLayer: CALayer {
    /// False: sublayers keep their depth.
    override open var flattensSublayers: Bool { false }

    /// Makes a presentation copy of `layer`, or a new transform layer when `layer` is nil (see
    /// `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CATransformLayer(layer: $0) } ?? CATransformLayer()
    }
}
