import Foundation

/// A named kind of body for collision handling: `bullet`, `rock`, `wall`.
///
/// Declare the names a game uses once, then give them to bodies and handlers:
/// ```swift
/// extension CollisionCategory {
///     static let bullet: CollisionCategory = "bullet"
///     static let rock: CollisionCategory = "rock"
/// }
/// try session.setCategory(.rock, of: rockBody)
/// session.onCollision(between: .bullet, and: .rock) { hit in … }
/// ```
/// A category is a shape's `collisionType` under a name: the session numbers the names of a run in order
/// of first use, sharing the numbers of a scene file's `collisionType` names, so a scene's bodies and
/// code's bodies meet in the same handlers. Shapes without a category have collision type 0.
public struct CollisionCategory: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name, as in a scene file's `collisionType`.
    public let name: String

    /// A category called `name`.
    public init(_ name: String) { self.name = name }

    /// A category from a string literal.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}
