import Foundation
import LayerKit

// MARK: - Vector arithmetic on CGPoint (module-internal)

// CGPoint doubles as a 2D vector inside this module. The operators are internal so that they never
// clash with another module's (or a user's) definitions.

extension CGPoint {
    @inline(__always) static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    @inline(__always) static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
    @inline(__always) static func * (a: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: a.x * s, y: a.y * s) }
    @inline(__always) static prefix func - (a: CGPoint) -> CGPoint { CGPoint(x: -a.x, y: -a.y) }

    /// Dot product.
    @inline(__always) func dot(_ b: CGPoint) -> CGFloat { x * b.x + y * b.y }
    /// The z component of the cross product: positive when `b` turns from `self` toward +y.
    @inline(__always) func cross(_ b: CGPoint) -> CGFloat { x * b.y - y * b.x }
    /// Euclidean length.
    @inline(__always) var length: CGFloat { (x * x + y * y).squareRoot() }
    /// The vector turned a quarter turn from +x toward +y: (−y, x).
    @inline(__always) var perpendicular: CGPoint { CGPoint(x: -y, y: x) }
    /// Whether both coordinates are finite.
    @inline(__always) var isFinite: Bool { x.isFinite && y.isFinite }

    /// The point a fraction `t` of the way from `self` to `b`.
    @inline(__always) func lerp(_ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: x + (b.x - x) * t, y: y + (b.y - y) * t)
    }
}
