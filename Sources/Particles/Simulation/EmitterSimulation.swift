import LayerKit

// MARK: - Emitter simulation

/// The particle simulation of one emitter layer (Core Animation's CAEmitterLayer behaviour), advanced
/// only by the engine's fixed step (docs/Particles.md).
///
/// ```swift
/// let sim = EmitterSimulation(layer: emitter)
/// for _ in 0..<120 { sim.step(by: 1.0 / 120) }       // one second
/// var list = ParticleDrawList()
/// sim.makeDrawList(into: &list)
/// ```
///
/// Every step reads the current property values of the layer it is given (the presentation copy when
/// animations run), so live changes take effect at once without resetting live particles. The layer's
/// own timing is applied here: the simulation starts at its `beginTime`, `timeOffset` pre-warms it,
/// and `speed` scales (0 pauses) the simulated time. The same layer, seed and step sequence give
/// bit-identical state whatever the frame rate (`stateHash`).
public final class EmitterSimulation {
    // MARK: - Configuration

    /// The model layer this simulation belongs to.
    public let modelLayer: CAEmitterLayer

    /// Longest pre-warm, seconds of local time (docs/Particles.md, "Emitter timing"). Default 60.
    public var maximumPrewarmDuration: Double = 60

    /// Most steps a pre-warm takes; longer pre-warms use longer steps (a tiny engine step must not hang).
    public static let maximumPrewarmSteps = 20_000

    /// Called at the end of every simulation step with what happened in it. Default nil.
    public var onStep: ((EmitterStepEvents) -> Void)?

    // MARK: - State

    /// Seconds of local time simulated since the start (particle ages are measured on this clock).
    public private(set) var time: Double = 0
    /// The layer's local time, seconds: what cell timing (`beginTime`, `duration`…) is measured in.
    public private(set) var layerTime: Double = 0
    /// Whether the layer's `beginTime` has been reached and the simulation runs.
    public private(set) var isStarted = false
    /// Number of simulation steps taken (pre-warm steps included).
    public private(set) var stepCount = 0
    /// The events of the last step.
    public internal(set) var lastStepEvents = EmitterStepEvents(time: 0, births: 0, deaths: 0, dropped: 0)
    /// Length of the last simulation step in local time, seconds.
    public private(set) var lastStepDuration: Double = 0

    /// Both clocks advance as origin + steps × step length (not by repeated addition), so that 120 steps
    /// of 1/120 s end at 1 s; the origin moves when the step length changes or the layer is re-timed.
    var clockOrigin: Double = 0, layerOrigin: Double = 0, clockSteps = 0, clockStep: Double = 0
    /// Per-particle times are Floats relative to this epoch, which moves in steps of `epochStride`.
    var epoch: Double = 0
    static let epochStride: Double = 64
    var random: SeededRandom
    var seed: UInt32
    var cells: [CellRuntime] = []
    var runtimeByModel: [ObjectIdentifier: Int] = [:]
    var liveCount = 0
    var batch: UInt64 = 0
    var lastLayer: CAEmitterLayer
    var previousGeometry: EmitterShapeSampler?
    var parentClock: Double = 0
    var appliedBeginTime: Double = 0
    var appliedTimeOffset: Double = 0
    /// Births, deaths, drops and non-finite removals since the last step's events were reported
    /// (`EmitterSimulation+Events.swift`): the one tally every count goes through.
    var unreported = EmitterStepEvents(time: 0, births: 0, deaths: 0, dropped: 0)
    var budgetWarning: BudgetWarning?
    var budgetWarningTaken = false
    /// The first trail budget overflow, and whether it was reported (`takeTrailBudgetWarning()`).
    var trailBudgetWarning: TrailBudgetWarning?
    var trailBudgetWarningTaken = false
    var runScratch: [RunRef] = []
    /// Storage for the draws births take in advance (`DrawBuffer`).
    let drawBuffer = DrawBuffer()
    /// The emitter position of the current step: the centre of orbits and radial acceleration.
    var centre: (x: Double, y: Double) = (0, 0)
    /// The clock and the emitter position (nil before the first step) when the last `step(by:)` began:
    /// the stretch the per-step view's start positions go back to.
    var stepStart: (time: Double, centre: (x: Double, y: Double)?) = (0, nil)

