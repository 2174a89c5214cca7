import EmitterKit
import Foundation

/// A lunar lander: thrust against gravity, turn, and touch down on the pad gently and upright.
/// Written against the public EmitterKit API only (this target depends on nothing else).
///
/// Controls: Up / W / Space (or controller A, right trigger) thrust; Left / Right / A / D (or the left
/// stick) turn; P pauses, `.` steps while paused, T toggles slow motion, R restarts.
public final class LanderGame: Game {
    // MARK: - Rules

    /// Gravity, points per second² (down).
    public static let gravity = 40.0
    /// Thrust acceleration of the main engine, points per second².
    public static let thrust = 100.0
    /// Turning speed while a turn key is held, radians per second.
    public static let turnRate = 2.2
    /// Fuel at the start, units; thrusting burns 10 per second.
    public static let startFuel = 100.0
    /// Fastest touchdown on the pad that counts as landed, points per second.
    public static let safeSpeed = 45.0
    /// Largest tilt that counts as landed, radians.
    public static let safeTilt = 0.25
    /// Where the ship starts (its centre), root coordinates.
    public static let start = CGPoint(x: 380, y: 80)
    /// The landing pad: x range and height of its top surface.
    public static let pad = (minX: 340.0, maxX: 420.0, y: 430.0)

    /// What the ship is doing.
    public enum Phase: Int, Sendable {
        /// In the air (or resting on the ground without having landed).
        case flying
        /// Touched down on the pad slowly and upright.
        case landed
        /// Hit the ground too fast, tilted, or off the pad.
        case crashed
    }

    // MARK: - State

    /// The current phase.
    public private(set) var phase = Phase.flying
    /// Fuel left, units.
    public private(set) var fuel = startFuel
    /// Score: 100 + fuel left on landing, 0 otherwise.
    public private(set) var score = 0
    /// Speed at the moment of touchdown or crash, points per second.
    public private(set) var impactSpeed = 0.0
    /// Explosion sparks that touched the terrain (collide-mode contacts).
    public private(set) var sparkContacts = 0
    /// Whether the engine fired during the last step.
    public private(set) var isThrusting = false

    /// The ship's body (nil after a crash).
    public private(set) var ship: PhysicsBody?
    /// The ship's layer.
    public private(set) var shipLayer = CALayer()
    /// The engine's flame.
    public private(set) var thruster = CAEmitterLayer()
    /// The explosion's sparks.
    public private(set) var explosion = CAEmitterLayer()
    /// Debris bodies after a crash.
    public private(set) var debris: [PhysicsBody] = []

    private var flame = CAEmitterCell()
    private var fuelBar = CALayer()
    /// Status text at the top right: fuel, or the outcome with the score.
    public private(set) var statusLabel = CATextLayer()
    private var statusLight = CALayer()
    private var lastVelocity = CGVector.zero
    private var crashPending = false
    private var padShape: PhysicsShape?

    /// A game in its starting state (`setUp` resets it on every restart).
    public init() {}

    // MARK: - Game

    /// Resets the rules' state and builds sky, terrain (physics segments), ship (a physics box), emitters and HUD.
    public func setUp(_ session: GameSession) throws {
        (phase, fuel, score, impactSpeed, isThrusting) = (.flying, Self.startFuel, 0, 0, false)
        (lastVelocity, crashPending, debris, sparkContacts) = (.zero, false, [], 0)
        try session.physicsWorld.setGravity(CGVector(dx: 0, dy: Self.gravity))
        session.bind(.thrust, to: [.up, .w, .space, .controllerA, .controllerAxis(.rightTrigger, threshold: 0.3)])
        session.bind(.turnLeft, to: [.left, .a])
        session.bind(.turnRight, to: [.right, .d])
        let root = session.rootLayer
        root.addSublayer(makeSky(size: session.viewSize, random: &session.random))
        try buildTerrain(session)
        try buildShip(session)
        try buildEmitters(session)
        buildHUD(root)
    }

    /// Restart (R, controller Start), pause (P), single step (`.`) and slow motion (T).
    public func frame(_ frame: GameFrame, _ session: GameSession) {
        let input = frame.input
        if input.wasPressed(.r) || input.primaryController?.wasPressed(.start) == true { session.restart() }
        if input.wasPressed(.p) { session.setPaused(!session.isPaused) }
        if input.wasPressed(.period) { session.step() }
        if input.wasPressed(.t) { try? session.setTimeScale(session.timeScale == 1 ? 0.25 : 1) }
        statusLabel.string = statusText
    }

