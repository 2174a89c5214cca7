import CChipmunk
import Foundation
import LayerKit

// MARK: - Chipmunk callbacks

/// Chipmunk calls this for each new touching pair during a step; the arbiter is read after the step,
/// when its contacts and impulses are final.
private let collisionBegan: cpCollisionBeginFunc = { arbiter, _, data in
    guard let data, let arbiter else { return 1 }
    Unmanaged<PhysicsWorld>.fromOpaque(data).takeUnretainedValue().beganArbiters.append(arbiter)
    return 1
}

/// Chipmunk calls this when a pair stops touching, or when a touching shape is removed.
private let collisionSeparated: cpCollisionSeparateFunc = { arbiter, _, data in
    guard let data, let arbiter else { return }
    var a: UnsafeMutablePointer<cpShape>?, b: UnsafeMutablePointer<cpShape>?
    cpArbiterGetShapes(arbiter, &a, &b)
    guard let ua = a?.pointee.userData, let ub = b?.pointee.userData,
          let ba = a?.pointee.body.pointee.userData, let bb = b?.pointee.body.pointee.userData else { return }
    let world = Unmanaged<PhysicsWorld>.fromOpaque(data).takeUnretainedValue()
    world.separations.append(Separation(
        shapeA: Unmanaged<PhysicsShape>.fromOpaque(ua).takeUnretainedValue(),
        shapeB: Unmanaged<PhysicsShape>.fromOpaque(ub).takeUnretainedValue(),
        bodyA: Unmanaged<PhysicsBody>.fromOpaque(ba).takeUnretainedValue(),
        bodyB: Unmanaged<PhysicsBody>.fromOpaque(bb).takeUnretainedValue(),
        isRemoval: cpArbiterIsRemoval(arbiter) != 0))
}

/// Begin callback of `ignoreCollisions(between:and:)` pairs: never touch.
private let collisionIgnored: cpCollisionBeginFunc = { _, _, _ in 0 }

/// A separation recorded during a step or a removal (strong references: the shapes may be on their way out).
struct Separation {
    var shapeA: PhysicsShape
    var shapeB: PhysicsShape
    var bodyA: PhysicsBody
    var bodyB: PhysicsBody
    var isRemoval: Bool
}

extension PhysicsWorld {
    // MARK: - Configuration

    func installCollisionCallbacks() {
        collectsEvents = true
        collisionHandler.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        collisionHandler.pointee.beginFunc = collisionBegan
        collisionHandler.pointee.separateFunc = collisionSeparated
    }

    /// Whether the world collects collision events (default true). Turning it off skips the per-pair
    /// callbacks entirely.
    public var reportsCollisions: Bool {
        get { collectsEvents }
        set {
            if newValue {
                installCollisionCallbacks()
            } else {
                collectsEvents = false
                collisionHandler.pointee.beginFunc = defaultBegin
                collisionHandler.pointee.separateFunc = defaultSeparate
            }
        }
    }

    /// Shapes of collision types `a` and `b` pass through each other (and report no events).
    public func ignoreCollisions(between a: UInt, and b: UInt) {
        let handler = cpSpaceAddCollisionHandler(space, cpCollisionType(a), cpCollisionType(b))
        handler?.pointee.beginFunc = collisionIgnored
    }

    // MARK: - Observers

    /// Calls `observer` with every collision event, after each step, in the order of
    /// `collisionEvents`. Observers may add and remove bodies, shapes and constraints; those changes
    /// apply when the step returns.
    @discardableResult
    public func addCollisionObserver(_ observer: @escaping (CollisionEvent) -> Void) -> CollisionObserverToken {
        nextObserverID += 1
        observers.append((nextObserverID, observer))
        return CollisionObserverToken(id: nextObserverID)
    }

    /// Stops calling an observer.
    public func removeCollisionObserver(_ token: CollisionObserverToken) {
        observers.removeAll { $0.id == token.id }
    }

    // MARK: - Gathering

