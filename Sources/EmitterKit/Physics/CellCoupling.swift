import Foundation

/// One emitter cell's particles coupled to the physics world (`collide` or `body` mode,
/// docs/Physics.md "Engine coupling").
///
/// Particles live in their emitter layer's coordinates; the world in the root layer's. Each step the
/// live particles are gathered into world-coordinate columns, swept or moved by bodies there, and the
/// ones that changed are written back.
final class CellCoupling {
    // MARK: - Configuration

    /// The emitter (model layer).
    let emitter: CAEmitterLayer
    /// The cell (model).
    let cell: CAEmitterCell
    /// The cell's physics.
    let physics: CellPhysicsDescription
    /// The sub-cells that burst at contacts.
    let contactCells: [CAEmitterCell]
    /// Which shapes the particles touch.
    let filter: CollisionFilter

    // MARK: - State

    /// The swept particles in world coordinates (`gather`): start and end positions, velocities, slots.
    private let scratch = ScratchColumns()
    private var contacts: [ParticleContact] = []
    /// Body mode: the particle bodies.
    private(set) var group: ParticleBodyGroup?
    /// Body mode: the particles with bodies (tag: the body's slot; a, b: the world velocity last written
    /// into it). Stick: the stuck particles (a, b: where they rest, world coordinates).
    private var followed = FollowedParticles()
    private var bodySlots: [Int32] = []
    private var dvx: [Float] = []
    private var dvy: [Float] = []
    /// The collision radius in world points for the current step.
    private var localRadiusInWorld = 0.0
    /// What the scratch holds after this step's sweep, for the force fields of the same step
    /// (`applyFields`): the simulation and step it was gathered at, the slots then in use, and the
    /// number of entries, each with the world values the fields read.
    private var gathered: (simulation: ObjectIdentifier, step: Int, slots: Int, entries: Int)?

    // MARK: - Creating

    init(emitter: CAEmitterLayer, cell: CAEmitterCell, physics: CellPhysicsDescription, world: PhysicsWorld) throws {
        let place = "physics of cell '\(cell.name ?? "?")'"
        func check(_ ok: Bool, _ key: String, _ value: Any, _ expected: String) throws {
            guard ok else { throw EngineError.invalidSetting("\(place).\(key): expected \(expected), got \(value)") }
        }
        try check(
            physics.elasticity.isFinite && physics.elasticity >= 0, "elasticity", physics.elasticity, "a number ≥ 0")
        try check(physics.friction.isFinite && physics.friction >= 0, "friction", physics.friction, "a number ≥ 0")
        if let r = physics.radius {
            try check(r.isFinite && r > 0, "radius", r, "points > 0, or nil for half the image width")
        }
        try check(physics.mass.isFinite && physics.mass > 0, "mass", physics.mass, "a mass > 0")
        if let n = physics.contactBurst {
            try check((1...100_000).contains(n), "contactBurst", n, "1…100000 particles")
        }
        self.emitter = emitter
        self.cell = cell
        self.physics = physics
        filter = CollisionFilter(categories: physics.categories, mask: physics.mask)
        var subcells: [CAEmitterCell] = []
        for name in physics.contactCells {
            guard let sub = cell.emitterCells?.first(where: { $0.name == name }) else {
                throw EngineError.notFound(
                    "cell '\(cell.name ?? "?")' of emitter '\(emitter.name ?? "?")' has no sub-cell '\(name)' for contactCells"
                )
            }
            // Contact cells emit only at contacts, not continuously from every particle.
            sub.birthRate = 0
            subcells.append(sub)
        }
        contactCells = subcells
        if physics.mode == .body {
            guard (1...100_000).contains(physics.maxBodies) else {
                throw EngineError.invalidSetting(
                    "cell '\(cell.name ?? "?")' physics.maxBodies: expected 1…100000 particle bodies, got \(physics.maxBodies); body-mode particles are real bodies, keep the budget to hundreds or thousands"
                )
            }
            group = try world.makeParticleBodyGroup(
                budget: physics.maxBodies, friction: physics.friction,
                elasticity: physics.elasticity, filter: filter)
        }
    }

    /// The collision radius in the emitter's coordinates: the cell's `radius`, else half the drawn width
    /// of its image at the cell's `scale`.
    var localRadius: Double {
        if let r = physics.radius { return r }
        guard let image = cell.contents else { return 0 }
        let scale = cell.contentsScale > 0 ? Double(cell.contentsScale) : 1
        return Double(image.width) / scale * abs(Double(cell.scale)) / 2
    }

