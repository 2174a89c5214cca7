import Foundation

/// The engine's physics: the world, the bodies that move layers, the cells coupled to the world and
/// the force fields, stepped once per fixed step after the emitters (docs/Physics.md, "Engine
/// coupling"). Made from a scene's physics sections, or on demand by `Engine.physicsWorld`.
final class PhysicsCoupling {
    // MARK: - Parts

    /// The world; its coordinates are the root layer's.
    let world: PhysicsWorld
    /// Bodies attached to layers, in attach order.
    private(set) var layerBodies: [LayerBody] = []
    private var layerBodyIndex: [ObjectIdentifier: LayerBody] = [:]
    private var bodyLayers: [ObjectIdentifier: CALayer] = [:]
    /// Cells coupled to the world, in coupling order.
    private(set) var cells: [CellCoupling] = []
    /// Force fields, in order.
    var fields: [PhysicsField] = []
    /// Collision type names (scene `collisionType`) and their numbers (from 1, in order of first use).
    private(set) var collisionTypes: [String: UInt] = [:]

    private let fieldScratch = ScratchColumns()
    /// Fixed steps between the last two layer syncs, and since the last one (the time a drag took).
    private var stepsInLastFrame = 0, stepsSinceSync = 0
    /// The last step error told to the engine's `onWarning` (each distinct one is told once).
    var lastReportedError: String?

    // MARK: - Creating

    init(world: PhysicsWorld) { self.world = world }

    // MARK: - Membership

    /// The body of `layer` (a model layer), if it has one.
    func body(of layer: CALayer) -> PhysicsBody? { layerBodyIndex[ObjectIdentifier(layer)]?.body }

    /// The layer a body moves, if any.
    func layer(of body: PhysicsBody) -> CALayer? { bodyLayers[ObjectIdentifier(body)] }

    /// Attaches `body` to `layer`: places the body at the layer's position and angle (root coordinates)
    /// and adds it to the world if it is not there yet.
    func attach(_ body: PhysicsBody, to layer: CALayer, root: CALayer) throws {
        guard layerBodyIndex[ObjectIdentifier(layer)] == nil else {
            throw EngineError.invalidSetting("layer '\(layer.name ?? "?")' already has a body; detach it first")
        }
        if let w = body.world, w !== world {
            throw EngineError.invalidSetting("the body belongs to another physics world")
        }
        guard let (p, angle) = LayerBody.worldPlacement(of: layer, superlayer: layer.superlayer, root: root) else {
            throw EngineError.invalidSetting(
                "layer '\(layer.name ?? "?")' has no finite position in the root layer's coordinates")
        }
        try body.setPosition(p)
        try body.setAngle(angle)
        if body.world == nil { try world.add(body) }
        body.owner = layer
        // Physics-driven layers never animate implicitly (docs/Time.md): moved by code, a kinematic
        // body's layer jumps and the body follows at once.
        layer.allowsImplicitAnimations = false
        if body.name == nil { body.name = layer.name }
        let link = LayerBody(layer: layer, body: body)
        link.lastPlacement = (p, angle)
        layerBodies.append(link)
        layerBodyIndex[ObjectIdentifier(layer)] = link
        bodyLayers[ObjectIdentifier(body)] = layer
    }

    /// Detaches and removes the body of `layer`. Returns it.
    @discardableResult
    func detach(from layer: CALayer, root: CALayer) throws -> PhysicsBody? {
        guard let link = layerBodyIndex.removeValue(forKey: ObjectIdentifier(layer)) else { return nil }
        if link.body.type != .static {
            // Between steps the layer shows the body interpolated for the frame, which depends on the frame
            // rate; a layer left behind keeps the body's placement at the last step instead.
            CATransaction.performWithoutActions {
                link.write(position: link.body.position, angle: link.body.angle, root: root)
            }
        }
        layerBodies.removeAll { $0 === link }
        bodyLayers[ObjectIdentifier(link.body)] = nil
        if link.body.world === world { try world.remove(link.body) }
        return link.body
    }

    /// Couples a cell of an emitter to the world (replacing an earlier coupling of the same cell).
    func couple(_ cell: CAEmitterCell, of emitter: CAEmitterLayer, physics: CellPhysicsDescription) throws {
        try uncouple(cell)
        cells.append(try CellCoupling(emitter: emitter, cell: cell, physics: physics, world: world))
    }

