import CChipmunk
import Foundation
import LayerKit

/// `body`-mode particles of one emitter cell: each live particle is a real Chipmunk circle body that
/// pushes and is pushed by the world's bodies, within a fixed budget.
///
/// Particles are addressed by slot (0 ..< budget). Bodies are made on a slot's first use and reused
/// afterwards; a despawned particle's body leaves the world at once (or when the step returns).
/// Particle bodies raise no collision events, are not found by queries, and are not swept by the
/// particle collider; they are included in the world's state hash after its bodies.
package final class ParticleBodyGroup {
    /// The most particles alive at once.
    package let budget: Int
    /// Live particles.
    package private(set) var liveCount = 0
    /// Friction of the particles' shapes.
    package let friction: Double
    /// Elasticity of the particles' shapes.
    package let elasticity: Double
    /// Which shapes the particles touch.
    package let filter: CollisionFilter

    weak var world: PhysicsWorld?
    private let bodies: UnsafeMutablePointer<UnsafeMutablePointer<cpBody>?>
    private let shapes: UnsafeMutablePointer<UnsafeMutablePointer<cpShape>?>
    private let radii: UnsafeMutablePointer<Double>
    /// Logical state: a particle occupies the slot.
    private let live: UnsafeMutablePointer<Bool>
    /// Physical state: the slot's body is in the space.
    private let inSpace: UnsafeMutablePointer<Bool>
    /// Bumped at every spawn of a slot, so a deferred spawn only applies to the latest particle.
    private let generation: UnsafeMutablePointer<UInt32>
    /// Free slots; the lowest is reused first (a min-ordered stack kept sorted descending).
    private var freeSlots: [Int32]

    init(world: PhysicsWorld, budget: Int, friction: Double, elasticity: Double, filter: CollisionFilter) {
        self.world = world
        self.budget = budget
        self.friction = friction
        self.elasticity = elasticity
        self.filter = filter
        bodies = .allocate(capacity: budget)
        bodies.initialize(repeating: nil, count: budget)
        shapes = .allocate(capacity: budget)
        shapes.initialize(repeating: nil, count: budget)
        radii = .allocate(capacity: budget)
        radii.initialize(repeating: 0, count: budget)
        live = .allocate(capacity: budget)
        live.initialize(repeating: false, count: budget)
        inSpace = .allocate(capacity: budget)
        inSpace.initialize(repeating: false, count: budget)
        generation = .allocate(capacity: budget)
        generation.initialize(repeating: 0, count: budget)
        freeSlots = (0..<Int32(budget)).reversed()
    }

    deinit {
        if let world {
            for i in 0..<budget where inSpace[i] {
                cpSpaceRemoveShape(world.space, shapes[i])
                cpSpaceRemoveBody(world.space, bodies[i])
            }
        }
        for i in 0..<budget {
            if let s = shapes[i] { cpShapeFree(s) }
            if let b = bodies[i] { cpBodyFree(b) }
        }
        bodies.deallocate()
        shapes.deallocate()
        radii.deallocate()
        live.deallocate()
        inSpace.deallocate()
        generation.deallocate()
    }

    // MARK: - Spawning

    /// Makes a particle body.
    ///
    /// - Parameters:
    ///   - position: world points.
    ///   - velocity: points per second.
    ///   - radius: > 0 points (from the particle's size).
    ///   - mass: > 0 (from the cell).
    /// - Returns: the body's slot, or nil when the budget is full (the birth is dropped).
    /// - Throws: `PhysicsError` when a value is not finite or out of range.
    package func spawn(position: CGPoint, velocity: CGVector, radius: Double, mass: Double) throws -> Int? {
        let place = "ParticleBodyGroup.spawn"
        try Check.point(position, "\(place)(position:)")
        try Check.vector(velocity, "\(place)(velocity:)")
        try Check.positive(radius, "\(place)(radius:)", fix: "Give particle bodies a radius > 0 points.")
        try Check.positive(mass, "\(place)(mass:)", fix: "Give particle bodies a mass > 0.")
        guard let world else {
            throw PhysicsError(
                .notAdded, place: place, problem: "the group's world is gone",
                fix: "Keep the world alive while using its groups.")
        }
        guard let slot = freeSlots.last.map(Int.init) else { return nil }
        let moment = cpMomentForCircle(mass, 0, radius, cpVect(x: 0, y: 0))
        if bodies[slot] == nil {
            guard let b: UnsafeMutablePointer<cpBody> = cpBodyNew(mass, moment),
                let s: UnsafeMutablePointer<cpShape> = cpCircleShapeNew(b, radius, cpVect(x: 0, y: 0))
            else {
                throw PhysicsError(
                    .unsolvable, place: place, problem: "Chipmunk could not allocate a body", fix: "Lower the budget.")
            }
            cpShapeSetFriction(s, friction)
            cpShapeSetElasticity(s, elasticity)
            cpShapeSetFilter(s, filter.cp)
            bodies[slot] = b
            shapes[slot] = s
        }
        freeSlots.removeLast()
        live[slot] = true
        liveCount += 1
        generation[slot] &+= 1
        let g = generation[slot]
        world.performOrDefer { [unowned self, unowned world] in
            guard live[slot], generation[slot] == g, let b = bodies[slot], let s = shapes[slot] else { return }
            if inSpace[slot] {
                // Respawned within one deferred batch: the body is still in; take it out to reset it.
                cpSpaceRemoveShape(world.space, s)
                cpSpaceRemoveBody(world.space, b)
                inSpace[slot] = false
            }
            if radii[slot] != radius { cpCircleShapeSetRadius(s, radius) }
            radii[slot] = radius
            cpBodySetMass(b, mass)
            cpBodySetMoment(b, moment)
            cpBodySetPosition(b, position.cp)
            cpBodySetAngle(b, 0)
            cpBodySetVelocity(b, velocity.cp)
            cpBodySetAngularVelocity(b, 0)
            cpBodySetForce(b, cpVect(x: 0, y: 0))
            cpBodySetTorque(b, 0)
            cpSpaceAddBody(world.space, b)
            cpSpaceAddShape(world.space, s)
            inSpace[slot] = true
        }
        return slot
    }

    /// Removes a particle's body (when the particle dies).
    package func despawn(_ slot: Int) throws {
        guard slot >= 0, slot < budget, live[slot] else {
            throw PhysicsError(
                .notAdded, place: "ParticleBodyGroup.despawn(_:)", problem: "slot \(slot) holds no live particle",
                fix: "Despawn each slot returned by spawn once.")
        }
        live[slot] = false
        liveCount -= 1
        // Keep the free list sorted descending so popLast gives the lowest slot (deterministic reuse).
        let s = Int32(slot)
        let i = freeSlots.firstIndex { $0 < s } ?? freeSlots.count
        freeSlots.insert(s, at: i)
        world?.performOrDefer { [unowned self] in
            guard !live[slot], inSpace[slot], let world else { return }
            cpSpaceRemoveShape(world.space, shapes[slot])
            cpSpaceRemoveBody(world.space, bodies[slot])
            inSpace[slot] = false
        }
    }

    // MARK: - Reading and writing

    /// Whether a slot holds a live particle.
    package func isLive(_ slot: Int) -> Bool { slot >= 0 && slot < budget && live[slot] }

    /// A live particle's position (nil for a free slot).
    package func position(ofSlot slot: Int) -> CGPoint? {
        guard isLive(slot), let b = bodies[slot] else { return nil }
        let t = b.pointee.transform
        return CGPoint(x: t.tx, y: t.ty)
    }

    /// A live particle's velocity (nil for a free slot).
    package func velocity(ofSlot slot: Int) -> CGVector? {
        guard isLive(slot), let b = bodies[slot] else { return nil }
        return CGVector(b.pointee.v)
    }

    /// Copies positions, velocities and angles of `count` particles, given by slot, into contiguous
    /// arrays (free slots copy zeros). The engine calls this after each step.
    package func read(
        slots: UnsafePointer<Int32>, count: Int, x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>,
        vx: UnsafeMutablePointer<Float>, vy: UnsafeMutablePointer<Float>, angle: UnsafeMutablePointer<Float>? = nil
    ) {
        for i in 0..<count {
            let slot = Int(slots[i])
            guard slot >= 0, slot < budget, live[slot], let b = bodies[slot] else {
                (x[i], y[i], vx[i], vy[i]) = (0, 0, 0, 0)
                angle?[i] = 0
                continue
            }
            let body = b.pointee
            x[i] = Float(body.transform.tx)
            y[i] = Float(body.transform.ty)
            vx[i] = Float(body.v.x)
            vy[i] = Float(body.v.y)
            angle?[i] = Float(body.a)
        }
    }

    /// Adds velocity changes (for example from force fields) to `count` particles given by slot.
    /// Changes must be finite with magnitude ≤ 1e12; others are refused before any is applied.
    package func addVelocity(
        slots: UnsafePointer<Int32>, count: Int, dvx: UnsafePointer<Float>, dvy: UnsafePointer<Float>
    ) throws {
        for i in 0..<count {
            guard dvx[i].isFinite, dvy[i].isFinite, abs(dvx[i]) <= 1e12, abs(dvy[i]) <= 1e12 else {
                throw PhysicsError(
                    .invalidValue, place: "ParticleBodyGroup.addVelocity(slots:count:dvx:dvy:)",
                    problem: "velocity change \(i) is (\(dvx[i]), \(dvy[i]))", fix: "Pass finite velocity changes.")
            }
        }
        for i in 0..<count {
            let slot = Int(slots[i])
            guard slot >= 0, slot < budget, live[slot], let b = bodies[slot] else { continue }
            let v = b.pointee.v
            cpBodySetVelocity(b, cpVect(x: v.x + Double(dvx[i]), y: v.y + Double(dvy[i])))
        }
    }

    // MARK: - World support

    /// Stops particle bodies that diverged (see `PhysicsLimits.divergenceThreshold`).
    func guardDivergence() {
        let limit = PhysicsLimits.divergenceThreshold
        for i in 0..<budget where inSpace[i] {
            guard let b = bodies[i] else { continue }
            let body = b.pointee
            if abs(body.p.x) > limit || abs(body.p.y) > limit || abs(body.v.x) > limit || abs(body.v.y) > limit
                || abs(body.w) > limit
            {
                cpBodySetVelocity(b, cpVect(x: 0, y: 0))
                cpBodySetAngularVelocity(b, 0)
                cpBodySetPosition(
                    b,
                    cpVect(
                        x: max(-limit, min(limit, body.p.x.isNaN ? 0 : body.p.x)),
                        y: max(-limit, min(limit, body.p.y.isNaN ? 0 : body.p.y))))
            }
        }
    }

    /// Live slots in order: slot, position, angle, velocity, angular velocity.
    func hash(into hasher: inout StateHasher) {
        hasher.combine(liveCount)
        for i in 0..<budget where inSpace[i] {
            guard let b = bodies[i] else { continue }
            let body = b.pointee
            hasher.combine(i)
            hasher.combine(body.transform.tx)
            hasher.combine(body.transform.ty)
            hasher.combine(body.a)
            hasher.combine(body.v.x)
            hasher.combine(body.v.y)
            hasher.combine(body.w)
        }
    }

    /// Takes every body out of the space and forgets the world (the group can no longer spawn).
    func removeFromWorld() {
        guard let world else { return }
        for i in 0..<budget where inSpace[i] {
            cpSpaceRemoveShape(world.space, shapes[i])
            cpSpaceRemoveBody(world.space, bodies[i])
            inSpace[i] = false
        }
        for i in 0..<budget where live[i] { live[i] = false }
        liveCount = 0
        self.world = nil
    }

    /// After the space was freed (see `PhysicsBody.detachFromFreedSpace`).
    func detachFromFreedSpace() {
        for i in 0..<budget where inSpace[i] {
            guard let b = bodies[i], let s = shapes[i] else { continue }
            b.pointee.space = nil
            b.pointee.arbiterList = nil
            b.pointee.constraintList = nil
            b.pointee.shapeList = nil
            b.pointee.sleeping.root = nil
            b.pointee.sleeping.next = nil
            s.pointee.space = nil
            s.pointee.next = nil
            s.pointee.prev = nil
            inSpace[i] = false
        }
        world = nil
    }
}