    // MARK: - Before the world step (body mode)

    /// Body mode: follows particles across the emitter's step, despawns the bodies of dead particles,
    /// gives new particles bodies (within the budget) and passes what the emitter did to the velocities
    /// (the cell's acceleration, fields) on to the bodies.
    func prepareBodies(sim: EmitterSimulation, map: PlaneMap) throws {
        guard let group else { return }
        let radius = localRadius * map.scale
        let mass = physics.mass
        try sim.withStepView(ofCell: cell, .identities) { v in
            var despawnError: Error?
            followed.follow(v) { slot in
                do { try group.despawn(Int(slot)) } catch { despawnError = error }
            }
            if let despawnError { throw despawnError }
            bodySlots.removeAll(keepingCapacity: true)
            dvx.removeAll(keepingCapacity: true)
            dvy.removeAll(keepingCapacity: true)
            var spawned: [(slot: Int, tag: Int32, a: Float, b: Float)] = []
            var cursor = 0
            for i in 0..<v.count where v.isAlive(i) {
                let (wvx, wvy) = map.vector(Double(v.vx[i]), Double(v.vy[i]))
                if let k = followed.entry(ofSlot: i, cursor: &cursor) {
                    bodySlots.append(followed.tags[k])
                    dvx.append(Float(wvx) - followed.a[k])
                    dvy.append(Float(wvy) - followed.b[k])
                } else if group.liveCount < group.budget, radius > 0 {
                    let (wx, wy) = map.point(Double(v.x[i]), Double(v.y[i]))
                    if let slot = try group.spawn(
                        position: CGPoint(x: wx, y: wy),
                        velocity: CGVector(dx: wvx, dy: wvy),
                        radius: radius, mass: mass)
                    {
                        spawned.append((i, Int32(slot), 0, 0))
                    }
                }
            }
            if let ids = v.ids { followed.merge(spawned, ids: ids) }
            try bodySlots.withUnsafeBufferPointer { s in
                try dvx.withUnsafeBufferPointer { x in
                    try dvy.withUnsafeBufferPointer { y in
                        guard let slots = s.baseAddress, let dx = x.baseAddress, let dy = y.baseAddress, s.count > 0
                        else { return }
                        try group.addVelocity(slots: slots, count: s.count, dvx: dx, dvy: dy)
                    }
                }
            }
        }
    }

    /// Body mode: removes every particle body (the emitter left the engine's tree).
    func releaseBodies() throws {
        guard let group, group.liveCount > 0 else { return }
        for tag in followed.tags where tag >= 0 { try group.despawn(Int(tag)) }
        followed.removeAll()
    }

    // MARK: - After the world step