    /// Turns the step's raw callbacks into events, ordered: separations, then beginnings, each by the
    /// shapes' creation numbers (Chipmunk's own order depends on pointer hashes).
    func gatherCollisionEvents() {
        collisionEvents.removeAll(keepingCapacity: true)
        for s in separations {
            let swap = s.shapeB.id < s.shapeA.id
            collisionEvents.append(CollisionEvent(phase: .separate, shapeA: swap ? s.shapeB : s.shapeA, shapeB: swap ? s.shapeA : s.shapeB,
                                                  bodyA: swap ? s.bodyB : s.bodyA, bodyB: swap ? s.bodyA : s.bodyB, contacts: [],
                                                  normal: .zero, impulse: .zero, isSensor: s.shapeA.isSensor || s.shapeB.isSensor,
                                                  isRemoval: s.isRemoval, step: stepCount))
        }
        separations.removeAll(keepingCapacity: true)
        for arbiter in beganArbiters {
            var pa: UnsafeMutablePointer<cpShape>?, pb: UnsafeMutablePointer<cpShape>?
            cpArbiterGetShapes(arbiter, &pa, &pb)
            guard let ua = pa?.pointee.userData, let ub = pb?.pointee.userData else { continue }
            let first = Unmanaged<PhysicsShape>.fromOpaque(ua).takeUnretainedValue()
            let second = Unmanaged<PhysicsShape>.fromOpaque(ub).takeUnretainedValue()
            guard let firstBody = first.body, let secondBody = second.body else { continue }
            var normal = cpVect()
            var pointsA = (cpVect(), cpVect()), pointsB = (cpVect(), cpVect())
            var distances: (Double, Double) = (0, 0)
            let count = withUnsafeMutablePointer(to: &pointsA) { pa in
                withUnsafeMutablePointer(to: &pointsB) { pb in
                    withUnsafeMutablePointer(to: &distances) { pd in
                        ccp_arbiter_contacts(arbiter, &normal,
                                             UnsafeMutableRawPointer(pa).assumingMemoryBound(to: cpVect.self),
                                             UnsafeMutableRawPointer(pb).assumingMemoryBound(to: cpVect.self),
                                             UnsafeMutableRawPointer(pd).assumingMemoryBound(to: Double.self))
                    }
                }
            }
            let swap = second.id < first.id
            var contacts: [ContactPoint] = []
            let a = [pointsA.0, pointsA.1], b = [pointsB.0, pointsB.1], d = [distances.0, distances.1]
            for i in 0..<Int(max(0, min(count, 2))) {
                contacts.append(swap ? ContactPoint(pointA: CGPoint(b[i]), pointB: CGPoint(a[i]), depth: -d[i])
                                     : ContactPoint(pointA: CGPoint(a[i]), pointB: CGPoint(b[i]), depth: -d[i]))
            }
            let sign: Double = swap ? -1 : 1
            // Chipmunk 7 returns the impulse on the first shape of cpArbiterGetShapes; events report
            // the impulse on shape B.
            let j = cpArbiterTotalImpulse(arbiter)
            let isSensor = first.isSensor || second.isSensor
            collisionEvents.append(CollisionEvent(
                phase: .begin, shapeA: swap ? second : first, shapeB: swap ? first : second,
                bodyA: swap ? secondBody : firstBody, bodyB: swap ? firstBody : secondBody, contacts: contacts,
                normal: CGVector(dx: sign * normal.x, dy: sign * normal.y),
                impulse: isSensor ? .zero : CGVector(dx: -sign * j.x, dy: -sign * j.y),
                isSensor: isSensor, isRemoval: false, step: stepCount))
        }
        beganArbiters.removeAll(keepingCapacity: true)
        if collisionEvents.count > 1 {
            collisionEvents.sort { l, r in
                if l.phase != r.phase { return l.phase == .separate }
                if l.shapeA.id != r.shapeA.id { return l.shapeA.id < r.shapeA.id }
                return l.shapeB.id < r.shapeB.id
            }
        }
    }

    func deliverCollisionEvents() {
        guard !observers.isEmpty else { return }
        let current = observers
        for event in collisionEvents {
            for observer in current { observer.body(event) }
        }
    }
}
