import Foundation

/// An animation of a property between two values (Core Animation's CABasicAnimation).
///
/// Endpoints, with "current" the value shown without this animation at each frame (zero when additive):
/// from+to: from→to; from+by: from→from+by; by+to: to−by→to; from: from→current; to: current→to;
/// by: current→current+by; none: no change. Values are Swift values as in Core Animation
/// (`0.5`, `CGPoint`, `UIColor.red.cgColor`, `CATransform3D`, …) or `LayerValue`s.
open class CABasicAnimation: CAPropertyAnimation {
    // MARK: - Stored state

    /// The start value. Default nil.
    public var fromValue: Any?
    /// The end value. Default nil.
    public var toValue: Any?
    /// The change relative to the start (or the end). Default nil.
    public var byValue: Any?

    /// The endpoints converted when the animation was added.
    private var resolvedFrom: LayerValue?
    private var resolvedTo: LayerValue?
    private var resolvedBy: LayerValue?

    // MARK: - Creating

    /// Creates an animation with default values.
    public required init() { super.init() }

    /// Copies `animation`'s properties.
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        if let a = animation as? CABasicAnimation {
            fromValue = a.fromValue
            toValue = a.toValue
            byValue = a.byValue
        }
    }

    // MARK: - Engine hooks

    override func adopt(actionKey: String, previousValue: LayerValue?) {
        super.adopt(actionKey: actionKey, previousValue: previousValue)
        if fromValue == nil && toValue == nil && byValue == nil, let previousValue { fromValue = previousValue }
    }

    override func validate(for layer: CALayer) throws {
        let current = try validatedCurrentValue(for: layer)
        if let v = fromValue { _ = try convert(v, property: "fromValue", current: current) }
        if let v = toValue { _ = try convert(v, property: "toValue", current: current) }
        if let v = byValue { _ = try convert(v, property: "byValue", current: current) }
    }

    override func prepare(for layer: CALayer) throws {
        let current = try validatedCurrentValue(for: layer)
        resolvedFrom = try fromValue.map { try convert($0, property: "fromValue", current: current) }
        resolvedTo = try toValue.map { try convert($0, property: "toValue", current: current) }
        resolvedBy = try byValue.map { try convert($0, property: "byValue", current: current) }
    }

    /// The start and end values for the frame, given the value shown without this animation.
    func endpoints(base: LayerValue) -> (LayerValue, LayerValue) {
        let current = currentEndpoint(base: base, sample: resolvedFrom ?? resolvedTo ?? resolvedBy)
        switch (resolvedFrom, resolvedTo, resolvedBy) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f.adding(b))
        case (nil, let t?, let b?): return (t.subtracting(b), t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, current.adding(b))
        case (nil, nil, nil): return (current, current)
        }
    }

    override func animatedValue(_ state: MediaTimingState, base: LayerValue) -> LayerValue? {
        let (a, b) = endpoints(base: base)
        var v = LayerValue.interpolate(a, b, progress(state))
        if isCumulative && state.iteration > 0 {
            v = v.adding(b.subtracting(a).repeated(state.iteration))
        }
        return v
    }
}
