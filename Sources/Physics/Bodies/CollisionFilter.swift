import CChipmunk
import Foundation

/// Which shapes may touch, as in Chipmunk: two shapes collide unless they share a non-zero `group`,
/// and each one's `categories` meet the other's `mask`. Queries and particle sweeps use the same rule.
public struct CollisionFilter: Equatable, Hashable, Sendable {
    /// Shapes with the same non-zero group never collide with each other (parts of one ragdoll).
    /// Default 0 (no group).
    public var group: UInt
    /// The categories this shape belongs to, one bit each. Default all bits.
    public var categories: UInt32
    /// The categories this shape collides with. Default all bits.
    public var mask: UInt32

    /// Creates a filter.
    public init(group: UInt = 0, categories: UInt32 = .max, mask: UInt32 = .max) {
        self.group = group
        self.categories = categories
        self.mask = mask
    }

    /// Collides with everything (the default).
    public static let all = CollisionFilter()
    /// Collides with nothing.
    public static let none = CollisionFilter(categories: 0, mask: 0)

    /// Whether shapes with these two filters may touch.
    public func allows(_ other: CollisionFilter) -> Bool {
        if group != 0 && group == other.group { return false }
        return (categories & other.mask) != 0 && (other.categories & mask) != 0
    }

    var cp: cpShapeFilter {
        cpShapeFilter(group: cpGroup(group), categories: cpBitmask(categories), mask: cpBitmask(mask))
    }
}
