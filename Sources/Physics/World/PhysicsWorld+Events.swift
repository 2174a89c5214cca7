import CChipmunk
import Foundation
import LayerKit

// MARK: - Chipmunk callbacks

/// Chipmunk calls this for each new touching pair during a step; the arbiter is read after the step,
/// when its contacts and impulses are final. Only a pointer is logged: no Swift object is touched
/// (no reference counting, no exclusivity checks) in this per-pair path.
private let collisionBegan: cpCollisionBeginFunc = { arbiter, _, data in
    guard let data, let arbiter else { return 1 }
    data.assumingMemoryBound(to: CollisionLog.self).pointee.appendBegan(arbiter)
    return 1
}

/// Chipmunk calls this when a pair stops touching (logged as two shape pointers: the shapes live at
/// least until the step ends), or when a touching shape is removed (recorded with strong references,
/// since the shape may be freed before the next step reports it).
private let collisionSeparated: cpCollisionSeparateFunc = { arbiter, _, data in
    guard let data, let arbiter else { return }
    var a: UnsafeMutablePointer<cpShape>?
    var b: UnsafeMutablePointer<cpShape>?
    cpArbiterGetShapes(arbiter, &a, &b)
    guard let a, let b, a.pointee.userData != nil, b.pointee.userData != nil else { return }
    let log = data.assumingMemoryBound(to: CollisionLog.self)
    if cpArbiterIsRemoval(arbiter) == 0 {
        log.pointee.appendSeparated(a, b)
    } else if let world = log.pointee.world?.takeUnretainedValue(),
        let separation = Separation(a, b, isRemoval: true, reportStep: world.stepCount + 1)
    {
        world.separations.append(separation)
    }
}

/// Begin callback of `ignoreCollisions(between:and:)` pairs: never touch.
private let collisionIgnored: cpCollisionBeginFunc = { _, _, _ in 0 }

/// The sort key of one event: phase (separations first), then the two shape numbers, then where its
/// data is.
struct EventKey {
    var phase: UInt8
    var first: Int
    var second: Int
    var index: Int32
}

/// A separation with strong references to its shapes and bodies.
struct Separation {
    var shapeA: PhysicsShape
    var shapeB: PhysicsShape
    var bodyA: PhysicsBody
    var bodyB: PhysicsBody
    var isRemoval: Bool
    /// The step whose events report it (removals between steps k and k + 1 go with step k + 1).
    var reportStep: Int

    /// The separation of two Chipmunk shapes that belong to `PhysicsShape`s (nil for particle bodies).
    init?(_ a: UnsafeMutablePointer<cpShape>, _ b: UnsafeMutablePointer<cpShape>, isRemoval: Bool, reportStep: Int) {
        guard let ua = a.pointee.userData, let ub = b.pointee.userData,
            let ba = a.pointee.body.pointee.userData, let bb = b.pointee.body.pointee.userData
        else { return nil }
        shapeA = Unmanaged<PhysicsShape>.fromOpaque(ua).takeUnretainedValue()
        shapeB = Unmanaged<PhysicsShape>.fromOpaque(ub).takeUnretainedValue()
        bodyA = Unmanaged<PhysicsBody>.fromOpaque(ba).takeUnretainedValue()
        bodyB = Unmanaged<PhysicsBody>.fromOpaque(bb).takeUnretainedValue()
        self.isRemoval = isRemoval
        self.reportStep = reportStep
    }
}

/// What the collision callbacks record during a step, in manually managed memory so the callbacks
/// stay plain pointer writes.
struct CollisionLog {
    private(set) var began: UnsafeMutablePointer<UnsafeMutablePointer<cpArbiter>>
    private(set) var beganCount = 0
    private var beganCapacity = 64
    private(set) var separatedA: UnsafeMutablePointer<UnsafeMutablePointer<cpShape>>
    private(set) var separatedB: UnsafeMutablePointer<UnsafeMutablePointer<cpShape>>
    private(set) var separatedCount = 0
    private var separatedCapacity = 64
    /// The world, for removals (set once the world is initialised; nil while it is torn down).
    var world: Unmanaged<PhysicsWorld>?

