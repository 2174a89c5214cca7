import Foundation

/// A 3D transform split into scale, rotation and translation, for the virtual key paths
/// `transform.rotation.z`, `transform.scale.x`, `transform.translation.y`, …
///
/// The transform is read as `S · Rx · Ry · Rz · T` in row-vector order (scale first, then rotations
/// about x, y and z, then translation); the perspective column (m14, m24, m34, m44) is kept as is.
/// Shear is not represented: setting a component of a sheared transform drops the shear.
package struct TransformComponents: Equatable, Sendable {
    /// Translation in points.
    package var translation: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// Scale factors; x is negative for a mirrored transform.
    package var scale: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// Euler angles in radians, applied about x, then y, then z.
    package var rotation: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// The perspective column (m14, m24, m34, m44).
    package var perspective: (m14: CGFloat, m24: CGFloat, m34: CGFloat, m44: CGFloat)

    /// Decomposes `t`.
    package init(_ t: CATransform3D) {
        translation = (t.m41, t.m42, t.m43)
        perspective = (t.m14, t.m24, t.m34, t.m44)
        var r1 = (t.m11, t.m12, t.m13)
        var r2 = (t.m21, t.m22, t.m23)
        var r3 = (t.m31, t.m32, t.m33)
        func len(_ v: (CGFloat, CGFloat, CGFloat)) -> CGFloat { (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot() }
        var sx = len(r1)
        let sy = len(r2)
        let sz = len(r3)
        let det =
            r1.0 * (r2.1 * r3.2 - r2.2 * r3.1) - r1.1 * (r2.0 * r3.2 - r2.2 * r3.0) + r1.2 * (r2.0 * r3.1 - r2.1 * r3.0)
        if det < 0 { sx = -sx }
        scale = (sx, sy, sz)
        func div(_ v: (CGFloat, CGFloat, CGFloat), _ s: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
            s == 0 ? (0, 0, 0) : (v.0 / s, v.1 / s, v.2 / s)
        }
        r1 = div(r1, sx)
        r2 = div(r2, sy)
        r3 = div(r3, sz)
        let sinY = max(-1, min(1, -r1.2))
        let y = asin(sinY)
        if abs(cos(y)) > 1e-9 {
            rotation = (atan2(r2.2, r3.2), y, atan2(r1.1, r1.0))
        } else {
            rotation = (atan2(r2.0 * sinY, r2.1), y, 0)
        }
    }

    /// The recomposed transform.
    package var transform: CATransform3D {
        var m = CATransform3DMakeRotation(rotation.z, 0, 0, 1)
        m = CATransform3DRotate(m, rotation.y, 0, 1, 0)
        m = CATransform3DRotate(m, rotation.x, 1, 0, 0)
        m = CATransform3DScale(m, scale.x, scale.y, scale.z)
        (m.m41, m.m42, m.m43) = translation
        (m.m14, m.m24, m.m34, m.m44) = perspective
        return m
    }

    /// Component-wise equality.
    package static func == (a: TransformComponents, b: TransformComponents) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.rotation == b.rotation
            && a.perspective == b.perspective
    }
}
