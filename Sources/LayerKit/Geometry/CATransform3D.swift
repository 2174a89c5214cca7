import Foundation

/// A 4×4 homogeneous transform, as in Core Animation.
///
/// Points are row vectors multiplied on the left: `[x y z 1] · M`, so the translation lives in
/// `m41…m43` and `CATransform3DConcat(a, b)` applies `a` first, then `b`. The builder functions follow
/// Apple: `CATransform3DTranslate(t, …)` translates first and then applies `t`.
/// Perspective comes from `m34` (set it to `-1/d` for a camera `d` points away).
public struct CATransform3D: Equatable, Hashable, Sendable, CustomStringConvertible {
    // MARK: - Entries (row-major; identity by default)
    /// Row 1, column 1. Identity: 1.
    public var m11: CGFloat = 1
    /// Row 1, column 2. Identity: 0.
    public var m12: CGFloat = 0
    /// Row 1, column 3. Identity: 0.
    public var m13: CGFloat = 0
    /// Row 1, column 4. Identity: 0.
    public var m14: CGFloat = 0
    /// Row 2, column 1. Identity: 0.
    public var m21: CGFloat = 0
    /// Row 2, column 2. Identity: 1.
    public var m22: CGFloat = 1
    /// Row 2, column 3. Identity: 0.
    public var m23: CGFloat = 0
    /// Row 2, column 4. Identity: 0.
    public var m24: CGFloat = 0
    /// Row 3, column 1. Identity: 0.
    public var m31: CGFloat = 0
    /// Row 3, column 2. Identity: 0.
    public var m32: CGFloat = 0
    /// Row 3, column 3. Identity: 1.
    public var m33: CGFloat = 1
    /// Row 3, column 4: perspective (`-1/d`). Identity: 0.
    public var m34: CGFloat = 0
    /// Row 4, column 1: translation x, in points. Identity: 0.
    public var m41: CGFloat = 0
    /// Row 4, column 2: translation y, in points. Identity: 0.
    public var m42: CGFloat = 0
    /// Row 4, column 3: translation z, in points. Identity: 0.
    public var m43: CGFloat = 0
    /// Row 4, column 4. Identity: 1.
    public var m44: CGFloat = 1

    /// Creates the identity transform.
    public init() {}

