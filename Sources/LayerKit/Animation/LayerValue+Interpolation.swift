import Foundation

/// Arithmetic on property values for animations: interpolation, the sums and differences of by-values,
/// additive and cumulative animations, distances for paced keyframes and component vectors for splines.
///
/// - Numbers, points, sizes, rects, colours, colour lists and number lists work per component. Colours
///   are straight (not premultiplied) sRGB-encoded RGBA; a nil colour counts as the other colour with
///   alpha 0, so fading from nil fades in.
/// - Transforms are decomposed (`TransformComponents`): translation, scale and perspective interpolate
///   linearly, the rotation along the shortest arc between the two orientations (quaternion slerp), as
///   Core Animation does. Sums of transforms are concatenations (the added transform applies first).
/// - Paths with the same elements interpolate point by point.
/// - Everything else (Booleans, strings, images, mismatched kinds) switches from the first to the second
///   value halfway.
extension LayerValue {
    // MARK: - Interpolation

    /// The value a fraction `t` of the way from `a` to `b` (t may leave 0…1 for springs).
    public static func interpolate(_ a: LayerValue, _ b: LayerValue, _ t: Double) -> LayerValue {
        if t == 0 { return a }
        if t == 1 { return b }
        switch (a, b) {
        case (.transform(let x), .transform(let y)):
            return .transform(interpolateTransforms(x, y, t))
        case (.path(let x), .path(let y)):
            return interpolatePaths(x, y, t).map { .path($0) } ?? (t < 0.5 ? a : b)
        case (.none, .color(let c)):
            return interpolate(.color(c.copy(alpha: 0) ?? c), b, t)
        case (.color(let c), .none):
            return interpolate(a, .color(c.copy(alpha: 0) ?? c), t)
        default:
            guard let ca = a.components, let cb = b.components, ca.count == cb.count, a.sameShape(as: b) else {
                return t < 0.5 ? a : b
            }
            var out = ca
            for i in out.indices { out[i] = ca[i] + (cb[i] - ca[i]) * t }
            return a.withComponents(out) ?? (t < 0.5 ? a : b)
        }
    }

    /// Whether two values of this pair can be interpolated continuously.
    public static func canInterpolate(_ a: LayerValue, _ b: LayerValue) -> Bool {
        switch (a, b) {
        case (.transform, .transform): return true
        case (.path(let x), .path(let y)): return pathsMatch(x, y)
        case (.none, .color), (.color, .none): return true
        default:
            guard let ca = a.components, let cb = b.components else { return false }
            return ca.count == cb.count && a.sameShape(as: b)
        }
    }

    // MARK: - Sums

