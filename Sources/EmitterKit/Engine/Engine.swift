import Foundation

/// The engine: runs a layer tree on a fixed simulation step and draws it (docs/Design.md §1).
///
/// One frame runs the stages of docs/Design.md §1.3: `advance(by:)` is **accumulate** (the measured
/// delta clamped and consumed in fixed steps), the **fixed steps** (each: **fixed update**, the
/// `onFixedStep` callbacks; **emit**, every emitter's simulation in tree order, stepped to the step's end
/// time; **physics**, the world, particle–physics coupling and events; **follow**, `onFixedStepEnd`),
/// **clock**, **sync bodies** (bodies written into their layers, interpolated between the last two steps,
/// then `onSync`), **commit** (the layer
/// tree's animations committed at the frame's media time: those due start, those that ended complete
/// and their delegate callbacks and `CATransaction` completion blocks run, whether or not the frame is
/// drawn; `CALayer.commitAnimations(atTime:)`), **draw lists** and **statistics**; `render(into:)` is
/// **present** (animations evaluated at the frame's media time) and **composite**.
///
/// Simulation happens on the fixed step only, so the state at a simulated time does not depend on the
/// frame rate. The engine's clock is virtual: it advances by the accepted frame deltas (measured from
/// vsync in a window, exact in headless runs), so pausing or scaling time pauses or scales animations too.
public final class Engine {
    // MARK: - Scene

    /// The model tree that is simulated and drawn; its origin is the top-left of the view.
    public let rootLayer: CALayer
    /// The scene this engine was made from, if any.
    public let scene: Scene?
    /// Size of the view in points.
    public private(set) var viewSize: CGSize
    /// Colour behind every layer. Default opaque black.
    public var backgroundColor: CGColor

    // MARK: - Time

    /// The engine clock: `CACurrentMediaTime()` while the engine runs a frame, and for the whole process
    /// after `installClock()`.
    public let clock: EngineClock
    /// The media time at which the engine started (0 unless restarted to keep a reloaded scene's time).
    public let startTime: CFTimeInterval
    /// The fixed-step integrator (step, clamp, interpolation fraction).
    public private(set) var integrator: FixedStepIntegrator
    /// Length of a fixed step in seconds. Default 1/120.
    public var fixedStep: CFTimeInterval { integrator.step }
    /// The media time of the current frame.
    public var mediaTime: CFTimeInterval { clock.mediaTime }
    /// Simulated time since the start: steps × fixedStep, seconds.
    public var simulatedTime: CFTimeInterval { integrator.simulatedTime }
    /// Frames advanced so far.
    public private(set) var frameCount: Int = 0

    // MARK: - Subsystems

    /// The renderer; its caches live as long as the engine.
    public let compositor: Compositor
    /// The delayed subtrees of replicator instances (`instanceDelay`).
    private let replicatorDelays = ReplicatorDelaySource()
    /// The emitters found in the tree, in tree order, with their simulations.
    package private(set) var emitters: [EmitterRuntime] = []
    var emitterIndex: [ObjectIdentifier: EmitterRuntime] = [:]
    /// The physics world and its couplings (Engine+Physics.swift); nil until a scene or code needs one.
    var physics: PhysicsCoupling?
    /// Whether any layer of the tree had animations at the last frame.
    public private(set) var treeHasAnimations = false

    // MARK: - Callbacks

    /// Called at the start of every fixed step, before the emitters and physics (game logic).
    public var onFixedStep: ((FixedStep) -> Void)?
    /// Called after every frame's steps, before rendering.
    public var onFrame: ((FrameStatistics) -> Void)?
    /// Called with an emitter's births, deaths and drops after each of its steps that had any.
    public var onParticleEvents: ((CAEmitterLayer, EmitterStepEvents) -> Void)?
    /// Called once per problem worth telling the user (a particle budget overflow, …). Default: nothing.
    public var onWarning: ((String) -> Void)?
    /// Called after each fixed step with its body collisions and particle contacts (PhysicsEvent).
    /// Default nil (events are then not even built).
    public var onPhysicsEvent: ((PhysicsEvent) -> Void)?
    /// Called at the end of every fixed step, after the physics and its events (a game session's camera
    /// follows its target here: the **follow** stage of docs/Design.md §1.3).
    package var onFixedStepEnd: ((FixedStep) -> Void)?
    /// Called in the **sync bodies** stage after the bodies were written, with the interpolation
    /// fraction (a game session's camera is drawn between its last two steps here).
    package var onSync: ((Double) -> Void)?
    /// Keys of layers that code writes for display between fixed steps (interpolated, so frame-rate
    /// dependent), left out of the layer part of the state hash like a body's layer's position and
    /// transform; whoever writes them hashes the state they show (a game session's camera). By model layer.
    package var frameWrittenKeys: [ObjectIdentifier: Set<String>] = [:]

