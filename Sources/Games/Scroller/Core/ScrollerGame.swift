import EmitterKit
import Foundation

/// Cave flyer: a side-scroller through a 4,000-point cave. Shoot the rocks that drift in, collect the
/// spinning coins, keep off the walls, reach the exit. Written against the public EmitterKit API only; it
/// shows the camera (following the ship with smoothing and look-ahead, kept inside the cave), a HUD fixed
/// on screen, timers, typed collisions, entities that come and go, an exhaust mounted on the ship, input
/// actions, a sprite-sheet animation and sound (WAV files from the target's resources).
///
/// Controls: Right / D faster, Left / A slower, Up / W / controller A climb, Space / click / controller X
/// fire, R restart (a crash restarts by itself after 2.5 s).
public final class ScrollerGame: Game {
    // MARK: - Rules

    /// The cave: 4,000 × 480 points; the view shows 640 × 480 of it.
    public static let world = CGRect(x: 0, y: 0, width: 4000, height: 480)
    /// Where the ship starts (its centre) and where the exit is (x).
    public static let start = CGPoint(x: 140, y: 240)
    /// Reaching this x wins.
    public static let exitX = 3860.0
    /// Gravity and the climb's upward acceleration, points per second².
    public static let gravity = 150.0, climb = 420.0
    /// Forward speed: cruising, faster (Right), slower (Left), points per second.
    public static let speeds = (cruise: 170.0, fast: 260.0, slow: 90.0)
    /// Bullet speed relative to the ship and its life, seconds; seconds between shots.
    public static let bullet = (speed: 520.0, life: 1.0, interval: 0.18)
    /// Seconds between rocks.
    public static let rockInterval = 0.9

    /// Where the game is.
    public enum Phase: Int, Sendable {
        /// Flying.
        case flying
        /// Hit a wall or a rock; restarts by itself.
        case crashed
        /// Reached the exit.
        case home
    }

    // MARK: - State

    /// The current phase.
    public private(set) var phase = Phase.flying
    /// 10 per rock shot, 5 per coin, 200 for reaching the exit.
    public private(set) var score = 0
    /// Rocks shot, coins collected, shots fired.
    public private(set) var rocksShot = 0, coinsCollected = 0, shotsFired = 0
    /// The ship's body (nil after a crash).
    public private(set) var ship: PhysicsBody?
    /// The ship's layer.
    public private(set) var shipLayer = CALayer()
    /// The score text, in the HUD.
    public private(set) var scoreLabel = CATextLayer()
    /// The exhaust, mounted on the ship.
    public private(set) var exhaust = CAEmitterLayer()
    /// Sparks and debris of explosions.
    public private(set) var sparks = CAEmitterLayer()

    private let sounds: ScrollerSounds
    private var progressBar = CALayer()
    private var lastShot = -1.0
    private var random = SeededRandom(seed: 1)

    /// A game whose sounds come from `soundFolder` (default: the target's own `Sounds` resources).
    /// - Throws: `SoundError` naming a missing or broken file.
    public init(soundFolder: String? = nil) throws {
        sounds = try ScrollerSounds(folder: soundFolder)
    }

    // MARK: - Game

    /// Builds the cave, the ship, the emitters and the HUD; binds the controls; starts the rock timer and
    /// the collision handlers, the camera and the music.
    public func setUp(_ session: GameSession) throws {
        (phase, score, rocksShot, coinsCollected, shotsFired, lastShot) = (.flying, 0, 0, 0, 0, -1)
        random = session.random
        session.bind(.climb, to: [.up, .w, .controllerA, .leftStickUp])
        session.bind(.faster, to: [.right, .d, .dpadRight, .leftStickRight])
        session.bind(.slower, to: [.left, .a, .dpadLeft, .leftStickLeft])
        session.bind(.fire, to: [.space, .mouseLeft, .controllerX, .rightTrigger])
        try session.physicsWorld.setGravity(CGVector(dx: 0, dy: Self.gravity))
        session.ignoreCollisions(between: .bullet, and: .ship)
        session.ignoreCollisions(between: .bullet, and: .coin)
        session.ignoreCollisions(between: .bullet, and: .bullet)

        buildBackdrop(session)
        try buildCave(session)
        try buildCoins(session)
        buildEmitters(session)
        try buildShip(session)
        buildHUD(session)

        session.camera.bounds = Self.world
        session.camera.follow(shipLayer, smoothing: 0.15, offset: CGVector(dx: 140, dy: 0))
        session.camera.snapToTarget()
        try session.every(seconds: Self.rockInterval) { [unowned self] in spawnRock(session) }
        handleCollisions(session)
        session.playMusic(sounds.music, volume: 0.35)
    }

