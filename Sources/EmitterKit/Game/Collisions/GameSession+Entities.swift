import Foundation

/// Entities (a layer with its body) that come and go in one call, named collision categories and typed
/// collision handlers.
///
/// Changing the world from a collision handler, `physicsEvent` or a timer is safe: events are delivered
/// after the world's step has returned (docs/Design.md §4.5), so a body removed or added there is gone or
/// present from the next step on.
extension GameSession {
    // MARK: - Entities

    /// Adds `layer` to `parent` (default: the root, below the HUD) and, with a `body`, attaches the body to
    /// it (`attach(_:to:)`: set the layer's position first) and gives the body's shapes `category`.
    /// - Throws: the world's refusal of the body (`EngineError`, `PhysicsError`); the layer is then not added.
    public func add(
        _ layer: CALayer, body: PhysicsBody? = nil, category: CollisionCategory? = nil, to parent: CALayer? = nil
    ) throws {
        let container = parent ?? rootLayer
        if let hud = run.camera.hudIfMade, container === rootLayer, hud.superlayer === rootLayer {
            rootLayer.insertSublayer(layer, below: hud)
        } else {
            container.addSublayer(layer)
        }
        guard let body else { return }
        do {
            if let category { try setCategory(category, of: body) }
            try attach(body, to: layer)
        } catch {
            layer.removeFromSuperlayer()
            throw error
        }
    }

    /// Removes `layer` from the tree together with the bodies attached to it or to any layer under it, and
    /// stops the emitters of that subtree following bodies. Removing a layer that is not in the tree
    /// removes its bodies only.
    /// - Throws: the world's refusal (`PhysicsError`) when a body cannot be removed.
    public func remove(_ layer: CALayer) throws {
        let model = layer.model()
        for body in attachedBodies {
            guard let owner = engine.layer(of: body), Self.isLayer(owner, inSubtreeOf: model) else { continue }
            try engine.detach(body)
        }
        run.mounts.removeAll { Self.isLayer($0.emitter, inSubtreeOf: model) }
        model.removeFromSuperlayer()
    }

    /// Removes `body` from the world and, when it moves a layer, that layer from the tree; emitters
    /// mounted on the body stop following it (and stay where they are).
    /// - Throws: the world's refusal (`PhysicsError`) when the body cannot be removed.
    public func remove(_ body: PhysicsBody) throws {
        let layer = engine.layer(of: body)
        try detach(body)
        run.mounts.removeAll { $0.body === body }
        layer?.removeFromSuperlayer()
    }

    private static func isLayer(_ layer: CALayer, inSubtreeOf top: CALayer) -> Bool {
        var current: CALayer? = layer
        while let l = current {
            if l === top { return true }
            current = l.superlayer
        }
        return false
    }

    // MARK: - Categories

    /// Gives every shape of `body` the collision category `category` (add the shapes first).
    /// - Throws: `GameError.invalidSetting` for a body without shapes.
    public func setCategory(_ category: CollisionCategory, of body: PhysicsBody) throws {
        guard !body.shapes.isEmpty else {
            throw GameError.invalidSetting(
                "GameSession.setCategory(\(category), of: body '\(body.name ?? "?")'): the body has no shapes; add its shapes first"
            )
        }
        let number = collisionTypeNumber(category)
        for shape in body.shapes { shape.collisionType = number }
    }

    /// Gives one shape the collision category `category` (a wall of the world's static body, say).
    public func setCategory(_ category: CollisionCategory, of shape: PhysicsShape) {
        shape.collisionType = collisionTypeNumber(category)
    }

    /// The category of `shape`, or nil when it has none (collision type 0 or a number no name has).
    public func category(of shape: PhysicsShape) -> CollisionCategory? {
        engine.physicsCoupling().collisionTypes.first { $0.value == shape.collisionType }.map {
            CollisionCategory($0.key)
        }
    }

    /// Shapes of categories `a` and `b` pass through each other and report no collisions (a ship's own
    /// bullets). Applies for the rest of the run.
    public func ignoreCollisions(between a: CollisionCategory, and b: CollisionCategory) {
        physicsWorld.ignoreCollisions(between: collisionTypeNumber(a), and: collisionTypeNumber(b))
    }

    private func collisionTypeNumber(_ category: CollisionCategory) -> UInt {
        engine.physicsCoupling().collisionType(named: category.name)
    }

    // MARK: - Typed handlers

    /// Calls `handler` when a shape of category `first` starts touching one of category `second`, with
    /// the `first` side first, after the step (so the handler may add and remove bodies). Handlers run in
    /// registration order, before the game's `physicsEvent`; a collision whose body an earlier handler of
    /// the same step removed is not delivered. A run's handlers end with it: register them in `setUp`.
    ///
    /// ```swift
    /// session.onCollision(between: .bullet, and: .rock) { [unowned self] hit in
    ///     try? session.remove(hit.first)        // the bullet, with its layer
    ///     self.split(hit.second, session)       // the rock
    /// }
    /// ```
    public func onCollision(
        between first: CollisionCategory, and second: CollisionCategory, _ handler: @escaping (GameCollision) -> Void
    ) {
        run.collisionHandlers.append(
            CollisionHandler(
                first: collisionTypeNumber(first), second: collisionTypeNumber(second), phase: .begin,
                action: handler))
    }

    /// Calls `handler` when shapes of categories `first` and `second` stop touching (or one of them left
    /// the world: `event.isRemoval`), with the `first` side first.
    public func onSeparation(
        between first: CollisionCategory, and second: CollisionCategory, _ handler: @escaping (GameCollision) -> Void
    ) {
        run.collisionHandlers.append(
            CollisionHandler(
                first: collisionTypeNumber(first), second: collisionTypeNumber(second), phase: .separate,
                action: handler))
    }

    /// Delivers a physics event to the typed handlers (the engine's event callback, after the step).
    func deliverToCollisionHandlers(_ event: PhysicsEvent) {
        guard !run.collisionHandlers.isEmpty, case .collision(let e, let layerA, let layerB) = event else { return }
        if e.phase == .begin, e.bodyA.world == nil || e.bodyB.world == nil { return }
        for handler in run.collisionHandlers {
            guard let collision = handler.collision(from: e, layerA: layerA, layerB: layerB) else { continue }
            // An earlier handler may have removed one of the bodies.
            if e.phase == .begin, e.bodyA.world == nil || e.bodyB.world == nil { return }
            handler.action(collision)
        }
    }
}
