import Foundation

/// A body that moves a layer (or, for a kinematic body, follows it): the book's crates, where every
/// frame the crate view takes its body's position and angle.
///
/// The body lives in the world's coordinates, which are the root layer's; the layer's `position` is in
/// its superlayer's coordinates. The engine converts between the two through the superlayer's
/// geometry (so a body's layer may sit in a moved container), and writes the angle as the rotation
/// about z of the layer's `transform`, keeping the rest of the transform the layer had when attached
/// (its scale, for example).
package final class LayerBody {
    // MARK: - Parts

    /// The layer the body moves (dynamic) or follows (kinematic).
    package let layer: CALayer
    /// The body.
    package let body: PhysicsBody
    /// The layer's transform at attach time with its z rotation taken out (nil: identity), so the
    /// body's angle replaces only the rotation.
    let baseTransform: CATransform3D?
    /// Kinematic bodies: the placement (root coordinates, angle) the layer had when last seen, so that a
    /// layer moved by code or an animation drives the body, while an untouched layer lets the body move
    /// by its own velocity (and shows it).
    var lastPlacement: (position: CGPoint, angle: Double)?
    /// Kinematic bodies: whether the layer drove the body in the last step.
    var followsLayer = false
    /// Dynamic bodies: the layer's position and transform as last written, to notice code (a drag)
    /// moving the layer.
    var written: (position: CGPoint, transform: CATransform3D)?

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
    /// `source` (the model or a presentation copy with the same superlayer). The position is read in
    /// the superlayer's sublayer space, so a flipped container (the book's y-up crates view) works:
    /// its layers' rotations turn the other way in the world.
    static func worldPlacement(of source: CALayer, superlayer: CALayer?, root: CALayer) -> (CGPoint, Double)? {
        guard let map = PlaneMap.sublayerSpace(of: superlayer, to: root) else { return nil }
        let theta = rotation(of: source.transform)
        if map.isIdentity {
            return source.position.x.isFinite && source.position.y.isFinite ? (source.position, theta) : nil
        }
        let (x, y) = map.point(Double(source.position.x), Double(source.position.y))
        guard x.isFinite, y.isFinite else { return nil }
        return (CGPoint(x: x, y: y), map.angle(from: theta))
    }

    /// Writes a world position and angle into the layer (the caller disables actions).
    func write(position: CGPoint, angle: Double, root: CALayer) {
        var p = position
        var a = angle
        if let map = PlaneMap.sublayerSpace(of: layer.superlayer, to: root), !map.isIdentity {
            let (x, y) = map.inverted.point(Double(p.x), Double(p.y))
            p = CGPoint(x: x, y: y)
            a = map.angle(to: angle)
        }
        guard p.x.isFinite, p.y.isFinite, a.isFinite else { return }
        layer.position = p
        let r = CATransform3DMakeRotation(CGFloat(a), 0, 0, 1)
        layer.transform = baseTransform.map { CATransform3DConcat($0, r) } ?? r
        written = (layer.position, layer.transform)
    }

    /// Dynamic bodies, before a step: when code moved the layer since the engine wrote it (a drag, a
    /// reset), the body jumps there, moving at the speed of the jump spread over `interval` seconds
    /// (the last frame, at most `maximumThrowSpeed`), so a dragged crate pushes others and can be thrown.
    func followMovedLayer(interval: Double, root: CALayer) throws {
        guard let w = written,
            w.position != layer.position || !CATransform3DEqualToTransform(w.transform, layer.transform)
        else { return }
        written = (layer.position, layer.transform)
        guard let (p, angle) = LayerBody.worldPlacement(of: layer, superlayer: layer.superlayer, root: root) else {
            return
        }
        let old = body.position
        let oldAngle = body.angle
        try body.setPosition(p)
        try body.setAngle(angle)
        let t = max(interval, 1e-6)
        var v = CGVector(dx: (p.x - old.x) / t, dy: (p.y - old.y) / t)
        let speed = hypot(v.dx, v.dy)
        // A long jump (a grab far from the body, a reset) must not fling the body through the walls.
        if speed > LayerBody.maximumThrowSpeed {
            v = CGVector(dx: v.dx / speed * LayerBody.maximumThrowSpeed, dy: v.dy / speed * LayerBody.maximumThrowSpeed)
        }
        try body.setVelocity(v)
        try body.setAngularVelocity(
            max(-LayerBody.maximumThrowSpin, min(LayerBody.maximumThrowSpin, (angle - oldAngle) / t)))
    }

    /// Fastest a body is thrown by moving its layer in code, points per second (25 points per 1/120 s
    /// step: thin walls still stop it).
    package static let maximumThrowSpeed = 3000.0
    /// Fastest spin a body gets from turning its layer in code, radians per second.
    package static let maximumThrowSpin = 30.0

    /// Kinematic bodies, before a step: a target from the layer when it is animated or was moved since
    /// the engine last saw it; otherwise the body keeps its own velocity.
    func driveKinematic(stepEndMediaTime: Double, root: CALayer) throws {
        let superlayer = layer.superlayer
        if layer.hasAnimations {
            let shown = layer.presentationCopy(atTime: stepEndMediaTime)
            guard let (p, angle) = LayerBody.worldPlacement(of: shown, superlayer: superlayer, root: root) else {
                return
            }
            try body.setTarget(position: p, angle: angle)
            lastPlacement = (p, angle)
            followsLayer = true
            return
        }
        guard let (p, angle) = LayerBody.worldPlacement(of: layer, superlayer: superlayer, root: root) else { return }
        if let last = lastPlacement, last.position == p, last.angle == angle {
            followsLayer = false
            return
        }
        try body.setTarget(position: p, angle: angle)
        lastPlacement = (p, angle)
        followsLayer = true
    }

    /// Kinematic bodies moving by their own velocity: the layer shows them, and remembers what it shows.
    func showKinematic(fraction: Double, root: CALayer) {
        guard !followsLayer, body.velocity != .zero || body.angularVelocity != 0 || lastPlacement == nil else { return }
        write(position: body.interpolatedPosition(fraction), angle: body.interpolatedAngle(fraction), root: root)
        lastPlacement = LayerBody.worldPlacement(of: layer, superlayer: layer.superlayer, root: root)
    }
}
