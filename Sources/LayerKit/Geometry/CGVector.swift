import Foundation

/// A two-dimensional vector, as in Core Graphics (Linux Foundation does not provide it).
///
/// Used for velocities, accelerations and forces. Units follow the context: points, points per second, …
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The x component. Default 0.
    public var dx: CGFloat
    /// The y component (y points down the screen). Default 0.
    public var dy: CGFloat

    /// Creates a vector with the given components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates the zero vector.
    public init() { self.init(dx: 0, dy: 0) }

    /// The zero vector.
    public static let zero = CGVector(dx: 0, dy: 0)

    /// A textual description, `(dx, dy)`.
    public var description: String { "(\(dx), \(dy))" }
}
