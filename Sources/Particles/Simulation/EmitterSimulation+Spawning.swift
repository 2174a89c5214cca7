import LayerKit

// MARK: - Spawning

extension EmitterSimulation {
    /// A colour multiplier (red, green, blue, alpha).
    typealias RGBA = SIMD4<Float>

    /// Births of a top-level cell during [l0, l1] of layer time (= [t0, t1] of the clock): the
    /// accumulator gives the count, each birth is placed at its own moment of the step (docs/Design.md §3.6)
    /// on the emitter shape interpolated to that moment, and aged by the rest of the step.
    func spawnTopLevel(
        _ c: CellRuntime, l0: Double, l1: Double, h: Double, t0: Double, t1: Double,
        geometry: EmitterShapeSampler, previous: EmitterShapeSampler, budget: Int
    ) {
        let p = c.params
        guard p.emits else { return }
        let open = p.window.isAlwaysOpen ? h : p.window.openLength(from: l0, to: l1)
        guard open > 0 else { return }
        let before = c.accumulator
        let total = before + p.birthRate * open
        let n = (total + Self.accumulatorSlack).rounded(.down)
        c.accumulator = total - n
        guard n >= 1 else { return }
        let allowed = admit(c, births: n, budget: budget)
        guard allowed > 0 else { return }
        let moving = !geometry.hasSameGeometry(as: previous)
        var writer = BirthWriter(
            store: c.store, params: p, epoch: epoch, endTime: t1, centre: centre,
            shapeLongitude: EmissionFrame.naturalLongitude(of: geometry.shape))
        writer.reserve(allowed)
        var rng = random
        let drawsPerBirth = geometry.drawCount + writer.drawsPerBirth
        let table = writer.longitudeTable(shapeDraws: geometry.drawCount)
        let scratch = drawBuffer.scratch
        // The fast path: a still emitter without shape draws, open for the whole step, whose births stay
        // at its depth, places and writes a chunk of births in one pass, computing only the draws its
        // batch reads. Everything else is born one at a time through the reference.
        let still =
            !moving && geometry.drawCount == 0 && p.window.isOpenThroughout(from: l0, to: l1)
            && writer.takesStillBatch(atDepth: geometry.cz, stepLength: t1 - t0)
        let origin = (x: geometry.cx, y: geometry.cy, z: geometry.cz)
        let span = l1 - l0
        /// Birth k's time, and the emitter shape at that moment (the reference: `placeStillBirths` is
        /// this for a still emitter).
        func placed(_ k: Int) -> (time: Double, shape: EmitterShapeSampler) {
            let at = p.window.time(afterOpen: (Double(k + 1) - before) / p.birthRate, from: l0, to: l1)
            let f = span > 0 ? min(1, max(0, (at - l0) / span)) : 1
            return (t0 + (t1 - t0) * f, moving ? geometry.interpolated(from: previous, fraction: f) : geometry)
        }
        var first = 0
        while first < allowed {
            let last = min(allowed, first + DrawBuffer.birthsPerChunk)
            var draws = drawBuffer.prefetch(
                &rng, count: (last - first) * drawsPerBirth, births: last - first, table: table,
                reading: still ? writer.stillBatchDraws : nil)
            if still {
                Self.placeStillBirths(
                    scratch, first: first, last: last, before: before, rate: p.birthRate, l0: l0, l1: l1,
                    alwaysOpen: p.window.isAlwaysOpen, t0: t0, t1: t1)
                let slot = writer.next
                writer.addStillBatch(draws, scratch, count: last - first, from: origin)
                if InternalChecks.isEnabled {
                    writer.checkStillBatch(draws, count: last - first, from: origin, firstSlot: slot) {
                        placed(first + $0).time
                    }
                }
            } else {
                for k in first..<last {
                    let (birthTime, g) = placed(k)
                    let position = g.drawCount == 0 ? (x: g.cx, y: g.cy, z: g.cz) : g.sample(&draws)
                    writer.add(
                        &draws, x: position.x, y: position.y, z: position.z, frame: .layer, inherit: .one,
                        birthTime: birthTime)
                }
                assert(
                    draws.consumed == (last - first) * drawsPerBirth, "births took \(draws.consumed) prefetched draws")
            }
            first = last
        }
        random = rng
        finish(writer, of: c)
    }