    /// Creates a transform from its sixteen entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// Creates a transform from 16 numbers in row-major order (m11, m12, …, m44).
    public init?(rowMajor v: [CGFloat]) {
        guard v.count == 16 else { return nil }
        self.init(
            m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
            m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// The sixteen entries in row-major order.
    public var rowMajor: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The identity transform.
    public static let identity = CATransform3D()

    /// A textual description, one row per line.
    public var description: String {
        "[\(m11) \(m12) \(m13) \(m14); \(m21) \(m22) \(m23) \(m24); \(m31) \(m32) \(m33) \(m34); \(m41) \(m42) \(m43) \(m44)]"
    }

    // MARK: - Applying to points

    /// The homogeneous image `[x y z 1] · self`, before the perspective divide.
    @inlinable
    public func apply(x: CGFloat, y: CGFloat, z: CGFloat) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        (
            x * m11 + y * m21 + z * m31 + m41,
            x * m12 + y * m22 + z * m32 + m42,
            x * m13 + y * m23 + z * m33 + m43,
            x * m14 + y * m24 + z * m34 + m44
        )
    }

    /// The point (x, y, 0) transformed and projected (divided by w) onto the z = 0 plane.
    /// Returns nil when the point lands behind the camera (w ≤ 0).
    public func project(_ p: CGPoint) -> CGPoint? {
        let h = apply(x: p.x, y: p.y, z: 0)
        guard h.w > 0 else { return nil }
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// Whether the transform has a perspective component (m14, m24, m34 not 0 or m44 not 1).
    public var hasPerspective: Bool { m14 != 0 || m24 != 0 || m34 != 0 || m44 != 1 }

    /// The affine transform of the z = 0 plane onto z = 0 that this transform induces, ignoring
    /// perspective: the same as `CATransform3DGetAffineTransform`.
    public var affine: CGAffineTransform { CATransform3DGetAffineTransform(self) }
}

// MARK: - Apple's function family

/// The identity transform, `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D()

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether `a` and `b` are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by (tx, ty, tz) points.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// A scale by (sx, sy, sz).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A rotation by `angle` radians about the axis (x, y, z). A zero-length axis gives the identity.
/// About +z, positive angles turn +x toward +y (clockwise on a y-down screen), as in Core Animation.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let len = (x * x + y * y + z * z).squareRoot()
    guard len > 0, len.isFinite else { return CATransform3D() }
    let (ux, uy, uz) = (x / len, y / len, z / len)
    let c = cos(angle)
    let s = sin(angle)
    let k = 1 - c
    return CATransform3D(
        m11: k * ux * ux + c, m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
        m21: k * ux * uy - s * uz, m22: k * uy * uy + c, m23: k * uy * uz + s * ux, m24: 0,
        m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: k * uz * uz + c, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `a` followed by `b` (the matrix product a·b).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(
        m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
        m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
        m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
        m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
        m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
        m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
        m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
        m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
        m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
        m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
        m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
        m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
        m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
        m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
        m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
        m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
}

/// A translation by (tx, ty, tz) followed by `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// A scale by (sx, sy, sz) followed by `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// A rotation by `angle` about (x, y, z) followed by `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
    -> CATransform3D
{
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse of `t`, or `t` itself when it has no inverse (as Core Animation does).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    let m = t.rowMajor
    var inv = [CGFloat](repeating: 0, count: 16)
    inv[0] =
        m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11]
        - m[13] * m[7] * m[10]
    inv[4] =
        -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11]
        + m[12] * m[7] * m[10]
    inv[8] =
        m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11]
        - m[12] * m[7] * m[9]
    inv[12] =
        -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10]
        + m[12] * m[6] * m[9]
    inv[1] =
        -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11]
        + m[13] * m[3] * m[10]
    inv[5] =
        m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11]
        - m[12] * m[3] * m[10]
    inv[9] =
        -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11]
        + m[12] * m[3] * m[9]
    inv[13] =
        m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10]
        - m[12] * m[2] * m[9]
    inv[2] =
        m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[
            13] * m[3] * m[6]
    inv[6] =
        -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7]
        + m[12] * m[3] * m[6]
    inv[10] =
        m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[
            12] * m[3] * m[5]
    inv[14] =
        -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6]
        + m[12] * m[2] * m[5]
    inv[3] =
        -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[
            9] * m[3] * m[6]
    inv[7] =
        m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[
            8] * m[3] * m[6]
    inv[11] =
        -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8]
        * m[3] * m[5]
    inv[15] =
        m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8]
        * m[2] * m[5]
    let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
    guard det != 0, det.isFinite else { return t }
    return CATransform3D(rowMajor: inv.map { $0 / det })!
}

/// Whether `t` maps the z = 0 plane affinely onto itself and can be represented exactly by a
/// `CGAffineTransform` (no z coupling, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
        && t.m33 == 1 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The affine part of `t`: (a, b, c, d, tx, ty) = (m11, m12, m21, m22, m41, m42).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

/// The 3D transform equivalent to the affine transform `m`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3D()
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (m.a, m.b, m.c, m.d, m.tx, m.ty)
    return t
}

// MARK: - Swift conveniences

extension CATransform3D {
    /// `self` followed by `other`.
    public func concatenating(_ other: CATransform3D) -> CATransform3D { CATransform3DConcat(self, other) }
    /// The inverse, or `self` when not invertible.
    public var inverted: CATransform3D { CATransform3DInvert(self) }
    /// Whether every entry is finite.
    public var isFinite: Bool { rowMajor.allSatisfy(\.isFinite) }
}