    init() {
        began = .allocate(capacity: beganCapacity)
        separatedA = .allocate(capacity: separatedCapacity)
        separatedB = .allocate(capacity: separatedCapacity)
    }

    func deallocate() {
        began.deallocate()
        separatedA.deallocate()
        separatedB.deallocate()
    }

    mutating func appendBegan(_ arbiter: UnsafeMutablePointer<cpArbiter>) {
        if beganCount == beganCapacity {
            beganCapacity *= 2
            began = Self.grow(began, count: beganCount, to: beganCapacity)
        }
        began[beganCount] = arbiter
        beganCount += 1
    }

    mutating func appendSeparated(_ a: UnsafeMutablePointer<cpShape>, _ b: UnsafeMutablePointer<cpShape>) {
        if separatedCount == separatedCapacity {
            separatedCapacity *= 2
            separatedA = Self.grow(separatedA, count: separatedCount, to: separatedCapacity)
            separatedB = Self.grow(separatedB, count: separatedCount, to: separatedCapacity)
        }
        separatedA[separatedCount] = a
        separatedB[separatedCount] = b
        separatedCount += 1
    }

    mutating func clear() {
        beganCount = 0
        separatedCount = 0
    }

    private static func grow<T>(_ p: UnsafeMutablePointer<T>, count: Int, to capacity: Int) -> UnsafeMutablePointer<T> {
        let q = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        q.moveInitialize(from: p, count: count)
        p.deallocate()
        return q
    }
}

extension PhysicsWorld {
    // MARK: - Configuration

