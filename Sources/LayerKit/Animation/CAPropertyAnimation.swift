import Foundation

/// An animation of one property of a layer, named by a key path: `"position"`, `"position.x"`,
/// `"transform.rotation.z"`, `"emitterCells.spark.birthRate"`, … (see `CALayer.isAnimatable(keyPath:)`).
open class CAPropertyAnimation: CAAnimation {
    // MARK: - Stored state

    /// The animated key path. Default nil (an error when added, unless the animation runs as an action:
    /// then the action's key is used).
    public var keyPath: String?

    /// Whether the animated value is added to the value shown without this animation (for transforms:
    /// applied before it). Default false.
    public var isAdditive: Bool = false

    /// Whether each repeat continues from the end of the previous one. Default false.
    public var isCumulative: Bool = false

    /// Turns the animated numbers into a transform (for `"transform"` key paths). Default nil.
    public var valueFunction: CAValueFunction?

    // MARK: - Creating

    /// Creates an animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// Creates an animation with default values.
    public required init() { super.init() }

    /// Copies `animation`'s properties.
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        if let a = animation as? CAPropertyAnimation {
            keyPath = a.keyPath
            isAdditive = a.isAdditive
            isCumulative = a.isCumulative
            valueFunction = a.valueFunction
        }
    }

    // MARK: - Engine hooks

    override func adopt(actionKey: String, previousValue: LayerValue?) {
        if keyPath == nil { keyPath = actionKey }
    }

    override var displayName: String { "\(type(of: self))" + (keyPath.map { " '\($0)'" } ?? "") }

    /// The model value at the key path; validates the key path and its animatability.
    func validatedCurrentValue(for layer: CALayer) throws -> LayerValue {
        try super.validate(for: layer)
        guard let keyPath, !keyPath.isEmpty else { throw AnimationError.missingKeyPath(animation: displayName) }
        let current: LayerValue
        do {
            current = try layer.layerValue(forKeyPath: keyPath)
        } catch let e as KeyPathError {
            throw AnimationError.keyPath(animation: displayName, e)
        }
        guard layer.isAnimatable(keyPath: keyPath) else {
            throw AnimationError.notAnimatable(animation: displayName, keyPath: keyPath, layer: "\(type(of: layer))")
        }
        if valueFunction != nil {
            guard case .transform = current else {
                throw AnimationError.invalidProperty(
                    animation: displayName, property: "valueFunction",
                    message: "value functions make transforms, but '\(keyPath)' is a \(current.kind)")
            }
        }
        return current
    }

    override func validate(for layer: CALayer) throws {
        _ = try validatedCurrentValue(for: layer)
    }

    /// Converts a user value (`fromValue`, an element of `values`) and checks it fits the property.
    func convert(_ value: Any, property: String, current: LayerValue) throws -> LayerValue {
        guard let v = LayerValue(any: value) else {
            throw AnimationError.invalidProperty(
                animation: displayName, property: property,
                message: "unsupported value type \(type(of: value))")
        }
        if valueFunction != nil {
            switch v {
            case .number: return v
            case .numbers(let n) where n.count == 3: return v
            default:
                throw AnimationError.valueMismatch(
                    animation: displayName, property: property, keyPath: keyPath ?? "",
                    expected: "number or 3 numbers (value function input)", got: v.kind)
            }
        }
        if let c = v.components, !c.allSatisfy(\.isFinite) {
            throw AnimationError.invalidProperty(
                animation: displayName, property: property, message: "values must be finite, got \(v)")
        }
        guard LayerValue.fits(v, property: current) else {
            throw AnimationError.valueMismatch(
                animation: displayName, property: property, keyPath: keyPath ?? "",
                expected: current.kind, got: v.kind)
        }
        return v
    }

    override func apply(_ state: MediaTimingState, to layer: CALayer) {
        guard let keyPath else { return }
        let base = (try? layer.layerValue(forKeyPath: keyPath)) ?? .none
        guard var value = animatedValue(state, base: base) else { return }
        if let vf = valueFunction {
            guard let t = vf.transform(for: value) else { return }
            value = .transform(t)
        }
        layer.applyAnimatedValue(isAdditive ? base.adding(value) : value, forKeyPath: keyPath)
    }

    /// The animation's own value at `state` (before additive composition); `base` is the value shown
    /// without this animation. Subclasses compute it.
    func animatedValue(_ state: MediaTimingState, base: LayerValue) -> LayerValue? { nil }

    /// The "current value" that missing endpoints default to: the shown value, or zero when additive.
    func currentEndpoint(base: LayerValue, sample: LayerValue?) -> LayerValue {
        if valueFunction != nil { return (sample ?? .number(0)).zeroValue }
        return isAdditive ? (sample ?? base).zeroValue : base
    }
}

extension LayerValue {
    /// Whether `value` may be written to a property whose current value is `property`.
    static func fits(_ value: LayerValue, property: LayerValue) -> Bool {
        switch (value, property) {
        case (_, .none), (.none, _): return true
        case (.number, .number), (.number, .bool), (.bool, .bool), (.bool, .number): return true
        case (.point, .point), (.size, .size), (.rect, .rect), (.transform, .transform), (.color, .color),
            (.colors, .colors), (.numbers, .numbers), (.image, .image), (.path, .path), (.string, .string):
            return true
        default: return false
        }
    }
}
