import Foundation

/// `NSNull()` is the action that stops the action search: return it from
/// `CALayerDelegate.action(for:forKey:)`, put it in `actions`, or return it from `defaultAction(forKey:)`
/// to make a property change instant, exactly as in Core Animation code.
extension NSNull: CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The outcome of the action search for one key.
enum ActionLookup {
    case none
    case custom(CAAction)
    case implicit
}

extension CALayer {
    /// The `arguments` key under which actions receive the value shown before the change (a LayerValue).
    public static let previousValueArgument = "previousValue"

    // MARK: - Action search

    /// Core Animation's search order; the implicit default is described, not built (no allocation).
    func lookUpAction(forKey event: String) -> ActionLookup {
        func found(_ a: CAAction) -> ActionLookup { a is NSNull ? .none : .custom(a) }
        if let d = delegate, let a = d.action(for: self, forKey: event) { return found(a) }
        if let a = actions?[event] { return found(a) }
        if let styleActions = style?["actions"] as? [String: CAAction], let a = styleActions[event] { return found(a) }
        if let a = type(of: self).defaultAction(forKey: event) { return found(a) }
        if type(of: self).keyAccessors[event]?.animatable == true { return .implicit }
        return .none
    }

    /// The implicit animation of `key`: a cross-fade for `contents`, otherwise a basic animation from the
    /// previous value to the model value, with the transaction's duration and timing function (`.default`
    /// when the transaction has none).
    func makeImplicitAnimation(
        forKey key: String, from previous: LayerValue, duration: CFTimeInterval,
        timingFunction: CAMediaTimingFunction?
    ) -> CAAnimation {
        let anim: CAAnimation
        if key == "contents" {
            anim = CATransition()
        } else {
            let basic = CABasicAnimation(keyPath: key)
            basic.fromValue = previous
            anim = basic
        }
        anim.duration = duration
        anim.timingFunction = timingFunction ?? CAMediaTimingFunction(name: .default)
        return anim
    }

    // MARK: - Recording changes

    /// Called for a change of a presented model layer: records the action, if any, in the transaction.
    func recordActionForChange(ofKey key: String, from oldValue: LayerValue) {
        if let s = TransactionThreadState.existing, s.actionsDisabled { return }
        let choice: PendingAction.Choice
        switch lookUpAction(forKey: key) {
        case .none: return
        case .custom(let a): choice = .custom(a)
        case .implicit: choice = .implicit
        }
        var previous = oldValue
        if attachedAnimations.contains(where: { ($0.animation as? CAPropertyAnimation)?.keyPath == key }),
            let shown = try? presentationLayer?.layerValue(forKeyPath: key)
        {
            previous = shown
        }
        TransactionThreadState.current.record(layer: self, key: key, choice: choice, previousValue: previous)
    }

    // MARK: - Transitions

    /// The layer's previous appearance for a transition: its last presented copy (without that copy's own
    /// transition, so snapshots do not chain), or its current appearance when it was never presented.
    func transitionSnapshot() -> CALayer {
        if let shown = presentationLayer {
            let copy = shown.makePresentationCopy()
            copy.children = shown.children
            copy.maskLayer = shown.maskLayer
            copy.activeTransition = nil
            return copy
        }
        let t = CACurrentMediaTime()
        var ignored: [AnimationEvent] = []
        return buildPresentation(
            parentTime: timeParent?.localTime(forMediaTime: t) ?? t, commit: false, events: &ignored)
    }
}
