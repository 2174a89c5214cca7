import CChipmunk
import Foundation
import LayerKit

/// A Chipmunk space with its bodies, shapes and constraints: the physics of one scene.
///
/// Units are points, seconds and radians; y points down, so gravity (0, +1000) pulls down the screen,
/// and positive angles turn +x toward +y (clockwise on screen). Step the world at a fixed `dt`
/// (the engine uses 1/120 s); the state then depends only on the inputs and the number of steps.
///
/// The world owns everything added to it and frees it with itself. Changes made while it steps or
/// while it delivers collision events are checked at once and applied, in call order, when the step
/// returns; Chipmunk never sees a change during a step.
public final class PhysicsWorld {
    /// The version of the Chipmunk library the process runs with (Chipmunk's `cpVersionString`, e.g. "7.0.3").
    public static var chipmunkVersion: String { String(cString: cpVersionString) }

    /// The Chipmunk space, owned.
    let space: UnsafeMutablePointer<cpSpace>

    /// The bodies in the order they were added (the order of `hash(into:)`).
    public internal(set) var bodies: [PhysicsBody] = []
    /// The bodies' Chipmunk handles and their transforms before the last step, in the same order:
    /// the per-step passes stream through these and never touch the Swift objects.
    let handles = PodBuffer<UnsafeMutablePointer<cpBody>>()
    let snapshots = PodBuffer<BodySnapshot>()
    /// The constraints in the order they were added.
    public internal(set) var constraints: [PhysicsConstraint] = []
    /// Steps taken since creation.
    public internal(set) var stepCount = 0
    /// Simulated seconds since creation (the sum of the steps' dt).
    public internal(set) var time = 0.0

    /// True from the start of `step(_:)` until its collision events are delivered.
    public internal(set) var isStepping = false
    /// Changes requested during a step, applied in order when it returns.
    var pendingChanges: [() -> Void] = []
    /// Kinematic bodies with a target for the next step, in call order.
    var targetedBodies: [PhysicsBody] = []
    /// Kinematic bodies moved to a target by the last step.
    var bodiesMovedToTarget: [PhysicsBody] = []
    /// Bumped whenever static geometry changes (the particle collider's cache key).
    var staticGeometryVersion = 0
    /// Bumped at every step and every change of bodies or shapes (the particle collider's motion cache key).
    var changeVersion = 0
    /// Bumped when bodies or shapes join or leave the space, or a shape's filter or sensor flag changes
    /// (the particle collider's body list cache key).
    var structureVersion = 0
    /// Groups of particle bodies (`body` mode), in creation order.
    var particleGroups: [ParticleBodyGroup] = []
    /// The collider for `collide`-mode particles, made on first use.
    var collider: ParticleCollider?
    /// The world's own static body, made on first use.
    private var ownStaticBody: PhysicsBody?

    // Collision event plumbing (PhysicsWorld+Events.swift).
    var collisionHandler: UnsafeMutablePointer<cpCollisionHandler>
    var defaultBegin: cpCollisionBeginFunc?
    var defaultSeparate: cpCollisionSeparateFunc?
    var collectsEvents = false
    /// Written by the collision callbacks during a step.
    let collisionLog: UnsafeMutablePointer<CollisionLog>
    var separations: [Separation] = []
    var eventKeys: [EventKey] = []
    var arbiterInfos: [ccp_arbiter_info] = []
    var observers: [(id: Int, body: (CollisionEvent) -> Void)] = []
    var nextObserverID = 0
    /// Collision events of the last step, in a deterministic order. Built on first use (reading this,
    /// or having observers): a world nobody listens to pays only for logging pointers.
    public var collisionEvents: [CollisionEvent] {
        materializeCollisionEvents()
        return storedEvents
    }
    /// The last step's events once materialised.
    var storedEvents: [CollisionEvent] = []
    /// Whether the log holds the last step's raw records, not yet turned into events.
    var eventsPending = false
    /// Bodies stopped by the divergence guard in the last step (see `PhysicsLimits.divergenceThreshold`).
    public internal(set) var divergedBodies: [PhysicsBody] = []
    /// Bodies stopped by the divergence guard since the world was made (a body stopped in several steps
    /// counts in each): the "counted" of docs/Limits.md's numerical safety.
    public internal(set) var divergedBodyCount = 0
    /// Force fields applied to the world's dynamic bodies at every step (those with `appliesToBodies`).
    public var forceFields: [ForceField] = []

