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
        self.emitter = emitter
        self.cell = cell
        self.physics = physics
        filter = CollisionFilter(categories: physics.categories, mask: physics.mask)
        var subcells: [CAEmitterCell] = []
        for name in physics.contactCells {
            guard let sub = cell.emitterCells?.first(where: { $0.name == name }) else {
                throw EngineError.notFound("cell '\(cell.name ?? "?")' of emitter '\(emitter.name ?? "?")' has no sub-cell '\(name)' for contactCells")
            }
            // Contact cells emit only at contacts, not continuously from every particle.
            sub.birthRate = 0
            subcells.append(sub)
        }
        contactCells = subcells
        if physics.mode == .body {
            guard (1...100_000).contains(physics.maxBodies) else {
                throw EngineError.invalidSetting("cell '\(cell.name ?? "?")' physics.maxBodies: expected 1…100000 particle bodies, got \(physics.maxBodies); body-mode particles are real bodies, keep the budget to hundreds or thousands")
            }
            group = try world.makeParticleBodyGroup(budget: physics.maxBodies, friction: physics.friction,
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
                    if let slot = try group.spawn(position: CGPoint(x: wx, y: wy), velocity: CGVector(dx: wvx, dy: wvy),
                                                  radius: radius, mass: mass) {
                        tracker.tag[i] = Int32(slot)
                    }
                }
            }
            try bodySlots.withUnsafeBufferPointer { s in
                try dvx.withUnsafeBufferPointer { x in
                    try dvy.withUnsafeBufferPointer { y in
                        try group.addVelocity(slots: s.baseAddress!, count: s.count, dvx: x.baseAddress!, dvy: y.baseAddress!)
                    }
                }
            }
        }
    }

    // MARK: - After the world step

    /// Moves the particles after the world stepped: body-mode particles take their bodies' positions
    /// and velocities; the others (all of a collide-mode cell, the bodyless ones of a body-mode cell)
    /// are swept from where they were at the start of the step. Contacts kill, stop or burst.
    ///
    /// - Parameters:
    ///   - elapsed: the emitter's local time covered by this engine step, seconds.
    /// - Returns: the number of particle contacts.
    func afterWorldStep(sim: EmitterSimulation, map: PlaneMap, elapsed: Double, world: PhysicsWorld, step: Int64,
                        report: ((ParticleContactEvent) -> Void)?, layerOf: (PhysicsBody) -> CALayer?) throws -> Int {
        let isBodyMode = group != nil
        let stick = physics.mode == .collide && physics.onContact == .stick
        let inverse = map.inverted
        let identity = map.isIdentity
        var contactCount = 0
        var bursts: [(x: Double, y: Double, dx: Double, dy: Double)] = []
        localRadiusInWorld = localRadius * map.scale
        try sim.withParticleBuffers(ofCell: cell) { b in
            if stick {
                tracker.follow(b) { _ in }
            }
            if isBodyMode, let group { readBodies(group, b, inverse: inverse, identity: identity) }
            guard elapsed > 0 else {
                if stick || isBodyMode { tracker.record(b) }
                return
            }
            // Gather the particles to sweep, with their positions at the start of the step.
            let ax = Double(cell.xAcceleration), ay = Double(cell.yAcceleration)
            scratch.reserve(b.count)
            let s = scratch
            var n = 0
            for i in 0..<b.count where b.isAlive(i) {
                if isBodyMode && tracker.tag[i] >= 0 { continue }
                if stick && tracker.tag[i] == 1 {
                    // A stuck particle stays where it stuck (world position, back in the emitter's space).
                    let (lx, ly) = inverse.point(Double(tracker.a[i]), Double(tracker.b[i]))
                    (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (Float(lx), Float(ly), 0, 0)
                    continue
                }
                let t = min(elapsed, max(0, b.age(i)))
                let x = Double(b.x[i]), y = Double(b.y[i]), vx = Double(b.vx[i]), vy = Double(b.vy[i])
                let x0 = x - vx * t + 0.5 * ax * t * t, y0 = y - vy * t + 0.5 * ay * t * t
                if identity {
                    (s.px[n], s.py[n], s.x[n], s.y[n], s.vx[n], s.vy[n]) = (Float(x0), Float(y0), b.x[i], b.y[i], b.vx[i], b.vy[i])
                } else {
                    let p0 = map.point(x0, y0), p1 = map.point(x, y), v = map.vector(vx, vy)
                    (s.px[n], s.py[n], s.x[n], s.y[n], s.vx[n], s.vy[n]) = (Float(p0.0), Float(p0.1), Float(p1.0), Float(p1.1), Float(v.0), Float(v.1))
                }
                s.slot[n] = Int32(i)
                n += 1
            }
            contacts.removeAll(keepingCapacity: true)
            if n > 0 {
                let options = ParticleCollisionOptions(radius: Float(localRadius * map.scale), elasticity: Float(physics.elasticity),
                                                       friction: Float(stick ? 1e6 : physics.friction), filter: filter,
                                                       dt: min(1, elapsed), maximumBounces: 2)
                try world.particleCollider.collide(count: n, previousX: s.px, previousY: s.py, x: s.x, y: s.y, vx: s.vx, vy: s.vy,
                                                   options: options, contacts: &contacts)
            }
            contactCount = contacts.count
            let response = physics.mode == .collide ? physics.onContact : .bounce
            let (awx, awy) = map.vector(ax, ay)
            for c in contacts {
                let k = Int(c.index), i = Int(s.slot[k])
                if awx != 0 || awy != 0 {
                    correctBounce(c, k: k, end: map.point(Double(b.x[i]), Double(b.y[i])), acceleration: (awx, awy), elapsed: elapsed)
                }
                // Write back what the sweep changed.
                if identity {
                    (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (s.x[k], s.y[k], s.vx[k], s.vy[k])
                } else {
                    let p = inverse.point(Double(s.x[k]), Double(s.y[k])), v = inverse.vector(Double(s.vx[k]), Double(s.vy[k]))
                    (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (Float(p.0), Float(p.1), Float(v.0), Float(v.1))
                }
                switch response {
                case .bounce: break
                case .die: try sim.kill(slot: i, ofCell: cell)
                case .stick:
                    // Rest at the contact point, off the surface by the radius.
                    let r = Float(localRadius * map.scale) + 0.01
                    let wx = c.x + c.normalX * r, wy = c.y + c.normalY * r
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
                    report(ParticleContactEvent(emitter: emitter, cell: cell, point: CGPoint(x: Double(c.x), y: Double(c.y)),
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
                try sim.spawn(count: physics.contactBurst, ofCell: sub, at: (burst.x, burst.y, Double(emitter.emitterZPosition)),
                              direction: (burst.dx, burst.dy, 0))
            }
        }
        return contactCount
    }

    /// The sweep moves particles in straight lines and reflects the velocity at the end of the step,
    /// which already holds the whole step's acceleration; the part gained after the contact should not
    /// be reflected. Along the normal, (1 + e)·(a·n)·(1 − f)·T is put back, f being the fraction of the
    /// step before the contact, so a bounce reaches e² × the drop height instead of gaining a step of
    /// gravity at every bounce.
    private func correctBounce(_ c: ParticleContact, k: Int, end: (Double, Double), acceleration a: (Double, Double), elapsed: Double) {
        let s = scratch
        let nx = Double(c.normalX), ny = Double(c.normalY)
        let an = a.0 * nx + a.1 * ny
        guard an < 0 else { return }
        let r = localRadiusInWorld
        let cx = Double(c.x) + nx * r, cy = Double(c.y) + ny * r
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
    private func readBodies(_ group: ParticleBodyGroup, _ b: ParticleBuffers, inverse: PlaneMap, identity: Bool) {
        bodySlots.removeAll(keepingCapacity: true)
        var particles: [Int] = []
        for i in 0..<b.count where tracker.tag[i] >= 0 && b.isAlive(i) {
            bodySlots.append(tracker.tag[i])
            particles.append(i)
        }
        let n = bodySlots.count
        guard n > 0 else { return }
        scratch.reserve(n)
        let s = scratch
        bodySlots.withUnsafeBufferPointer { slots in
            group.read(slots: slots.baseAddress!, count: n, x: s.x, y: s.y, vx: s.vx, vy: s.vy)
        }
        for (k, i) in particles.enumerated() {
            tracker.a[i] = s.vx[k]
            tracker.b[i] = s.vy[k]
            if identity {
                (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (s.x[k], s.y[k], s.vx[k], s.vy[k])
            } else {
                let p = inverse.point(Double(s.x[k]), Double(s.y[k])), v = inverse.vector(Double(s.vx[k]), Double(s.vy[k]))
                (b.x[i], b.y[i], b.vx[i], b.vy[i]) = (Float(p.0), Float(p.1), Float(v.0), Float(v.1))
            }
        }
    }
}
