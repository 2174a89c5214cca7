import Foundation

/// Pointer interaction for prototyping: the drag target follows the pointer, a click runs the scene's
/// click action. Points are in the root layer's coordinates (what the window reports).
extension Engine {
    /// What a click asked for that the engine cannot do itself.
    public enum ClickOutcome: Equatable, Sendable {
        /// Nothing happens on click.
        case none
        /// The click was handled.
        case handled
        /// The scene asks to be reloaded from its initial state (the host does it).
        case resetRequested
    }

    // MARK: - Drag

    /// The layer and point key path that dragging moves: the scene's `interaction.drag`, otherwise the
    /// first emitter's `emitterPosition`; nil when there is neither.
    public var dragTarget: (layer: CALayer, keyPath: String)? {
        if let d = scene?.interaction?.drag, let layer = rootLayer.layer(named: d.layerName) {
            return (layer, d.keyPath)
        }
        return emitters.first.map { ($0.layer, "emitterPosition") }
    }

    /// Moves the drag target to `point` (root coordinates). Returns whether something moved.
    @discardableResult
    public func drag(to point: CGPoint) -> Bool {
        guard let (layer, keyPath) = dragTarget else { return false }
        return setPoint(point, on: layer, keyPath: keyPath)
    }

    // MARK: - Click

    /// Runs the scene's click action at `point` (root coordinates).
    @discardableResult
    public func click(at point: CGPoint) throws -> ClickOutcome {
        guard let action = scene?.interaction?.click else { return .none }
        switch action {
        case .moveTo(let t):
            guard let layer = rootLayer.layer(named: t.layerName) else {
                throw EngineError.notFound("no layer named '\(t.layerName)'")
            }
            setPoint(point, on: layer, keyPath: t.keyPath)
        case .setValue(let t, let value):
            guard let layer = rootLayer.layer(named: t.layerName) else {
                throw EngineError.notFound("no layer named '\(t.layerName)'")
            }
            try CATransaction.performWithoutActions { try layer.setLayerValue(value, forKeyPath: t.keyPath) }
        case .toggle(let t):
            guard let layer = rootLayer.layer(named: t.layerName) else {
                throw EngineError.notFound("no layer named '\(t.layerName)'")
            }
            let current = try layer.layerValue(forKeyPath: t.keyPath)
            try CATransaction.performWithoutActions {
                try layer.setLayerValue(.bool(!(current.number.map { $0 != 0 } ?? false)), forKeyPath: t.keyPath)
            }
        case .reset:
            return .resetRequested
        case .burst(let emitterName, let cell, let count):
            guard let emitter = rootLayer.layer(named: emitterName) as? CAEmitterLayer else {
                throw EngineError.notFound("no emitter layer named '\(emitterName)'")
            }
            try burst(count: count, cellNamed: cell, in: emitter, at: point)
        }
        return .handled
    }

    // MARK: - Bursts

    /// Bursts `count` particles of the cell at `cellNamed` (a dotted name path, `"rocket.burst"` for a
    /// sub-cell) of `emitter` now: at `point` (root coordinates) in the cell's emission directions, or
    /// from the emitter shape when `point` is nil. Returns how many were born (the emitter's
    /// `maxParticles` budget applies).
    /// - Throws: `EngineError.notFound` naming the emitter or cell that is missing,
    ///   `EmitterSimulationError.negativeCount` for a count below 0.
    @discardableResult
    public func burst(count: Int, cellNamed: String, in emitter: CAEmitterLayer, at point: CGPoint? = nil) throws -> Int
    {
        refreshEmitters()
        guard let sim = simulation(of: emitter) else {
            throw EngineError.notFound("the emitter is not in the engine's layer tree")
        }
        guard let point else { return try sim.burst(count: count, cellNamed: cellNamed) }
        guard let cell = emitter.cell(atNamePath: cellNamed) else {
            throw EngineError.notFound("emitter '\(emitter.name ?? "?")' has no cell '\(cellNamed)'")
        }
        let local = emitter.convert(point, from: rootLayer)
        guard local.x.isFinite, local.y.isFinite else { return 0 }
        return try sim.burst(
            count: count, ofCell: cell, at: (Double(local.x), Double(local.y), Double(emitter.emitterZPosition)))
    }

    // MARK: - Private

    /// Sets a point property from a root-coordinates point: `position` is in the superlayer's
    /// coordinates, every other point property in the layer's own.
    @discardableResult
    func setPoint(_ point: CGPoint, on layer: CALayer, keyPath: String) -> Bool {
        let space = keyPath == "position" ? (layer.superlayer ?? rootLayer) : layer
        let p = space === rootLayer ? point : space.convert(point, from: rootLayer)
        guard p.x.isFinite, p.y.isFinite else { return false }
        do {
            try CATransaction.performWithoutActions { try layer.setLayerValue(.point(p), forKeyPath: keyPath) }
            return true
        } catch {
            onWarning?("cannot move \(layer.name ?? "layer").\(keyPath): \(error)")
            return false
        }
    }
}
