import Foundation

/// Runs a `Game`: owns its engine and physics world, folds input into frames and steps, pauses, scales
/// and restarts time, and answers the questions a prototype asks (what is under the pointer, what is the
/// state hash). The same session runs in a window (SDLHost's `GameWindow`) and headless
/// (`HeadlessGameRunner`), so a test plays exactly what a player sees.
///
/// One frame (`runFrame`): a pending restart is carried out; the frame's input events are applied; the
/// game's `frame` callback runs; the engine advances by the measured delta × `timeScale` (nothing while
/// paused, one step per `step()` request) — each fixed step runs the game's `fixedUpdate`, then the
/// emitters, then the physics world and its particle coupling, whose events reach the game's
/// `physicsEvent`; finally the engine writes each attached body into its layer, interpolated between the
/// last two steps.
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

    // MARK: - Input

    /// The current frame's input (edges since the previous frame, levels now).
    public private(set) var input = InputState()
    private var stepInput = InputState()

    // MARK: - Private state

    private var pendingRestart = false
    private var pendingSteps = 0

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
        pendingSteps = 0
        engine.onWarning = { [unowned self] message in self.log(message) }
        engine.onFixedStep = { [unowned self] step in self.runFixedStep(step) }
        engine.onParticleEvents = { [unowned self] emitter, events in
            CATransaction.performWithoutActions { self.game.particleEvents(events, of: emitter, self) }
        }
        engine.onPhysicsEvent = { [unowned self] event in
            CATransaction.performWithoutActions { self.game.physicsEvent(event, self) }
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
        if pendingRestart {
            pendingRestart = false
            try performRestart()
        }
        input.beginFrame()
        for event in events {
            input.apply(event)
            stepInput.apply(event)
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
        let previous = (engine, random)
        engine = nextEngine
        random = SeededRandom(seed: UInt64(configuration.seed))
        do {
            try setUpRun()
            restartCount += 1
        } catch {
            (engine, random) = previous
            throw error
        }
    }

    private func runFixedStep(_ step: FixedStep) {
        let gameStep = GameStep(index: step.index, time: step.time, duration: step.duration, input: stepInput)
        stepInput.beginFrame()
        CATransaction.performWithoutActions { game.fixedUpdate(gameStep, self) }
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

    /// The deepest visible layer under `point` (root coordinates), or nil (Core Animation's `hitTest`).
    public func hitTest(_ point: CGPoint) -> CALayer? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        return rootLayer.hitTest(point)
    }

    /// The deepest visible layer under the pointer this frame, or nil (no pointer yet, or nothing there).
    public var layerUnderPointer: CALayer? {
        input.mouseLocation.flatMap { hitTest($0) }
    }

    /// The pointer in `layer`'s own coordinates (its bounds space), or nil before the first mouse event.
    public func pointer(in layer: CALayer) -> CGPoint? {
        guard let p = input.mouseLocation else { return nil }
        return layer === rootLayer ? p : layer.convert(p, from: rootLayer)
    }

    /// The layer of the tree named `name` (depth first), or nil.
    public func layer(named name: String) -> CALayer? { rootLayer.layer(named: name) }

    // MARK: - Output and state

    /// Draws the current frame into `framebuffer`.
    public func render(into framebuffer: Framebuffer) { engine.render(into: framebuffer) }

    /// The current frame as an image of the view at `scale` pixels per point.
    public func snapshot(scale: CGFloat = 1) throws -> CGImage { try engine.snapshot(scale: scale) }

    /// The state hash: the engine's (steps, particles, physics bodies), then the game's own state. Equal
    /// for equal input at equal simulated times, whatever the frame rate.
    public func stateHash() -> StateHasher {
        var hasher = engine.stateHash()
        game.hash(into: &hasher)
        return hasher
    }
}
