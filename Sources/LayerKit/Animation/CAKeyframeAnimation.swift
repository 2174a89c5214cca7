import Foundation

/// An animation through a list of values or along a path (Core Animation's CAKeyframeAnimation).
///
/// Like Core Animation, it does not start from the shown value: it jumps to the first keyframe and, when
/// removed, back to the model value.
open class CAKeyframeAnimation: CAPropertyAnimation {
    // MARK: - Stored state

    /// The keyframe values (Swift values or `LayerValue`s). Ignored when `path` is set. Default nil.
    public var values: [Any]?
    /// A path for point properties (`position`); its segments are the keyframes. Default nil.
    public var path: CGPath?
    /// When each keyframe is reached, as fractions 0…1 of the cycle, non-decreasing; one per value (one per
    /// segment boundary for paths; discrete mode may add a closing 1). Default nil (evenly spaced).
    public var keyTimes: [NSNumber]?
    /// The pacing within each segment, one per segment (values − 1). Default nil (linear).
    public var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed. Default `.linear`.
    public var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels tension per keyframe for the cubic modes (−1…1, 0 = Catmull-Rom). Default nil.
    public var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe for the cubic modes. Default nil.
    public var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe for the cubic modes. Default nil.
    public var biasValues: [NSNumber]?
    /// Whether a layer moving along `path` turns with it. Default nil (no rotation).
    public var rotationMode: CAAnimationRotationMode?

    private var timeline: KeyframeTimeline?
    private var pathTimeline: PathTimeline?

    // MARK: - Creating

    /// Creates an animation with default values.
    public required init() { super.init() }

    /// Copies `animation`'s properties.
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        if let a = animation as? CAKeyframeAnimation {
            values = a.values
            path = a.path
            keyTimes = a.keyTimes
            timingFunctions = a.timingFunctions
            calculationMode = a.calculationMode
            tensionValues = a.tensionValues
            continuityValues = a.continuityValues
            biasValues = a.biasValues
            rotationMode = a.rotationMode
        }
    }

    // MARK: - Engine hooks

    override func validate(for layer: CALayer) throws {
        _ = try resolve(for: layer)
    }

    override func prepare(for layer: CALayer) throws {
        let (resolvedValues, times) = try resolve(for: layer)
        let d = { (a: [NSNumber]?) in a?.map(\.doubleValue) }
        if let path {
            pathTimeline = PathTimeline(
                path: path, keyTimes: times, timingFunctions: timingFunctions, mode: calculationMode)
        } else {
            timeline = KeyframeTimeline(
                values: resolvedValues, keyTimes: times, timingFunctions: timingFunctions,
                mode: calculationMode, tension: d(tensionValues), continuity: d(continuityValues),
                bias: d(biasValues))
        }
    }

    /// Validates everything and returns the converted values and key times.
    private func resolve(for layer: CALayer) throws -> ([LayerValue], [Double]?) {
        let current = try validatedCurrentValue(for: layer)
        func bad(_ p: String, _ m: String) -> AnimationError {
            .invalidProperty(animation: displayName, property: p, message: m)
        }
        guard CAAnimationCalculationMode.known(calculationMode.rawValue) != nil else {
            throw bad(
                "calculationMode",
                "expected one of \(CAAnimationCalculationMode.allCases.map(\.rawValue)), got \"\(calculationMode.rawValue)\""
            )
        }
        if let r = rotationMode, CAAnimationRotationMode.known(r.rawValue) == nil {
            throw bad(
                "rotationMode",
                "expected one of \(CAAnimationRotationMode.allCases.map(\.rawValue)) or nil, got \"\(r.rawValue)\"")
        }
        let count: Int
        var converted: [LayerValue] = []
        if let path {
            guard case .point = current, valueFunction == nil else {
                throw AnimationError.valueMismatch(
                    animation: displayName, property: "path", keyPath: keyPath ?? "",
                    expected: current.kind, got: "path of points")
            }
            count = PathTimeline.boundaryCount(of: path)
        } else {
            guard let values, !values.isEmpty else { throw bad("values", "set at least one value, or a path") }
            for (i, v) in values.enumerated() {
                converted.append(try convert(v, property: "values[\(i)]", current: current))
            }
            count = values.count
        }
        var times: [Double]?
        if let keyTimes {
            let t = keyTimes.map(\.doubleValue)
            let allowed = calculationMode == .discrete ? [count, count + 1] : [count]
            guard allowed.contains(t.count) else {
                throw bad(
                    "keyTimes",
                    "\(t.count) entries; expected \(allowed.map(String.init).joined(separator: " or ")) (one per \(path == nil ? "value" : "path segment boundary"))"
                )
            }
            for (i, x) in t.enumerated() {
                guard x.isFinite, x >= 0, x <= 1 else {
                    throw bad("keyTimes[\(i)]", "expected a fraction in 0…1, got \(x)")
                }
                if i > 0 && x < t[i - 1] {
                    throw bad(
                        "keyTimes[\(i)]",
                        "\(x) is less than the previous key time \(t[i - 1]); key times must not decrease")
                }
            }
            times = t
        }
        if let tf = timingFunctions, calculationMode == .linear || calculationMode == .cubic {
            guard tf.count == max(0, count - 1) else {
                throw bad("timingFunctions", "\(tf.count) entries; expected \(max(0, count - 1)) (one per segment)")
            }
        }
        for (name, list) in [
            ("tensionValues", tensionValues), ("continuityValues", continuityValues), ("biasValues", biasValues),
        ] {
            if let list, let bad0 = list.first(where: { !$0.doubleValue.isFinite }) {
                throw bad(name, "values must be finite, got \(bad0)")
            }
        }
        return (converted, times)
    }

    override func apply(_ state: MediaTimingState, to layer: CALayer) {
        guard let keyPath else { return }
        let f = progress(state)
        if let pathTimeline {
            let (point, tangent) = pathTimeline.sample(at: f)
            var value = LayerValue.point(point)
            if isCumulative && state.iteration > 0 {
                let end = pathTimeline.sample(at: 1).point
                let start = pathTimeline.sample(at: 0).point
                value = value.adding(LayerValue.point(end).subtracting(.point(start)).repeated(state.iteration))
            }
            let base = (try? layer.layerValue(forKeyPath: keyPath)) ?? .none
            layer.applyAnimatedValue(isAdditive ? base.adding(value) : value, forKeyPath: keyPath)
            if let mode = rotationMode {
                var angle = atan2(tangent.dy, tangent.dx)
                if mode == .rotateAutoReverse { angle += .pi }
                layer.transform = CATransform3DRotate(layer.transform, angle, 0, 0, 1)
            }
            return
        }
        super.apply(state, to: layer)
    }

    override func animatedValue(_ state: MediaTimingState, base: LayerValue) -> LayerValue? {
        guard let timeline else { return nil }
        var v = timeline.value(at: progress(state))
        if isCumulative && state.iteration > 0, let first = timeline.values.first, let last = timeline.values.last {
            v = v.adding(last.subtracting(first).repeated(state.iteration))
        }
        return v
    }
}
