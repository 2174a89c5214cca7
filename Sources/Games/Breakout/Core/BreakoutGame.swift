import EmitterKit
import Foundation

/// Breakout: keep the ball in play with the paddle and clear the wall of bricks. Sparks fly where the
/// ball hits; the paddle is mirrored in a glossy floor by a replicator faded with a gradient mask.
/// Written against the public EmitterKit API only.
///
/// The ball, paddle and bricks use plain axis-aligned box logic on the fixed step (a breakout ball keeps
/// a constant speed, which a physics engine's restitution would not guarantee).
///
/// Controls: Left / Right (or the mouse, or the left stick) move the paddle; Space, a click or
/// controller A launches the ball; P or a click on the pause button pauses; R restarts.
public final class BreakoutGame: Game {
    // MARK: - Rules

    /// Size of the view, points.
    public static let viewSize = CGSize(width: 640, height: 480)
    /// Brick grid: columns × rows, each brick's size, the gap between bricks, the grid's top.
    public static let grid = (columns: 10, rows: 5, width: 58.0, height: 18.0, gap: 4.0, top: 60.0)
    /// Paddle size and the y of its top edge.
    public static let paddle = (width: 90.0, height: 12.0, top: 420.0)
    /// Paddle speed with keys, points per second.
    public static let paddleSpeed = 480.0
    /// Ball size (a circle drawn in a square) and its speed at launch, points per second; each brick
    /// adds 4 up to 520.
    public static let ball = (size: 10.0, speed: 300.0, maxSpeed: 520.0)
    /// Balls per game.
    public static let startLives = 3

    /// Where the game is.
    public enum Phase: Int, Sendable {
        /// The ball rests on the paddle until launched.
        case serving
        /// The ball is moving.
        case playing
        /// Every brick is gone.
        case won
        /// No balls left.
        case lost
    }

    // MARK: - State

    /// The current phase.
    public private(set) var phase = Phase.serving
    /// Points: 10 per brick in the bottom row, 10 more per row above.
    public private(set) var score = 0
    /// Balls left, including the one in play.
    public private(set) var lives = startLives
    /// Bricks hit so far.
    public private(set) var bricksHit = 0
    /// The ball's centre, root coordinates.
    public private(set) var ballPosition = CGPoint.zero
    /// The ball's velocity, points per second.
    public private(set) var ballVelocity = CGVector.zero
    /// The paddle's centre x, root coordinates.
    public private(set) var paddleX = 320.0
    /// The bricks still standing, with their rows (0 is the top).
    public private(set) var bricks: [(layer: CALayer, row: Int)] = []

    /// The paddle layer (inside `reflection`).
    public private(set) var paddleLayer = CALayer()
    /// The replicator drawing the paddle and its mirror image.
    public private(set) var reflection = CAReplicatorLayer()
    /// The sparks emitter.
    public private(set) var sparks = CAEmitterLayer()
    /// The pause button (top right); a click on it pauses or resumes.
    public private(set) var pauseButton = CALayer()
    /// The score and, when the game ends, the outcome, drawn as text at the top.
    public private(set) var scoreLabel = CATextLayer()

    private var ballLayer = CALayer()
    private var livesLayers: [CALayer] = []
    private var lastPointer: CGPoint?
    private var pointerTarget: Double?

    /// A game in its starting state (`setUp` resets it on every restart).
    public init() {}

    // MARK: - Game

    /// Resets score and lives and builds background, bricks, paddle with its reflection, ball, sparks and HUD.
    public func setUp(_ session: GameSession) throws {
        (phase, score, lives, bricksHit, paddleX) = (
            .serving, 0, Self.startLives, 0, Double(session.viewSize.width / 2)
        )
        (lastPointer, pointerTarget) = (nil, nil)
        session.bind(.paddleLeft, to: [.left, .a])
        session.bind(.paddleRight, to: [.right, .d])
        session.bind(.launch, to: [.space, .mouseLeft, .controllerA])
        let root = session.rootLayer
        let background = CAGradientLayer()
        background.frame = root.bounds
        background.colors = [
            CGColor(red: 0.05, green: 0.06, blue: 0.12, alpha: 1), CGColor(red: 0.1, green: 0.04, blue: 0.14, alpha: 1),
        ]
        root.addSublayer(background)
        buildBricks(root)
        buildPaddle(root)
        ballLayer = CALayer()
        ballLayer.bounds = CGRect(x: 0, y: 0, width: Self.ball.size, height: Self.ball.size)
        ballLayer.cornerRadius = Self.ball.size / 2
        ballLayer.backgroundColor = .white
        root.addSublayer(ballLayer)
        buildSparks(root)
        buildHUD(root)
        serve()
    }

