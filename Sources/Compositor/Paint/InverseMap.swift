import Foundation
import LayerKit

/// The inverse of a layer's plane homography in single precision: device pixel → layer coordinates.
///
/// Row-vector convention as in `PlaneTransform`: `[px py 1] · M`, then divide by w.
struct InverseMap: Equatable {
    var m11: Float, m12: Float, m13: Float
    var m21: Float, m22: Float, m23: Float
    var m31: Float, m32: Float, m33: Float

    /// Whether there is no perspective row (w ≡ 1).
    let isAffine: Bool

    /// The inverse of `h` (layer → device), or nil when `h` is singular or not finite.
    init?(inverting h: PlaneTransform) {
        guard let inv = h.inverted else { return nil }
        // Normalise so that m33 is 1 where possible (keeps affine maps exactly affine).
        let n = inv.m33 != 0 ? inv.m33 : 1
        let e = [inv.m11, inv.m12, inv.m13, inv.m21, inv.m22, inv.m23, inv.m31, inv.m32, inv.m33].map { Float($0 / n) }
        guard e.allSatisfy(\.isFinite) else { return nil }
        (m11, m12, m13, m21, m22, m23, m31, m32, m33) = (e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8])
        isAffine = m13 == 0 && m23 == 0 && m33 == 1
    }

    /// Homogeneous image of the device point (px, py).
    @inline(__always)
    func apply(_ px: Float, _ py: Float) -> (x: Float, y: Float, w: Float) {
        (px * m11 + py * m21 + m31, px * m12 + py * m22 + m32, px * m13 + py * m23 + m33)
    }

    /// Layer coordinates of the device point and the Jacobian d(layer)/d(device) there:
    /// (lx, ly, dlx/dpx, dly/dpx, dlx/dpy, dly/dpy). Nil when the point is behind the camera.
    @inline(__always)
    func mapWithJacobian(_ px: Float, _ py: Float) -> (Float, Float, Float, Float, Float, Float)? {
        let h = apply(px, py)
        guard h.w > 0 else { return nil }
        let iw = 1 / h.w
        let lx = h.x * iw
        let ly = h.y * iw
        return (lx, ly, (m11 - lx * m13) * iw, (m12 - ly * m13) * iw, (m21 - lx * m23) * iw, (m22 - ly * m23) * iw)
    }
}

/// A piecewise-linear map along one axis from layer coordinates to texel coordinates: one piece for
/// plain contents, three for nine-slice stretching (`contentsCenter`).
struct AxisMap {
    /// Breakpoints in layer coordinates: piece 0 below `b1`, piece 1 below `b2`, piece 2 above.
    var b1: Float, b2: Float
    var s0: Float, o0: Float, s1: Float, o1: Float, s2: Float, o2: Float

    /// One linear piece: `texel = layer × scale + offset`.
    static func linear(scale: Float, offset: Float) -> AxisMap {
        AxisMap(b1: -.infinity, b2: .infinity, s0: scale, o0: offset, s1: scale, o1: offset, s2: scale, o2: offset)
    }

    @inline(__always)
    func eval(_ v: Float) -> Float {
        if v < b1 { return v * s0 + o0 }
        if v < b2 { return v * s1 + o1 }
        return v * s2 + o2
    }

    @inline(__always)
    func scale(at v: Float) -> Float { v < b1 ? s0 : (v < b2 ? s1 : s2) }

    var isSinglePiece: Bool { b1 == -.infinity && b2 == .infinity }
}