    /// What the status label shows.
    public var statusText: String {
        switch phase {
        case .flying: return "FUEL \(Int(fuel.rounded(.up)))"
        case .landed: return "LANDED  score \(score)"
        case .crashed: return "CRASHED   R to retry"
        }
    }

    /// Turning, thrust and fuel; carries out a crash noticed during the last step.
    public func fixedUpdate(_ step: GameStep, _ session: GameSession) {
        if crashPending { crash(session) }
        guard let ship, phase == .flying else {
            isThrusting = false
            thruster.birthRate = 0
            return
        }
        let input = step.input
        var turn = input.strength(of: .turnRight) - input.strength(of: .turnLeft)
        if let x = input.primaryController?.axis(.leftX), abs(x) > 0.2 { turn += x }
        try? ship.setAngularVelocity(max(-1, min(1, turn)) * Self.turnRate)

        isThrusting = input.isHeld(.thrust) && fuel > 0
        if isThrusting {
            fuel = max(0, fuel - 10 * step.duration)
            let a = ship.angle
            let force = CGVector(dx: sin(a) * Self.thrust * ship.mass, dy: -cos(a) * Self.thrust * ship.mass)
            try? ship.applyForce(force)
        }
        lastVelocity = ship.velocity
        // The flame is mounted on the ship (`buildShip`): it follows the nozzle and the ship's angle.
        thruster.birthRate = isThrusting ? 1 : 0
        fuelBar.bounds.size.width = CGFloat(150 * fuel / Self.startFuel)
    }

    /// The ship's first touch decides: the pad, slow and upright, is a landing; anything else a crash.
    public func physicsEvent(_ event: PhysicsEvent, _ session: GameSession) {
        if case .particleContact = event { sparkContacts += 1 }
        guard case .collision(let event, _, _) = event, event.phase == .begin, phase == .flying, let ship,
            event.bodyA === ship || event.bodyB === ship
        else { return }
        let other = event.bodyA === ship ? event.shapeB : event.shapeA
        let speed = (lastVelocity.dx * lastVelocity.dx + lastVelocity.dy * lastVelocity.dy).squareRoot()
        impactSpeed = speed
        let tilt = abs(remainder(ship.angle, 2 * .pi))
        if other === padShape, speed <= Self.safeSpeed, tilt <= Self.safeTilt {
            phase = .landed
            session.unmount(thruster)
            score = 100 + Int(fuel.rounded())
            statusLight.backgroundColor = CGColor(red: 0.2, green: 0.9, blue: 0.3, alpha: 1)
        } else {
            phase = .crashed
            crashPending = true
            statusLight.backgroundColor = CGColor(red: 1, green: 0.2, blue: 0.1, alpha: 1)
        }
    }

    /// Phase, fuel, score and debris count.
    public func hash(into hasher: inout StateHasher) {
        hasher.combine(phase.rawValue)
        hasher.combine(fuel)
        hasher.combine(score)
        hasher.combine(debris.count)
    }

    // MARK: - Crash

    /// Replaces the ship by debris (small physics bodies flung outwards) and a burst of sparks.
    private func crash(_ session: GameSession) {
        crashPending = false
        guard let ship else { return }
        let centre = ship.position
        try? session.detach(ship)
        self.ship = nil
        shipLayer.isHidden = true
        thruster.birthRate = 0
        for i in 0..<10 {
            let size = 3 + 4 * session.random.nextUnitDouble()
            let angle = Double(i) / 10 * 2 * .pi + 0.5 * session.random.nextUnitDouble()
            let speed = 60 + 100 * session.random.nextUnitDouble()
            guard
                let body = try? PhysicsBody(
                    mass: 0.05, position: CGPoint(x: centre.x + cos(angle) * 6, y: centre.y + sin(angle) * 6)),
                (try? body.addShape(.box(width: size, height: size, cornerRadius: 0), friction: 0.8, elasticity: 0.3))
                    != nil
            else { continue }
            let piece = CALayer()
            piece.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            piece.position = body.position
            piece.backgroundColor =
                i % 2 == 0
                ? CGColor(red: 0.8, green: 0.8, blue: 0.85, alpha: 1)
                : CGColor(red: 1, green: 0.55, blue: 0.1, alpha: 1)
            session.rootLayer.addSublayer(piece)
            guard (try? session.attach(body, to: piece)) != nil else { continue }
            try? body.setVelocity(
                CGVector(
                    dx: lastVelocity.dx * 0.3 + cos(angle) * speed, dy: lastVelocity.dy * 0.3 + sin(angle) * speed - 60)
            )
            try? body.setAngularVelocity(8 * session.random.nextUnitDouble() - 4)
            debris.append(body)
        }
        _ = try? session.burst(count: 150, cellNamed: "spark", in: explosion, at: centre)
    }