    /// What the last frame did.
    public private(set) var statistics = FrameStatistics()
    /// Particles removed since the start because their motion became NaN or infinite (docs/Limits.md).
    public private(set) var nonFiniteRemovedTotal = 0

    // MARK: - Creating

    /// An engine for a loaded scene. Adds the scene's animations and builds its physics world;
    /// `startTime` keeps the media time of a reloaded scene (its emitters pre-warm to it, as Core
    /// Animation's do). The fixed step defaults to the scene's `physics.step` (1/120 s without one); a
    /// different explicit step is refused, because the world must step at the step it was tuned for.
    public convenience init(
        scene: Scene, fixedStep: CFTimeInterval? = nil, startTime: CFTimeInterval = 0,
        threadCount: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws {
        let step = try Engine.fixedStep(for: scene, requested: fixedStep)
        try self.init(
            rootLayer: scene.rootLayer, viewSize: scene.display.size, backgroundColor: scene.display.backgroundColor,
            scene: scene, fixedStep: step, startTime: startTime, threadCount: threadCount)
    }

    /// An engine for a layer tree built in code.
    public convenience init(
        rootLayer: CALayer, viewSize: CGSize, backgroundColor: CGColor = .black,
        fixedStep: CFTimeInterval = 1.0 / 120.0,
        threadCount: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws {
        try self.init(
            rootLayer: rootLayer, viewSize: viewSize, backgroundColor: backgroundColor, scene: nil,
            fixedStep: fixedStep, startTime: 0, threadCount: threadCount)
    }

    init(
        rootLayer: CALayer, viewSize: CGSize, backgroundColor: CGColor, scene: Scene?,
        fixedStep: CFTimeInterval, startTime: CFTimeInterval, threadCount: Int
    ) throws {
        guard viewSize.width.isFinite, viewSize.height.isFinite, viewSize.width >= 1, viewSize.height >= 1 else {
            throw EngineError.invalidSetting("view size must be at least 1×1 points, got \(viewSize)")
        }
        guard startTime.isFinite, startTime >= 0 else {
            throw EngineError.invalidSetting("start time must be ≥ 0, got \(startTime)")
        }
        self.rootLayer = rootLayer
        self.scene = scene
        self.viewSize = viewSize
        self.backgroundColor = backgroundColor
        self.startTime = startTime
        clock = EngineClock.virtual(startTime: startTime)
        integrator = try FixedStepIntegrator(step: fixedStep)
        compositor = Compositor(threadCount: max(1, threadCount))
        compositor.particles = self
        if let scene {
            try clock.withScope { try scene.addAnimations() }
        }
        clock.withScope { rootLayer.restartPendingAnimations(atMediaTime: startTime) }
        refreshEmitters()
        if let scene { physics = try PhysicsCoupling.make(scene: scene, root: rootLayer, viewSize: viewSize) }
    }

    /// Makes the engine clock the process-wide `CACurrentMediaTime()` (for a program with one engine).
    public func installClock() { clock.install() }

    // MARK: - Frames

    /// Advances the simulation by a measured frame delta (seconds; clamped, then consumed in fixed steps)
    /// and the clock by the accepted time. Returns what the integrator did.
    @discardableResult
    public func advance(by frameDelta: CFTimeInterval) -> FrameAdvance {
        clock.withScope {
            let started = DispatchTime.now().uptimeNanoseconds
            rootLayer.layoutSubtreeIfNeeded()
            commitPendingChanges()
            refreshEmitters()
            var events = ParticleEventTotals()
            let frame = runSteps(advancingBy: frameDelta, events: &events)
            try? clock.set(to: startTime + integrator.acceptedTime)
            afterSteps(frame: frame, events: events, started: started)
            return frame
        }
    }

    /// Runs exactly one fixed step and moves the clock by one step (stepping while paused).
    public func stepOnce() {
        clock.withScope {
            let started = DispatchTime.now().uptimeNanoseconds
            rootLayer.layoutSubtreeIfNeeded()
            commitPendingChanges()
            refreshEmitters()
            var events = ParticleEventTotals()
            let frame = runSteps(advancingBy: integrator.step, events: &events)
            try? clock.set(to: startTime + integrator.acceptedTime)
            afterSteps(frame: frame, events: events, started: started)
        }
    }

    /// Accepts a frame delta and runs the due fixed steps. The integrator is advanced first and left alone
    /// while the steps run, so step callbacks may read `simulatedTime`, `integrator` and `stepCount` (they
    /// see the frame's end; `FixedStep` has the step's own index and time).
    private func runSteps(advancingBy delta: CFTimeInterval, events: inout ParticleEventTotals) -> FrameAdvance {
        let n = integrator.advance(by: delta)
        let frame = integrator.lastFrame
        let first = integrator.stepCount - Int64(n)
        let step = integrator.step
        for k in 0..<Int64(n) {
            let index = first + k
            runFixedStep(FixedStep(index: index, time: Double(index) * step, duration: step), events: &events)
        }
        return frame
    }

    /// One fixed step: the stages fixed update, emit and physics of docs/Design.md §1.3.
    func runFixedStep(_ step: FixedStep, events: inout ParticleEventTotals) {
        onFixedStep?(step)
        // An emitter's step covers (start, end] and `EmitterSimulation.step` takes the parent time at
        // its end: passing the start would make the first step emit nothing. The animated values are
        // those at the end too, where the step's last births are placed.
        let stepEndMediaTime = startTime + step.time + step.duration
        for entry in emitters {
            let model = entry.layer
            let parentTime = model.superlayer?.localTime(forMediaTime: stepEndMediaTime) ?? stepEndMediaTime
            let current = model.presentationCopy(atTime: stepEndMediaTime) as? CAEmitterLayer ?? model
            entry.simulation.step(by: step.duration, layer: current, parentTime: parentTime)
            let e = entry.simulation.lastStepEvents
            events.add(e)
            if e.births + e.deaths + e.dropped > 0 { onParticleEvents?(model, e) }
            if let warning = entry.simulation.takeBudgetWarning(), model.warnsWhenFull {
                onWarning?(warning.description)
            }
            if let warning = entry.simulation.takeTrailBudgetWarning() { onWarning?(warning.description) }
        }
        stepPhysics(step)
        onFixedStepEnd?(step)
    }

    /// Commits the changes made since the last frame at that frame's time, as drawing it would have
    /// (`render` commits the thread's implicit transaction before building the presentation tree).
    private func commitPendingChanges() { CATransaction.flush() }

    func afterSteps(frame: FrameAdvance, events: ParticleEventTotals, started: UInt64) {
        syncBodiesToLayers(fraction: integrator.interpolationFraction)
        onSync?(integrator.interpolationFraction)
        // Animations complete and callbacks run at the frame's time even when it is not drawn; the
        // callbacks may change the tree, which the emitter list and `treeHasAnimations` then follow.
        rootLayer.commitAnimations(atTime: clock.mediaTime)
        refreshEmitters()
        if frame.steps > 0 || frameCount == 0 {
            for entry in emitters { entry.simulation.makeDrawList(into: &entry.drawList) }
        }
        frameCount += 1
        var s = FrameStatistics()
        s.frameIndex = frameCount
        s.mediaTime = clock.mediaTime
        s.simulatedTime = integrator.simulatedTime
        s.measuredDelta = frame.measuredDelta
        s.steps = frame.steps
        s.droppedTime = frame.droppedTime
        s.births = events.births
        s.deaths = events.deaths
        s.dropped = events.dropped
        s.nonFiniteRemoved = events.nonFinite
        nonFiniteRemovedTotal += events.nonFinite
        s.liveParticles = emitters.reduce(0) { $0 + $1.simulation.aliveCount }
        s.bodies = bodyCount
        s.simulationMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        statistics = s
        onFrame?(s)
    }

    // MARK: - Drawing

    /// Draws the frame at the current media time into `framebuffer` (whose scale is pixels per point).
    /// The view fills the framebuffer from its top-left corner.
    public func render(into framebuffer: Framebuffer) {
        clock.withScope {
            let started = DispatchTime.now().uptimeNanoseconds
            compositor.clearColor = backgroundColor
            let tree: CALayer = treeHasAnimations ? rootLayer.makePresentationTree(atTime: clock.mediaTime) : rootLayer
            replicatorDelays.mediaTime = clock.mediaTime
            compositor.instanceSource = treeHasAnimations ? replicatorDelays : nil
            compositor.render(tree, into: framebuffer)
            statistics.renderMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        }
    }

    /// A framebuffer of the view's size at `scale` pixels per point.
    public func makeFramebuffer(scale: CGFloat = 1) throws -> Framebuffer {
        try Framebuffer(
            width: max(1, Int((viewSize.width * scale).rounded())),
            height: max(1, Int((viewSize.height * scale).rounded())), scale: scale)
    }

    /// Renders the current frame into a new image of the view.
    public func snapshot(scale: CGFloat = 1) throws -> CGImage {
        let fb = try makeFramebuffer(scale: scale)
        render(into: fb)
        return try fb.makeImage()
    }

    // MARK: - State

    /// The version of what `stateHash()` covers and in which order; it is the first value mixed in, so
    /// hashes of different versions never agree. Version 2 added the layers' presented values (version 1
    /// covered particles and bodies only).
    public static let stateHashVersion = 2

    /// The state hash (docs/Determinism.md, "State hash"): the version, the step count, every emitter's
    /// particles in tree order, the presented values of every layer and emitter cell at the end of the
    /// last fixed step, then the physics bodies. Equal at equal simulated times whatever the frame rate.
    public func stateHash() -> StateHasher {
        var h = StateHasher()
        h.combine(Engine.stateHashVersion)
        h.combine(integrator.stepCount.magnitude)
        h.combine(emitters.count)
        for entry in emitters { entry.simulation.hash(into: &h) }
        clock.withScope {
            // Presented at the fixed-step time, not the frame's: the frame's time runs up to a step ahead.
            var layers = LayerStateHash(
                mediaTime: startTime + integrator.simulatedTime, bodyLayers: bodyMovedLayers,
                frameWrittenKeys: frameWrittenKeys)
            layers.combine(tree: rootLayer, into: &h)
        }
        hashPhysics(into: &h)
        return h
    }

    // MARK: - Emitters

    /// Finds the emitter layers of the tree (in tree order, masks included) and keeps one simulation per
    /// model layer; simulations of layers that left the tree are dropped.
    func refreshEmitters() {
        var found: [CAEmitterLayer] = []
        var animated = false
        func walk(_ layer: CALayer) {
            if layer.hasAnimations { animated = true }
            if let e = layer as? CAEmitterLayer { found.append(e) }
            for child in layer.sublayers ?? [] { walk(child) }
            if let mask = layer.mask { walk(mask) }
        }
        walk(rootLayer)
        treeHasAnimations = animated
        if found.count == emitters.count, zip(found, emitters).allSatisfy({ $0 === $1.layer }) { return }
        var next: [EmitterRuntime] = []
        var index: [ObjectIdentifier: EmitterRuntime] = [:]
        for layer in found {
            let id = ObjectIdentifier(layer)
            let entry = emitterIndex[id] ?? EmitterRuntime(layer: layer)
            next.append(entry)
            index[id] = entry
        }
        emitters = next
        emitterIndex = index
    }

    /// The simulation of an emitter layer of the tree (a model layer), if it is in the tree.
    public func simulation(of emitter: CAEmitterLayer) -> EmitterSimulation? {
        emitterIndex[ObjectIdentifier(emitter.model())]?.simulation
    }
}

// MARK: - Particles for the compositor

extension Engine: ParticleDrawListProvider {
    /// The draw list of `emitter` built after the last frame's steps.
    package func drawList(for emitter: CAEmitterLayer) -> ParticleDrawList? {
        emitterIndex[ObjectIdentifier(emitter)]?.drawList
    }
}

/// An emitter layer of the tree with its simulation and its draw list.
package final class EmitterRuntime {
    /// The model layer.
    package let layer: CAEmitterLayer
    /// Its simulation.
    package let simulation: EmitterSimulation
    /// The particles to draw this frame.
    package internal(set) var drawList = ParticleDrawList()

    init(layer: CAEmitterLayer) {
        self.layer = layer
        simulation = EmitterSimulation(layer: layer)
    }
}

/// The emitters' step events (`EmitterStepEvents`) summed over a frame's steps: the engine's one
/// aggregate of what the simulations report, read into `FrameStatistics`.
struct ParticleEventTotals {
    var births = 0, deaths = 0, dropped = 0, nonFinite = 0

    /// Adds one emitter's step.
    mutating func add(_ e: EmitterStepEvents) {
        births += e.births
        deaths += e.deaths
        dropped += e.dropped
        nonFinite += e.nonFinite
    }
}

/// Why the engine refused a request.
public enum EngineError: Error, Equatable, CustomStringConvertible {
    /// A setting is out of range.
    case invalidSetting(String)
    /// A name in a request matches nothing.
    case notFound(String)

    /// The message.
    public var description: String {
        switch self {
        case .invalidSetting(let m): return m
        case .notFound(let m): return m
        }
    }
}
