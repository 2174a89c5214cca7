import LayerKit

// MARK: - Event cells and emission by distance

extension EmitterSimulation {
    /// The events of its parent's particles that sub-cell `c` bursts at (its name in the parent's
    /// `birthCells`, `deathCells`), or nil when it emits continuously as a Core Animation sub-cell does.
    func burstEvents(of c: CellRuntime, parent: CellRuntime) -> (atBirth: Bool, atDeath: Bool)? {
        guard let e = parent.params.effects, let name = c.cell.name else { return nil }
        let atBirth = e.birthCells.contains(name)
        let atDeath = e.deathCells.contains(name)
        return atBirth || atDeath ? (atBirth, atDeath) : nil
    }

    /// Bursts of an event sub-cell during [t0, t1] (docs/Particles.md, "Event cells"): for every parent
    /// particle born (`atBirth`) or dying at the end of its lifetime (`atDeath`) within the step, in
    /// storage order and birth before death, `burstCount` children, with probability `burstProbability`
    /// (one draw per event before its births, none while it is 1). Each child starts where the parent
    /// was at that moment, its angles measured in the parent's frame of motion, its colour and scale
    /// multiplied by the parent's then. Kills (contacts, `kill`) are not deaths of this kind.
    func spawnBursts(
        _ c: CellRuntime, parent: CellRuntime, atBirth: Bool, atDeath: Bool, t0: Double, t1: Double,
        centre0: (x: Double, y: Double), budget: Int
    ) {
        let p = c.params
        guard p.maximumLifetime > 0 else { return }
        let s = parent.store
        let n = s.count
        guard n > 0 else { return }
        let perEvent = max(1, c.cell.burstCount)
        let chance = c.cell.burstProbability.isNaN ? 1 : min(max(c.cell.burstProbability, 0), 1)
        let r0 = t0 - epoch
        let r1 = t1 - epoch
        let death = s.death
        let life = s.life
        let motion = StepMotion(s, params: parent.params, length: t1 - t0, now: r1, centre0: centre0, centre1: centre)
        let looks = parent.looks
        var writer = BirthWriter(store: c.store, params: p, epoch: epoch, endTime: t1, centre: centre)
        var rng = random
        let drawsPerBirth = writer.drawsPerBirth
        let table = writer.longitudeTable(shapeDraws: 0)
        func burst(_ i: Int, age: Double, at eventTime: Double) {
            if chance < 1 && !(rng.nextUnitFloat() < chance) { return }
            let allowed = admit(c, births: Double(perEvent), budget: budget, pending: writer.alive)
            guard allowed > 0 else { return }
            let tau = max(0, r1 - eventTime)
            let at = motion.state(i, before: tau)
            guard at.x.isFinite, at.y.isFinite, at.z.isFinite else { return }
            let look = looks.look(i, age: Float(age))
            writer.reserve(allowed)
            var first = 0
            while first < allowed {
                let last = min(allowed, first + DrawBuffer.birthsPerChunk)
                var draws = drawBuffer.prefetch(
                    &rng, count: (last - first) * drawsPerBirth, births: last - first, table: table)
                for _ in first..<last {
                    writer.add(
                        &draws, x: at.x, y: at.y, z: at.z, frame: EmissionFrame(direction: at.vx, at.vy, at.vz),
                        inherit: BirthWriter.clamp01(look.color), inheritScale: look.scale, birthTime: t1 - tau)
                }
                first = last
            }
        }
        for i in 0..<n {
            let dies = Double(death[i])
            let lifetime = Double(life[i])
            let born = dies - lifetime
            if atBirth && born > r0 && born <= r1 { burst(i, age: 0, at: born) }
            if atDeath && dies > r0 && dies <= r1 { burst(i, age: lifetime, at: dies) }
        }
        random = rng
        finish(writer, of: c)
    }

    /// Births of a top-level cell by distance (`birthsPerPoint`, docs/Particles.md "Emission by
    /// distance"): the emitter position's path within the step, from the previous step's position to
    /// this one's, gets `birthsPerPoint` births per point, birth k where the cell's distance accumulator
    /// crosses k, at the moment the emitter was there, from the shape at that moment; then aged by the
    /// rest of the step like every birth.
    func spawnByDistance(
        _ c: CellRuntime, perPoint: Double, l0: Double, l1: Double, t0: Double, t1: Double,
        geometry: EmitterShapeSampler, previous: EmitterShapeSampler, budget: Int
    ) {
        let p = c.params
        guard p.maximumLifetime > 0, p.window.isAlwaysOpen || p.window.openLength(from: l0, to: l1) > 0 else { return }
        let (dx, dy, dz) = (geometry.cx - previous.cx, geometry.cy - previous.cy, geometry.cz - previous.cz)
        let distance = (dx * dx + dy * dy + dz * dz).squareRoot()
        guard distance > 0, distance.isFinite else { return }
        let before = c.distanceAccumulator
        let total = before + perPoint * distance
        let n = (total + Self.accumulatorSlack).rounded(.down)
        c.distanceAccumulator = total - n
        guard n >= 1 else { return }
        let allowed = admit(c, births: n, budget: budget)
        guard allowed > 0 else { return }
        var writer = BirthWriter(
            store: c.store, params: p, epoch: epoch, endTime: t1, centre: centre,
            shapeLongitude: EmissionFrame.naturalLongitude(of: geometry.shape))
        writer.reserve(allowed)
        var rng = random
        let drawsPerBirth = geometry.drawCount + writer.drawsPerBirth
        let table = writer.longitudeTable(shapeDraws: geometry.drawCount)
        var first = 0
        while first < allowed {
            let last = min(allowed, first + DrawBuffer.birthsPerChunk)
            var draws = drawBuffer.prefetch(
                &rng, count: (last - first) * drawsPerBirth, births: last - first, table: table)
            for k in first..<last {
                let f = min(1, max(0, (Double(k + 1) - before) / (perPoint * distance)))
                let g = geometry.interpolated(from: previous, fraction: f)
                let position = g.drawCount == 0 ? (x: g.cx, y: g.cy, z: g.cz) : g.sample(&draws)
                writer.add(
                    &draws, x: position.x, y: position.y, z: position.z, frame: .layer, inherit: .one,
                    birthTime: t0 + (t1 - t0) * f)
            }
            first = last
        }
        random = rng
        finish(writer, of: c)
    }
}