    /// The birth times of births `first..<last` of a step of a still emitter whose shape takes no draws
    /// and whose window is open through [l0, l1]: the same values as the general loop (birth k after
    /// (k + 1 − before)/rate seconds of open time, with `EmissionWindow.time(afterOpen:from:to:)`
    /// reduced to this case), in a loop without calls. Every birth starts at the emitter's centre,
    /// which the batch writer takes as one point.
    static func placeStillBirths(
        _ s: BirthScratch, first: Int, last: Int, before: Double, rate: Double, l0: Double,
        l1: Double, alwaysOpen: Bool, t0: Double, t1: Double
    ) {
        let span = l1 - l0
        let n = last - first
        guard span > 0 else {
            s.time.update(repeating: t0 + (t1 - t0) * 1, count: n)
            return
        }
        // One loop per case, free of branches and traps.
        if alwaysOpen {
            placeStillBirths(
                s, first: first, count: n, before: before, rate: rate, l0: l0, span: span, t0: t0, t1: t1,
                at: { SIMD4(repeating: l1).replacing(with: l0 + $0, where: l0 + $0 .< l1) },
                at: { min(l1, l0 + $0) })
        } else {
            placeStillBirths(
                s, first: first, count: n, before: before, rate: rate, l0: l0, span: span, t0: t0, t1: t1,
                at: { SIMD4(repeating: l1).replacing(with: l0 + $0, where: $0 .<= span) },
                at: { $0 <= span ? l0 + $0 : l1 })
        }
    }

    /// `placeStillBirths` for a window whose open time `offset` is reached at layer time `at(offset)`
    /// (four births at a time, and one at a time: the same operations). Birth k's number k + 1 runs as
    /// a vector of Doubles, exact (far below 2⁵³): this target has no vector conversion from 64-bit
    /// integers.
    @inline(__always)
    private static func placeStillBirths(
        _ s: BirthScratch, first: Int, count n: Int, before: Double, rate: Double,
        l0: Double, span: Double, t0: Double, t1: Double,
        at vectorAt: (SIMD4<Double>) -> SIMD4<Double>, at scalarAt: (Double) -> Double
    ) {
        var number = SIMD4(Double(first &+ 1), Double(first &+ 2), Double(first &+ 3), Double(first &+ 4))
        var j = 0
        while j &+ 4 <= n {
            let f = (vectorAt((number - before) / rate) - l0) / span
            // min(1, max(0, f)), choosing as Swift's max and min do (NaN gives 0).
            let nonNegative = SIMD4<Double>().replacing(with: f, where: f .>= 0)
            let fraction = SIMD4<Double>(repeating: 1).replacing(with: nonNegative, where: nonNegative .< 1)
            UnsafeMutableRawPointer(s.time + j).storeBytes(of: t0 + (t1 - t0) * fraction, as: SIMD4<Double>.self)
            number += 4
            j &+= 4
        }
        while j < n {
            let offset = (Double(first &+ j &+ 1) - before) / rate
            s.time[j] = t0 + (t1 - t0) * min(1, max(0, (scalarAt(offset) - l0) / span))
            j &+= 1
        }
    }