    /// One run of slots of one cell, for merging cells into birth order.
    struct RunRef {
        var batch: UInt64
        var cell: Int
        var start: Int
        var end: Int
    }

    // MARK: - Creating

    /// A simulation of `layer` (a model layer; a presentation copy is mapped to its model). Nothing is
    /// simulated until the first `step`.
    public init(layer: CAEmitterLayer) {
        let model = (layer.modelLayer as? CAEmitterLayer) ?? layer
        modelLayer = model
        lastLayer = model
        seed = model.seed
        random = SeededRandom(seed: UInt64(model.seed))
        synchronizeCells(with: model)
    }

    // MARK: - Stepping

    /// Advances the simulation by one engine step of `dt` seconds, reading property values from `layer`
    /// (default: the model layer).
    ///
    /// - Parameters:
    ///   - dt: the engine's fixed step, seconds (> 0; other values are ignored).
    ///   - layer: the layer whose current values apply: the model or its presentation copy.
    ///   - parentTime: the time at the end of this step in the layer's parent time space (the engine
    ///     clock for a root layer). Default: the previous value plus `dt`, starting from 0.
    public func step(by dt: Double, layer: CAEmitterLayer? = nil, parentTime: Double? = nil) {
        stepStart = (time, previousGeometry.map { ($0.cx, $0.cy) })
        guard dt > 0, dt.isFinite else { return }
        let layer = layer ?? modelLayer
        let p1 = parentTime.flatMap { $0.isFinite ? $0 : nil } ?? (parentClock + dt)
        parentClock = p1
        lastLayer = layer
        synchronizeCells(with: layer)
        if layer.seed != seed {
            seed = layer.seed
            random = SeededRandom(seed: UInt64(seed))
        }
        let speed = layer.speed.isFinite ? Double(max(0, layer.speed)) : 1
        let begin = layer.beginTime.isFinite ? layer.beginTime : 0
        let offset = layer.timeOffset.isFinite ? layer.timeOffset : 0
        if !isStarted {
            guard p1 > begin else { return }
            start(layer: layer, dt: dt, localTime: (p1 - begin) * speed + offset, begin: begin, offset: offset)
            return
        }
        if begin != appliedBeginTime || offset != appliedTimeOffset {
            // Re-timing a running emitter moves the cells' clock; live particles carry on.
            appliedBeginTime = begin
            appliedTimeOffset = offset
            layerTime = (p1 - begin) * speed + offset - dt * speed
            restartClocks(step: clockStep)
        }
        guard speed > 0 else { return }
        let substeps = speed <= 1 ? 1 : min(16, Int((speed - 1e-9).rounded(.up)))
        let h = dt * speed / Double(substeps)
        for _ in 0..<substeps { advance(by: h, layer: layer) }
    }

    /// Starts the simulation whose local time at the end of this step is `localTime`, pre-warming the
    /// part of the past that can still hold live particles (docs/Particles.md, "Emitter timing").
    private func start(layer: CAEmitterLayer, dt: Double, localTime: Double, begin: Double, offset: Double) {
        isStarted = true
        appliedBeginTime = begin
        appliedTimeOffset = offset
        guard localTime > 0 else {
            layerTime = localTime
            return
        }
        let window = min(localTime, max(memoryHorizon() + dt, dt), max(dt, maximumPrewarmDuration))
        let steps = min(Self.maximumPrewarmSteps, max(1, Int((window / dt - 1e-9).rounded(.up))))
        let h = window / Double(steps)
        layerTime = localTime - window
        for _ in 0..<steps { advance(by: h, layer: layer) }
    }

    /// The longest time a particle born now can still influence live particles: the largest sum of
    /// maximum lifetimes along a chain of sub-cells, seconds.
    func memoryHorizon() -> Double {
        var chain = Array(repeating: 0.0, count: cells.count)
        for c in cells.reversed() {
            chain[c.index] = c.params.maximumLifetime + (c.children.map { chain[$0] }.max() ?? 0)
        }
        return cells.filter { $0.parent == nil }.map { chain[$0.index] }.max() ?? 0
    }