    /// Restart (R) and pause (P, or a click that hit-tests to the pause button).
    public func frame(_ frame: GameFrame, _ session: GameSession) {
        let input = frame.input
        if input.wasPressed(.r) { session.restart() }
        let clickedPause = input.wasPressed(MouseButton.left) && session.layerUnderPointer === pauseButton
        if input.wasPressed(.p) || clickedPause { session.setPaused(!session.isPaused) }
        pauseButton.backgroundColor =
            session.isPaused
            ? CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
            : CGColor(red: 0.4, green: 0.4, blue: 0.5, alpha: 1)
        scoreLabel.string = scoreText
    }

    /// What the score label shows.
    public var scoreText: String {
        switch phase {
        case .won: return "YOU WIN  \(score)"
        case .lost: return "GAME OVER  \(score)   R to restart"
        case .serving, .playing: return "SCORE \(score)"
        }
    }

    /// Moves the paddle, serves or moves the ball, and resolves its bounces.
    public func fixedUpdate(_ step: GameStep, _ session: GameSession) {
        guard phase == .serving || phase == .playing else { return }
        movePaddle(step, session)
        let input = step.input
        if phase == .serving {
            ballPosition = CGPoint(x: paddleX, y: Self.paddle.top - Self.ball.size / 2 - 1)
            // A click on the pause button pauses (in `frame`) and does not launch.
            let onPause = input.mouseLocation.map { session.hitTest($0) === pauseButton } ?? false
            if input.wasPressed(.launch), !(onPause && input.wasPressed(MouseButton.left)) {
                phase = .playing
                let angle = -Double.pi / 2 + 0.45 * (session.random.nextUnitDouble() - 0.5)
                ballVelocity = CGVector(dx: cos(angle) * Self.ball.speed, dy: sin(angle) * Self.ball.speed)
            }
        } else {
            moveBall(step.duration, session)
        }
        ballLayer.position = ballPosition
    }

    /// Phase, score, lives, ball position and paddle position.
    public func hash(into hasher: inout StateHasher) {
        hasher.combine(phase.rawValue)
        hasher.combine(score)
        hasher.combine(lives)
        hasher.combine(Double(ballPosition.x))
        hasher.combine(Double(ballPosition.y))
        hasher.combine(paddleX)
    }

    // MARK: - Movement

    private func movePaddle(_ step: GameStep, _ session: GameSession) {
        let input = step.input
        var direction = input.strength(of: .paddleRight) - input.strength(of: .paddleLeft)
        if let x = input.primaryController?.axis(.leftX), abs(x) > 0.2 { direction += x }
        if let pointer = input.mouseLocation, pointer != lastPointer {
            lastPointer = pointer
            pointerTarget = Double(pointer.x)
        }
        if direction != 0 {
            pointerTarget = nil
            paddleX += max(-1, min(1, direction)) * Self.paddleSpeed * step.duration
        } else if let target = pointerTarget {
            // The paddle chases the pointer at the keys' top speed, so a jump of the mouse is no teleport.
            let limit = Self.paddleSpeed * step.duration
            paddleX += max(-limit, min(limit, target - paddleX))
        }
        let half = Self.paddle.width / 2
        paddleX = max(half, min(Double(session.viewSize.width) - half, paddleX))
        paddleLayer.position.x = CGFloat(paddleX)
    }

