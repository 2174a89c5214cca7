import Foundation

/// A basic animation paced by a damped spring (Core Animation's CASpringAnimation).
///
/// The progress is the position of a mass on a spring released at 0 toward 1, evaluated at the cycle
/// time in seconds (the timing function is not used): m·x″ = −k·(x − 1) − c·x′, x(0) = 0,
/// x′(0) = initialVelocity. It may overshoot 1. The animation still runs for `duration`; set
/// `duration = settlingDuration` to let it come to rest.
open class CASpringAnimation: CABasicAnimation {
    // MARK: - Stored state

    /// The mass on the spring, > 0. Default 1.
    public var mass: CGFloat = 1
    /// The spring constant, > 0. Default 100.
    public var stiffness: CGFloat = 100
    /// The damping coefficient, ≥ 0. Default 10.
    public var damping: CGFloat = 10
    /// The initial speed in units of the whole distance per second; positive moves toward the end value.
    /// Default 0.
    public var initialVelocity: CGFloat = 0
    /// Whether a damping ratio above 1 is honoured. Always true here (the motion is solved exactly in all
    /// three regimes). Default true.
    public var allowsOverdamping: Bool = true

    // MARK: - Creating

    /// Creates an animation with default values.
    public required init() { super.init() }

    /// Copies `animation`'s properties.
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        if let a = animation as? CASpringAnimation {
            mass = a.mass
            stiffness = a.stiffness
            damping = a.damping
            initialVelocity = a.initialVelocity
            allowsOverdamping = a.allowsOverdamping
        }
    }

    // MARK: - Spring

    /// The time in seconds after which the motion stays within 0.001 of the end (of the whole distance):
    /// the first time the envelope of the solution falls below it. Infinite without damping.
    public var settlingDuration: CFTimeInterval {
        guard let s = solution else { return 0 }
        let epsilon = 0.001
        if s.envelope(0) <= epsilon { return 0 }
        guard s.envelope(1e6) <= epsilon else { return .infinity }
        var lo = 0.0
        var hi = 1.0
        while s.envelope(hi) > epsilon {
            lo = hi
            hi *= 2
        }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if s.envelope(mid) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The spring's position (0 at the start, 1 at rest) after `t` seconds.
    public func springPosition(atTime t: CFTimeInterval) -> Double {
        guard let s = solution else { return 1 }
        return 1 + s.displacement(max(0, t))
    }

    /// The closed-form motion y(t) = x(t) − 1 for the current parameters (nil when they are invalid).
    private var solution: SpringSolution? {
        SpringSolution(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            velocity: Double(initialVelocity))
    }

    // MARK: - Engine hooks

    override func validate(for layer: CALayer) throws {
        try super.validate(for: layer)
        func bad(_ p: String, _ m: String) -> AnimationError {
            .invalidProperty(animation: displayName, property: p, message: m)
        }
        guard mass.isFinite, mass > 0 else { throw bad("mass", "expected a number > 0, got \(mass)") }
        guard stiffness.isFinite, stiffness > 0 else {
            throw bad("stiffness", "expected a number > 0, got \(stiffness)")
        }
        guard damping.isFinite, damping >= 0 else { throw bad("damping", "expected a number ≥ 0, got \(damping)") }
        guard initialVelocity.isFinite else {
            throw bad("initialVelocity", "expected a finite number, got \(initialVelocity)")
        }
    }

    override func progress(_ state: MediaTimingState) -> Double {
        springPosition(atTime: state.cycleTime)
    }
}

/// The damped harmonic oscillator from y(0) = −1, y′(0) = v, solved in closed form.
private struct SpringSolution {
    private enum Regime {
        case under(decay: Double, omega: Double, a: Double, b: Double)
        case critical(decay: Double, a: Double, b: Double)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private let regime: Regime

    init?(mass m: Double, stiffness k: Double, damping c: Double, velocity v: Double) {
        guard m > 0, k > 0, c >= 0, m.isFinite, k.isFinite, c.isFinite, v.isFinite else { return nil }
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if abs(zeta - 1) < 1e-9 {
            regime = .critical(decay: w0, a: -1, b: v - w0)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            regime = .under(decay: zeta * w0, omega: wd, a: -1, b: (v - zeta * w0) / wd)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c2 = (v + r1) / (r2 - r1)
            regime = .over(r1: r1, r2: r2, c1: -1 - c2, c2: c2)
        }
    }

    func displacement(_ t: Double) -> Double {
        switch regime {
        case .under(let decay, let omega, let a, let b):
            return exp(-decay * t) * (a * cos(omega * t) + b * sin(omega * t))
        case .critical(let decay, let a, let b): return exp(-decay * t) * (a + b * t)
        case .over(let r1, let r2, let c1, let c2): return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// An upper bound of |y| from t on, decreasing in t.
    func envelope(_ t: Double) -> Double {
        switch regime {
        case .under(let decay, _, let a, let b): return exp(-decay * t) * (a * a + b * b).squareRoot()
        case .critical(let decay, let a, let b): return exp(-decay * t) * (abs(a) + abs(b) * t)
        case .over(let r1, let r2, let c1, let c2): return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }
}
