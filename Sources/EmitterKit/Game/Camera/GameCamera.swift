import Foundation

/// The view onto the world of a `GameSession` (`session.camera`): which world point is at the view's
/// centre, the zoom and the rotation, optionally following a body or a layer with smoothing and kept
/// inside world bounds.
///
/// The world is the root layer's coordinate space, where bodies, fields and contact points live
/// (docs/Design.md §4.1); the camera does not change it. It changes how the root is placed in the view:
/// the root's `bounds.origin`, `position` and `transform` are the camera's, written in the **sync bodies**
/// stage, interpolated between the last two fixed steps like the bodies (docs/Design.md §1.3). The HUD
/// (`session.hudLayer`) is kept fixed on screen, and pointer positions go through the camera
/// (`session.pointerInWorld`, `session.pointer(in:)`, `session.hitTest(_:)`).
///
/// The camera moves on the fixed step (its **follow** stage, after the physics), so a following camera
/// is deterministic and the state hash covers it; a game that never touches the camera leaves the root
/// as it was. While it is active, `rootLayer.bounds` is the visible part of the world (use
/// `session.viewSize` for the view's size).
///
/// ```swift
/// session.camera.follow(ship, smoothing: 0.25)
/// session.camera.bounds = CGRect(x: 0, y: 0, width: 3000, height: 1200)
/// ```
public final class GameCamera {
    /// Where the camera stands and how it looks.
    struct Pose: Equatable {
        var position: CGPoint
        var zoom: Double
        var rotation: Double
    }

    /// What the camera follows.
    enum Target {
        case body(PhysicsBody)
        case layer(CALayer)
    }

    // MARK: - Settings