    // MARK: - Building

    private func makeSky(size: CGSize, random: inout SeededRandom) -> CALayer {
        let sky = CAGradientLayer()
        sky.frame = CGRect(origin: .zero, size: size)
        sky.colors = [
            CGColor(red: 0.02, green: 0.02, blue: 0.08, alpha: 1), CGColor(red: 0.08, green: 0.05, blue: 0.2, alpha: 1),
        ]
        for _ in 0..<60 {
            let star = CALayer()
            let s = CGFloat(1 + random.nextUnitDouble() * 1.5)
            star.frame = CGRect(
                x: CGFloat(random.nextUnitDouble()) * size.width,
                y: CGFloat(random.nextUnitDouble()) * size.height * 0.7,
                width: s, height: s)
            star.backgroundColor = .white
            star.opacity = Float(0.4 + 0.6 * random.nextUnitDouble())
            sky.addSublayer(star)
        }
        return sky
    }

    /// The terrain's top edge, left to right; the pad is the flat part between `pad.minX` and `pad.maxX`.
    static let terrain: [CGPoint] = [
        CGPoint(x: 0, y: 380), CGPoint(x: 70, y: 400), CGPoint(x: 140, y: 350), CGPoint(x: 210, y: 410),
        CGPoint(x: 280, y: 380), CGPoint(x: pad.minX, y: pad.y), CGPoint(x: pad.maxX, y: pad.y),
        CGPoint(x: 480, y: 370), CGPoint(x: 560, y: 405), CGPoint(x: 640, y: 360),
    ]