    // MARK: - Creating

    /// Creates an empty world with Chipmunk's defaults and `gravity` (points per second², default zero).
    /// - Throws: `PhysicsError` naming the value when `gravity` is not finite.
    public convenience init(gravity: CGVector = .zero) throws {
        try Check.vector(gravity, "PhysicsWorld.init(gravity:)")
        self.init(checkedGravity: gravity)
    }

    /// An empty world without gravity, which cannot fail: the engine makes one on first use.
    package static func withoutGravity() -> PhysicsWorld { PhysicsWorld(checkedGravity: .zero) }

    /// Creates the world; `gravity` is finite.
    private init(checkedGravity gravity: CGVector) {
        space = ccp_space_new_quiet()
        collisionLog = .allocate(capacity: 1)
        collisionLog.initialize(to: CollisionLog())
        collisionHandler = ccp_space_default_handler(space)
        defaultBegin = collisionHandler.pointee.beginFunc
        defaultSeparate = collisionHandler.pointee.separateFunc
        cpSpaceSetGravity(space, gravity.cp)
        collisionLog.pointee.world = Unmanaged.passUnretained(self)
        installCollisionCallbacks()
    }

    deinit {
        // Silence the callbacks first: Chipmunk may call them while it tears down.
        collisionHandler.pointee.userData = nil
        collisionLog.pointee.world = nil
        for constraint in constraints where constraint.isInSpace {
            cpSpaceRemoveConstraint(space, constraint.handle)
            constraint.isInSpace = false
            constraint.world = nil
        }
        cpSpaceFree(space)
        // Bodies and shapes that outlive the world (held elsewhere) forget the freed space; the others
        // are freed when the arrays go.
        for body in bodies {
            body.detachFromFreedSpace()
            body.world = nil
        }
        for group in particleGroups { group.detachFromFreedSpace() }
        collisionLog.pointee.deallocate()
        collisionLog.deallocate()
    }

    // MARK: - Settings

    /// Gravity, points per second² (y down: (0, 1000) pulls down the screen). Default zero.
    public var gravity: CGVector { CGVector(cpSpaceGetGravity(space)) }
    /// Sets gravity (finite components).
    public func setGravity(_ g: CGVector) throws {
        cpSpaceSetGravity(space, try Check.vector(g, "PhysicsWorld.setGravity(_:)").cp)
    }

    /// Solver iterations per step, 1...1000: more is stiffer and slower. Default 10.
    public var iterations: Int { Int(cpSpaceGetIterations(space)) }
    /// Sets the solver iterations (1...1000).
    public func setIterations(_ n: Int) throws {
        guard (1...1000).contains(n) else {
            throw PhysicsError(
                .invalidValue, place: "PhysicsWorld.setIterations(_:)",
                problem: "expected 1...1000 iterations, got \(n)",
                fix: "Use 10 (Chipmunk's default) or more for stiff stacks.")
        }
        cpSpaceSetIterations(space, Int32(n))
    }

    /// The fraction of velocity bodies keep after one second, 0...1 (1 = no damping). Default 1.
    public var damping: Double { cpSpaceGetDamping(space) }
    /// Sets the damping (0...1).
    public func setDamping(_ d: Double) throws {
        cpSpaceSetDamping(
            space,
            try Check.inRange(
                d, 0...1, "PhysicsWorld.setDamping(_:)",
                fix: "Use 1 for no damping, 0.9 to lose 10 % of the velocity per second."))
    }

    /// Speed below which a body counts as idle for sleeping, points per second (0 = Chipmunk's guess
    /// from gravity). Default 0.
    public var idleSpeedThreshold: Double { cpSpaceGetIdleSpeedThreshold(space) }
    /// Sets the idle speed threshold (≥ 0).
    public func setIdleSpeedThreshold(_ v: Double) throws {
        cpSpaceSetIdleSpeedThreshold(space, try Check.nonNegative(v, "PhysicsWorld.setIdleSpeedThreshold(_:)"))
    }

