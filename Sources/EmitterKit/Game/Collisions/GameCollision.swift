import Foundation

/// A collision between bodies of two categories, as a typed handler sees it
/// (`GameSession.onCollision(between:and:_:)`): each side in the order the handler asked for.
public struct GameCollision {
    /// Began (`onCollision`) or ended (`onSeparation`).
    public var phase: CollisionEvent.Phase
    /// The body of the first category asked for.
    public var first: PhysicsBody
    /// The body of the second category asked for.
    public var second: PhysicsBody
    /// The shape of `first` that touched.
    public var firstShape: PhysicsShape
    /// The shape of `second` that touched.
    public var secondShape: PhysicsShape
    /// The layer `first` moves, if it is attached to one.
    public var firstLayer: CALayer?
    /// The layer `second` moves, if it is attached to one.
    public var secondLayer: CALayer?
    /// Unit normal from `first` toward `second` (zero for a separation).
    public var normal: CGVector
    /// The impulse the step's solver applied to `second`, in the world's units (zero for sensors and
    /// separations); `first` received the opposite.
    public var impulse: CGVector
    /// Contact points, world coordinates (on `first`'s surface); empty for a separation.
    public var contacts: [CGPoint]
    /// The world's event, with its own order of the two sides (by shape creation).
    public var event: CollisionEvent
}

/// One typed handler of a run.
struct CollisionHandler {
    var first: UInt
    var second: UInt
    var phase: CollisionEvent.Phase
    var action: (GameCollision) -> Void

    /// The collision seen from this handler's side, or nil when the event is not between its categories.
    func collision(from event: CollisionEvent, layerA: CALayer?, layerB: CALayer?) -> GameCollision? {
        guard event.phase == phase else { return nil }
        let a = event.shapeA.collisionType
        let b = event.shapeB.collisionType
        let swapped: Bool
        if a == first && b == second {
            swapped = false
        } else if a == second && b == first {
            swapped = true
        } else {
            return nil
        }
        let sign: CGFloat = swapped ? -1 : 1
        let impulse = swapped ? CGVector(dx: -event.impulse.dx, dy: -event.impulse.dy) : event.impulse
        return GameCollision(
            phase: event.phase, first: swapped ? event.bodyB : event.bodyA, second: swapped ? event.bodyA : event.bodyB,
            firstShape: swapped ? event.shapeB : event.shapeA, secondShape: swapped ? event.shapeA : event.shapeB,
            firstLayer: swapped ? layerB : layerA, secondLayer: swapped ? layerA : layerB,
            normal: CGVector(dx: event.normal.dx * sign, dy: event.normal.dy * sign), impulse: impulse,
            contacts: event.contacts.map { swapped ? $0.pointB : $0.pointA }, event: event)
    }
}