    private func moveBall(_ dt: Double, _ session: GameSession) {
        let r = Self.ball.size / 2
        var p = CGPoint(x: ballPosition.x + ballVelocity.dx * dt, y: ballPosition.y + ballVelocity.dy * dt)
        let width = Double(session.viewSize.width)
        if p.x < r {
            p.x = 2 * r - p.x
            ballVelocity.dx = abs(ballVelocity.dx)
            spark(at: CGPoint(x: 0, y: p.y), session)
        }
        if p.x > width - r {
            p.x = 2 * (width - r) - p.x
            ballVelocity.dx = -abs(ballVelocity.dx)
            spark(at: CGPoint(x: width, y: p.y), session)
        }
        if p.y < r {
            p.y = 2 * r - p.y
            ballVelocity.dy = abs(ballVelocity.dy)
            spark(at: CGPoint(x: p.x, y: 0), session)
        }

        // Paddle: the bounce angle depends on where the ball lands (centre straight up, edges ±60°).
        let paddleRect = CGRect(
            x: paddleX - Self.paddle.width / 2, y: Self.paddle.top, width: Self.paddle.width, height: Self.paddle.height
        )
        if ballVelocity.dy > 0, Self.box(around: p, radius: r).intersects(paddleRect) {
            let offset = max(-1, min(1, (p.x - paddleX) / (Self.paddle.width / 2)))
            let speed = (ballVelocity.dx * ballVelocity.dx + ballVelocity.dy * ballVelocity.dy).squareRoot()
            let angle = -Double.pi / 2 + offset * Double.pi / 3
            ballVelocity = CGVector(dx: cos(angle) * speed, dy: sin(angle) * speed)
            p.y = Self.paddle.top - r
            spark(at: CGPoint(x: p.x, y: Self.paddle.top), session)
        }

        // Bricks: reflect on the axis of least penetration; one brick per step.
        let ballBox = Self.box(around: p, radius: r)
        if let index = bricks.firstIndex(where: { $0.layer.frame.intersects(ballBox) }) {
            let (layer, row) = bricks.remove(at: index)
            let f = layer.frame
            let overlapX = min(ballBox.maxX, f.maxX) - max(ballBox.minX, f.minX)
            let overlapY = min(ballBox.maxY, f.maxY) - max(ballBox.minY, f.minY)
            if overlapX < overlapY { ballVelocity.dx = -ballVelocity.dx } else { ballVelocity.dy = -ballVelocity.dy }
            layer.removeFromSuperlayer()
            score += 10 * (Self.grid.rows - row)
            bricksHit += 1
            let speed = (ballVelocity.dx * ballVelocity.dx + ballVelocity.dy * ballVelocity.dy).squareRoot()
            let faster = min(Self.ball.maxSpeed, speed + 4) / speed
            ballVelocity = CGVector(dx: ballVelocity.dx * faster, dy: ballVelocity.dy * faster)
            spark(at: CGPoint(x: min(max(p.x, f.minX), f.maxX), y: min(max(p.y, f.minY), f.maxY)), session, count: 40)
            if bricks.isEmpty { phase = .won }
        }
        ballPosition = p

        if p.y - r > Double(session.viewSize.height) {
            lives -= 1
            if lives < livesLayers.count { livesLayers[lives].isHidden = true }
            if lives == 0 {
                phase = .lost
                ballLayer.isHidden = true
            } else {
                serve()
            }
        }
    }

    private func serve() {
        phase = .serving
        ballVelocity = .zero
        ballPosition = CGPoint(x: paddleX, y: Self.paddle.top - Self.ball.size / 2 - 1)
        ballLayer.position = ballPosition
    }

    private func spark(at point: CGPoint, _ session: GameSession, count: Int = 12) {
        _ = try? session.burst(count: count, cellNamed: "spark", in: sparks, at: point)
    }

