import Foundation

/// Building the physics of a loaded scene: the world and its walls, the layers' bodies, the cells'
/// physics, the fields and the joints (docs/SceneFormat.md, "Physics").
extension PhysicsCoupling {
    // MARK: - World

    /// The physics of `scene`, or nil when it has none. Every failure names the scene's part and the fix.
    static func make(scene: Scene, root: CALayer, viewSize: CGSize) throws -> PhysicsCoupling? {
        let hasPhysics =
            scene.physics != nil || !scene.bodies.isEmpty || !scene.cellPhysics.isEmpty
            || !scene.fields.isEmpty || !scene.constraints.isEmpty
        guard hasPhysics else { return nil }
        let p = scene.physics ?? PhysicsDescription()
        let world: PhysicsWorld
        do {
            world = try PhysicsWorld(gravity: p.gravity)
            try world.setIterations(p.iterations)
            try world.setDamping(p.damping)
            try world.setSleepTimeThreshold(p.sleepTimeThreshold)
            try world.setIdleSpeedThreshold(p.idleSpeedThreshold)
            try world.setCollisionSlop(p.collisionSlop)
        } catch {
            throw EngineError.invalidSetting("physics: \(error)")
        }
        let coupling = PhysicsCoupling(world: world)
        if let walls = p.walls { try coupling.addWalls(walls, size: viewSize) }
        for (i, entry) in scene.bodies.enumerated() { try coupling.addBody(entry, index: i, root: root) }
        for (i, c) in scene.constraints.enumerated() { try coupling.addConstraint(c, index: i, root: root) }
        for entry in scene.cellPhysics {
            do {
                try coupling.couple(entry.cell, of: entry.emitter, physics: entry.physics)
            } catch {
                throw EngineError.invalidSetting(
                    "physics of cell '\(entry.cell.name ?? "?")' of emitter '\(entry.emitter.name ?? "?")': \(error)")
            }
        }
        for (i, f) in scene.fields.enumerated() {
            let field = try PhysicsField.make(from: f, index: i)
            if let name = f.layerName {
                guard let layer = root.layer(named: name) else {
                    throw EngineError.notFound("fields[\(i)]: no layer named '\(name)'")
                }
                field.layer = layer
            }
            coupling.fields.append(field)
        }
        return coupling
    }

    /// Static segments along the display's edges, on the world's static body.
    func addWalls(_ walls: PhysicsDescription.Walls, size: CGSize) throws {
        let w = Double(size.width)
        let h = Double(size.height)
        for side in walls.sides {
            let (a, b): (CGPoint, CGPoint)
            switch side {
            case .left: (a, b) = (CGPoint(x: 0, y: 0), CGPoint(x: 0, y: h))
            case .right: (a, b) = (CGPoint(x: w, y: 0), CGPoint(x: w, y: h))
            case .top: (a, b) = (CGPoint(x: 0, y: 0), CGPoint(x: w, y: 0))
            case .bottom: (a, b) = (CGPoint(x: 0, y: h), CGPoint(x: w, y: h))
            }
            do {
                let shape = try world.staticBody.addShape(
                    .segment(from: a, to: b, radius: walls.radius),
                    friction: walls.friction, elasticity: walls.elasticity)
                shape.name = "wall.\(side.rawValue)"
            } catch {
                throw EngineError.invalidSetting("physics.walls (\(side.rawValue)): \(error)")
            }
        }
    }

    // MARK: - Bodies