    /// Restart (R) and the HUD text.
    public func frame(_ frame: GameFrame, _ session: GameSession) {
        if frame.input.wasPressed(.r) { session.restart() }
        scoreLabel.string = statusText
    }

    /// What the HUD's label shows.
    public var statusText: String {
        switch phase {
        case .flying: return "SCORE \(score)"
        case .crashed: return "CRASHED  \(score)"
        case .home: return "HOME!  score \(score)"
        }
    }

    /// Steering, firing, the exhaust and the progress bar.
    public func fixedUpdate(_ step: GameStep, _ session: GameSession) {
        guard let ship, phase == .flying else {
            exhaust.birthRate = 0
            return
        }
        let input = step.input
        let target =
            input.isHeld(.faster) ? Self.speeds.fast : input.isHeld(.slower) ? Self.speeds.slow : Self.speeds.cruise
        var v = ship.velocity
        // Ease toward the chosen speed at 3 per second; climb against gravity.
        v.dx += (CGFloat(target) - v.dx) * CGFloat(min(1, 3 * step.duration))
        if input.isHeld(.climb) { v.dy -= CGFloat(Self.climb * step.duration) }
        v.dy = max(-240, min(240, v.dy))
        try? ship.setVelocity(v)
        exhaust.birthRate = input.isHeld(.climb) || input.isHeld(.faster) ? 1 : 0.25

        if input.isHeld(.fire), step.time - lastShot >= Self.bullet.interval - 1e-9 {
            lastShot = step.time
            fire(from: ship, session)
        }
        let progress = min(1, max(0, (Double(ship.position.x) - Self.start.x) / (Self.exitX - Self.start.x)))
        progressBar.bounds.size.width = CGFloat(200 * progress)
        if Double(ship.position.x) >= Self.exitX {
            phase = .home
            score += 200
            session.stopMusic()
            session.play(sounds.pickup)
        }
    }

    /// Phase, score and counters.
    public func hash(into hasher: inout StateHasher) {
        hasher.combine(phase.rawValue)
        hasher.combine(score)
        hasher.combine(rocksShot)
        hasher.combine(coinsCollected)
        hasher.combine(shotsFired)
    }

    // MARK: - Collisions

    private func handleCollisions(_ session: GameSession) {
        session.onCollision(between: .bullet, and: .rock) { [unowned self] hit in
            let at = hit.contacts.first ?? hit.second.position
            try? session.remove(hit.first)
            try? session.remove(hit.second)
            rocksShot += 1
            score += 10
            explode(at: at, count: 60, session)
        }
        session.onCollision(between: .bullet, and: .wall) { [unowned self] hit in
            try? session.remove(hit.first)
            _ = try? session.burst(
                count: 8, cellNamed: "spark", in: sparks, at: hit.contacts.first ?? hit.first.position)
        }
        session.onCollision(between: .ship, and: .coin) { [unowned self] hit in
            try? session.remove(hit.second)
            coinsCollected += 1
            score += 5
            session.play(sounds.pickup, volume: 0.7, pan: pan(of: hit.second.position, session))
        }
        session.onCollision(between: .ship, and: .rock) { [unowned self] hit in crash(session) }
        session.onCollision(between: .ship, and: .wall) { [unowned self] _ in crash(session) }
    }

    private func crash(_ session: GameSession) {
        guard phase == .flying, let ship else { return }
        phase = .crashed
        let at = ship.position
        try? session.remove(ship)
        self.ship = nil
        explode(at: at, count: 160, session)
        session.stopMusic()
        _ = try? session.after(seconds: 2.5) { session.restart() }
    }

    private func explode(at point: CGPoint, count: Int, _ session: GameSession) {
        _ = try? session.burst(count: count, cellNamed: "spark", in: sparks, at: point)
        session.play(sounds.explosion, volume: count > 100 ? 1 : 0.7, pan: pan(of: point, session))
    }

    /// Left–right position on screen as a pan, −1…1.
    private func pan(of point: CGPoint, _ session: GameSession) -> Double {
        let x = Double(session.camera.viewPoint(fromWorld: point).x) / Double(session.viewSize.width)
        return max(-1, min(1, 2 * x - 1))
    }

    // MARK: - Spawning