    /// Seconds a group of bodies must stay idle before it sleeps; `.infinity` (default) disables sleeping.
    public var sleepTimeThreshold: Double { cpSpaceGetSleepTimeThreshold(space) }
    /// Sets the sleep time threshold (≥ 0, or `.infinity` to disable sleeping).
    public func setSleepTimeThreshold(_ t: Double) throws {
        cpSpaceSetSleepTimeThreshold(
            space, try Check.nonNegativeOrInfinity(t, "PhysicsWorld.setSleepTimeThreshold(_:)"))
    }

    /// Overlap allowed between shapes, points (≥ 0); a little overlap keeps contacts stable. Default 0.1.
    public var collisionSlop: Double { cpSpaceGetCollisionSlop(space) }
    /// Sets the collision slop (≥ 0).
    public func setCollisionSlop(_ v: Double) throws {
        cpSpaceSetCollisionSlop(space, try Check.nonNegative(v, "PhysicsWorld.setCollisionSlop(_:)"))
    }

    /// The fraction of overlap left uncorrected after one second, 0...1. Default 0.9⁶⁰ ≈ 0.0018.
    public var collisionBias: Double { cpSpaceGetCollisionBias(space) }
    /// Sets the collision bias (0...1).
    public func setCollisionBias(_ v: Double) throws {
        cpSpaceSetCollisionBias(space, try Check.inRange(v, 0...1, "PhysicsWorld.setCollisionBias(_:)"))
    }

    /// Steps a contact is remembered after the shapes separate (warm starting), ≥ 1. Default 3.
    public var collisionPersistence: Int { Int(cpSpaceGetCollisionPersistence(space)) }
    /// Sets the collision persistence (1...1000 steps).
    public func setCollisionPersistence(_ n: Int) throws {
        guard (1...1000).contains(n) else {
            throw PhysicsError(
                .invalidValue, place: "PhysicsWorld.setCollisionPersistence(_:)",
                problem: "expected 1...1000 steps, got \(n)",
                fix: "Use 3 (Chipmunk's default).")
        }
        cpSpaceSetCollisionPersistence(space, cpTimestamp(n))
    }

    /// A static body owned by the world (already added), for ground, walls and fixed constraint
    /// anchors. Created on first use.
    public var staticBody: PhysicsBody {
        if let ownStaticBody { return ownStaticBody }
        let body = PhysicsBody(staticAtOrigin: ())
        body.world = self
        performOrDefer { [unowned self] in insertIntoSpace(body) }
        ownStaticBody = body
        return body
    }

    /// Whether `staticBody` has been made (it then counts among `bodies`).
    public var hasStaticBody: Bool { ownStaticBody != nil }

    // MARK: - Adding and removing bodies

    /// Adds a body and its shapes. Refused when the body is already in a world, or when a dynamic body
    /// has no mass yet.
    public func add(_ body: PhysicsBody) throws {
        let place = "PhysicsWorld.add(_: PhysicsBody)"
        if let other = body.world {
            throw PhysicsError(
                .alreadyAdded, place: place,
                problem: other === self ? "the body is already in this world" : "the body is in another world",
                fix: other === self ? "Add each body once." : "Remove it from the other world first.")
        }
        try body.checkSimulatable(place: place)
        body.world = self
        performOrDefer { [unowned self] in insertIntoSpace(body) }
    }

    /// The physical half of `add(_:)`: the body and its shapes enter the space.
    private func insertIntoSpace(_ body: PhysicsBody) {
        guard body.world === self, !body.isInSpace else { return }
        cpSpaceAddBody(space, body.handle)
        body.isInSpace = true
        body.worldIndex = bodies.count
        body.snapshots = snapshots
        bodies.append(body)
        handles.append(body.handle)
        snapshots.append(body.current)
        for shape in body.shapes where shape.handle != nil && !shape.isInSpace {
            cpSpaceAddShape(space, shape.handle)
            shape.isInSpace = true
        }
        if body.type == .static { staticGeometryVersion &+= 1 }
        changeVersion &+= 1
        structureVersion &+= 1
    }