    /// Moves the particles after the world stepped: body-mode particles take their bodies' positions
    /// and velocities; the others (all of a collide-mode cell, the bodyless ones of a body-mode cell)
    /// are swept from where they were at the start of the step (`ParticleStepView.start`). Contacts
    /// kill, stop or burst.
    ///
    /// - Parameters:
    ///   - sim: the emitter's simulation, stepped for this engine step.
    ///   - map: from the emitter's coordinates to the world's.
    ///   - gravityStep: the world's gravity × the step: taken back out of what particle bodies gained,
    ///     so that particles fall with their cell's acceleration, as without physics.
    ///   - world: the world just stepped.
    ///   - step: the engine step's index, for the events.
    ///   - report: receives each contact, when set.
    ///   - layerOf: the layer a body moves, for the events.
    /// - Throws: what the simulation or the world refuse (a cell that left the emitter, a bad value).
    func afterWorldStep(
        sim: EmitterSimulation, map: PlaneMap, gravityStep: (Double, Double), world: PhysicsWorld, step: Int64,
        report: ((ParticleContactEvent) -> Void)?, layerOf: (PhysicsBody) -> CALayer?
    ) throws {
        gathered = nil
        let isBodyMode = group != nil
        let stick = physics.mode == .collide && physics.onContact == .stick
        let inverse = map.inverted
        let identity = map.isIdentity
        var bursts: [(x: Double, y: Double, dx: Double, dy: Double)] = []
        localRadiusInWorld = localRadius * map.scale
        let options: ParticleStepView.Options = stick || isBodyMode ? [.startPositions, .identities] : .startPositions
        try sim.withStepView(ofCell: cell, options) { v in
            if stick {
                followed.follow(v) { _ in }
            }
            if isBodyMode, let group {
                readBodies(group, v, inverse: inverse, identity: identity, gravityStep: gravityStep)
            }
            let elapsed = v.elapsed
            guard elapsed > 0 else { return }
            scratch.reserve(v.count)
            let s = scratch
            let n = gather(v, map: map, inverse: inverse, skipFollowed: isBodyMode, stick: stick)
            contacts.removeAll(keepingCapacity: true)
            if n > 0 {
                // A sticking particle is placed at its contact afterwards; no bounce needed.
                let options = ParticleCollisionOptions(
                    radius: Float(localRadiusInWorld), elasticity: Float(stick ? 0 : physics.elasticity),
                    friction: Float(stick ? 0 : physics.friction), filter: filter,
                    dt: min(1, elapsed), maximumBounces: stick ? 0 : 2)
                try world.particleCollider.collide(
                    count: n, previousX: s.px, previousY: s.py, x: s.x, y: s.y, vx: s.vx, vy: s.vy,
                    options: options, contacts: &contacts)
            }
            let response = physics.mode == .collide ? physics.onContact : .bounce
            let (awx, awy) = map.vector(v.acceleration.x, v.acceleration.y)
            var stuck: [(slot: Int, tag: Int32, a: Float, b: Float)] = []
            for c in contacts {
                let k = Int(c.index)
                let i = Int(s.slot[k])
                if awx != 0 || awy != 0 {
                    correctBounce(
                        c, k: k, end: map.point(Double(v.x[i]), Double(v.y[i])), acceleration: (awx, awy),
                        elapsed: elapsed)
                }
                // Write back what the sweep changed.
                if identity {
                    (v.x[i], v.y[i], v.vx[i], v.vy[i]) = (s.x[k], s.y[k], s.vx[k], s.vy[k])
                } else {
                    let p = inverse.point(Double(s.x[k]), Double(s.y[k]))
                    let u = inverse.vector(Double(s.vx[k]), Double(s.vy[k]))
                    (v.x[i], v.y[i], v.vx[i], v.vy[i]) = (Float(p.0), Float(p.1), Float(u.0), Float(u.1))
                }
                switch response {
                case .bounce: break
                case .die: try sim.kill(slot: i, ofCell: cell)
                case .stick:
                    // Rest at the contact point, off the surface by the radius.
                    let r = Float(localRadiusInWorld) + 0.01
                    let wx = c.x + c.normalX * r
                    let wy = c.y + c.normalY * r
                    stuck.append((i, 1, wx, wy))
                    let (lx, ly) = inverse.point(Double(wx), Double(wy))
                    (v.x[i], v.y[i], v.vx[i], v.vy[i]) = (Float(lx), Float(ly), 0, 0)
                }
                // The fields of this step read the particle as it is now (`applyFields`).
                regather(v, i, into: k, map: map, identity: identity)
                if !contactCells.isEmpty {
                    let (lx, ly) = inverse.point(Double(c.x), Double(c.y))
                    let (nx, ny) = inverse.vector(Double(c.normalX), Double(c.normalY))
                    bursts.append((lx, ly, nx, ny))
                }
                if let report {
                    let shape = world.particleCollider.shape(at: c.shapeIndex)
                    report(
                        ParticleContactEvent(
                            emitter: emitter, cell: cell, point: CGPoint(x: Double(c.x), y: Double(c.y)),
                            normal: CGVector(dx: Double(c.normalX), dy: Double(c.normalY)),
                            normalSpeed: Double(c.normalSpeed), shape: shape,
                            layer: shape?.body.flatMap(layerOf), response: response, step: step))
                }
            }
            if let ids = v.ids { followed.merge(stuck, ids: ids) }
            gathered = (ObjectIdentifier(sim), sim.stepCount, v.count, n)
        }
        // Bursts change other cells' stores, so they happen outside the view's scope.
        for burst in bursts {
            for sub in contactCells {
                // The event cells' vocabulary: one seeded draw per contact and sub-cell below probability 1.
                let chance = sub.burstProbability.isNaN ? 1 : min(max(sub.burstProbability, 0), 1)
                if chance < 1 && !(sim.nextUnitDraw() < chance) { continue }
                try sim.burst(
                    count: physics.contactBurst ?? max(1, sub.burstCount), ofCell: sub,
                    at: (burst.x, burst.y, Double(emitter.emitterZPosition)), direction: (burst.dx, burst.dy, 0))
            }
        }
    }