    /// One simulation step of `h` seconds of local time: for every cell in depth-first order, apply
    /// changed rates, integrate, count deaths and spawn (a sub-cell after its parent, so parents are
    /// already at the end of the step).
    func advance(by h: Double, layer: CAEmitterLayer) {
        if time - epoch >= Self.epochStride { moveEpoch() }
        if h != clockStep { restartClocks(step: h) }
        let t0 = time
        let t1 = clockOrigin + Double(clockSteps + 1) * h
        let l0 = layerTime
        let l1 = layerOrigin + Double(clockSteps + 1) * h
        batch &+= 1
        let geometry = EmitterShapeSampler(layer: layer)
        centre = (geometry.cx, geometry.cy)
        let previous = previousGeometry ?? geometry
        let budget = Self.budget(of: layer)
        let diedFrom = Self.floatAbove(t0 - epoch)
        let diedThrough = Self.floatAtOrBelow(t1 - epoch)
        for c in cells {
            c.params = CellParameters(cell: c.cell, layer: layer)
            applyRateChanges(c, at: t0)
            if c.trails != nil || c.cell.trail != nil { sampleTrails(c, t0: t0, t1: t1) }
            let p = c.params
            let deaths =
                c.store.extraMask == 0
                ? c.store.integrate(
                    dt: Float(h), ax: p.ax, ay: p.ay, az: p.az, diedFrom: diedFrom, diedThrough: diedThrough)
                : c.store.integrateExtended(
                    dt: Float(h), ax: p.ax, ay: p.ay, az: p.az, centre: (Float(geometry.cx), Float(geometry.cy)),
                    orbits: p.extensions?.orbits ?? false, now: Float(t1 - epoch),
                    diedFrom: diedFrom, diedThrough: diedThrough)
            countDeaths(deaths, of: c)
            if c.store.needsFiniteCheck || p.mayOverflow {
                c.store.needsFiniteCheck = false
                if c.store.hasNonFinitePositions() { removeNonFinite(c, aliveFrom: Self.floatAbove(t1 - epoch)) }
            }
            if let parent = c.parent {
                if let events = burstEvents(of: c, parent: cells[parent]) {
                    spawnBursts(
                        c, parent: cells[parent], atBirth: events.atBirth, atDeath: events.atDeath, t0: t0, t1: t1,
                        centre0: (previous.cx, previous.cy), budget: budget)
                } else {
                    spawnFromParents(
                        c, parent: cells[parent], t0: t0, t1: t1, centre0: (previous.cx, previous.cy), budget: budget)
                }
            } else {
                spawnTopLevel(
                    c, l0: l0, l1: l1, h: h, t0: t0, t1: t1, geometry: geometry, previous: previous, budget: budget)
                if let perPoint = p.effects?.birthsPerPoint, perPoint > 0 {
                    spawnByDistance(
                        c, perPoint: perPoint, l0: l0, l1: l1, t0: t0, t1: t1, geometry: geometry, previous: previous,
                        budget: budget)
                }
            }
            if let curve = p.effects?.speedOverLife {
                applySpeedOverLife(c, curve: curve, t0: t0, t1: t1, centre0: (previous.cx, previous.cy))
            }
        }
        time = t1
        layerTime = l1
        clockSteps += 1
        previousGeometry = geometry
        stepCount += 1
        lastStepDuration = h
        noteBudgetOverflow(dropped: unreported.dropped, budget: budget, time: t1)
        removeTombstones()
        reportStep(endingAt: t1)
    }

    /// Removes the live particles of `c` whose motion became NaN or infinite (a huge acceleration, a
    /// field singularity): they die now, counted in `died` and in `nonFinite` (docs/Limits.md).
    private func removeNonFinite(_ c: CellRuntime, aliveFrom: Float) {
        countDeaths(c.store.removeNonFinite(aliveFrom: aliveFrom), of: c, nonFinite: true)
    }