    /// The world point at the view's centre, root-layer points. Default the view's centre (the camera at
    /// rest shows the root as it is). Set it to move the camera; a following camera sets it every step.
    public var position: CGPoint {
        get { pose.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return report("position", "\(newValue)") }
            activate()
            pose.position = newValue
        }
    }

    /// Magnification, 0.01…100: 2 shows the world twice as large (half as much of it). Default 1.
    /// Other values are refused with a warning to the session's log.
    public var zoom: Double {
        get { pose.zoom }
        set {
            guard newValue.isFinite, newValue >= 0.01, newValue <= 100 else { return report("zoom", "\(newValue)") }
            activate()
            pose.zoom = newValue
        }
    }

    /// The camera's turn, radians: the world appears turned by the opposite angle, so a camera turned
    /// with a ship (`rotation = ship.angle`) keeps the ship pointing the same way on screen. Default 0.
    public var rotation: Double {
        get { pose.rotation }
        set {
            guard newValue.isFinite else { return report("rotation", "\(newValue)") }
            activate()
            pose.rotation = newValue
        }
    }

    /// The part of the world the view may show, root-layer points, or nil (default: no limit). The
    /// camera's position is clamped every step so that the visible rectangle (the bounding box of the
    /// turned view) stays inside; a world narrower than the view is centred.
    public var bounds: CGRect? {
        didSet {
            if let b = bounds, !(b.minX.isFinite && b.minY.isFinite && b.width.isFinite && b.height.isFinite) {
                bounds = oldValue
                return report("bounds", "\(b)")
            }
            activate()
            pose.position = clamped(pose.position, zoom: pose.zoom, rotation: pose.rotation)
        }
    }

    /// Seconds the camera takes to close about 63 % of the gap to its target (an exponential approach,
    /// frame-rate independent because it runs on the fixed step); 0 locks onto the target. Set by
    /// `follow`.
    public private(set) var smoothing: Double = 0
    /// Added to the target's position, world points (look ahead of a ship, or above a player). Set by
    /// `follow`.
    public private(set) var offset: CGVector = .zero

    /// Whether the camera follows a body or a layer.
    public var isFollowing: Bool { target != nil }

    // MARK: - State

    private unowned let engine: Engine
    private var pose: Pose
    private var target: Target?
    /// The poses at the ends of the last two steps, drawn between by the interpolation fraction.
    private var shownFrom: Pose
    private var shownTo: Pose
    /// The pose last written into the layers.
    private var written: Pose?
    /// Whether the game used the camera or the HUD in this run: only then does the camera write the root.
    private(set) var isActive = false
    private var hud: GameHUDLayer?
    /// Where refused values are reported.
    var log: (String) -> Void = { _ in }

    init(engine: Engine) {
        self.engine = engine
        let centre = CGPoint(x: engine.viewSize.width / 2, y: engine.viewSize.height / 2)
        pose = Pose(position: centre, zoom: 1, rotation: 0)
        (shownFrom, shownTo) = (pose, pose)
    }

    // MARK: - Following

    /// Follows `body`'s position (its origin, plus `offset`) from the next step on, approaching it with
    /// `smoothing` seconds (0: locked on).
    public func follow(_ body: PhysicsBody, smoothing: Double = 0, offset: CGVector = .zero) {
        setFollowing(.body(body), smoothing: smoothing, offset: offset)
    }

    /// Follows `layer`'s position (in world coordinates, plus `offset`), approaching it with `smoothing`
    /// seconds (0: locked on). The layer may be animated: its presented position at each step is used; for
    /// a layer a dynamic or kinematic body moves, the body's position (the layer shows it interpolated).
    public func follow(_ layer: CALayer, smoothing: Double = 0, offset: CGVector = .zero) {
        setFollowing(.layer(layer.model()), smoothing: smoothing, offset: offset)
    }

    /// Stops following; the camera stays where it is.
    public func stopFollowing() { target = nil }

    /// Moves the camera onto its target at once (no smoothing), for a level start or a respawn.
    public func snapToTarget() {
        guard let p = targetPoint(at: engine.mediaTime) else { return }
        pose.position = clamped(p, zoom: pose.zoom, rotation: pose.rotation)
    }

    private func setFollowing(_ target: Target, smoothing: Double, offset: CGVector) {
        guard smoothing.isFinite, smoothing >= 0 else { return report("smoothing", "\(smoothing)") }
        guard offset.dx.isFinite, offset.dy.isFinite else { return report("offset", "\(offset)") }
        activate()
        self.target = target
        self.smoothing = smoothing
        self.offset = offset
    }

    // MARK: - Converting

    /// The world point shown at `point` of the view (view points, origin top-left).
    public func worldPoint(fromView point: CGPoint) -> CGPoint {
        let c = viewCentre
        let v = CGVector(dx: point.x - c.x, dy: point.y - c.y)
        let (cosR, sinR) = (cos(pose.rotation), sin(pose.rotation))
        // The view is the world turned by −rotation and scaled by zoom: undo both.
        let x = (Double(v.dx) * cosR - Double(v.dy) * sinR) / pose.zoom
        let y = (Double(v.dx) * sinR + Double(v.dy) * cosR) / pose.zoom
        return CGPoint(x: Double(pose.position.x) + x, y: Double(pose.position.y) + y)
    }

    /// Where the world point `point` appears in the view (view points).
    public func viewPoint(fromWorld point: CGPoint) -> CGPoint {
        let dx = Double(point.x - pose.position.x) * pose.zoom
        let dy = Double(point.y - pose.position.y) * pose.zoom
        let (cosR, sinR) = (cos(pose.rotation), sin(pose.rotation))
        let c = viewCentre
        return CGPoint(x: Double(c.x) + dx * cosR + dy * sinR, y: Double(c.y) - dx * sinR + dy * cosR)
    }

    /// The part of the world in view: the bounding box of the (turned) view, root-layer points.
    public var visibleRect: CGRect {
        let (hx, hy) = halfExtents(zoom: pose.zoom, rotation: pose.rotation)
        return CGRect(x: Double(pose.position.x) - hx, y: Double(pose.position.y) - hy, width: 2 * hx, height: 2 * hy)
    }

    // MARK: - The HUD

    /// The HUD container, made on first use as the root's top sublayer.
    func hudLayer(root: CALayer) -> GameHUDLayer {
        if let hud { return hud }
        let made = GameHUDLayer()
        made.name = "hud"
        made.anchorPoint = .zero
        made.bounds = CGRect(origin: .zero, size: engine.viewSize)
        made.position = .zero
        CATransaction.performWithoutActions { root.addSublayer(made) }
        hud = made
        activate()
        written = nil
        return made
    }

    /// The HUD if the game asked for it.
    var hudIfMade: GameHUDLayer? { hud }

    // MARK: - Frame loop

    /// The **follow** stage at the end of a fixed step: approach the target, clamp, and remember the pose
    /// for drawing between this step and the previous one.
    func follow(step: FixedStep) {
        guard isActive else { return }
        if let target = targetPoint(at: engine.startTime + step.time + step.duration) {
            let k = smoothing > 0 ? 1 - exp(-step.duration / smoothing) : 1
            let p = pose.position
            pose.position = CGPoint(
                x: Double(p.x) + (Double(target.x) - Double(p.x)) * k,
                y: Double(p.y) + (Double(target.y) - Double(p.y)) * k)
        }
        pose.position = clamped(pose.position, zoom: pose.zoom, rotation: pose.rotation)
        shownFrom = shownTo
        shownTo = pose
    }

    /// The **sync bodies** stage: writes the camera between its last two steps into the root and the HUD.
    func show(fraction: Double) {
        guard isActive else { return }
        if pose != shownTo {
            // Changed between steps (in `setUp` or a frame callback): a jump, not a glide.
            pose.position = clamped(pose.position, zoom: pose.zoom, rotation: pose.rotation)
            (shownFrom, shownTo) = (pose, pose)
        }
        let a = min(1, max(0, fraction))
        let shown = Pose(
            position: CGPoint(
                x: Double(shownFrom.position.x) + (Double(shownTo.position.x) - Double(shownFrom.position.x)) * a,
                y: Double(shownFrom.position.y) + (Double(shownTo.position.y) - Double(shownFrom.position.y)) * a),
            zoom: shownFrom.zoom + (shownTo.zoom - shownFrom.zoom) * a,
            rotation: shownFrom.rotation + (shownTo.rotation - shownFrom.rotation) * a)
        write(shown)
    }

    /// Mixes the camera's pose at the last step into a state hash (only once the game used it).
    func hash(into hasher: inout StateHasher) {
        guard isActive else { return }
        hasher.combine(Double(shownTo.position.x))
        hasher.combine(Double(shownTo.position.y))
        hasher.combine(shownTo.zoom)
        hasher.combine(shownTo.rotation)
    }

    // MARK: - Private

    private var viewCentre: CGPoint { CGPoint(x: engine.viewSize.width / 2, y: engine.viewSize.height / 2) }

    private func activate() {
        guard !isActive else { return }
        isActive = true
        let root = engine.rootLayer
        engine.frameWrittenKeys[ObjectIdentifier(root)] = ["bounds", "position", "transform", "anchorPoint"]
    }

    private func targetPoint(at mediaTime: CFTimeInterval) -> CGPoint? {
        let p: CGPoint
        switch target {
        case .none:
            return nil
        case .body(let body):
            guard body.world != nil else { return nil }
            p = body.position
        case .layer(let layer):
            // A layer a body moves shows the body interpolated for the last frame, which depends on the
            // frame rate: follow the body itself.
            if let body = engine.body(of: layer), body.type != .static, body.world != nil {
                p = body.position
                break
            }
            let shown = engine.clock.withScope { layer.presentationCopy(atTime: mediaTime) }
            guard layer.superlayer != nil || layer === engine.rootLayer,
                let (world, _) = LayerBody.worldPlacement(
                    of: shown, superlayer: layer.superlayer, root: engine.rootLayer)
            else { return nil }
            p = world
        }
        return CGPoint(x: p.x + offset.dx, y: p.y + offset.dy)
    }

    private func halfExtents(zoom: Double, rotation: Double) -> (Double, Double) {
        let w = Double(engine.viewSize.width) / 2 / zoom
        let h = Double(engine.viewSize.height) / 2 / zoom
        let (c, s) = (abs(cos(rotation)), abs(sin(rotation)))
        return (c * w + s * h, s * w + c * h)
    }

    private func clamped(_ p: CGPoint, zoom: Double, rotation: Double) -> CGPoint {
        guard let b = bounds else { return p }
        let (hx, hy) = halfExtents(zoom: zoom, rotation: rotation)
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { lo > hi ? (lo + hi) / 2 : min(hi, max(lo, v)) }
        return CGPoint(
            x: clamp(Double(p.x), Double(b.minX) + hx, Double(b.maxX) - hx),
            y: clamp(Double(p.y), Double(b.minY) + hy, Double(b.maxY) - hy))
    }

    /// Places the root so that `pose.position` is at the view's centre, zoomed and turned about it, and
    /// the HUD so that it undoes exactly that.
    private func write(_ pose: Pose) {
        guard pose != written else { return }
        written = pose
        let root = engine.rootLayer
        let size = engine.viewSize
        let c = viewCentre
        let view = CATransform3DConcat(
            CATransform3DMakeRotation(CGFloat(-pose.rotation), 0, 0, 1),
            CATransform3DMakeScale(CGFloat(pose.zoom), CGFloat(pose.zoom), 1))
        CATransaction.performWithoutActions {
            root.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            root.bounds = CGRect(
                x: pose.position.x - size.width / 2, y: pose.position.y - size.height / 2, width: size.width,
                height: size.height)
            root.position = c
            root.transform = view
            guard let hud else { return }
            if hud.superlayer !== root || root.sublayers?.last !== hud { root.addSublayer(hud) }
            // The HUD at `position − view⁻¹·c` with transform view⁻¹ lands exactly on the view.
            let (cosR, sinR) = (cos(pose.rotation), sin(pose.rotation))
            let ix = (Double(c.x) * cosR - Double(c.y) * sinR) / pose.zoom
            let iy = (Double(c.x) * sinR + Double(c.y) * cosR) / pose.zoom
            hud.position = CGPoint(x: Double(pose.position.x) - ix, y: Double(pose.position.y) - iy)
            hud.transform = CATransform3DInvert(view)
        }
    }

    private func report(_ property: String, _ value: String) {
        log("GameCamera.\(property): \(value) refused; see docs/GameAPI.md, \"Camera\" for the ranges")
    }
}
