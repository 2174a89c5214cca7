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

    private let scratch = ScratchColumns()
    private var contacts: [ParticleContact] = []
    /// Body mode: the particle bodies.
    private(set) var group: ParticleBodyGroup?
    /// Body mode: each particle's body slot and the world velocity last written into it; stick: 1 for
    /// a stuck particle and its world position.
    private var tracker = ParticleTracker()
    private var bodySlots: [Int32] = []
    private var dvx: [Float] = []
    private var dvy: [Float] = []
    /// The collision radius in world points for the current step.
    private var localRadiusInWorld = 0.0

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
        try check(
            (1...100_000).contains(physics.contactBurst), "contactBurst", physics.contactBurst, "1…100000 particles")
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
        try sim.withParticleBuffers(ofCell: cell) { b in
            var despawnError: Error?
            tracker.follow(b) { slot in
                do { try group.despawn(Int(slot)) } catch { despawnError = error }
            }
            if let despawnError { throw despawnError }
            bodySlots.removeAll(keepingCapacity: true)
            dvx.removeAll(keepingCapacity: true)
            dvy.removeAll(keepingCapacity: true)
            for i in 0..<b.count where b.isAlive(i) {
                let (wvx, wvy) = map.vector(Double(b.vx[i]), Double(b.vy[i]))
                if tracker.tag[i] >= 0 {
                    bodySlots.append(tracker.tag[i])
                    dvx.append(Float(wvx) - tracker.a[i])
                    dvy.append(Float(wvy) - tracker.b[i])
                } else if group.liveCount < group.budget, radius > 0 {
                    let (wx, wy) = map.point(Double(b.x[i]), Double(b.y[i]))
                    if let slot = try group.spawn(
                        position: CGPoint(x: wx, y: wy),
                        velocity: CGVector(dx: wvx, dy: wvy),
                        radius: radius, mass: mass)
                    {
                        tracker.tag[i] = Int32(slot)
                    }
                }
            }
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
        for tag in tracker.tag where tag >= 0 { try group.despawn(Int(tag)) }
        tracker = ParticleTracker()
    }

    // MARK: - After the world step

    /// Moves the particles after the world stepped: body-mode particles take their bodies' positions
    /// and velocities; the others (all of a collide-mode cell, the bodyless ones of a body-mode cell)
    /// are swept from where they were at the start of the step. Contacts kill, stop or burst.
    ///
    /// - Parameters:
    ///   - sim: the emitter's simulation.
    ///   - map: from the emitter's layer to world coordinates.
    ///   - elapsed: the emitter's local time covered by this engine step, seconds.
    ///   - gravityStep: the world's gravity × the step: taken back out of what particle bodies gained,
    ///     so that particles fall with their cell's acceleration, as without physics.
    ///   - world: the world that just stepped.
    ///   - step: the engine's step number, for contact events.
    ///   - report: receives each particle contact, or nil.
    ///   - layerOf: the layer a body moves, for contact events.
    /// - Throws: what reading the cell's particle buffers throws.
    func afterWorldStep(
        sim: EmitterSimulation, map: PlaneMap, elapsed: Double, gravityStep: (Double, Double), world: PhysicsWorld,
        step: Int64,
        report: ((ParticleContactEvent) -> Void)?, layerOf: (PhysicsBody) -> CALayer?
    ) throws {
        let isBodyMode = group != nil
        let stick = physics.mode == .collide && physics.onContact == .stick
        let inverse = map.inverted
        let identity = map.isIdentity
        var bursts: [(x: Double, y: Double, dx: Double, dy: Double)] = []
        localRadiusInWorld = localRadius * map.scale
        try sim.withParticleBuffers(ofCell: cell) { b in
            if stick {
                tracker.follow(b) { _ in }
            }
            if isBodyMode, let group {
                readBodies(group, b, inverse: inverse, identity: identity, gravityStep: gravityStep)
            }
            guard elapsed > 0 else {
                if stick || isBodyMode { tracker.record(b) }
                return
            }
            // Gather the particles to sweep, with their positions at the start of the step.
            let ax = Double(cell.xAcceleration)
            let ay = Double(cell.yAcceleration)
            scratch.reserve(b.count)
            let s = scratch
            let n = gather(
                b, elapsed: elapsed, acceleration: (ax, ay), map: map, inverse: inverse,
                skipTagged: isBodyMode, stick: stick)
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
            let (awx, awy) = map.vector(ax, ay)
            for c in contacts {
                let k = Int(c.index)
                let i = Int(s.slot[k])
                if awx != 0 || awy != 0 {
                    correctBounce(
                        c, k: k, end: map.point(Double(b.x[i]), Double(b.y[i])), acceleration: (awx, awy),
                        elapsed: elapsed)
                }
                // Write back what the sweep changed.
                if identity {
                    (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (s.x[k], s.y[k], s.vx[k], s.vy[k])
                } else {
                    let p = inverse.point(Double(s.x[k]), Double(s.y[k]))
                    let v = inverse.vector(Double(s.vx[k]), Double(s.vy[k]))
                    (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (Float(p.0), Float(p.1), Float(v.0), Float(v.1))
                }
                switch response {
                case .bounce: break
                case .die: try sim.kill(slot: i, ofCell: cell)
                case .stick:
                    // Rest at the contact point, off the surface by the radius.
                    let r = Float(localRadiusInWorld) + 0.01
                    let wx = c.x + c.normalX * r
                    let wy = c.y + c.normalY * r
                    tracker.tag[i] = 1
                    tracker.a[i] = wx
                    tracker.b[i] = wy
                    let (lx, ly) = inverse.point(Double(wx), Double(wy))
                    (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (Float(lx), Float(ly), 0, 0)
                }
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
            if stick || isBodyMode { tracker.record(b) }
        }
        // Bursts change other cells' stores, so they happen outside the buffers' scope.
        for burst in bursts {
            for sub in contactCells {
                try sim.burst(
                    count: physics.contactBurst, ofCell: sub, at: (burst.x, burst.y, Double(emitter.emitterZPosition)),
                    direction: (burst.dx, burst.dy, 0))
            }
        }
    }

    /// Copies the live particles to sweep into the scratch columns (world coordinates, with their
    /// positions at the start of the step) and returns how many. Stuck particles are put back where
    /// they stuck; particles with bodies are left out.
    private func gather(
        _ b: ParticleBuffers, elapsed: Double, acceleration: (Double, Double), map: PlaneMap, inverse: PlaneMap,
        skipTagged: Bool, stick: Bool
    ) -> Int {
        let (ax, ay) = acceleration
        let identity = map.isIdentity
        let px = scratch.px
        let py = scratch.py
        let ex = scratch.x
        let ey = scratch.y
        let evx = scratch.vx
        let evy = scratch.vy
        let slots = scratch.slot
        let x = b.x
        let y = b.y
        let vx = b.vx
        let vy = b.vy
        let tracked = skipTagged || stick
        var n = 0
        for i in 0..<b.count where b.isAlive(i) {
            if tracked {
                let tag = tracker.tag[i]
                if skipTagged && tag >= 0 { continue }
                if stick && tag == 1 {
                    // A stuck particle stays where it stuck (world position, back in the emitter's space).
                    let (lx, ly) = inverse.point(Double(tracker.a[i]), Double(tracker.b[i]))
                    (x[i], y[i], vx[i], vy[i]) = (Float(lx), Float(ly), 0, 0)
                    continue
                }
            }
            let t = min(elapsed, max(0, b.age(i)))
            let x1 = Double(x[i])
            let y1 = Double(y[i])
            let vx1 = Double(vx[i])
            let vy1 = Double(vy[i])
            let x0 = x1 - vx1 * t + 0.5 * ax * t * t
            let y0 = y1 - vy1 * t + 0.5 * ay * t * t
            if identity {
                (px[n], py[n], ex[n], ey[n], evx[n], evy[n]) = (Float(x0), Float(y0), x[i], y[i], vx[i], vy[i])
            } else {
                let p0 = map.point(x0, y0)
                let p1 = map.point(x1, y1)
                let v = map.vector(vx1, vy1)
                (px[n], py[n], ex[n], ey[n], evx[n], evy[n]) = (
                    Float(p0.0), Float(p0.1), Float(p1.0), Float(p1.1), Float(v.0), Float(v.1)
                )
            }
            slots[n] = Int32(i)
            n += 1
        }
        return n
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
    /// velocity is the body's less one step of gravity; the body keeps its own (remembered in the
    /// tracker), and the next step adds to it only what the emitter changed.
    private func readBodies(
        _ group: ParticleBodyGroup, _ b: ParticleBuffers, inverse: PlaneMap, identity: Bool,
        gravityStep: (Double, Double)
    ) {
        bodySlots.removeAll(keepingCapacity: true)
        // The scratch's slot column holds each read body's particle, so no list is allocated per step.
        scratch.reserve(b.count)
        let s = scratch
        for i in 0..<b.count where tracker.tag[i] >= 0 && b.isAlive(i) {
            s.slot[bodySlots.count] = Int32(i)
            bodySlots.append(tracker.tag[i])
        }
        let n = bodySlots.count
        guard n > 0 else { return }
        bodySlots.withUnsafeBufferPointer { slots in
            guard let first = slots.baseAddress else { return }
            group.read(slots: first, count: n, x: s.x, y: s.y, vx: s.vx, vy: s.vy)
        }
        let gx = Float(gravityStep.0)
        let gy = Float(gravityStep.1)
        for k in 0..<n {
            let i = Int(s.slot[k])
            tracker.a[i] = s.vx[k]
            tracker.b[i] = s.vy[k]
            s.vx[k] -= gx
            s.vy[k] -= gy
            if identity {
                (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (s.x[k], s.y[k], s.vx[k], s.vy[k])
            } else {
                let p = inverse.point(Double(s.x[k]), Double(s.y[k]))
                let v = inverse.vector(Double(s.vx[k]), Double(s.vy[k]))
                (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (Float(p.0), Float(p.1), Float(v.0), Float(v.1))
            }
        }
    }
}