    func installCollisionCallbacks() {
        collectsEvents = true
        collisionHandler.pointee.userData = UnsafeMutableRawPointer(collisionLog)
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
    /// apply when the step returns. The world keeps the closure: capture the world weakly in it.
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

    /// Forgets the last step's records when nobody asked for them (at the start of the next step).
    func discardUnreadCollisionEvents() {
        storedEvents.removeAll(keepingCapacity: true)
        guard eventsPending else { return }
        eventsPending = false
        collisionLog.pointee.clear()
        separations.removeAll { $0.reportStep <= stepCount }
    }

    /// Turns the last step's raw records into events (once), ordered: separations, then beginnings,
    /// each by the shapes' creation numbers (Chipmunk's own order depends on pointer hashes). The
    /// sort runs on plain keys, and contacts stay inline, so a step with many contacts costs little.
    /// The arbiters logged are valid until the next step or removal, which both come here first.
    func materializeCollisionEvents() {
        guard eventsPending else { return }
        eventsPending = false
        // Work on local copies (swapped out, so their storage is reused): one exclusivity check per
        // array per step instead of one per event.
        var events = storedEvents
        var keys = eventKeys
        var infos = arbiterInfos
        var all = separations
        (storedEvents, eventKeys, arbiterInfos, separations) = ([], [], [], [])
        events.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        infos.removeAll(keepingCapacity: true)
        let step = stepCount
        let log = collisionLog.pointee
        for i in 0..<log.separatedCount {
            if let separation = Separation(log.separatedA[i], log.separatedB[i], isRemoval: false, reportStep: step) {
                all.append(separation)
            }
        }
        // Removals after this step wait for the next one.
        var later: [Separation] = []
        var removed: [Separation] = []
        for s in all { if s.reportStep <= step { removed.append(s) } else { later.append(s) } }
        for (i, s) in removed.enumerated() {
            keys.append(
                EventKey(
                    phase: 0, first: min(s.shapeA.id, s.shapeB.id), second: max(s.shapeA.id, s.shapeB.id),
                    index: Int32(i)))
        }
        for i in 0..<log.beganCount {
            var info = ccp_arbiter_info()
            ccp_arbiter_read(log.began[i], &info)
            guard let ua = info.a?.pointee.userData, let ub = info.b?.pointee.userData else { continue }
            let a = Unmanaged<PhysicsShape>.fromOpaque(ua)._withUnsafeGuaranteedRef { $0.id }
            let b = Unmanaged<PhysicsShape>.fromOpaque(ub)._withUnsafeGuaranteedRef { $0.id }
            keys.append(EventKey(phase: 1, first: min(a, b), second: max(a, b), index: Int32(infos.count)))
            infos.append(info)
        }
        collisionLog.pointee.clear()
        keys.sort { l, r in
            if l.phase != r.phase { return l.phase < r.phase }
            if l.first != r.first { return l.first < r.first }
            return l.second < r.second
        }
        for key in keys {
            if key.phase == 0 {
                let s = removed[Int(key.index)]
                let swap = s.shapeB.id < s.shapeA.id
                events.append(
                    CollisionEvent(
                        phase: .separate, shapeA: swap ? s.shapeB : s.shapeA, shapeB: swap ? s.shapeA : s.shapeB,
                        bodyA: swap ? s.bodyB : s.bodyA, bodyB: swap ? s.bodyA : s.bodyB,
                        isSensor: s.shapeA.isSensor || s.shapeB.isSensor, isRemoval: s.isRemoval, step: step))
            } else {
                appendBeginEvent(infos[Int(key.index)], step: step, to: &events)
            }
        }
        (storedEvents, eventKeys, arbiterInfos, separations) = (events, keys, infos, later)
    }

    private func appendBeginEvent(_ info: ccp_arbiter_info, step: Int, to events: inout [CollisionEvent]) {
        guard let ua = info.a?.pointee.userData, let ub = info.b?.pointee.userData,
            let ba = info.a?.pointee.body.pointee.userData, let bb = info.b?.pointee.body.pointee.userData
        else { return }
        let first = Unmanaged<PhysicsShape>.fromOpaque(ua).takeUnretainedValue()
        let second = Unmanaged<PhysicsShape>.fromOpaque(ub).takeUnretainedValue()
        let firstBody = Unmanaged<PhysicsBody>.fromOpaque(ba).takeUnretainedValue()
        let secondBody = Unmanaged<PhysicsBody>.fromOpaque(bb).takeUnretainedValue()
        let swap = second.id < first.id
        func contact(_ pa: cpVect, _ pb: cpVect, _ distance: Double) -> ContactPoint {
            swap
                ? ContactPoint(pointA: CGPoint(pb), pointB: CGPoint(pa), depth: -distance)
                : ContactPoint(pointA: CGPoint(pa), pointB: CGPoint(pb), depth: -distance)
        }
        // The normal points from Chipmunk's first shape to its second; Chipmunk 7's total impulse is
        // the one on its first shape. Events report the normal from A to B and the impulse on B.
        let sign: Double = swap ? -1 : 1
        let isSensor = first.isSensor || second.isSensor
        events.append(
            CollisionEvent(
                phase: .begin, shapeA: swap ? second : first, shapeB: swap ? first : second,
                bodyA: swap ? secondBody : firstBody, bodyB: swap ? firstBody : secondBody,
                contactCount: Int(max(0, min(info.count, 2))),
                firstContact: contact(info.pointA0, info.pointB0, info.distance0),
                secondContact: contact(info.pointA1, info.pointB1, info.distance1),
                normal: CGVector(dx: sign * info.normal.x, dy: sign * info.normal.y),
                impulse: isSensor ? .zero : CGVector(dx: -sign * info.impulse.x, dy: -sign * info.impulse.y),
                isSensor: isSensor, isRemoval: false, step: step))
    }

    func deliverCollisionEvents() {
        guard !observers.isEmpty else { return }
        let current = observers
        for event in storedEvents {
            for observer in current { observer.body(event) }
        }
    }
}
