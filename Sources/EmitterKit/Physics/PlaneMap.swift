import Foundation

/// An affine map between a layer's coordinates and the world's (the root layer's coordinates, where
/// bodies and fields live), for moving particle positions and velocities between the two.
struct PlaneMap: Equatable {
    // MARK: - Entries

    /// Row-vector form as `CGAffineTransform`: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The identity map.
    static let identity = PlaneMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether the map changes nothing (the common emitter filling the view at the origin).
    var isIdentity: Bool { self == .identity }

    // MARK: - Creating

    /// The map from `layer`'s coordinates to `root`'s, or nil when it is not affine (perspective) or
    /// singular, or the layer is not under `root`.
    static func from(_ layer: CALayer, to root: CALayer) -> PlaneMap? {
        if layer === root { return .identity }
        guard let toRoot = root.planeTransformToRootSpace.inverted else { return nil }
        return PlaneMap(layer.planeTransformToRootSpace.concatenating(toRoot))
    }

    /// The map from the space where `container`'s sublayers' positions live (its sublayer space: its
    /// `sublayerTransform` and geometry flip applied) to `root`'s coordinates; identity without a
    /// container. Nil when the chain is not affine.
    static func sublayerSpace(of container: CALayer?, to root: CALayer) -> PlaneMap? {
        guard let s = container else { return .identity }
        let plain = CATransform3DIsIdentity(s.sublayerTransform) && !s.isGeometryFlipped
        if plain && s === root { return .identity }
        guard let toRoot = PlaneMap.from(s, to: root) else { return nil }
        if plain { return toRoot }
        guard let sub = PlaneMap(PlaneTransform(s.sublayerSpaceTransform)) else { return nil }
        return sub.then(toRoot)
    }

    /// `self` followed by `o`.
    func then(_ o: PlaneMap) -> PlaneMap {
        PlaneMap(
            a: o.a * a + o.c * b, b: o.b * a + o.d * b, c: o.a * c + o.c * d, d: o.b * c + o.d * d,
            tx: o.a * tx + o.c * ty + o.tx, ty: o.b * tx + o.d * ty + o.ty)
    }

    /// A layer's rotation about z in the source space as an angle in the target space: turned by the
    /// map's rotation, and mirrored when the map mirrors (a flipped container).
    func angle(from theta: Double) -> Double { determinant > 0 ? angle + theta : angle - theta }

    /// The inverse of `angle(from:)`.
    func angle(to worldAngle: Double) -> Double { determinant > 0 ? worldAngle - angle : angle - worldAngle }

    // MARK: - Applying

    var determinant: Double { a * d - b * c }

    /// The inverse map (the caller checked the determinant).
    var inverted: PlaneMap {
        let det = determinant
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return PlaneMap(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// A point.
    @inline(__always)
    func point(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + tx, b * x + d * y + ty) }

    /// A vector (velocity, direction): the linear part only.
    @inline(__always)
    func vector(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y, b * x + d * y) }

    /// The rotation the map applies to directions, radians (for a similarity; approximate otherwise).
    var angle: Double { atan2(b, a) }

    /// The mean length factor (√|det|), for radii.
    var scale: Double { abs(determinant).squareRoot() }
}

extension PlaneMap {
    /// The map of a plane transform, or nil when it is not affine or is singular.
    init?(_ m: PlaneTransform) {
        guard m.isAffine else { return nil }
        self.init(
            a: Double(m.m11), b: Double(m.m12), c: Double(m.m21), d: Double(m.m22), tx: Double(m.m31), ty: Double(m.m32)
        )
        guard determinant != 0, determinant.isFinite, tx.isFinite, ty.isFinite else { return nil }
    }
}