    /// The additive identity of this value's kind (0, the zero point, identity transform, clear colour).
    public var zeroValue: LayerValue {
        switch self {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        case .color: return .color(CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .colors(let c): return .colors(c.map { _ in CGColor(red: 0, green: 0, blue: 0, alpha: 0) })
        case .numbers(let n): return .numbers(n.map { _ in 0 })
        default: return self
        }
    }

    /// `self + d`. Transforms concatenate (`d` applies first, then `self`); kinds without a sum give `d`.
    public func adding(_ d: LayerValue) -> LayerValue {
        if case (.transform(let base), .transform(let delta)) = (self, d) {
            return .transform(CATransform3DConcat(delta, base))
        }
        return combine(d) { $0 + $1 } ?? d
    }

    /// `self − d`, the value that `d.adding(_:)` maps back to `self`.
    public func subtracting(_ d: LayerValue) -> LayerValue {
        if case (.transform(let x), .transform(let y)) = (self, d) {
            return .transform(CATransform3DConcat(x, CATransform3DInvert(y)))
        }
        return combine(d) { $0 - $1 } ?? self
    }

    /// `self` added to itself `k` times (k ≥ 0 whole; transforms are raised to the k-th power).
    public func repeated(_ k: Int) -> LayerValue {
        if k <= 0 { return zeroValue }
        if case .transform(var base) = self {
            var result = CATransform3DIdentity
            var n = k
            while n > 0 {
                if n & 1 == 1 { result = CATransform3DConcat(result, base) }
                base = CATransform3DConcat(base, base)
                n >>= 1
            }
            return .transform(result)
        }
        guard let c = components else { return self }
        return withComponents(c.map { $0 * Double(k) }) ?? self
    }

    private func combine(_ other: LayerValue, _ op: (Double, Double) -> Double) -> LayerValue? {
        guard let a = components, let b = other.components, a.count == b.count, sameShape(as: other) else { return nil }
        var out = a
        for i in out.indices { out[i] = op(a[i], b[i]) }
        return withComponents(out)
    }

    // MARK: - Distance

    /// The Euclidean distance between two values of the same kind in component space (0 when unrelated):
    /// the step lengths of paced keyframe animations.
    public func distance(to other: LayerValue) -> Double {
        guard let a = components, let b = other.components, a.count == b.count else { return 0 }
        var sum = 0.0
        for i in a.indices { sum += (a[i] - b[i]) * (a[i] - b[i]) }
        return sum.squareRoot()
    }

    // MARK: - Component vectors

    /// The value as a vector of numbers (nil for kinds that do not interpolate). Transforms give their
    /// decomposition: translation, scale, Euler angles, perspective column.
    public var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .color(let c): return [Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)]
        case .colors(let cs):
            return cs.flatMap { [Double($0.red), Double($0.green), Double($0.blue), Double($0.alpha)] }
        case .numbers(let n): return n
        case .transform(let t):
            let c = TransformComponents(t)
            return [
                c.translation.x, c.translation.y, c.translation.z, c.scale.x, c.scale.y, c.scale.z,
                c.rotation.x, c.rotation.y, c.rotation.z,
                c.perspective.m14, c.perspective.m24, c.perspective.m34, c.perspective.m44,
            ].map(Double.init)
        default: return nil
        }
    }

    /// A value of this kind rebuilt from `components` (nil when the count does not fit).
    public func withComponents(_ v: [Double]) -> LayerValue? {
        func f(_ i: Int) -> CGFloat { CGFloat(v[i]) }
        switch self {
        case .number: return v.count == 1 ? .number(v[0]) : nil
        case .point: return v.count == 2 ? .point(CGPoint(x: f(0), y: f(1))) : nil
        case .size: return v.count == 2 ? .size(CGSize(width: f(0), height: f(1))) : nil
        case .rect: return v.count == 4 ? .rect(CGRect(x: f(0), y: f(1), width: f(2), height: f(3))) : nil
        case .color: return v.count == 4 ? .color(CGColor(red: f(0), green: f(1), blue: f(2), alpha: f(3))) : nil
        case .colors:
            guard v.count % 4 == 0 else { return nil }
            return .colors(
                stride(from: 0, to: v.count, by: 4).map {
                    CGColor(red: f($0), green: f($0 + 1), blue: f($0 + 2), alpha: f($0 + 3))
                })
        case .numbers: return .numbers(v)
        case .transform:
            guard v.count == 13 else { return nil }
            var c = TransformComponents(CATransform3DIdentity)
            c.translation = (f(0), f(1), f(2))
            c.scale = (f(3), f(4), f(5))
            c.rotation = (f(6), f(7), f(8))
            c.perspective = (f(9), f(10), f(11), f(12))
            return .transform(c.transform)
        default: return nil
        }
    }

    /// Same case (and the same element count for lists).
    private func sameShape(as other: LayerValue) -> Bool {
        switch (self, other) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
            (.transform, .transform):
            return true
        case (.colors(let a), .colors(let b)): return a.count == b.count
        case (.numbers(let a), .numbers(let b)): return a.count == b.count
        default: return false
        }
    }

    // MARK: - Transforms

    /// Decomposed interpolation: translation, scale and perspective linearly, rotation by quaternion slerp.
    static func interpolateTransforms(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        if a == b { return a }
        let ca = TransformComponents(a)
        let cb = TransformComponents(b)
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(t) }
        let q = Quaternion.slerp(Quaternion(eulerOf: ca), Quaternion(eulerOf: cb), t)
        let r = q.rowVectorMatrix
        let s = (mix(ca.scale.x, cb.scale.x), mix(ca.scale.y, cb.scale.y), mix(ca.scale.z, cb.scale.z))
        var m = CATransform3DIdentity
        (m.m11, m.m12, m.m13) = (s.0 * r[0][0], s.0 * r[0][1], s.0 * r[0][2])
        (m.m21, m.m22, m.m23) = (s.1 * r[1][0], s.1 * r[1][1], s.1 * r[1][2])
        (m.m31, m.m32, m.m33) = (s.2 * r[2][0], s.2 * r[2][1], s.2 * r[2][2])
        (m.m41, m.m42, m.m43) = (
            mix(ca.translation.x, cb.translation.x), mix(ca.translation.y, cb.translation.y),
            mix(ca.translation.z, cb.translation.z)
        )
        (m.m14, m.m24, m.m34, m.m44) = (
            mix(ca.perspective.m14, cb.perspective.m14), mix(ca.perspective.m24, cb.perspective.m24),
            mix(ca.perspective.m34, cb.perspective.m34), mix(ca.perspective.m44, cb.perspective.m44)
        )
        return m
    }

    // MARK: - Paths

    private static func pathsMatch(_ a: CGPath, _ b: CGPath) -> Bool {
        guard a.elements.count == b.elements.count else { return false }
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.moveToPoint, .moveToPoint), (.addLineToPoint, .addLineToPoint),
                (.addQuadCurveToPoint, .addQuadCurveToPoint),
                (.addCurveToPoint, .addCurveToPoint), (.closeSubpath, .closeSubpath):
                continue
            default: return false
            }
        }
        return true
    }

    private static func interpolatePaths(_ a: CGPath, _ b: CGPath, _ t: Double) -> CGPath? {
        guard pathsMatch(a, b) else { return nil }
        func m(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
            CGPoint(x: p.x + (q.x - p.x) * CGFloat(t), y: p.y + (q.y - p.y) * CGFloat(t))
        }
        var out: [CGPathElement] = []
        out.reserveCapacity(a.elements.count)
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.moveToPoint(let p), .moveToPoint(let q)): out.append(.moveToPoint(m(p, q)))
            case (.addLineToPoint(let p), .addLineToPoint(let q)): out.append(.addLineToPoint(m(p, q)))
            case (.addQuadCurveToPoint(let c, let p), .addQuadCurveToPoint(let d, let q)):
                out.append(.addQuadCurveToPoint(m(c, d), m(p, q)))
            case (.addCurveToPoint(let c1, let c2, let p), .addCurveToPoint(let d1, let d2, let q)):
                out.append(.addCurveToPoint(m(c1, d1), m(c2, d2), m(p, q)))
            default: out.append(.closeSubpath)
            }
        }
        return CGPath(elements: out)
    }
}

