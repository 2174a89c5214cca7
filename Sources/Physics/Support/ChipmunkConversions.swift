import CChipmunk
import Foundation
import LayerKit
import Synchronization

// Conversions between the public Swift geometry types and Chipmunk's vectors. Internal: no cp* name
// leaves the module.

extension CGPoint {
    @inline(__always) var cp: cpVect { cpVect(x: Double(x), y: Double(y)) }
    @inline(__always) init(_ v: cpVect) { self.init(x: v.x, y: v.y) }
}

extension CGVector {
    @inline(__always) var cp: cpVect { cpVect(x: Double(dx), y: Double(dy)) }
    @inline(__always) init(_ v: cpVect) { self.init(dx: v.x, dy: v.y) }
}

/// Process-wide identity counter: bodies, shapes and constraints are numbered in creation order, which
/// orders events and query results deterministically (never pointer order).
/// Atomic because tests (and users) may build worlds on several threads at once.
enum PhysicsIdentity {
    private static let counter = Atomic<Int>(0)

    static func next() -> Int {
        counter.add(1, ordering: .relaxed).newValue
    }
}
