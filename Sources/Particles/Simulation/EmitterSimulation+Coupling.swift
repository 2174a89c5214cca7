import Foundation
import LayerKit

// MARK: - Hooks for the engine and the physics coupling

extension EmitterSimulation {
    /// Calls `body` with the view of `cell`'s particles after the last step (docs/Particles.md,
    /// "Boundary"), for code that reads or moves them: the physics coupling, force fields. `options`
    /// asks for start positions and ids. Throws when `cell` is not a cell of this emitter.
    package func withStepView<R>(
        ofCell cell: CAEmitterCell, _ options: ParticleStepView.Options = [], _ body: (ParticleStepView) throws -> R
    ) throws -> R {
        guard let c = runtime(of: cell) else { throw EmitterSimulationError.foreignCell(name: cell.name) }
        if options.contains(.identities) { c.store.ensureIdentities() }
        // The caller may write positions and velocities: the next step checks them for NaN.
        c.store.needsFiniteCheck = true
        return try body(view(of: c, withStarts: options.contains(.startPositions)))
    }

    /// The view of `c` now; with `withStarts`, able to say where each particle started the last engine
    /// step (computed here, for the slots that do not have them yet, when an extension's law moved them).
    func view(of c: CellRuntime, withStarts: Bool = false) -> ParticleStepView {
        let s = c.store
        let now = time - epoch
        let elapsed = time - stepStart.time
        var columns: (x: UnsafePointer<Double>, y: UnsafePointer<Double>)?
        if withStarts {
            let motion = StepMotion(
                s, params: c.params, length: elapsed, now: now, centre0: stepStart.centre ?? centre, centre1: centre)
            if !motion.isConstantAcceleration {
                let st = c.starts
                if st.step != stepCount || st.count > s.count {
                    st.step = stepCount
                    st.count = 0
                }
                st.reserve(s.count)
                for i in st.count..<s.count { (st.x[i], st.y[i]) = motion.start(i) }
                st.count = s.count
                columns = (UnsafePointer(st.x), UnsafePointer(st.y))
            }
        }
        return ParticleStepView(
            store: s, starts: withStarts, startColumns: columns, elapsed: elapsed,
            acceleration: (Double(c.params.ax), Double(c.params.ay)), aliveFrom: aliveThreshold, now: now,
            looks: c.looks)
    }

    /// Kills the particle in `slot` of `cell` now (a slot index of `withStepView`). Killing a
    /// dead slot does nothing. The death is counted at once and reported in the next step's events.
    /// Returns whether a live particle was killed.
    @discardableResult
    package func kill(slot: Int, ofCell cell: CAEmitterCell) throws -> Bool {
        guard let c = runtime(of: cell) else { throw EmitterSimulationError.foreignCell(name: cell.name) }
        guard slot >= 0 && slot < c.store.count else {
            throw EmitterSimulationError.slotOutOfRange(slot: slot, count: c.store.count)
        }
        guard c.store.death[slot] >= aliveThreshold else { return false }
        c.store.kill(slot, deathTime: Self.floatAtOrBelow(time - epoch))
        countDeaths(1, of: c)
        return true
    }

    /// Bursts `count` particles of `cell` now at `point` (layer coordinates, points), with the cell's
    /// emission angles measured from `direction` as for a sub-cell of a particle moving that way (the
    /// layer's +x when zero), each colour multiplied by `inheritedColor`. For sparks at a contact point.
    /// The budget applies; returns how many were born.
    @discardableResult
    package func burst(
        count: Int, ofCell cell: CAEmitterCell, at point: (x: Double, y: Double, z: Double),
        direction: (dx: Double, dy: Double, dz: Double) = (1, 0, 0),
        inheritedColor: CGColor = .white
    ) throws -> Int {
        guard let c = runtime(of: cell) else { throw EmitterSimulationError.foreignCell(name: cell.name) }
        guard count >= 0 else { throw EmitterSimulationError.negativeCount(count) }
        let frame = EmissionFrame(direction: direction.dx, direction.dy, direction.dz)
        let k = inheritedColor
        let inherit = SIMD4(Float(k.red), Float(k.green), Float(k.blue), Float(k.alpha))
        return burstNow(c, count: count) { _ in (point.x, point.y, point.z, frame, inherit) }
    }

    /// The next draw of the emitter's seeded generator, 0…1 (`nextUnitFloat`): for chances taken outside
    /// the simulation that must stay deterministic (a contact cell's `burstProbability`).
    package func nextUnitDraw() -> Float { random.nextUnitFloat() }

    /// Bursts `count` particles of the cell at a dotted name path (`"spark"`, `"rocket.burst"`) now,
    /// from the emitter shape in the layer's frame. The budget applies; returns how many were born.
    /// Throws when no cell has that name path.
    @discardableResult
    public func burst(count: Int, cellNamed namePath: String) throws -> Int {
        let c = try runtime(named: namePath)
        guard count >= 0 else { throw EmitterSimulationError.negativeCount(count) }
        let geometry = EmitterShapeSampler(layer: lastLayer)
        return burstNow(c, count: count, shapeLongitude: EmissionFrame.naturalLongitude(of: geometry.shape)) { sim in
            let p = geometry.sample(&sim.random)
            return (p.x, p.y, p.z, .layer, .one)
        }
    }

    /// Births of `c` at the current time as one batch, with positions from `place` (called per birth,
    /// before the birth's own draws), emitted from a shape whose natural orientation is `shapeLongitude`.
    private func burstNow(
        _ c: CellRuntime, count: Int, shapeLongitude: Double = 0,
        place: (EmitterSimulation) -> (Double, Double, Double, EmissionFrame, RGBA)
    ) -> Int {
        guard count > 0 else { return 0 }
        c.params = CellParameters(cell: c.cell, layer: lastLayer)
        let droppedBefore = unreported.dropped
        let allowed = admit(c, births: Double(count), budget: Self.budget(of: lastLayer))
        batch &+= 1
        var writer = BirthWriter(
            store: c.store, params: c.params, epoch: epoch, endTime: time, centre: centre,
            shapeLongitude: shapeLongitude)
        writer.reserve(allowed)
        for _ in 0..<allowed {
            let (x, y, z, frame, inherit) = place(self)
            writer.add(&random, x: x, y: y, z: z, frame: frame, inherit: inherit, birthTime: time)
        }
        finish(writer, of: c)
        noteBudgetOverflow(
            dropped: unreported.dropped - droppedBefore, budget: Self.budget(of: lastLayer), time: time)
        return allowed
    }
}