    /// Copies the live particles to sweep into the scratch columns (world coordinates: where each was
    /// when the step began, from the view, and where it is now) and returns how many. Stuck particles
    /// are put back where they stuck; particles with bodies are left out.
    private func gather(
        _ v: ParticleStepView, map: PlaneMap, inverse: PlaneMap, skipFollowed: Bool, stick: Bool
    ) -> Int {
        guard v.hasStarts else { return 0 }
        let identity = map.isIdentity
        let px = scratch.px
        let py = scratch.py
        let ex = scratch.x
        let ey = scratch.y
        let evx = scratch.vx
        let evy = scratch.vy
        let slots = scratch.slot
        let (x, y, vx, vy) = (v.x, v.y, v.vx, v.vy)
        let following = (skipFollowed || stick) && followed.count > 0
        var cursor = 0
        var n = 0
        for i in 0..<v.count where v.isAlive(i) {
            if following, let k = followed.entry(ofSlot: i, cursor: &cursor) {
                if stick {
                    // A stuck particle stays where it stuck (world position, back in the emitter's space).
                    let (lx, ly) = inverse.point(Double(followed.a[k]), Double(followed.b[k]))
                    (x[i], y[i], vx[i], vy[i]) = (Float(lx), Float(ly), 0, 0)
                }
                continue
            }
            let start = v.start(i)
            if identity {
                (px[n], py[n], ex[n], ey[n], evx[n], evy[n]) = (
                    Float(start.x), Float(start.y), x[i], y[i], vx[i], vy[i]
                )
            } else {
                let p0 = map.point(start.x, start.y)
                let p1 = map.point(Double(x[i]), Double(y[i]))
                let u = map.vector(Double(vx[i]), Double(vy[i]))
                (px[n], py[n], ex[n], ey[n], evx[n], evy[n]) = (
                    Float(p0.0), Float(p0.1), Float(p1.0), Float(p1.1), Float(u.0), Float(u.1)
                )
            }
            slots[n] = Int32(i)
            n += 1
        }
        return n
    }

    /// Entry `k` of the scratch becomes slot `i` as it is now, mapped as `gather` maps (after a contact
    /// wrote the particle back).
    private func regather(_ v: ParticleStepView, _ i: Int, into k: Int, map: PlaneMap, identity: Bool) {
        let s = scratch
        if identity {
            (s.x[k], s.y[k], s.vx[k], s.vy[k]) = (v.x[i], v.y[i], v.vx[i], v.vy[i])
        } else {
            let p = map.point(Double(v.x[i]), Double(v.y[i]))
            let u = map.vector(Double(v.vx[i]), Double(v.vy[i]))
            (s.x[k], s.y[k], s.vx[k], s.vy[k]) = (Float(p.0), Float(p.1), Float(u.0), Float(u.1))
        }
    }

    // MARK: - Force fields

    /// Applies `fields` to the cell's live particles in world coordinates, reusing the columns this step's
    /// sweep gathered (one conversion to world coordinates and back per step), and returns true; false
    /// when there are none for this step (the caller then applies the fields itself). Particles the
    /// sweep left out (with bodies, stuck, or born since) are converted on their own.
    func applyFields(
        _ fields: [PhysicsField], sim: EmitterSimulation, map: PlaneMap, inverse: PlaneMap, time: Double, dt: Double
    ) throws -> Bool {
        guard let g = gathered, g.simulation == ObjectIdentifier(sim), g.step == sim.stepCount else { return false }
        gathered = nil
        return try sim.withStepView(ofCell: cell) { v in
            guard v.count >= g.slots else { return false }
            let s = scratch
            let identity = map.isIdentity
            // The live slots the sweep did not gather, after its entries in the scratch.
            s.reserve(v.count, keeping: g.entries)
            var n = g.entries
            var k = 0
            for i in 0..<v.count where v.isAlive(i) {
                while k < g.entries && Int(s.slot[k]) < i { k += 1 }
                if k < g.entries && Int(s.slot[k]) == i { continue }
                s.slot[n] = Int32(i)
                if identity {
                    (s.x[n], s.y[n], s.vx[n], s.vy[n]) = (v.x[i], v.y[i], v.vx[i], v.vy[i])
                } else {
                    let p = map.point(Double(v.x[i]), Double(v.y[i]))
                    let u = map.vector(Double(v.vx[i]), Double(v.vy[i]))
                    (s.x[n], s.y[n], s.vx[n], s.vy[n]) = (Float(p.0), Float(p.1), Float(u.0), Float(u.1))
                }
                n += 1
            }
            for f in fields {
                try f.field.apply(count: n, x: s.x, y: s.y, vx: s.vx, vy: s.vy, dt: dt, time: time)
            }
            for k in 0..<n {
                let i = Int(s.slot[k])
                if identity {
                    (v.vx[i], v.vy[i]) = (s.vx[k], s.vy[k])
                } else {
                    let u = inverse.vector(Double(s.vx[k]), Double(s.vy[k]))
                    (v.vx[i], v.vy[i]) = (Float(u.0), Float(u.1))
                }
            }
            return true
        }
    }

