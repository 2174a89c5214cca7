import Foundation

/// Several animations run together on one layer, timed inside the group's time (Core Animation's
/// CAAnimationGroup).
///
/// The children's beginTime, duration, repeats and fill modes are measured in the group's local time
/// (0 at the group's start); the group's duration cuts them off. The children's delegates and
/// `isRemovedOnCompletion` are not used. The group's timing function, when set, paces the group's time.
open class CAAnimationGroup: CAAnimation {
    /// The grouped animations, applied in order. Default nil.
    public var animations: [CAAnimation]?

    /// Creates a group with default values.
    public required init() { super.init() }

    /// Copies `animation`'s properties; the children are copied too.
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        if let g = animation as? CAAnimationGroup {
            animations = g.animations?.map { $0.copy() }
        }
    }

    // MARK: - Engine hooks

    override func validate(for layer: CALayer) throws {
        try super.validate(for: layer)
        for (i, child) in (animations ?? []).enumerated() {
            do { try child.validate(for: layer) } catch let e as AnimationError {
                throw AnimationError.invalidProperty(
                    animation: displayName, property: "animations[\(i)]", message: "\(e)")
            }
        }
    }

    override func prepare(for layer: CALayer) throws {
        for child in animations ?? [] { try child.prepare(for: layer) }
    }

    override func adopt(actionKey: String, previousValue: LayerValue?) {
        for child in animations ?? [] { child.adopt(actionKey: actionKey, previousValue: previousValue) }
    }

    override func apply(_ state: MediaTimingState, to layer: CALayer) {
        let groupTime = progress(state) * state.duration
        for child in animations ?? [] {
            guard let s = child.mediaTiming.state(atParentTime: groupTime, defaultDuration: CAAnimation.defaultDuration)
            else { continue }
            child.apply(s, to: layer)
        }
    }
}
