import Foundation

/// A projective map of the plane (a 3×3 homography) in row-vector form: `[x y 1] · H`, then divide by w.
///
/// It is what a 4×4 layer transform does to points of a layer's plane (z = 0) once the result is
/// flattened into the superlayer's plane, which is how Core Animation composes non-transform layers.
///
/// Package API: the compositor and the engine map points with it (`CALayer.convert` is the public way);
/// its methods are inlinable because the compositor calls them per sprite and per vertex.
@usableFromInline
package struct PlaneTransform: Equatable, Sendable {
    /// Entries, row-major: (m11 m12 m13; m21 m22 m23; m31 m32 m33).
    @usableFromInline package var m11, m12, m13, m21, m22, m23, m31, m32, m33: CGFloat

    /// The identity map.
    @usableFromInline package static let identity = PlaneTransform(
        m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// Creates a map from its nine entries.
    @inlinable
    package init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat
    ) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// The map of the z = 0 plane induced by `t`, with the output's z dropped.
    @inlinable
    package init(_ t: CATransform3D) {
        self.init(
            m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
            m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// `self` followed by `b`.
    @inlinable
    package func concatenating(_ b: PlaneTransform) -> PlaneTransform {
        let a = self
        return PlaneTransform(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31, m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31, m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31, m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The inverse map, or nil when it is singular.
    @inlinable
    package var inverted: PlaneTransform? {
        let c11 = m22 * m33 - m23 * m32
        let c12 = m13 * m32 - m12 * m33
        let c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33
        let c22 = m11 * m33 - m13 * m31
        let c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31
        let c32 = m12 * m31 - m11 * m32
        let c33 = m11 * m22 - m12 * m21
        let det = m11 * c11 + m12 * c21 + m13 * c31
        guard det != 0, det.isFinite else { return nil }
        return PlaneTransform(
            m11: c11 / det, m12: c12 / det, m13: c13 / det, m21: c21 / det, m22: c22 / det,
            m23: c23 / det, m31: c31 / det, m32: c32 / det, m33: c33 / det)
    }

    /// The homogeneous image of `p` before the divide.
    @inlinable
    package func applyHomogeneous(_ p: CGPoint) -> (x: CGFloat, y: CGFloat, w: CGFloat) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// The image of `p`, or nil when it lies behind the camera (w ≤ 0).
    @inlinable
    package func apply(_ p: CGPoint) -> CGPoint? {
        let h = applyHomogeneous(p)
        guard h.w > 0 else { return nil }
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// Whether the map is affine (no perspective row).
    @inlinable
    package var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }
}
