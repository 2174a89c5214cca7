import Foundation

/// Runs a `Game`: owns its engine and physics world, folds input into frames and steps, pauses, scales
/// and restarts time, and answers the questions a prototype asks (what is under the pointer, what is the
/// state hash). The same session runs in a window (SDLHost's `GameWindow`) and headless
/// (`HeadlessGameRunner`), so a test plays exactly what a player sees.
///
/// One frame (`runFrame`, the stages of docs/Design.md §1.3): a pending restart is carried out; the
/// frame's input events are applied; the game's `frame` callback runs; the engine advances by the
/// measured delta × `timeScale` (nothing while paused, one step per `step()` request). Each fixed step
/// runs the scripted input due at that step, the **timers** due, the game's `fixedUpdate`, the mounted
/// emitters following their bodies, then the emitters, then the physics world and its particle coupling,
/// whose events reach the typed collision handlers and the game's `physicsEvent`, and finally the camera
/// following its target. After the steps the engine writes each attached body into its layer and the
/// camera into the root and the HUD, interpolated between the last two steps.
public final class GameSession {
    // MARK: - Game and engine

    /// The game being run.
    public let game: Game
    /// How the engine is built.
    public let configuration: GameConfiguration
    /// The engine of the current run (a new one after every restart).
    public private(set) var engine: Engine
    /// The physics world of the current run (the engine's `physicsWorld`): gravity (0, 0) until the game
    /// or the scene sets it, stepped every fixed step after `fixedUpdate` and the emitters. Root-layer
    /// points, seconds, y down.
    public var physicsWorld: PhysicsWorld { engine.physicsWorld }
    /// A random generator seeded from `configuration.seed` at every (re)start, for game logic.
    public var random: SeededRandom
    /// Where warnings go (particle budget overflows, physics refusals during a step). Default stderr.
    public var log: (String) -> Void = { message in
        FileHandle.standardError.write(Data(("game: " + message + "\n").utf8))
    }

    /// The root layer of the current run: its bounds are the view, origin top-left, y down.
    public var rootLayer: CALayer { engine.rootLayer }
    /// The view's size in points.
    public var viewSize: CGSize { engine.viewSize }

    // MARK: - Time

    /// Whether simulated time stands still (frames still render and call `frame`). Default false.
    public private(set) var isPaused = false
    /// Simulated seconds per real second, 1/16…16. Default 1.
    public private(set) var timeScale: Double = 1
    /// Frames run since the session was made (restarts do not reset it).
    public private(set) var frameCount = 0
    /// Restarts carried out so far.
    public private(set) var restartCount = 0
    /// Simulated time of the current run, seconds (fixed steps × step length).
    public var simulatedTime: CFTimeInterval { engine.simulatedTime }
    /// The game clock, seconds since the (re)start: inside a fixed step (timers, `fixedUpdate`, events)
    /// the step's start time, between steps `simulatedTime`. Timers count from it.
    public var time: CFTimeInterval { currentStep?.time ?? simulatedTime }

    // MARK: - Input

    /// The current frame's input (edges since the previous frame, levels now).
    public private(set) var input = InputState()
    private var stepInput = InputState()
    /// The input actions and their bindings, for every run of the session (`bind(_:to:)`).
    public var inputBindings: [InputAction: [InputBinding]] = [:] {
        didSet {
            input.bindings = inputBindings
            stepInput.bindings = inputBindings
        }
    }

    /// Binds `action` to `inputs` (replacing its earlier bindings): the action is held while any of them
    /// is, in `frame.input` and `step.input` alike. Bindings outlive restarts.
    /// ```swift
    /// session.bind(.thrust, to: [.up, .w, .controllerA, .rightTrigger])
    /// ```
    public func bind(_ action: InputAction, to inputs: [InputBinding]) { inputBindings[action] = inputs }

    /// Schedules `event` at game time `time` (seconds since the session started, across restarts): it
    /// reaches the first fixed step starting at or after then, and the frame that runs that step
    /// (`ScriptedInput.add(_:atTime:)`; `HeadlessGameRunner` hands its script's timed events here).
    public func schedule(_ event: InputEvent, atTime time: CFTimeInterval) {
        timedInput.add(event, atTime: time.isFinite ? max(0, time) : 0)
    }

    /// Game time since the session started, seconds, counted across restarts (the clock of scripted
    /// input by time).
    public var totalTime: CFTimeInterval { previousRunsTime + time }

    // MARK: - Private state