    /// Removes a body, its shapes and every constraint attached to it. The body keeps its state and may
    /// be added again.
    public func remove(_ body: PhysicsBody) throws {
        guard body.world === self else {
            throw PhysicsError(
                .notAdded, place: "PhysicsWorld.remove(_: PhysicsBody)", problem: "the body is not in this world",
                fix: "Remove a body from the world it was added to, once.")
        }
        // Events may point at this body's shapes without holding them: give them strong references first.
        materializeCollisionEvents()
        if body === ownStaticBody { ownStaticBody = nil }
        for constraint in constraints
        where constraint.world === self && (constraint.bodyA === body || constraint.bodyB === body) {
            removeConstraintUnchecked(constraint)
        }
        body.world = nil
        body.target = nil
        performOrDefer { [unowned self] in
            guard body.isInSpace, body.world !== self else { return }
            for shape in body.shapes where shape.isInSpace {
                cpSpaceRemoveShape(space, shape.handle)
                shape.isInSpace = false
            }
            cpSpaceRemoveBody(space, body.handle)
            body.isInSpace = false
            let i = body.worldIndex
            if i >= 0, i < bodies.count, bodies[i] === body {
                bodies.remove(at: i)
                handles.remove(at: i)
                snapshots.remove(at: i)
                for j in i..<bodies.count { bodies[j].worldIndex = j }
            }
            body.worldIndex = -1
            body.snapshots = nil
            targetedBodies.removeAll { $0 === body }
            if body.type == .static { staticGeometryVersion &+= 1 }
            changeVersion &+= 1
            structureVersion &+= 1
        }
    }

    // MARK: - Adding and removing constraints

    /// Adds a constraint. Both bodies must already be in this world.
    public func add(_ constraint: PhysicsConstraint) throws {
        let place = "PhysicsWorld.add(_: PhysicsConstraint)"
        if let other = constraint.world {
            throw PhysicsError(
                .alreadyAdded, place: place,
                problem: other === self
                    ? "the constraint is already in this world" : "the constraint is in another world",
                fix: other === self ? "Add each constraint once." : "Remove it from the other world first.")
        }
        for (label, body) in [("bodyA", constraint.bodyA), ("bodyB", constraint.bodyB)] where body.world !== self {
            throw PhysicsError(
                body.world == nil ? .notAdded : .differentWorlds, place: place,
                problem: "the constraint's \(label) is \(body.world == nil ? "not in any world" : "in another world")",
                fix: "Add both bodies to this world before the constraint (use world.staticBody for a fixed anchor).")
        }
        try constraint.checkSolvable(place: place)
        constraint.world = self
        performOrDefer { [unowned self] in
            guard constraint.world === self, !constraint.isInSpace else { return }
            guard constraint.bodyA.isInSpace, constraint.bodyB.isInSpace else {
                // A body left the world in the same deferred batch: the constraint goes with it.
                constraint.world = nil
                return
            }
            cpSpaceAddConstraint(space, constraint.handle)
            constraint.isInSpace = true
            constraints.append(constraint)
        }
    }

    /// Removes a constraint.
    public func remove(_ constraint: PhysicsConstraint) throws {
        guard constraint.world === self else {
            throw PhysicsError(
                .notAdded, place: "PhysicsWorld.remove(_: PhysicsConstraint)",
                problem: "the constraint is not in this world",
                fix: "Remove a constraint from the world it was added to, once.")
        }
        removeConstraintUnchecked(constraint)
    }

    private func removeConstraintUnchecked(_ constraint: PhysicsConstraint) {
        constraint.world = nil
        performOrDefer { [unowned self] in
            guard constraint.isInSpace, constraint.world !== self else { return }
            cpSpaceRemoveConstraint(space, constraint.handle)
            constraint.isInSpace = false
            if let i = constraints.firstIndex(where: { $0 === constraint }) { constraints.remove(at: i) }
        }
    }

    /// Refuses to make a body unable to turn while a rotary constraint relies on it.
    func checkRotaryConstraints(of body: PhysicsBody, place: String) throws {
        for c in constraints where c.world === self && c.isRotary && (c.bodyA === body || c.bodyB === body) {
            let other = c.bodyA === body ? c.bodyB : c.bodyA
            if !(other.type == .dynamic && other.moment.isFinite) {
                throw PhysicsError(
                    .unsolvable, place: place,
                    problem:
                        "\(type(of: c)) #\(c.id) needs one of its bodies to turn, and this body would be the only one",
                    fix: "Remove the constraint first, or keep a finite moment.")
            }
        }
    }

