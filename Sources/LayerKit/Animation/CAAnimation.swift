import Foundation

/// Receives the start and the end of an animation (Core Animation's CAAnimationDelegate).
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active interval began (its beginTime was reached).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `finished` is true when it ran to the end of its active interval, false when it
    /// was removed before (removeAnimation, replaced by an animation with the same key).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of animations: timing (CAMediaTiming), pacing, delegate, and removal on completion.
///
/// Adding an animation to a layer adds a copy; the layer's copy is what `animation(forKey:)` returns and
/// what the delegate receives. Treat that copy as read-only, as in Core Animation. Callbacks run after a
/// frame's presentation tree is built (`CALayer.makePresentationTree(atTime:)`), never during it.
open class CAAnimation: CAMediaTiming, CAAction, Hashable, CustomStringConvertible {
    // MARK: - Stored state

    /// The timing properties as one value.
    public var mediaTiming = MediaTimingValues()

    /// The default cycle length when `duration` is 0, seconds (Core Animation's 0.25 s).
    public static let defaultDuration: CFTimeInterval = 0.25

    /// The pacing of each cycle. Default nil (linear).
    public var timingFunction: CAMediaTimingFunction?

    /// Receives start and stop callbacks; retained, as in Core Animation. Default nil.
    public var delegate: CAAnimationDelegate?

    /// Whether the animation is removed from its layer when its active interval ends. Default true.
    /// Set false (with a forwards fill) to hold the last value.
    public var isRemovedOnCompletion: Bool = true

    private var userValues: [String: Any] = [:]

    // Runtime state of a layer's copy.
    var hasStarted = false
    /// Whether `beginTime` was 0 when added and was set to the time of adding.
    var hasAutomaticBeginTime = false
    var hasStopped = false
    var completions: [TransactionCompletion] = []

    // MARK: - CAMediaTiming

    /// Start time in the layer's time, seconds; 0 when added means "now". Default 0.
    public var beginTime: CFTimeInterval {
        get { mediaTiming.beginTime }
        set { mediaTiming.beginTime = newValue }
    }

    /// One cycle in seconds, finite ≥ 0; 0 when added takes the transaction's duration (0.25 s). Default 0.
    public var duration: CFTimeInterval {
        get { mediaTiming.duration }
        set { mediaTiming.duration = newValue }
    }

    /// Rate of the animation's time relative to its layer's; 2 runs twice as fast. Default 1.
    public var speed: Float {
        get { mediaTiming.speed }
        set { mediaTiming.speed = newValue }
    }

    /// Added to the animation's local time (not scaled by speed), seconds; wraps around the cycle. Default 0.
    public var timeOffset: CFTimeInterval {
        get { mediaTiming.timeOffset }
        set { mediaTiming.timeOffset = newValue }
    }

    /// Number of cycles, may be fractional, `.infinity` forever; 0 means 1. Default 0.
    public var repeatCount: Float {
        get { mediaTiming.repeatCount }
        set { mediaTiming.repeatCount = newValue }
    }

    /// Active time in seconds instead of a count; `.infinity` forever; 0 unused. Default 0.
    public var repeatDuration: CFTimeInterval {
        get { mediaTiming.repeatDuration }
        set { mediaTiming.repeatDuration = newValue }
    }

    /// Whether every other cycle plays backwards (a cycle is then twice the duration). Default false.
    public var autoreverses: Bool {
        get { mediaTiming.autoreverses }
        set { mediaTiming.autoreverses = newValue }
    }

    /// What shows outside the active interval. Default `.removed`.
    public var fillMode: CAMediaTimingFillMode {
        get { mediaTiming.fillMode }
        set { mediaTiming.fillMode = newValue }
    }

    // MARK: - Creating and copying

    /// Creates an animation with default values.
    public required init() {}