// MARK: - Quaternion

/// A unit quaternion for interpolating the rotation part of transforms.
struct Quaternion {
    var x, y, z, w: Double

    /// The rotation of a decomposed transform (its Euler angles), as a quaternion.
    init(eulerOf c: TransformComponents) {
        var rotationOnly = c
        rotationOnly.scale = (1, 1, 1)
        rotationOnly.translation = (0, 0, 0)
        rotationOnly.perspective = (0, 0, 0, 1)
        let t = rotationOnly.transform
        self.init(rowVectorMatrix: [
            [Double(t.m11), Double(t.m12), Double(t.m13)],
            [Double(t.m21), Double(t.m22), Double(t.m23)],
            [Double(t.m31), Double(t.m32), Double(t.m33)],
        ])
    }

    init(x: Double, y: Double, z: Double, w: Double) { (self.x, self.y, self.z, self.w) = (x, y, z, w) }

    /// From a rotation matrix m (Shepperd's method). Any consistent convention works here because the
    /// inverse mapping below uses the same one.
    init(rowVectorMatrix m: [[Double]]) {
        let trace = m[0][0] + m[1][1] + m[2][2]
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            self.init(x: (m[2][1] - m[1][2]) / s, y: (m[0][2] - m[2][0]) / s, z: (m[1][0] - m[0][1]) / s, w: s / 4)
        } else if m[0][0] > m[1][1] && m[0][0] > m[2][2] {
            let s = (1 + m[0][0] - m[1][1] - m[2][2]).squareRoot() * 2
            self.init(x: s / 4, y: (m[0][1] + m[1][0]) / s, z: (m[0][2] + m[2][0]) / s, w: (m[2][1] - m[1][2]) / s)
        } else if m[1][1] > m[2][2] {
            let s = (1 + m[1][1] - m[0][0] - m[2][2]).squareRoot() * 2
            self.init(x: (m[0][1] + m[1][0]) / s, y: s / 4, z: (m[1][2] + m[2][1]) / s, w: (m[0][2] - m[2][0]) / s)
        } else {
            let s = (1 + m[2][2] - m[0][0] - m[1][1]).squareRoot() * 2
            self.init(x: (m[0][2] + m[2][0]) / s, y: (m[1][2] + m[2][1]) / s, z: s / 4, w: (m[1][0] - m[0][1]) / s)
        }
    }

    /// The rotation matrix, in the convention of `init(rowVectorMatrix:)`.
    var rowVectorMatrix: [[CGFloat]] {
        let (xx, yy, zz) = (x * x, y * y, z * z)
        let (xy, xz, yz, wx, wy, wz) = (x * y, x * z, y * z, w * x, w * y, w * z)
        return [
            [1 - 2 * (yy + zz), 2 * (xy - wz), 2 * (xz + wy)],
            [2 * (xy + wz), 1 - 2 * (xx + zz), 2 * (yz - wx)],
            [2 * (xz - wy), 2 * (yz + wx), 1 - 2 * (xx + yy)],
        ].map { $0.map { CGFloat($0) } }
    }

    /// Spherical interpolation along the shorter arc.
    static func slerp(_ a: Quaternion, _ b0: Quaternion, _ t: Double) -> Quaternion {
        var b = b0
        var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if dot < 0 {
            b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
            dot = -dot
        }
        let wa: Double
        let wb: Double
        if dot > 0.9995 {
            wa = 1 - t
            wb = t
        } else {
            let theta = acos(min(1, dot))
            let s = sin(theta)
            wa = sin((1 - t) * theta) / s
            wb = sin(t * theta) / s
        }
        var q = Quaternion(
            x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w)
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if n > 0 { q = Quaternion(x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n) }
        return q
    }
}