    /// The sweep moves particles in straight lines and reflects the velocity at the end of the step,
    /// which already holds the whole step's acceleration; the part gained after the contact should not
    /// be reflected. Along the normal, (1 + e)·(a·n)·(1 − f)·T is put back, f being the fraction of the
    /// step before the contact, so a bounce reaches e² × the drop height instead of gaining a step of
    /// gravity at every bounce.
    private func correctBounce(
        _ c: ParticleContact, k: Int, end: (Double, Double), acceleration a: (Double, Double), elapsed: Double
    ) {
        let s = scratch
        let nx = Double(c.normalX)
        let ny = Double(c.normalY)
        let an = a.0 * nx + a.1 * ny
        guard an < 0 else { return }
        let r = localRadiusInWorld
        let cx = Double(c.x) + nx * r
        let cy = Double(c.y) + ny * r
        let p0 = (Double(s.px[k]), Double(s.py[k]))
        let path = hypot(end.0 - p0.0, end.1 - p0.1)
        guard path > 0 else { return }
        let f = min(1, max(0, hypot(cx - p0.0, cy - p0.1) / path))
        let dv = (1 + physics.elasticity) * an * (1 - f) * elapsed
        // Only while the particle still leaves the surface: never turn a bounce into a push inward.
        let vn = Double(s.vx[k]) * nx + Double(s.vy[k]) * ny
        let change = max(-vn, dv)
        guard change < 0 else { return }
        s.vx[k] = Float(Double(s.vx[k]) + change * nx)
        s.vy[k] = Float(Double(s.vy[k]) + change * ny)
    }

    /// Body mode: positions and velocities of particles with bodies from the bodies.
    ///
    /// Chipmunk moves a body with its velocity before the step's gravity is added, so the particle's
    /// velocity is the body's less one step of gravity; the body keeps its own (remembered with the
    /// entry), and the next step adds to it only what the emitter changed.
    private func readBodies(
        _ group: ParticleBodyGroup, _ v: ParticleStepView, inverse: PlaneMap, identity: Bool,
        gravityStep: (Double, Double)
    ) {
        bodySlots.removeAll(keepingCapacity: true)
        // The scratch's slot column holds each read body's entry, so no list is allocated per step.
        scratch.reserve(followed.count)
        let s = scratch
        for k in 0..<followed.count where followed.tags[k] >= 0 && v.isAlive(followed.slots[k]) {
            s.slot[bodySlots.count] = Int32(k)
            bodySlots.append(followed.tags[k])
        }
        let n = bodySlots.count
        guard n > 0 else { return }
        bodySlots.withUnsafeBufferPointer { slots in
            guard let first = slots.baseAddress else { return }
            group.read(slots: first, count: n, x: s.x, y: s.y, vx: s.vx, vy: s.vy)
        }
        let gx = Float(gravityStep.0)
        let gy = Float(gravityStep.1)
        for j in 0..<n {
            let k = Int(s.slot[j])
            let i = followed.slots[k]
            followed.a[k] = s.vx[j]
            followed.b[k] = s.vy[j]
            s.vx[j] -= gx
            s.vy[j] -= gy
            if identity {
                (v.x[i], v.y[i], v.vx[i], v.vy[i]) = (s.x[j], s.y[j], s.vx[j], s.vy[j])
            } else {
                let p = inverse.point(Double(s.x[j]), Double(s.y[j]))
                let u = inverse.vector(Double(s.vx[j]), Double(s.vy[j]))
                (v.x[i], v.y[i], v.vx[i], v.vy[i]) = (Float(p.0), Float(p.1), Float(u.0), Float(u.1))
            }
        }
    }
}
