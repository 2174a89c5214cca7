import Foundation

/// Physics coupling (docs/Design.md §4, docs/Physics.md "Engine coupling"): the world steps after the
/// emitters in every fixed step; bodies drive layers; particles collide with or become bodies; fields
/// push both; events reach Swift code.
///
/// The world's coordinates are the root layer's: bodies, fields and contact points are in root-layer
/// points (y down), whatever layers the bodies move or the particles belong to.
extension Engine {
    // MARK: - The world

    /// The physics world, made (with no gravity) on first use when the scene had no `physics` section.
    /// Root-layer points, seconds, y down.
    public var physicsWorld: PhysicsWorld { physicsCoupling().world }

    /// Whether the engine has a physics world (a scene's `physics` section, or `physicsWorld` was used).
    public var hasPhysicsWorld: Bool { physics != nil }

    func physicsCoupling() -> PhysicsCoupling {
        if let physics { return physics }
        let made = PhysicsCoupling(world: PhysicsWorld.withoutGravity())
        physics = made
        return made
    }

    // MARK: - Bodies and layers

    /// Attaches `body` to `layer` (a layer of the engine's tree): the body is placed at the layer's
    /// position and angle (in root coordinates) and added to the world if it is not in it; from then
    /// on a dynamic body moves the layer every frame, and a kinematic body follows the layer (its
    /// animations included). Returns the body.
    @discardableResult
    public func attach(_ body: PhysicsBody, to layer: CALayer) throws -> PhysicsBody {
        try physicsCoupling().attach(body, to: layer.model(), root: rootLayer)
        return body
    }

    /// Stops `body` driving its layer and removes it from the world. A body of the world that drives no
    /// layer is removed; a body of no world or another world is left alone.
    ///
    /// A layer that a dynamic or kinematic body moved keeps the body's position and angle at the last
    /// fixed step (not the placement interpolated for the last frame, which depends on the frame rate).
    /// - Throws: the world's refusal (`PhysicsError`) when the body cannot be removed (inside a step).
    public func detach(_ body: PhysicsBody) throws {
        guard let physics else { return }
        if let layer = physics.layer(of: body) {
            try physics.detach(from: layer, root: rootLayer)
        } else if body.world === physics.world {
            try physics.world.remove(body)
        }
    }

    /// The body attached to `layer`, if any.
    public func body(of layer: CALayer) -> PhysicsBody? { physics?.body(of: layer.model()) }

    /// The layer a body moves, if it is attached to one.
    public func layer(of body: PhysicsBody) -> CALayer? { physics?.layer(of: body) }

    /// The bodies attached to layers, in attachment order (a scene's bodies first, in document order).
    public var attachedBodies: [PhysicsBody] { layerBodies.map(\.body) }

    /// The links of bodies and their layers, in attachment order.
    package var layerBodies: [LayerBody] { physics?.layerBodies ?? [] }

    // MARK: - Cells

    /// Couples a cell of `emitter` to the world in `collide` or `body` mode (replacing an earlier
    /// coupling of the cell). The cell may be at any depth of the emitter's cells.
    public func setPhysics(_ physics: CellPhysicsDescription, of cell: CAEmitterCell, in emitter: CAEmitterLayer) throws
    {
        try physicsCoupling().couple(cell, of: emitter.model(), physics: physics)
    }

    /// Ends the coupling of a cell; its particle bodies leave the world.
    public func removePhysics(of cell: CAEmitterCell) throws { try physics?.uncouple(cell) }

    // MARK: - Fields

    /// The force fields, in order (the scene's first). Change a field's properties between steps to
    /// animate it.
    public var fields: [PhysicsField] { physics?.fields ?? [] }

    /// Adds a force field.
    public func addField(_ field: PhysicsField) throws {
        try field.field.validate()
        physicsCoupling().fields.append(field)
    }

    /// Removes a force field.
    public func removeField(_ field: PhysicsField) { physics?.fields.removeAll { $0 === field } }

    /// The first field called `name`.
    public func field(named name: String) -> PhysicsField? { physics?.fields.first { $0.name == name } }

    // MARK: - Hooks of the frame loop

    /// Steps the physics world (when the engine has one) and couples particles to it.
    func stepPhysics(_ step: FixedStep) {
        guard let physics else { return }
        do {
            try physics.step(
                step, stepEndMediaTime: startTime + step.time + step.duration, root: rootLayer,
                emitters: emitters, emitterIndex: emitterIndex, onEvent: onPhysicsEvent)
        } catch {
            // Once per distinct problem: a bad field or body value would otherwise repeat every step.
            let message = "physics step \(step.index): \(error)"
            if physics.lastReportedError != "\(error)" {
                physics.lastReportedError = "\(error)"
                onWarning?(message)
            }
        }
    }

    /// Writes each dynamic body's interpolated position and angle into its layer.
    func syncBodiesToLayers(fraction: Double) {
        physics?.syncLayers(fraction: fraction, root: rootLayer)
    }

    /// Number of physics bodies: layers' bodies, bodies added by code and live particle bodies.
    var bodyCount: Int { physics?.bodyCount ?? 0 }

    /// The layers whose position and transform bodies write between steps (dynamic and kinematic bodies).
    var bodyMovedLayers: Set<ObjectIdentifier> {
        Set(layerBodies.filter { $0.body.type != .static }.map { ObjectIdentifier($0.layer) })
    }

    /// Mixes the physics state into the state hash.
    func hashPhysics(into hasher: inout StateHasher) {
        guard let physics else { return }
        physics.world.hash(into: &hasher)
    }

    // MARK: - Scene step

    /// The fixed step for `scene`: its `physics.step`, or `requested` when it agrees (or 1/120 s).
    static func fixedStep(for scene: Scene, requested: CFTimeInterval?) throws -> CFTimeInterval {
        guard let sceneStep = scene.physics?.step else { return requested ?? 1.0 / 120.0 }
        guard let requested else { return sceneStep }
        guard abs(requested - sceneStep) <= 1e-12 * max(1, sceneStep) else {
            throw EngineError.invalidSetting(
                "the engine's fixed step \(requested) s differs from the scene's physics.step \(sceneStep) s; leave the engine's step out to use the scene's, or change physics.step"
            )
        }
        return sceneStep
    }
}