    // MARK: - Shapes of bodies in the world

    /// A shape was attached to a body in this world.
    func attach(_ shape: PhysicsShape) {
        if shape.body?.type == .static { staticGeometryVersion &+= 1 }
        performOrDefer { [unowned self] in
            guard let body = shape.body, body.world === self, body.isInSpace, !shape.isInSpace, let h = shape.handle
            else { return }
            cpSpaceAddShape(space, h)
            shape.isInSpace = true
            if body.type == .static { staticGeometryVersion &+= 1 }
            changeVersion &+= 1
            structureVersion &+= 1
        }
    }

    /// A shape was detached from a body in this world: remove it from the space, then free it.
    func detach(_ shape: PhysicsShape, from body: PhysicsBody) {
        materializeCollisionEvents()
        if body.type == .static { staticGeometryVersion &+= 1 }
        performOrDefer { [unowned self] in
            if shape.isInSpace, let h = shape.handle { cpSpaceRemoveShape(space, h) }
            shape.releaseHandle()
            if body.type == .static { staticGeometryVersion &+= 1 }
            changeVersion &+= 1
            structureVersion &+= 1
        }
    }

    /// A shape's filter or sensor flag changed: the particle collider's caches must see it.
    func noteShapeChange(of shape: PhysicsShape) {
        structureVersion &+= 1
        if shape.body?.type == .static { staticGeometryVersion &+= 1 }
    }

    /// A body was moved by a setter: reindex its shapes so queries see the new place at once.
    func bodyDidTeleport(_ body: PhysicsBody) {
        changeVersion &+= 1
        if body.type == .static { staticGeometryVersion &+= 1 }
        performOrDefer { [unowned self] in
            guard body.isInSpace else { return }
            cpSpaceReindexShapesForBody(space, body.handle)
            if body.type == .static { cpBodyActivateStatic(body.handle, nil) }
        }
    }

    /// A kinematic body got a target for the next step.
    func noteTarget(_ body: PhysicsBody) {
        if !targetedBodies.contains(where: { $0 === body }) { targetedBodies.append(body) }
    }

    /// Runs `change` now, or after the current step when the world is stepping.
    func performOrDefer(_ change: @escaping () -> Void) {
        if isStepping || cpSpaceIsLocked(space) != 0 {
            pendingChanges.append(change)
        } else {
            change()
        }
    }

    // MARK: - Stepping

    /// Advances the world by `dt` seconds (finite, 0 < dt ≤ 1): kinematic targets, force fields, one
    /// Chipmunk step, the divergence guard, then collision events, then the changes made meanwhile.
    public func step(_ dt: Double) throws {
        guard dt.isFinite, dt > 0, dt <= 1 else {
            throw PhysicsError(
                .invalidValue, place: "PhysicsWorld.step(_:)",
                problem: "expected a step 0 < dt ≤ 1 second, got \(Check.describe(dt))",
                fix: "Step at a fixed dt such as 1/120 s; split long frames into several steps.")
        }
        guard !isStepping else {
            throw PhysicsError(
                .invalidValue, place: "PhysicsWorld.step(_:)", problem: "step was called from a collision observer",
                fix: "Step the world from the engine's loop, not from inside an event callback.")
        }
        isStepping = true
        discardUnreadCollisionEvents()
        prepareKinematicBodies(dt)
        applyForceFieldsToBodies(dt)
        let h = handles.pointer
        let before = snapshots.pointer
        for i in 0..<handles.count { before[i] = BodySnapshot(h[i]) }
        cpSpaceStep(space, dt)
        stepCount += 1
        time += dt
        changeVersion &+= 1
        captureBodies()
        finishKinematicBodies()
        eventsPending = true
        if !observers.isEmpty {
            materializeCollisionEvents()
            deliverCollisionEvents()
        }
        isStepping = false
        let changes = pendingChanges
        pendingChanges.removeAll()
        for change in changes { change() }
    }