extension PhysicsWorld {
    /// The collider for `collide`-mode particles (made on first use, cached with the world).
    package var particleCollider: ParticleCollider {
        if let collider { return collider }
        let c = ParticleCollider(world: self)
        collider = c
        return c
    }

    /// Makes a group of `body`-mode particle bodies.
    ///
    /// - Parameters:
    ///   - budget: the most bodies alive at once, 1...100 000.
    ///   - friction: ≥ 0. Default 0.
    ///   - elasticity: ≥ 0. Default 0.
    ///   - filter: which shapes the particles touch. Default `.all`.
    /// - Returns: the group, in this world.
    /// - Throws: `PhysicsError` when the budget or a material value is out of range.
    package func makeParticleBodyGroup(
        budget: Int, friction: Double = 0, elasticity: Double = 0,
        filter: CollisionFilter = .all
    ) throws -> ParticleBodyGroup {
        let place = "PhysicsWorld.makeParticleBodyGroup"
        guard (1...100_000).contains(budget) else {
            throw PhysicsError(
                .invalidValue, place: "\(place)(budget:)", problem: "expected a budget in 1...100000, got \(budget)",
                fix: "Body-mode particles are real bodies; keep the budget to a few hundred or thousand.")
        }
        try Check.nonNegative(friction, "\(place)(friction:)")
        try Check.nonNegative(elasticity, "\(place)(elasticity:)")
        let group = ParticleBodyGroup(
            world: self, budget: budget, friction: friction, elasticity: elasticity, filter: filter)
        particleGroups.append(group)
        return group
    }

    /// Removes a group and all its bodies from the world.
    package func removeParticleBodyGroup(_ group: ParticleBodyGroup) throws {
        guard let i = particleGroups.firstIndex(where: { $0 === group }) else {
            throw PhysicsError(
                .notAdded, place: "PhysicsWorld.removeParticleBodyGroup(_:)", problem: "the group is not in this world",
                fix: "Remove a group once, from the world that made it.")
        }
        particleGroups.remove(at: i)
        performOrDefer { group.removeFromWorld() }
    }
}