    /// Births of a sub-cell during [t0, t1]: every parent particle alive during part of the step emits
    /// over its age interval, at its position and direction at each birth moment, with its colour and
    /// scale at that moment as multipliers (docs/Design.md §3.5). The parent is already at t1: where it
    /// was at a birth moment comes from the law it moved by (`StepMotion`), how it looked from its look
    /// law (`ParticleLooks`).
    func spawnFromParents(
        _ c: CellRuntime, parent: CellRuntime, t0: Double, t1: Double, centre0: (x: Double, y: Double),
        budget: Int
    ) {
        let p = c.params
        guard p.emits else { return }
        let s = parent.store
        let n = s.count
        guard n > 0 else { return }
        let column = s.accumulatorColumns[c.columnInParent]
        let rate = p.birthRate
        let r0 = t0 - epoch
        let r1 = t1 - epoch
        let window = p.window
        let death = s.death
        let life = s.life
        // Births go to the child's store only (a cell is never its own descendant), so the parent's
        // columns stay where they are through this loop.
        let motion = StepMotion(s, params: parent.params, length: t1 - t0, now: r1, centre0: centre0, centre1: centre)
        let looks = parent.looks
        var writer = BirthWriter(store: c.store, params: p, epoch: epoch, endTime: t1, centre: centre)
        var rng = random
        let drawsPerBirth = writer.drawsPerBirth
        let table = writer.longitudeTable(shapeDraws: 0)
        for i in 0..<n {
            let dies = Double(death[i])
            if dies <= r0 { continue }
            let lifetime = Double(life[i])
            let born = dies - lifetime
            let a0 = max(0, r0 - born)
            let a1 = min(lifetime, r1 - born)
            guard a1 > a0 else { continue }
            let open = window.openLength(from: a0, to: a1)
            guard open > 0 else { continue }
            let before = Double(column[i])
            let total = before + rate * open
            let count = (total + Self.subCellAccumulatorSlack).rounded(.down)
            column[i] = Float(total - count)
            guard count >= 1 else { continue }
            let allowed = admit(c, births: count, budget: budget, pending: writer.alive)
            guard allowed > 0 else { continue }
            writer.reserve(allowed)
            var first = 0
            while first < allowed {
                let last = min(allowed, first + DrawBuffer.birthsPerChunk)
                var draws = drawBuffer.prefetch(
                    &rng, count: (last - first) * drawsPerBirth, births: last - first, table: table)
                for k in first..<last {
                    let ab = window.time(afterOpen: (Double(k + 1) - before) / rate, from: a0, to: a1)
                    let tau = max(0, r1 - (born + ab))
                    let at = motion.state(i, before: tau)
                    let look = looks.look(i, age: Float(ab))
                    writer.add(
                        &draws, x: at.x, y: at.y, z: at.z, frame: EmissionFrame(direction: at.vx, at.vy, at.vz),
                        inherit: BirthWriter.clamp01(look.color), inheritScale: look.scale, birthTime: t1 - tau)
                }
                assert(
                    draws.consumed == (last - first) * drawsPerBirth, "births took \(draws.consumed) prefetched draws")
                first = last
            }
        }
        random = rng
        finish(writer, of: c)
    }

    /// Rounding slack of the birth accumulators: sums of rate × step carry rounding errors, and 10/s
    /// over 120 steps of 1/120 s must give 10 births, not 9 (the Float per-particle accumulators of
    /// sub-cells need a larger slack than the Double ones of top-level cells).
    static let accumulatorSlack = 1e-9
    static let subCellAccumulatorSlack = 1e-5

    /// Commits a writer's births as the current batch and counts them.
    func finish(_ writer: BirthWriter, of c: CellRuntime) {
        guard writer.count > 0 else { return }
        writer.commit(batch: batch)
        countBirths(writer.count, alive: writer.alive, of: c)
    }

    /// How many of `births` (≥ 1) fit the budget; the rest are dropped and counted.
    /// `pending` counts live births written but not yet committed.
    func admit(_ c: CellRuntime, births: Double, budget: Int, pending: Int = 0) -> Int {
        let room = max(0, budget - liveCount - pending)
        let wanted = births >= Double(Int.max / 2) ? Int.max / 2 : Int(births)
        let allowed = min(wanted, room)
        countDropped(wanted - allowed, of: c)
        return allowed
    }

    @inline(__always)
    static func clamp01(_ v: Float) -> Float { v.isNaN ? 0 : min(max(v, 0), 1) }
}