    /// Ends a cell's coupling (its particle bodies leave the world).
    func uncouple(_ cell: CAEmitterCell) throws {
        guard let i = cells.firstIndex(where: { $0.cell === cell }) else { return }
        if let g = cells[i].group { try world.removeParticleBodyGroup(g) }
        cells.remove(at: i)
    }

    /// The number for a collision type name.
    func collisionType(named name: String) -> UInt {
        if let n = collisionTypes[name] { return n }
        let n = UInt(collisionTypes.count + 1)
        collisionTypes[name] = n
        return n
    }

    // MARK: - Counting

    /// Bodies in the world: layers' bodies, other bodies added by code, and live particle bodies (the
    /// world's own static body, which holds the walls, is not counted).
    var bodyCount: Int {
        world.bodies.count - (world.hasStaticBody ? 1 : 0) + cells.reduce(0) { $0 + ($1.group?.liveCount ?? 0) }
    }

    // MARK: - Stepping

    /// One fixed step after the emitters: kinematic targets, fields on bodies, particle bodies, the
    /// world step, particle sweeps, fields on particles, events.
    func step(
        _ step: FixedStep, stepEndMediaTime: Double, root: CALayer, emitters: [EmitterRuntime],
        emitterIndex: [ObjectIdentifier: EmitterRuntime], onEvent: ((PhysicsEvent) -> Void)?
    ) throws {
        let dt = step.duration
        // Kinematic bodies follow their layers' presented geometry at the end of the step.
        for link in layerBodies {
            switch link.body.type {
            case .kinematic: try link.driveKinematic(stepEndMediaTime: stepEndMediaTime, root: root)
            case .dynamic: try link.followMovedLayer(interval: Double(max(1, stepsInLastFrame)) * dt, root: root)
            case .static: break
            }
        }
        stepsSinceSync += 1
        for field in fields { updatePosition(of: field, at: stepEndMediaTime, root: root) }
        try applyFieldsToBodies(time: world.time)

        var maps: [ObjectIdentifier: PlaneMap] = [:]
        func map(of emitter: CAEmitterLayer) -> PlaneMap {
            let id = ObjectIdentifier(emitter)
            if let m = maps[id] { return m }
            let m = PlaneMap.from(emitter, to: root) ?? .identity
            maps[id] = m
            return m
        }
        for c in cells where c.group != nil {
            guard let runtime = emitterIndex[ObjectIdentifier(c.emitter)] else {
                try c.releaseBodies()
                continue
            }
            try c.prepareBodies(sim: runtime.simulation, map: map(of: c.emitter))
        }

        try world.step(dt)

        if let onEvent {
            for e in world.collisionEvents {
                onEvent(.collision(e, layerA: layer(of: e.bodyA), layerB: layer(of: e.bodyB)))
            }
        }
        let g = world.gravity
        let gravityStep = (Double(g.dx) * dt, Double(g.dy) * dt)
        let report: ((ParticleContactEvent) -> Void)? = onEvent.map { handler in { handler(.particleContact($0)) } }
        for c in cells {
            guard let runtime = emitterIndex[ObjectIdentifier(c.emitter)] else { continue }
            try c.afterWorldStep(
                sim: runtime.simulation, map: map(of: c.emitter), gravityStep: gravityStep, world: world,
                step: step.index, report: report, layerOf: { [unowned self] in self.layer(of: $0) })
        }
        try applyFieldsToParticles(emitters: emitters, time: world.time, dt: dt, map: map)
    }

    // MARK: - Fields

    private func updatePosition(of field: PhysicsField, at time: Double, root: CALayer) {
        guard let layer = field.layer else { return }
        let shown = layer.presentationCopy(atTime: time)
        guard let (p, _) = LayerBody.worldPlacement(of: shown, superlayer: layer.superlayer, root: root) else { return }
        field.field.position = p
    }

