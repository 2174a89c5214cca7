import Foundation

/// A 2D affine transform, as in Core Graphics: a 3×3 matrix whose last column is (0, 0, 1).
///
/// Points are row vectors: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`. `t1.concatenating(t2)` applies
/// t1 first, then t2; `t.rotated(by: θ)` rotates first and then applies `t` (Apple's convention).
/// Positive angles turn +x toward +y, which is clockwise on a y-down screen.
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Matrix entry (1,1). Identity: 1.
    public var a: CGFloat
    /// Matrix entry (1,2). Identity: 0.
    public var b: CGFloat
    /// Matrix entry (2,1). Identity: 0.
    public var c: CGFloat
    /// Matrix entry (2,2). Identity: 1.
    public var d: CGFloat
    /// Translation along x, in points. Identity: 0.
    public var tx: CGFloat
    /// Translation along y, in points. Identity: 0.
    public var ty: CGFloat

    // MARK: - Creating

    /// Creates a transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Creates the identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// The identity transform.
    public static let identity = CGAffineTransform()

    /// A translation by (tx, ty) points.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// A scale by (sx, sy).
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A rotation by `angle` radians (positive turns +x toward +y).
    public init(rotationAngle angle: CGFloat) {
        let (s, co) = (sin(angle), cos(angle))
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    // MARK: - Combining

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation by (tx, ty) followed by `self`.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale by (sx, sy) followed by `self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation by `angle` radians followed by `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse transform, or `self` unchanged when it is not invertible (as Core Graphics does).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// A textual description listing the six entries.
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

// MARK: - Applying to geometry

extension CGPoint {
    /// The point transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size transformed by the linear part of `t` (no translation), as Core Graphics does.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The axis-aligned bounding box of the rectangle's four transformed corners.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let r = standardized
        let corners = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
        ].map { $0.applying(t) }
        return CGRect.boundingBox(of: corners)
    }

    /// The smallest rectangle containing every point; `.null` for an empty list.
    public static func boundingBox(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x
        var maxX = first.x
        var minY = first.y
        var maxY = first.y
        for p in points.dropFirst() {
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
