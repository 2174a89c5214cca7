import Foundation

/// A body that moves a layer (or, for a kinematic body, follows it): the book's crates, where every
/// frame the crate view takes its body's position and angle.
///
/// The body lives in the world's coordinates, which are the root layer's; the layer's `position` is in
/// its superlayer's coordinates. The engine converts between the two through the superlayer's
/// geometry (so a body's layer may sit in a moved container), and writes the angle as the rotation
/// about z of the layer's `transform`, keeping the rest of the transform the layer had when attached
/// (its scale, for example).
public final class LayerBody {
    // MARK: - Parts

    /// The layer the body moves (dynamic) or follows (kinematic).
    public let layer: CALayer
    /// The body.
    public let body: PhysicsBody
    /// The layer's transform at attach time with its z rotation taken out (nil: identity), so the
    /// body's angle replaces only the rotation.
    let baseTransform: CATransform3D?

    // MARK: - Creating

    init(layer: CALayer, body: PhysicsBody) {
        self.layer = layer
        self.body = body
        let t = layer.transform
        if CATransform3DIsIdentity(t) {
            baseTransform = nil
        } else {
            let angle = LayerBody.rotation(of: t)
            baseTransform = CATransform3DConcat(t, CATransform3DMakeRotation(-angle, 0, 0, 1))
        }
    }

    // MARK: - Geometry

    /// The rotation about z of a transform, radians (positive turns +x toward +y).
    static func rotation(of t: CATransform3D) -> Double { atan2(Double(t.m12), Double(t.m11)) }

    /// Where the layer's position is in world (root) coordinates, and its angle, for `layer` read from
    /// `source` (the model or a presentation copy with the same superlayer).
    static func worldPlacement(of source: CALayer, superlayer: CALayer?, root: CALayer) -> (CGPoint, Double)? {
        var p = source.position
        if let s = superlayer, s !== root {
            p = root.convert(p, from: s)
            // The superlayer's own turning adds to the layer's.
        }
        guard p.x.isFinite, p.y.isFinite else { return nil }
        var angle = rotation(of: source.transform)
        if let s = superlayer, s !== root, let m = PlaneMap.from(s, to: root) { angle += m.angle }
        return (p, angle)
    }

    /// Writes a world position and angle into the layer (the caller disables actions).
    func write(position: CGPoint, angle: Double, root: CALayer) {
        var p = position
        var a = angle
        if let s = layer.superlayer, s !== root {
            p = s.convert(p, from: root)
            if let m = PlaneMap.from(s, to: root) { a -= m.angle }
        }
        guard p.x.isFinite, p.y.isFinite, a.isFinite else { return }
        layer.position = p
        let r = CATransform3DMakeRotation(CGFloat(a), 0, 0, 1)
        layer.transform = baseTransform.map { CATransform3DConcat($0, r) } ?? r
    }
}