    /// Kinematic bodies: velocity toward the target, or stop after a target was reached.
    private func prepareKinematicBodies(_ dt: Double) {
        for body in bodiesMovedToTarget where body.target == nil && body.isInSpace {
            cpBodySetVelocity(body.handle, cpVect(x: 0, y: 0))
            cpBodySetAngularVelocity(body.handle, 0)
            body.movedToTarget = false
        }
        bodiesMovedToTarget.removeAll(keepingCapacity: true)
        for body in targetedBodies {
            guard let t = body.target, body.isInSpace else { continue }
            cpBodySetVelocity(body.handle, cpVect(x: (t.x - body.x) / dt, y: (t.y - body.y) / dt))
            cpBodySetAngularVelocity(body.handle, (t.a - body.a) / dt)
        }
    }

    /// Kinematic bodies land exactly on their targets (no rounding drift over many steps).
    private func finishKinematicBodies() {
        for body in targetedBodies {
            guard let t = body.target, body.isInSpace else { continue }
            cpBodySetPosition(body.handle, cpVect(x: t.x, y: t.y))
            cpBodySetAngle(body.handle, t.a)
            body.target = nil
            body.movedToTarget = true
            bodiesMovedToTarget.append(body)
        }
        targetedBodies.removeAll(keepingCapacity: true)
    }

    /// Fields with `appliesToBodies` push dynamic bodies with mass × acceleration at their centre of
    /// gravity (a force wakes a sleeping body, as any force does).
    private func applyForceFieldsToBodies(_ dt: Double) {
        guard forceFields.contains(where: { $0.appliesToBodies && $0.isEnabled }) else { return }
        for body in bodies where body.type == .dynamic {
            let cog = cpBodyLocalToWorld(body.handle, cpBodyGetCenterOfGravity(body.handle))
            let v = cpBodyGetVelocity(body.handle)
            var ax = 0.0
            var ay = 0.0
            for field in forceFields where field.appliesToBodies && field.isEnabled {
                let acc = field.acceleration(x: cog.x, y: cog.y, vx: v.x, vy: v.y, time: time)
                ax += acc.dx
                ay += acc.dy
            }
            guard ax != 0 || ay != 0 else { continue }
            let m = cpBodyGetMass(body.handle)
            cpBodyApplyForceAtWorldPoint(body.handle, cpVect(x: ax * m, y: ay * m), cog)
        }
    }

    /// Stops bodies that diverged: back to their transform before the step, at rest.
    private func captureBodies() {
        divergedBodies.removeAll(keepingCapacity: true)
        let limit = PhysicsLimits.divergenceThreshold
        let h = handles.pointer
        let before = snapshots.pointer
        for i in 0..<handles.count {
            let b = h[i].pointee
            // NaN fails every comparison, so it counts as diverged.
            let sane =
                abs(b.transform.tx) <= limit && abs(b.transform.ty) <= limit && abs(b.v.x) <= limit
                && abs(b.v.y) <= limit && abs(b.a) <= limit && abs(b.w) <= limit
            if sane { continue }
            cpBodySetVelocity(h[i], cpVect(x: 0, y: 0))
            cpBodySetAngularVelocity(h[i], 0)
            cpBodySetPosition(h[i], cpVect(x: before[i].x, y: before[i].y))
            cpBodySetAngle(h[i], before[i].a)
            divergedBodies.append(bodies[i])
            divergedBodyCount += 1
        }
        for group in particleGroups { group.guardDivergence() }
    }

    // MARK: - State hash

    /// Mixes the world's state into `hasher`: for every body in the order added, position x and y,
    /// angle, velocity x and y, angular velocity (exact Double bit patterns); then every particle body
    /// group's live bodies.
    public func hash(into hasher: inout StateHasher) {
        hasher.combine(bodies.count)
        let h = handles.pointer
        for i in 0..<handles.count {
            let b = h[i].pointee
            hasher.combine(b.transform.tx)
            hasher.combine(b.transform.ty)
            hasher.combine(b.a)
            hasher.combine(b.v.x)
            hasher.combine(b.v.y)
            hasher.combine(b.w)
        }
        for group in particleGroups { group.hash(into: &hasher) }
    }

    /// The state hash alone (16 hexadecimal digits).
    public var stateHash: String {
        var h = StateHasher()
        hash(into: &h)
        return h.hex
    }
}