    /// The body a layer describes, placed at the layer and attached to it.
    func addBody(_ entry: Scene.LayerBody, index: Int, root: CALayer) throws {
        let d = entry.body
        let place = "body of layer '\(entry.layer.name ?? "#\(index)")'"
        do {
            let type: PhysicsBody.BodyType
            switch d.type {
            case .dynamic: type = .dynamic
            case .kinematic: type = .kinematic
            case .static: type = .static
            }
            let body = try PhysicsBody(
                type: type, mass: type == .dynamic ? d.mass : nil,
                moment: type == .dynamic && d.mass != nil ? d.moment : nil)
            let geometry: ShapeGeometry
            switch d.shape {
            case .circle(let radius): geometry = .circle(radius: radius)
            case .box(let size, let radius):
                geometry = .box(width: Double(size.width), height: Double(size.height), cornerRadius: radius)
            case .polygon(let vertices, let radius): geometry = .polygon(vertices: vertices, cornerRadius: radius)
            case .segment(let a, let b, let radius): geometry = .segment(from: a, to: b, radius: radius)
            }
            let shape = try body.addShape(
                geometry, friction: d.friction, elasticity: d.elasticity, density: d.density ?? 1)
            shape.isSensor = d.isSensor
            shape.filter = CollisionFilter(group: UInt(d.group), categories: d.categories, mask: d.mask)
            if let name = d.collisionType { shape.collisionType = collisionType(named: name) }
            shape.name = entry.layer.name
            try attach(body, to: entry.layer, root: root)
            if type != .static {
                if d.velocity.dx != 0 || d.velocity.dy != 0 { try body.setVelocity(d.velocity) }
                if d.angularVelocity != 0 { try body.setAngularVelocity(d.angularVelocity) }
            }
        } catch let error as EngineError {
            throw EngineError.invalidSetting("\(place): \(error)")
        } catch {
            throw EngineError.invalidSetting("\(place): \(error)")
        }
    }

    // MARK: - Constraints

    /// A joint between two layers' bodies (or a body and the world).
    func addConstraint(_ c: ConstraintDescription, index: Int, root: CALayer) throws {
        let place = "constraints[\(index)]" + (c.name.map { " (\($0))" } ?? "")
        func body(named name: String) throws -> PhysicsBody {
            guard let layer = root.layer(named: name), let b = self.body(of: layer) else {
                throw EngineError.notFound("\(place): no layer named '\(name)' with a body")
            }
            return b
        }
        let a = try body(named: c.bodyA)
        let b = try c.bodyB.map { try body(named: $0) } ?? world.staticBody
        do {
            let joint: PhysicsConstraint
            switch c.type {
            case .pin: joint = try PinJoint(a, b, anchorA: c.anchorA, anchorB: c.anchorB)
            case .slide: joint = try SlideJoint(a, b, anchorA: c.anchorA, anchorB: c.anchorB, min: c.min, max: c.max)
            case .pivot:
                if let pivot = c.pivot {
                    joint = try PivotJoint(a, b, pivot: pivot)
                } else {
                    joint = try PivotJoint(a, b, anchorA: c.anchorA, anchorB: c.anchorB)
                }
            case .groove: joint = try GrooveJoint(a, b, grooveFrom: c.grooveA, grooveTo: c.grooveB, anchorB: c.anchorB)
            case .dampedSpring:
                joint = try DampedSpring(
                    a, b, anchorA: c.anchorA, anchorB: c.anchorB, restLength: c.restLength,
                    stiffness: c.stiffness, damping: c.damping)
            case .dampedRotarySpring:
                joint = try DampedRotarySpring(a, b, restAngle: c.restAngle, stiffness: c.stiffness, damping: c.damping)
            case .rotaryLimit: joint = try RotaryLimitJoint(a, b, min: c.min, max: c.max)
            case .ratchet: joint = try RatchetJoint(a, b, phase: c.phase, ratchet: c.ratchet)
            case .gear: joint = try GearJoint(a, b, phase: c.phase, ratio: c.ratio)
            case .simpleMotor: joint = try SimpleMotor(a, b, rate: c.rate)
            }
            try joint.setMaxForce(c.maxForce)
            try joint.setMaxBias(c.maxBias)
            try joint.setErrorBias(c.errorBias)
            joint.collideBodies = c.collideBodies
            try world.add(joint)
        } catch {
            throw EngineError.invalidSetting("\(place): \(error)")
        }
    }
}