    private static func box(around p: CGPoint, radius r: Double) -> CGRect {
        CGRect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)
    }

    // MARK: - Building

    private func buildBricks(_ root: CALayer) {
        bricks = []
        let g = Self.grid
        let totalWidth = Double(g.columns) * g.width + Double(g.columns - 1) * g.gap
        let left = (Double(root.bounds.width) - totalWidth) / 2
        for row in 0..<g.rows {
            let hue = Double(row) / Double(g.rows)
            let colour = CGColor(
                red: CGFloat(0.95 - 0.5 * hue), green: CGFloat(0.35 + 0.45 * hue), blue: CGFloat(0.3 + 0.6 * hue),
                alpha: 1)
            for column in 0..<g.columns {
                let brick = CALayer()
                brick.frame = CGRect(
                    x: left + Double(column) * (g.width + g.gap), y: g.top + Double(row) * (g.height + g.gap),
                    width: g.width, height: g.height)
                brick.backgroundColor = colour
                brick.cornerRadius = 3
                brick.name = "brick-\(row)-\(column)"
                root.addSublayer(brick)
                bricks.append((brick, row))
            }
        }
    }

    /// The paddle inside a replicator of two instances: the second is the paddle mirrored below its
    /// bottom edge and dimmed, and the replicator's gradient mask fades the mirror image out downwards.
    private func buildPaddle(_ root: CALayer) {
        let p = Self.paddle
        let stripHeight = 2 * p.height + 24
        reflection = CAReplicatorLayer()
        reflection.frame = CGRect(x: 0, y: p.top, width: Double(root.bounds.width), height: stripHeight)
        reflection.instanceCount = 2
        // Instance transforms apply about the replicator's centre (y = stripHeight / 2); mirror about the
        // paddle's bottom edge (y = p.height), 2 points below it.
        let mirrorY = p.height + 1
        let shift = 2 * (mirrorY - stripHeight / 2)
        reflection.instanceTransform = CATransform3DConcat(
            CATransform3DMakeScale(1, -1, 1), CATransform3DMakeTranslation(0, CGFloat(shift), 0))
        reflection.instanceAlphaOffset = -0.45
        let mask = CAGradientLayer()
        mask.frame = reflection.bounds
        mask.colors = [.white, .white, CGColor(gray: 1, alpha: 0.8), CGColor(gray: 1, alpha: 0)]
        let edge = CGFloat(p.height / stripHeight)
        mask.locations = [0, edge, edge, 1]
        reflection.mask = mask

        paddleLayer = CALayer()
        paddleLayer.bounds = CGRect(x: 0, y: 0, width: p.width, height: p.height)
        paddleLayer.position = CGPoint(x: paddleX, y: p.height / 2)
        paddleLayer.cornerRadius = 5
        paddleLayer.backgroundColor = CGColor(red: 0.3, green: 0.8, blue: 1, alpha: 1)
        let shine = CALayer()
        shine.frame = CGRect(x: 6, y: 2, width: p.width - 12, height: 3)
        shine.cornerRadius = 1.5
        shine.backgroundColor = CGColor(red: 0.8, green: 0.95, blue: 1, alpha: 1)
        paddleLayer.addSublayer(shine)
        reflection.addSublayer(paddleLayer)
        root.addSublayer(reflection)
    }

    private func buildSparks(_ root: CALayer) {
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.contents = Self.softDot
        spark.birthRate = 0
        (spark.lifetime, spark.lifetimeRange) = (0.6, 0.25)
        (spark.velocity, spark.velocityRange) = (170, 90)
        spark.emissionRange = 2 * .pi
        spark.yAcceleration = 500
        spark.color = CGColor(red: 1, green: 0.85, blue: 0.45, alpha: 1)
        spark.alphaSpeed = -1.2
        (spark.scale, spark.scaleSpeed) = (0.5, -0.4)
        sparks = CAEmitterLayer()
        sparks.name = "sparks"
        sparks.frame = root.bounds
        sparks.renderMode = .additive
        sparks.seed = 3
        sparks.emitterCells = [spark]
        root.addSublayer(sparks)
    }

    private func buildHUD(_ root: CALayer) {
        livesLayers = (0..<Self.startLives).map { i in
            let life = CALayer()
            life.frame = CGRect(x: 14 + Double(i) * 16, y: 16, width: 10, height: 10)
            life.cornerRadius = 5
            life.backgroundColor = CGColor(red: 0.3, green: 0.8, blue: 1, alpha: 1)
            root.addSublayer(life)
            return life
        }
        pauseButton = CALayer()
        pauseButton.name = "pause"
        pauseButton.frame = CGRect(x: Double(root.bounds.width) - 34, y: 12, width: 20, height: 20)
        pauseButton.cornerRadius = 4
        pauseButton.backgroundColor = CGColor(red: 0.4, green: 0.4, blue: 0.5, alpha: 1)
        for x in [5.0, 11.0] {
            let bar = CALayer()
            bar.frame = CGRect(x: x, y: 4, width: 4, height: 12)
            bar.backgroundColor = .white
            pauseButton.addSublayer(bar)
        }
        root.addSublayer(pauseButton)
        scoreLabel = CATextLayer()
        scoreLabel.name = "score"
        scoreLabel.frame = CGRect(x: 120, y: 10, width: Double(root.bounds.width) - 240, height: 24)
        scoreLabel.fontSize = 16
        scoreLabel.alignmentMode = .center
        scoreLabel.foregroundColor = CGColor(red: 0.85, green: 0.9, blue: 1, alpha: 1)
        scoreLabel.string = scoreText
        root.addSublayer(scoreLabel)
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
    /// Moving the paddle left.
    public static let paddleLeft: InputAction = "paddleLeft"
    /// Moving the paddle right.
    public static let paddleRight: InputAction = "paddleRight"
    /// Launching the ball.
    public static let launch: InputAction = "launch"
}