    private func fire(from ship: PhysicsBody, _ session: GameSession) {
        let nose = ship.convertToWorld(CGPoint(x: 18, y: 0))
        guard let body = try? PhysicsBody(mass: 0.05, moment: .infinity, position: nose),
            (try? body.addShape(.circle(radius: 3))) != nil
        else { return }
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 4)
        layer.cornerRadius = 2
        layer.backgroundColor = CGColor(red: 1, green: 0.95, blue: 0.5, alpha: 1)
        layer.position = nose
        guard (try? session.add(layer, body: body, category: .bullet)) != nil else { return }
        try? body.setVelocity(CGVector(dx: ship.velocity.dx + CGFloat(Self.bullet.speed), dy: 0))
        // Bullets fly straight: gravity is cancelled by an equal upward force each step.
        try? body.applyForce(CGVector(dx: 0, dy: -Self.gravity * body.mass))
        shotsFired += 1
        session.play(sounds.laser, volume: 0.5, pan: pan(of: nose, session))
        _ = try? session.after(seconds: Self.bullet.life) { [weak body] in
            if let body, body.world != nil { try? session.remove(body) }
        }
    }

    private func spawnRock(_ session: GameSession) {
        guard phase == .flying else { return }
        let x = Double(session.camera.visibleRect.maxX) + 60
        guard x < Self.world.maxX - 100 else { return }
        let (top, bottom) = caveOpening(at: x)
        let r = 12 + 14 * random.nextUnitDouble()
        let y = top + r + 10 + (bottom - top - 2 * r - 20) * random.nextUnitDouble()
        let p = CGPoint(x: x, y: y)
        guard let body = try? PhysicsBody(mass: r * r / 100, position: p),
            (try? body.addShape(.circle(radius: r), friction: 0.5, elasticity: 0.3)) != nil
        else { return }
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.position = p
        layer.path = Self.rockOutline(radius: r, random: &random)
        layer.fillColor = CGColor(red: 0.55, green: 0.5, blue: 0.47, alpha: 1)
        layer.strokeColor = CGColor(red: 0.8, green: 0.75, blue: 0.7, alpha: 1)
        layer.lineWidth = 1.5
        guard (try? session.add(layer, body: body, category: .rock)) != nil else { return }
        // Rocks drift toward the ship and float (no gravity on them).
        try? body.setVelocity(CGVector(dx: -40 - 50 * random.nextUnitDouble(), dy: 30 * random.nextUnitDouble() - 15))
        try? body.setAngularVelocity(2 * random.nextUnitDouble() - 1)
        try? body.applyForce(CGVector(dx: 0, dy: -Self.gravity * body.mass))
    }

    // MARK: - Building

    /// The cave's ceiling and floor heights at x, points (linear between the control points).
    public func caveOpening(at x: Double) -> (top: Double, bottom: Double) {
        let i = max(0, min(Self.cave.count - 2, Int(x / Self.caveStep)))
        let t = max(0, min(1, (x - Double(i) * Self.caveStep) / Self.caveStep))
        let a = Self.cave[i]
        let b = Self.cave[i + 1]
        return (a.top + (b.top - a.top) * t, a.bottom + (b.bottom - a.bottom) * t)
    }

    static let caveStep = 200.0
    /// Ceiling and floor every `caveStep` points: a seeded walk that always leaves a gap of 250 or more.
    static let cave: [(top: Double, bottom: Double)] = {
        var random = SeededRandom(seed: 42)
        var points: [(Double, Double)] = []
        for i in 0...Int(world.width / caveStep) {
            let opening = i < 2 || Double(i) * caveStep > exitX - 200
            let top = opening ? 30 : 25 + 90 * random.nextUnitDouble()
            let bottom = opening ? 450 : 365 + 90 * random.nextUnitDouble()
            points.append((top, bottom))
        }
        return points
    }()

    private func buildBackdrop(_ session: GameSession) {
        let sky = CAGradientLayer()
        sky.frame = Self.world
        sky.colors = [
            CGColor(red: 0.03, green: 0.02, blue: 0.08, alpha: 1), CGColor(red: 0.1, green: 0.04, blue: 0.16, alpha: 1),
        ]
        sky.startPoint = CGPoint(x: 0, y: 0)
        sky.endPoint = CGPoint(x: 1, y: 0)
        var stars = SeededRandom(seed: 7)
        for _ in 0..<220 {
            let star = CALayer()
            let s = CGFloat(1 + 1.5 * stars.nextUnitDouble())
            star.frame = CGRect(
                x: CGFloat(stars.nextUnitDouble()) * Self.world.width,
                y: CGFloat(stars.nextUnitDouble()) * Self.world.height,
                width: s, height: s)
            star.backgroundColor = .white
            star.opacity = Float(0.3 + 0.6 * stars.nextUnitDouble())
            sky.addSublayer(star)
        }
        session.rootLayer.addSublayer(sky)
        let exit = CALayer()
        exit.frame = CGRect(x: Self.exitX, y: 0, width: 6, height: Self.world.height)
        exit.backgroundColor = CGColor(red: 0.3, green: 1, blue: 0.5, alpha: 0.8)
        session.rootLayer.addSublayer(exit)
    }

    private func buildCave(_ session: GameSession) throws {
        let width = Self.world.width
        let height = Self.world.height
        let ceiling = CGMutablePath()
        let floor = CGMutablePath()
        ceiling.move(to: CGPoint(x: 0, y: 0))
        floor.move(to: CGPoint(x: 0, y: height))
        for (i, p) in Self.cave.enumerated() {
            ceiling.addLine(to: CGPoint(x: Double(i) * Self.caveStep, y: p.top))
            floor.addLine(to: CGPoint(x: Double(i) * Self.caveStep, y: p.bottom))
        }
        ceiling.addLine(to: CGPoint(x: width, y: 0))
        ceiling.closeSubpath()
        floor.addLine(to: CGPoint(x: width, y: height))
        floor.closeSubpath()
        for path in [ceiling, floor] {
            let rock = CAShapeLayer()
            rock.path = path
            rock.fillColor = CGColor(red: 0.28, green: 0.22, blue: 0.26, alpha: 1)
            rock.strokeColor = CGColor(red: 0.6, green: 0.45, blue: 0.5, alpha: 1)
            rock.lineWidth = 2
            session.rootLayer.addSublayer(rock)
        }
        let walls = session.physicsWorld.staticBody
        for (i, (a, b)) in zip(Self.cave, Self.cave.dropFirst()).enumerated() {
            let x0 = Double(i) * Self.caveStep
            let x1 = x0 + Self.caveStep
            for (y0, y1) in [(a.top, b.top), (a.bottom, b.bottom)] {
                let shape = try walls.addShape(
                    .segment(from: CGPoint(x: x0, y: y0), to: CGPoint(x: x1, y: y1), radius: 2), friction: 0.5)
                session.setCategory(.wall, of: shape)
            }
        }
    }

    private func buildCoins(_ session: GameSession) throws {
        let sheet = try SpriteSheet(columns: 8)
        for k in 0..<14 {
            let x = 600 + Double(k) * 230
            let (top, bottom) = caveOpening(at: x)
            let y = top + (bottom - top) * (k % 2 == 0 ? 0.35 : 0.65)
            let body = try PhysicsBody(type: .kinematic, position: CGPoint(x: x, y: y))
            let shape = try body.addShape(.circle(radius: 10))
            shape.isSensor = true
            let coin = CALayer()
            coin.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            coin.position = CGPoint(x: x, y: y)
            coin.contents = Self.coinSheet
            try session.add(coin, body: body, category: .coin)
            try sheet.animate(coin, framesPerSecond: 12, frames: (k % 8)..<(k % 8 + 8))
        }
    }

    private func buildEmitters(_ session: GameSession) {
        let flame = CAEmitterCell()
        flame.name = "flame"
        flame.contents = BuiltinSprites.image(named: "softDot")
        flame.birthRate = 160
        (flame.lifetime, flame.lifetimeRange) = (0.35, 0.1)
        (flame.velocity, flame.velocityRange) = (140, 30)
        flame.emissionLongitude = .pi
        flame.emissionRange = 0.35
        flame.color = CGColor(red: 0.4, green: 0.7, blue: 1, alpha: 1)
        flame.alphaSpeed = -2.5
        (flame.scale, flame.scaleSpeed) = (0.22, -0.4)
        exhaust = CAEmitterLayer()
        exhaust.name = "exhaust"
        exhaust.frame = Self.world
        exhaust.renderMode = .additive
        exhaust.seed = 3
        exhaust.emitterCells = [flame]
        session.rootLayer.addSublayer(exhaust)

        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.contents = BuiltinSprites.image(named: "spark")
        spark.birthRate = 0
        (spark.lifetime, spark.lifetimeRange) = (0.9, 0.4)
        (spark.velocity, spark.velocityRange) = (160, 100)
        spark.emissionRange = 2 * .pi
        spark.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        spark.alphaSpeed = -1
        (spark.scale, spark.scaleSpeed) = (0.3, -0.2)
        sparks = CAEmitterLayer()
        sparks.name = "sparks"
        sparks.frame = Self.world
        sparks.renderMode = .additive
        sparks.seed = 5
        sparks.emitterCells = [spark]
        session.rootLayer.addSublayer(sparks)
    }

    private func buildShip(_ session: GameSession) throws {
        let body = try PhysicsBody(mass: 1, moment: .infinity, position: Self.start)
        try body.addShape(.polygon(vertices: [CGPoint(x: -14, y: -8), CGPoint(x: 16, y: 0), CGPoint(x: -14, y: 8)]))
        shipLayer = CAShapeLayer()
        let hull = CGMutablePath()
        hull.move(to: CGPoint(x: 0, y: 0))
        hull.addLine(to: CGPoint(x: 30, y: 8))
        hull.addLine(to: CGPoint(x: 0, y: 16))
        hull.addLine(to: CGPoint(x: 6, y: 8))
        hull.closeSubpath()
        let shape = shipLayer as? CAShapeLayer
        shape?.path = hull
        shape?.fillColor = CGColor(red: 0.85, green: 0.9, blue: 1, alpha: 1)
        shipLayer.bounds = CGRect(x: 0, y: 0, width: 30, height: 16)
        shipLayer.anchorPoint = CGPoint(x: 14.0 / 30, y: 0.5)
        shipLayer.position = Self.start
        try session.add(shipLayer, body: body, category: .ship)
        try body.setVelocity(CGVector(dx: Self.speeds.cruise, dy: 0))
        session.mount(exhaust, on: body, at: CGPoint(x: -13, y: 0))
        ship = body
    }

    private func buildHUD(_ session: GameSession) {
        let hud = session.hudLayer
        scoreLabel = CATextLayer()
        scoreLabel.frame = CGRect(x: 12, y: 8, width: 300, height: 24)
        scoreLabel.fontSize = 18
        scoreLabel.foregroundColor = CGColor(red: 1, green: 0.9, blue: 0.5, alpha: 1)
        scoreLabel.string = statusText
        hud.addSublayer(scoreLabel)
        let frame = CALayer()
        frame.frame = CGRect(x: Double(session.viewSize.width) - 216, y: 14, width: 204, height: 10)
        frame.borderColor = CGColor(red: 0.7, green: 0.7, blue: 0.8, alpha: 1)
        frame.borderWidth = 1
        progressBar = CALayer()
        progressBar.anchorPoint = .zero
        progressBar.frame = CGRect(x: 2, y: 2, width: 0, height: 6)
        progressBar.backgroundColor = CGColor(red: 0.3, green: 1, blue: 0.5, alpha: 1)
        frame.addSublayer(progressBar)
        hud.addSublayer(frame)
    }

    // MARK: - Art

    /// An irregular round outline of a rock (eleven points at seeded radii), centred on 0.
    static func rockOutline(radius r: Double, random: inout SeededRandom) -> CGPath {
        let path = CGMutablePath()
        for k in 0..<11 {
            let a = Double(k) / 11 * 2 * .pi
            let d = r * (0.8 + 0.2 * random.nextUnitDouble())
            let p = CGPoint(x: cos(a) * d, y: sin(a) * d)
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }

    /// Eight 24×24 frames of a gold coin turning about its vertical axis (its width follows |cos|).
    static let coinSheet: CGImage? = try? CGImage(width: 192, height: 24) { x, y in
        let frame = x / 24
        let half = max(0.12, abs(cos(Double(frame) / 8 * .pi))) * 10
        let dx = (Double(x % 24) + 0.5 - 12) / half
        let dy = (Double(y) + 0.5 - 12) / 10
        let d = dx * dx + dy * dy
        guard d <= 1 else { return .clear }
        let shade = 0.75 + 0.25 * (1 - d) - (d > 0.7 ? 0.2 : 0)
        return CGColor(red: 1 * shade, green: 0.8 * shade, blue: 0.2 * shade, alpha: 1)
    }
}

extension CollisionCategory {
    /// The player's ship.
    public static let ship: CollisionCategory = "ship"
    /// The ship's bullets.
    public static let bullet: CollisionCategory = "bullet"
    /// Drifting rocks.
    public static let rock: CollisionCategory = "rock"
    /// Coins (sensors).
    public static let coin: CollisionCategory = "coin"
    /// The cave's walls.
    public static let wall: CollisionCategory = "wall"
}

extension InputAction {
    /// Climb against gravity.
    public static let climb: InputAction = "climb"
    /// Fly faster.
    public static let faster: InputAction = "faster"
    /// Fly slower.
    public static let slower: InputAction = "slower"
    /// Fire a shot.
    public static let fire: InputAction = "fire"
}