    /// Fields push dynamic bodies with mass × acceleration at their centre of gravity.
    private func applyFieldsToBodies(time: Double) throws {
        let active = fields.filter { $0.affectsBodies && $0.field.isEnabled }
        guard !active.isEmpty else { return }
        for body in world.bodies where body.type == .dynamic {
            let categories = body.shapes.reduce(UInt32(0)) { $0 | $1.filter.categories }
            let cog = body.convertToWorld(body.centerOfGravity)
            let v = body.velocity
            var ax = 0.0
            var ay = 0.0
            for f in active where categories & f.categoryMask != 0 {
                let a = f.field.acceleration(at: cog, velocity: v, time: time)
                ax += Double(a.dx)
                ay += Double(a.dy)
            }
            guard ax != 0 || ay != 0 else { continue }
            try body.applyForce(CGVector(dx: ax * body.mass, dy: ay * body.mass), at: cog)
        }
    }

    /// Fields change every live particle's velocity (in world coordinates); the change reaches the
    /// positions in the next step, and body-mode particles pass it to their bodies. A coupled cell's
    /// particles are still in world coordinates from its sweep (`CellCoupling.applyFields`).
    private func applyFieldsToParticles(
        emitters: [EmitterRuntime], time: Double, dt: Double,
        map: (CAEmitterLayer) -> PlaneMap
    ) throws {
        let active = fields.filter { $0.affectsParticles && $0.field.isEnabled }
        guard !active.isEmpty else { return }
        var coupled: [ObjectIdentifier: CellCoupling] = [:]
        for c in cells { coupled[ObjectIdentifier(c.cell)] = c }
        for e in emitters {
            let m = map(e.layer)
            let inverse = m.inverted
            for cell in e.layer.allCells {
                do {
                    if let c = coupled[ObjectIdentifier(cell)], c.emitter === e.layer,
                        try c.applyFields(active, sim: e.simulation, map: m, inverse: inverse, time: time, dt: dt)
                    {
                        continue
                    }
                    try applyFields(active, to: cell, of: e.simulation, map: m, inverse: inverse, time: time, dt: dt)
                } catch is EmitterSimulationError {
                    // A cell added since the emitter's last step has no particles yet.
                }
            }
        }
    }

    private func applyFields(
        _ active: [PhysicsField], to cell: CAEmitterCell, of sim: EmitterSimulation, map m: PlaneMap,
        inverse: PlaneMap, time: Double, dt: Double
    ) throws {
        try sim.withStepView(ofCell: cell) { b in
            guard b.count > 0 else { return }
            if m.isIdentity {
                for f in active {
                    try f.field.apply(count: b.count, x: b.x, y: b.y, vx: b.vx, vy: b.vy, dt: dt, time: time)
                }
                return
            }
            let s = fieldScratch
            s.reserve(b.count)
            for i in 0..<b.count {
                let p = m.point(Double(b.x[i]), Double(b.y[i]))
                let v = m.vector(Double(b.vx[i]), Double(b.vy[i]))
                (s.x[i], s.y[i], s.vx[i], s.vy[i]) = (Float(p.0), Float(p.1), Float(v.0), Float(v.1))
            }
            for f in active {
                try f.field.apply(count: b.count, x: s.x, y: s.y, vx: s.vx, vy: s.vy, dt: dt, time: time)
            }
            for i in 0..<b.count {
                let v = inverse.vector(Double(s.vx[i]), Double(s.vy[i]))
                (b.vx[i], b.vy[i]) = (Float(v.0), Float(v.1))
            }
        }
    }

    // MARK: - Drawing

    /// Writes every dynamic body's interpolated position and angle into its layer (actions disabled),
    /// and those of kinematic bodies moving by their own velocity; kinematic bodies that follow their
    /// layers, and static ones, leave their layers alone.
    func syncLayers(fraction: Double, root: CALayer) {
        if stepsSinceSync > 0 {
            stepsInLastFrame = stepsSinceSync
            stepsSinceSync = 0
        }
        CATransaction.performWithoutActions {
            for link in layerBodies {
                switch link.body.type {
                case .dynamic:
                    link.write(
                        position: link.body.interpolatedPosition(fraction),
                        angle: link.body.interpolatedAngle(fraction), root: root)
                case .kinematic:
                    link.showKinematic(fraction: fraction, root: root)
                case .static:
                    break
                }
            }
        }
    }
}