    private var pendingRestart = false
    private var pendingSteps = 0
    /// The fixed step being run, from its fixed-update stage to its end; nil between steps.
    private(set) var currentStep: FixedStep?
    /// The run's timers, collision handlers, mounted emitters, camera and HUD.
    private(set) var run: GameRun
    /// Scripted input due at game times (`ScriptedInput.add(_:atTime:)`), in delivery order.
    private var timedInput = TimedInputQueue()
    /// Simulated seconds of the runs before the current one (scripted times count across restarts).
    private var previousRunsTime: CFTimeInterval = 0
    /// Sounds played so far, in order (`playedSounds`).
    var soundLog: [SoundEvent] = []
    /// The name of the music playing, if any (a restart stops it).
    public internal(set) var currentMusic: String?
    /// Where sounds go besides the log: a window's audio device; nil headless. A window attaches it after
    /// the session (and the first `setUp`) exists, so attaching hands it the music playing and the sounds
    /// played before the first frame.
    package var audioOutput: AudioOutput? {
        didSet { handOverSounds() }
    }
    /// The music playing, to give an output attached later.
    var playingMusic: (sound: Sound, volume: Double)?
    /// Sounds played before the first frame (in the first `setUp`) while no output was attached, to give
    /// one attached later; nil once a frame has started or an output has taken them.
    var soundsBeforeFirstFrame: [(sound: Sound, volume: Double, pan: Double)]? = []

    // MARK: - Creating

    /// Builds the engine and the world and calls the game's `setUp`.
    /// - Throws: `GameError.invalidSetting` for a bad configuration, the scene loader's error for a broken
    ///   `scenePath`, `GameError.setUpFailed` when `setUp` throws.
    public init(game: Game, configuration: GameConfiguration = GameConfiguration()) throws {
        if let problem = configuration.problem { throw GameError.invalidSetting(problem) }
        self.game = game
        self.configuration = configuration
        random = SeededRandom(seed: UInt64(configuration.seed))
        engine = try Self.makeRun(configuration)
        run = GameRun(engine: engine)
        try setUpRun()
    }

