import Foundation

/// Why the Physics module refused an input: every call that could reach one of Chipmunk's debug
/// assertions (which abort the process in Debian's build) validates first and throws this instead.
///
/// The description names the place, the problem and the fix, for example
/// `PhysicsBody.init(mass:): expected a finite number > 0, got -1. Give a positive mass, or nil to take the mass from the shapes' densities.`
public struct PhysicsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The family of problem, for code that reacts to errors.
    public enum Kind: String, Equatable, Sendable {
        /// A number is NaN, infinite, too large, or outside its range.
        case invalidValue
        /// A polygon is concave, self-intersecting, degenerate or has too few vertices.
        case invalidPolygon
        /// A constraint joins a body to itself.
        case sameBody
        /// A constraint or body configuration Chipmunk cannot solve (no mass to move, no inertia to turn).
        case unsolvable
        /// The object is already in a world (or already attached to a body).
        case alreadyAdded
        /// The object is not in this world (or not attached to this body).
        case notAdded
        /// The objects belong to different worlds.
        case differentWorlds
        /// The operation does not apply to this body type (for example a mass on a static body).
        case wrongBodyType
    }

    /// The family of problem.
    public let kind: Kind
    /// Where: the type and member, e.g. `PhysicsShape.setFriction(_:)`.
    public let place: String
    /// What is wrong, with the offending value.
    public let problem: String
    /// How to fix it.
    public let fix: String

    /// Creates an error.
    public init(_ kind: Kind, place: String, problem: String, fix: String) {
        self.kind = kind
        self.place = place
        self.problem = problem
        self.fix = fix
    }

    /// `place: problem. fix`
    public var description: String { "\(place): \(problem). \(fix)" }
}