    /// Removes tombstones and fits each store's allocation to its live count (`ParticleStore.maintain`:
    /// compaction once tombstones reach 1/`ParticleStore.compactionDivisor` of the live particles, growth
    /// and shrinking with hysteresis), so removal costs a small fraction of a pass per step on average.
    private func removeTombstones() {
        let aliveFrom = aliveThreshold
        for c in cells {
            c.store.maintain(aliveFrom: aliveFrom, alive: c.counters.alive)
        }
    }

    /// Makes the current times the origins of the two clocks, counting steps of `step` from here.
    private func restartClocks(step: Double) {
        clockOrigin = time
        layerOrigin = layerTime
        clockSteps = 0
        clockStep = step
    }

    /// Moves the epoch forward by `epochStride` seconds (exact: a power of two subtracted from Floats).
    private func moveEpoch() {
        epoch += Self.epochStride
        for c in cells { c.store.shiftDeathTimes(by: Float(Self.epochStride)) }
    }

    /// Re-expresses the colour and scale bases of `c` when its colour or scale speeds changed, so the
    /// current values continue from where they are (docs/Design.md §3.8 clamps included): the look law
    /// inverted at each particle's age (`ParticleLooks.rebase`).
    private func applyRateChanges(_ c: CellRuntime, at t: Double) {
        let newColor = c.params.colorSpeed
        let newScale = c.params.scaleSpeed
        let colorChanged = newColor != c.appliedColorSpeed
        let scaleChanged = newScale != c.appliedScaleSpeed
        guard colorChanged || scaleChanged else { return }
        let s = c.store
        let now = t - epoch
        // Rebased values differ by age, so shared columns get one value per particle first.
        if colorChanged && s.count > 0 { s.store(.color, written: s.count) }
        if scaleChanged && s.count > 0 { s.store(.scale, written: s.count) }
        let looks = ParticleLooks(s, colorRate: c.appliedColorSpeed, scaleRate: c.appliedScaleSpeed)
        let colorRate = colorChanged ? SIMD4(newColor.0, newColor.1, newColor.2, newColor.3) : nil
        for i in 0..<s.count {
            let age = Float(now - (Double(s.death[i]) - Double(s.life[i])))
            looks.rebase(i, age: age, colorTo: colorRate, scaleTo: scaleChanged ? newScale : nil, in: s)
        }
        c.appliedColorSpeed = newColor
        c.appliedScaleSpeed = newScale
    }

    // MARK: - Time helpers

    /// The smallest Float strictly greater than `t`: `death ≥ floatAbove(t)` ⇔ `death > t` exactly.
    static func floatAbove(_ t: Double) -> Float {
        var f = Float(t)
        if Double(f) <= t { f = f.nextUp }
        return f
    }

    /// The largest Float not greater than `t`.
    static func floatAtOrBelow(_ t: Double) -> Float {
        var f = Float(t)
        if Double(f) > t { f = f.nextDown }
        return f
    }

    /// Slots whose death time is at or above this are alive now.
    var aliveThreshold: Float { Self.floatAbove(time - epoch) }

    // MARK: - Budget

    /// The budget overflow to report, exactly once: non-nil the first time it is called after the
    /// first dropped birth, nil afterwards (docs/Design.md §3.10: the engine warns once).
    public func takeBudgetWarning() -> BudgetWarning? {
        guard let w = budgetWarning, !budgetWarningTaken else { return nil }
        budgetWarningTaken = true
        return w
    }

    /// Whether any birth has been dropped by the budget.
    public var hasDroppedBirths: Bool { budgetWarning != nil }

    /// Live particles one emitter may hold whatever its `maxParticles` (50 000 000, 2.4 GB of state):
    /// a mistyped budget must not exhaust memory.
    public static let particleCeiling = 50_000_000

    /// The budget of `layer`: its `maxParticles`, between 0 and `particleCeiling`.
    static func budget(of layer: CAEmitterLayer) -> Int { min(max(0, layer.maxParticles), particleCeiling) }
}