    /// Creates a copy of `animation`'s properties (Core Animation's `copy()`); runtime state is not copied.
    public required init(copying animation: CAAnimation) {
        mediaTiming = animation.mediaTiming
        timingFunction = animation.timingFunction
        delegate = animation.delegate
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        userValues = animation.userValues
    }

    /// A copy of this animation.
    public func copy() -> Self { type(of: self).init(copying: self) }

    /// Creates an animation with default values (`+animation`).
    public class func animation() -> Self { self.init() }

    /// The default value of a timing property by name (`"duration"`, `"speed"`, …), nil for others.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime", "duration", "timeOffset", "repeatDuration": return 0.0
        case "speed": return Float(1)
        case "repeatCount": return Float(0)
        case "autoreverses": return false
        case "fillMode": return CAMediaTimingFillMode.removed
        case "removedOnCompletion", "isRemovedOnCompletion": return true
        default: return nil
        }
    }

    // MARK: - User values

    /// A value stored with `setValue(_:forKey:)` (tags that identify the animation in delegate code).
    open func value(forKey key: String) -> Any? { userValues[key] }

    /// Stores a value under `key` (nil removes it); copies keep the values.
    open func setValue(_ value: Any?, forKey key: String) { userValues[key] = value }

    // MARK: - CAAction

    /// Adds a copy of this animation to the layer `anObject` under the key `event` (how actions run).
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        let anim = copy()
        anim.adopt(actionKey: event, previousValue: dict?[CALayer.previousValueArgument] as? LayerValue)
        layer.add(anim, forKey: event)
    }

    /// Fills what an action animation leaves unset from the action's key and the previous value.
    func adopt(actionKey: String, previousValue: LayerValue?) {}

    // MARK: - Engine hooks

    /// Checks the animation against `layer`; throws a message naming the property and the fix.
    func validate(for layer: CALayer) throws {
        let name = displayName
        func bad(_ property: String, _ message: String) -> AnimationError {
            .invalidProperty(animation: name, property: property, message: message)
        }
        guard beginTime.isFinite else { throw bad("beginTime", "expected a finite time, got \(beginTime)") }
        guard duration.isFinite, duration >= 0 else {
            throw bad("duration", "expected a finite number of seconds ≥ 0, got \(duration)")
        }
        guard speed.isFinite else { throw bad("speed", "expected a finite number, got \(speed)") }
        guard timeOffset.isFinite else { throw bad("timeOffset", "expected a finite time, got \(timeOffset)") }
        guard !repeatCount.isNaN, repeatCount >= 0 else {
            throw bad("repeatCount", "expected a number ≥ 0 or .infinity, got \(repeatCount)")
        }
        guard !repeatDuration.isNaN, repeatDuration >= 0 else {
            throw bad("repeatDuration", "expected seconds ≥ 0 or .infinity, got \(repeatDuration)")
        }
        guard CAMediaTimingFillMode.known(fillMode.rawValue) != nil else {
            throw bad(
                "fillMode",
                "expected one of \(CAMediaTimingFillMode.allCases.map(\.rawValue)), got \"\(fillMode.rawValue)\"")
        }
    }

    /// Resolves values for `layer` once, on the layer's copy, after validation.
    func prepare(for layer: CALayer) throws {}

    /// Writes the animation's effect at timeline position `state` into the presentation copy `layer`.
    func apply(_ state: MediaTimingState, to layer: CALayer) {}

    /// The pacing-adjusted progress of a cycle, 0…1 (springs may overshoot).
    func progress(_ state: MediaTimingState) -> Double {
        timingFunction?.solve(forInput: state.fraction) ?? state.fraction
    }

    /// "CABasicAnimation 'position'" in messages.
    var displayName: String { "\(type(of: self))" }

    // MARK: - Identity

    /// Animations are equal when they are the same object.
    public static func == (lhs: CAAnimation, rhs: CAAnimation) -> Bool { lhs === rhs }
    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// The class and its main settings.
    open var description: String { "<\(displayName) duration=\(duration)>" }
}