    private static func makeRun(_ configuration: GameConfiguration) throws -> Engine {
        let engine: Engine
        if let path = configuration.scenePath {
            let scene = try SceneSource.load(path: path)
            scene.offsetSeeds(by: configuration.seed)
            engine = try Engine(
                scene: scene, fixedStep: configuration.fixedStep, threadCount: configuration.threadCount)
        } else {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: configuration.viewSize)
            root.name = "root"
            engine = try Engine(
                rootLayer: root, viewSize: configuration.viewSize, backgroundColor: configuration.backgroundColor,
                fixedStep: configuration.fixedStep ?? 1.0 / 120.0, threadCount: configuration.threadCount)
        }
        // Every run has a world from the start, so games can add bodies in `setUp`.
        _ = engine.physicsWorld
        return engine
    }

    /// Wires the engine and world to the game and runs `setUp` with the engine's clock in scope.
    private func setUpRun() throws {
        stepInput = InputState()
        stepInput.bindings = inputBindings
        pendingSteps = 0
        engine.onWarning = { [unowned self] message in self.log(message) }
        run.camera.log = { [unowned self] message in self.log(message) }
        engine.onFixedStep = { [unowned self] step in self.runFixedStep(step) }
        engine.onFixedStepEnd = { [unowned self] step in self.endFixedStep(step) }
        engine.onSync = { [unowned self] fraction in self.run.camera.show(fraction: fraction) }
        engine.onParticleEvents = { [unowned self] emitter, events in
            CATransaction.performWithoutActions { self.game.particleEvents(events, of: emitter, self) }
        }
        engine.onPhysicsEvent = { [unowned self] event in
            CATransaction.performWithoutActions {
                self.deliverToCollisionHandlers(event)
                self.game.physicsEvent(event, self)
            }
        }
        do {
            try engine.clock.withScope {
                try CATransaction.performWithoutActions { try game.setUp(self) }
            }
        } catch let error as GameError {
            throw error
        } catch {
            throw GameError.setUpFailed(String(describing: error))
        }
    }

    // MARK: - Time control

    /// Stops or resumes simulated time from this frame on.
    public func setPaused(_ paused: Bool) { isPaused = paused }

    /// Sets simulated seconds per real second (1/16…16).
    /// - Throws: `GameError.invalidSetting` naming the value when it is outside 1/16…16 or not finite.
    public func setTimeScale(_ scale: Double) throws {
        guard scale.isFinite, scale >= 1.0 / 16.0, scale <= 16 else {
            throw GameError.invalidSetting(
                "GameSession.setTimeScale: \(scale); use 1/16...16 (1 is real time, 0.5 slow motion; pause with setPaused)"
            )
        }
        timeScale = scale
    }

    /// Runs exactly one fixed step at the next frame even while paused (frame-by-frame debugging).
    public func step() { pendingSteps += 1 }

    /// Throws the current run away and builds a new one (new engine, new world, `setUp` again, `random`
    /// reseeded) at the start of the next frame, so a restarted game replays exactly.
    public func restart() { pendingRestart = true }

    // MARK: - Frames

    /// Runs one display refresh: restart if asked, input, the game's `frame`, the fixed steps, bodies into
    /// layers. `measuredDelta` is in seconds (clamped by the engine to 0.25 s; NaN or negative counts as 0).
    /// - Throws: a restart's `setUp` failure (the previous run is kept).
    public func runFrame(
        timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval, measuredDelta: CFTimeInterval,
        events: [InputEvent] = []
    ) throws {
        defer { frameCount += 1 }
        soundsBeforeFirstFrame = nil
        if pendingRestart {
            pendingRestart = false
            try performRestart()
        }
        input.beginFrame()
        for event in events {
            input.apply(event)
            stepInput.apply(event)
        }
        let lastStep = expectedLastStep(measuredDelta)
        for event in timedInput.takeForFrame(
            throughStep: lastStep, runOffset: previousRunsTime, stepDuration: engine.fixedStep)
        {
            input.apply(event)
        }
        let frame = GameFrame(
            index: frameCount, timestamp: timestamp, targetTimestamp: targetTimestamp,
            measuredDelta: measuredDelta, input: input)
        engine.clock.withScope {
            CATransaction.performWithoutActions { game.frame(frame, self) }
        }
        let delta = measuredDelta.isFinite && measuredDelta > 0 ? measuredDelta : 0
        if isPaused {
            if pendingSteps > 0 {
                pendingSteps -= 1
                engine.stepOnce()
            } else {
                engine.advance(by: 0)
            }
        } else {
            pendingSteps = 0
            engine.advance(by: delta * timeScale)
        }
    }

    private func performRestart() throws {
        let nextEngine = try Self.makeRun(configuration)
        let previous = (engine, random, run, previousRunsTime)
        // The old run's sounds end with it, before the new `setUp` may start its music.
        stopMusic()
        audioOutput?.stopAll()
        previousRunsTime += engine.simulatedTime
        engine = nextEngine
        random = SeededRandom(seed: UInt64(configuration.seed))
        run = GameRun(engine: nextEngine)
        restartCount += 1
        do {
            try setUpRun()
            previous.2.end()
        } catch {
            restartCount -= 1
            (engine, random, run, previousRunsTime) = previous
            throw error
        }
    }

    /// The index of the last fixed step this frame will run if the game changes no time setting, for
    /// delivering scripted input by time to the frame that runs its step.
    private func expectedLastStep(_ measuredDelta: CFTimeInterval) -> Int64 {
        var probe = engine.integrator
        let steps: Int
        if isPaused {
            steps = pendingSteps > 0 ? 1 : 0
        } else {
            let delta = measuredDelta.isFinite && measuredDelta > 0 ? measuredDelta : 0
            steps = probe.advance(by: delta * timeScale)
        }
        return engine.integrator.stepCount + Int64(steps) - 1
    }

    /// The fixed-update stage of one step (docs/Design.md §1.3): scripted input due at the step, the
    /// timers due, the game's `fixedUpdate`, then the mounted emitters take their bodies' places.
    private func runFixedStep(_ step: FixedStep) {
        currentStep = step
        for event in timedInput.takeForStep(step, runOffset: previousRunsTime) { stepInput.apply(event) }
        let gameStep = GameStep(index: step.index, time: step.time, duration: step.duration, input: stepInput)
        stepInput.beginFrame()
        CATransaction.performWithoutActions {
            run.fireTimers(at: step)
            game.fixedUpdate(gameStep, self)
            run.moveMountedEmitters(root: rootLayer)
        }
    }

    /// The end of a fixed step: the camera follows its target (the **follow** stage).
    private func endFixedStep(_ step: FixedStep) {
        run.camera.follow(step: step)
        currentStep = nil
    }

    // MARK: - Bodies and layers

    /// Makes `body` drive `layer` (the engine's coupling): the body is placed at the layer's position and
    /// angle (root coordinates) and added to `physicsWorld` if it is in no world; from then on a dynamic body
    /// moves the layer every frame (position and rotation about z, interpolated between the last two
    /// steps) and a kinematic body follows the layer. Set the layer's position before attaching.
    /// - Throws: the world's refusal (`PhysicsError`) when the body cannot be added.
    public func attach(_ body: PhysicsBody, to layer: CALayer) throws {
        try engine.attach(body, to: layer)
    }

    /// Stops `body` driving its layer and removes it from the world; the layer stays where the body was at
    /// the last fixed step (`Engine.detach(_:)`). A body of the world that drives no layer is removed.
    /// - Throws: the world's refusal (`PhysicsError`) when the body cannot be removed.
    public func detach(_ body: PhysicsBody) throws { try engine.detach(body) }

    /// The bodies attached to layers, in attachment order.
    public var attachedBodies: [PhysicsBody] { engine.attachedBodies }

    /// Couples a cell of `emitter` to the physics world: `collide` mode (particles bounce off, die on or
    /// stick to shapes, with contact events) or `body` mode (each particle a small physics body).
    /// - Throws: the engine's refusal naming the cell or value.
    public func setPhysics(_ description: CellPhysicsDescription, of cell: CAEmitterCell, in emitter: CAEmitterLayer)
        throws
    {
        try engine.setPhysics(description, of: cell, in: emitter)
    }

    // MARK: - Particles

    /// Bursts `count` particles of the cell at `cellNamed` (a dotted name path) of `emitter` now, at
    /// `point` (root coordinates) in the cell's emission directions, or from the emitter's shape when nil.
    /// Returns how many were born (the emitter's budget applies). The engine's `burst`, inside the
    /// session's clock.
    /// - Throws: `EngineError.notFound` naming the emitter or cell that is missing,
    ///   `GameError.invalidSetting` for a count below 0.
    @discardableResult
    public func burst(count: Int, cellNamed: String, in emitter: CAEmitterLayer, at point: CGPoint? = nil) throws -> Int
    {
        guard count >= 0 else {
            throw GameError.invalidSetting("GameSession.burst: count \(count); give 0 or more particles")
        }
        return try engine.clock.withScope {
            try engine.burst(count: count, cellNamed: cellNamed, in: emitter, at: point)
        }
    }

    /// Live particles of `emitter` (0 when it is not in the tree).
    public func liveParticles(of emitter: CAEmitterLayer) -> Int {
        engine.simulation(of: emitter)?.aliveCount ?? 0
    }

    // MARK: - Pointer and hit testing

    /// The deepest visible layer under `point`, in view points (equal to root coordinates while the camera
    /// is at rest), or nil (Core Animation's `hitTest`). HUD layers are found first: they are drawn on top.
    public func hitTest(_ point: CGPoint) -> CALayer? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        return rootLayer.hitTest(point)
    }

    /// The deepest visible layer under the pointer this frame, or nil (no pointer yet, or nothing there).
    public var layerUnderPointer: CALayer? {
        input.mouseLocation.flatMap { hitTest($0) }
    }

    /// The pointer in `layer`'s own coordinates (its bounds space), or nil before the first mouse event.
    /// Through the camera: `pointer(in: session.rootLayer)` is the pointer in world coordinates, and
    /// `pointer(in: session.hudLayer)` in view points.
    public func pointer(in layer: CALayer) -> CGPoint? {
        guard let p = input.mouseLocation else { return nil }
        return layer === rootLayer && !run.camera.isActive ? p : layer.convert(p, from: nil)
    }

    /// The pointer in world coordinates (the root layer's, where bodies live), or nil before the first
    /// mouse event: `input.mouseLocation` (view points) through the camera.
    public var pointerInWorld: CGPoint? { input.mouseLocation.map { run.camera.worldPoint(fromView: $0) } }

    /// The layer of the tree named `name` (depth first), or nil.
    public func layer(named name: String) -> CALayer? { rootLayer.layer(named: name) }

    // MARK: - Output and state

    /// Draws the current frame into `framebuffer`.
    public func render(into framebuffer: Framebuffer) { engine.render(into: framebuffer) }

    /// The current frame as an image of the view at `scale` pixels per point.
    public func snapshot(scale: CGFloat = 1) throws -> CGImage { try engine.snapshot(scale: scale) }

    /// The state hash: the engine's (steps, particles, layers, physics bodies), then the session's
    /// timers and camera when the game uses them, then the game's own state. Equal for equal input at
    /// equal simulated times, whatever the frame rate.
    public func stateHash() -> StateHasher {
        var hasher = engine.stateHash()
        run.hash(into: &hasher)
        game.hash(into: &hasher)
        return hasher
    }

    /// Runs `body` with the engine's clock as `CACurrentMediaTime()`: presentation values, animations
    /// and media times read inside it are those of the game's time line, not the wall clock's. Game
    /// callbacks already run so; tests that read `presentation()` between frames use this.
    public func withGameClock<R>(_ body: () throws -> R) rethrows -> R {
        try engine.clock.withScope(body)
    }
}