    private func buildTerrain(_ session: GameSession) throws {
        let size = session.viewSize
        let ground = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: size.height))
        path.addLines(
            between: [CGPoint(x: 0, y: size.height)] + Self.terrain + [CGPoint(x: size.width, y: size.height)])
        path.closeSubpath()
        ground.path = path
        ground.fillColor = CGColor(red: 0.35, green: 0.33, blue: 0.38, alpha: 1)
        session.rootLayer.addSublayer(ground)

        let padLayer = CALayer()
        padLayer.frame = CGRect(x: Self.pad.minX, y: Self.pad.y, width: Self.pad.maxX - Self.pad.minX, height: 5)
        padLayer.backgroundColor = CGColor(red: 0.3, green: 0.9, blue: 1, alpha: 1)
        session.rootLayer.addSublayer(padLayer)

        let world = session.physicsWorld
        for (a, b) in zip(Self.terrain, Self.terrain.dropFirst()) {
            let shape = try world.staticBody.addShape(.segment(from: a, to: b, radius: 1), friction: 0.9)
            if a.x == Self.pad.minX { padShape = shape }
        }
    }

    private func buildShip(_ session: GameSession) throws {
        let body = try PhysicsBody(mass: 1, position: Self.start)
        try body.addShape(.box(width: 20, height: 24, cornerRadius: 3), friction: 0.8, elasticity: 0.1)
        shipLayer = CALayer()
        shipLayer.bounds = CGRect(x: 0, y: 0, width: 20, height: 24)
        shipLayer.backgroundColor = CGColor(red: 0.85, green: 0.85, blue: 0.9, alpha: 1)
        shipLayer.cornerRadius = 3
        let window = CALayer()
        window.frame = CGRect(x: 6, y: 4, width: 8, height: 7)
        window.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        window.cornerRadius = 3
        shipLayer.addSublayer(window)
        for x in [-3.0, 19.0] {
            let leg = CALayer()
            leg.frame = CGRect(x: x, y: 16, width: 4, height: 8)
            leg.backgroundColor = CGColor(red: 0.6, green: 0.6, blue: 0.65, alpha: 1)
            shipLayer.addSublayer(leg)
        }
        shipLayer.position = Self.start
        try session.add(shipLayer, body: body)
        ship = body
    }

    private func buildEmitters(_ session: GameSession) throws {
        let root = session.rootLayer
        let dot = Self.softDot
        flame = CAEmitterCell()
        flame.name = "flame"
        flame.contents = dot
        flame.birthRate = 400
        (flame.lifetime, flame.lifetimeRange) = (0.45, 0.15)
        (flame.velocity, flame.velocityRange) = (170, 40)
        // Down, out of the nozzle; the mount adds the ship's angle.
        flame.emissionLongitude = .pi / 2
        flame.emissionRange = 0.45
        flame.color = CGColor(red: 1, green: 0.65, blue: 0.25, alpha: 1)
        flame.alphaSpeed = -2
        (flame.scale, flame.scaleSpeed) = (0.55, -0.8)
        thruster = CAEmitterLayer()
        thruster.name = "thruster"
        thruster.frame = root.bounds
        thruster.renderMode = .additive
        thruster.birthRate = 0
        thruster.seed = 7
        thruster.emitterCells = [flame]
        root.addSublayer(thruster)
        // The flame follows the nozzle, 13 points below the ship's centre, and turns with the ship.
        if let ship { session.mount(thruster, on: ship, at: CGPoint(x: 0, y: 13)) }

        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.contents = dot
        spark.birthRate = 0
        (spark.lifetime, spark.lifetimeRange) = (1.1, 0.4)
        (spark.velocity, spark.velocityRange) = (140, 90)
        spark.emissionRange = 2 * .pi
        spark.yAcceleration = CGFloat(Self.gravity)
        spark.color = CGColor(red: 1, green: 0.55, blue: 0.15, alpha: 1)
        spark.alphaSpeed = -0.8
        (spark.scale, spark.scaleSpeed) = (0.45, -0.3)
        explosion = CAEmitterLayer()
        explosion.name = "explosion"
        explosion.frame = root.bounds
        explosion.renderMode = .additive
        explosion.seed = 11
        explosion.emitterCells = [spark]
        root.addSublayer(explosion)
        // The sparks bounce off the terrain (collide mode): the engine sweeps each one against the shapes.
        var bounce = CellPhysicsDescription()
        (bounce.mode, bounce.elasticity, bounce.friction, bounce.radius) = (.collide, 0.45, 0.3, 2)
        try session.setPhysics(bounce, of: spark, in: explosion)
    }

    private func buildHUD(_ root: CALayer) {
        let frame = CALayer()
        frame.frame = CGRect(x: 12, y: 12, width: 154, height: 10)
        frame.borderColor = CGColor(red: 0.7, green: 0.7, blue: 0.8, alpha: 1)
        frame.borderWidth = 1
        fuelBar = CALayer()
        fuelBar.anchorPoint = CGPoint(x: 0, y: 0)
        fuelBar.frame = CGRect(x: 2, y: 2, width: 150, height: 6)
        fuelBar.backgroundColor = CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
        frame.addSublayer(fuelBar)
        root.addSublayer(frame)
        statusLight = CALayer()
        statusLight.frame = CGRect(x: 176, y: 12, width: 10, height: 10)
        statusLight.cornerRadius = 5
        statusLight.backgroundColor = CGColor(red: 0.9, green: 0.8, blue: 0.2, alpha: 1)
        root.addSublayer(statusLight)
        statusLabel = CATextLayer()
        statusLabel.frame = CGRect(x: Double(root.bounds.width) - 252, y: 8, width: 240, height: 22)
        statusLabel.fontSize = 15
        statusLabel.alignmentMode = .right
        statusLabel.foregroundColor = CGColor(red: 0.85, green: 0.88, blue: 1, alpha: 1)
        statusLabel.string = statusText
        root.addSublayer(statusLabel)
    }

    /// A 32×32 white dot with a soft edge, for particles.
    static let softDot: CGImage? = try? CGImage(width: 32, height: 32) { x, y in
        let dx = (Double(x) + 0.5 - 16) / 16
        let dy = (Double(y) + 0.5 - 16) / 16
        let d = max(0, 1 - (dx * dx + dy * dy).squareRoot())
        return CGColor(red: 1, green: 1, blue: 1, alpha: CGFloat(d * d))
    }
}

extension InputAction {
    /// The lander's main engine.
    public static let thrust: InputAction = "thrust"
    /// Turning left (counter-clockwise).
    public static let turnLeft: InputAction = "turnLeft"
    /// Turning right (clockwise).
    public static let turnRight: InputAction = "turnRight"
}
