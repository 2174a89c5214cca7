import Foundation

/// An animation attached to a layer under a key (nil for anonymous animations).
struct AttachedAnimation {
    let key: String?
    let animation: CAAnimation
}

extension CALayer {
    // MARK: - Adding

    /// Adds a copy of `anim` under `key` (replacing an animation with the same key; transitions always
    /// use `kCATransition`). A beginTime of 0 means now, a duration of 0 the transaction's duration.
    ///
    /// An animation that does not fit the layer (unknown or non-animatable key path, a value of the wrong
    /// type, invalid timing) is not added: the error goes to `AnimationDiagnostics` and the delegate gets
    /// `animationDidStop(_:finished: false)`. Use `addAnimation(_:forKey:)` to get the error thrown.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        do {
            try addAnimation(anim, forKey: key)
        } catch let error as AnimationError {
            AnimationDiagnostics.report(error)
            TransactionThreadState.current.enqueue(.stopped(anim, finished: false))
        } catch {
            AnimationDiagnostics.report(
                .invalidProperty(animation: anim.displayName, property: "animation", message: "\(error)"))
        }
    }

    /// Adds a copy of `anim` under `key`, or throws an `AnimationError` naming the problem and its fix.
    public func addAnimation(_ anim: CAAnimation, forKey key: String?) throws {
        guard modelLayer == nil else { throw AnimationError.presentationLayer(animation: anim.displayName) }
        try anim.validate(for: self)
        let copy = anim.copy()
        let thread = TransactionThreadState.current
        if copy.duration == 0 { copy.duration = thread.animationDuration }
        if copy.beginTime == 0 {
            copy.beginTime = convertTime(CACurrentMediaTime(), from: nil)
            copy.hasAutomaticBeginTime = true
        }
        try copy.prepare(for: self)
        let finalKey = copy is CATransition ? kCATransition : key
        if let finalKey, let i = attachedAnimations.firstIndex(where: { $0.key == finalKey }) {
            let old = attachedAnimations.remove(at: i).animation
            stop(old, finished: false, thread: thread)
        }
        copy.completions = thread.completionsForNewAnimation
        for c in copy.completions { c.animationAdded() }
        attachedAnimations.append(AttachedAnimation(key: finalKey, animation: copy))
        subtreeDidChange()
    }

    /// Moves the start of every animation of this subtree that was added with `beginTime` 0 and has not
    /// started yet to media time `mediaTime`. An engine calls this when it starts, so that animations added
    /// while a tree was built (under another clock) begin with the engine's first frame.
    package func restartPendingAnimations(atMediaTime mediaTime: CFTimeInterval) {
        for attached in attachedAnimations
        where attached.animation.hasAutomaticBeginTime && !attached.animation.hasStarted {
            attached.animation.beginTime = convertTime(mediaTime, from: nil)
        }
        for child in children { child.restartPendingAnimations(atMediaTime: mediaTime) }
        maskLayer?.restartPendingAnimations(atMediaTime: mediaTime)
    }

    // MARK: - Querying

    /// The animation attached under `key` (the layer's copy; treat it as read-only), or nil.
    public func animation(forKey key: String) -> CAAnimation? {
        attachedAnimations.last(where: { $0.key == key })?.animation
    }

    /// The keys of the attached animations in the order they were added, or nil when there are none
    /// with a key.
    public func animationKeys() -> [String]? {
        let keys = attachedAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Whether any animation is attached (keyed or not).
    public var hasAnimations: Bool { !attachedAnimations.isEmpty }

    // MARK: - Removing

    /// Removes the animation under `key`; its delegate gets `animationDidStop(_:finished: false)` unless
    /// it had already finished. The layer shows its model value again.
    public func removeAnimation(forKey key: String) {
        guard let i = attachedAnimations.firstIndex(where: { $0.key == key }) else { return }
        let old = attachedAnimations.remove(at: i).animation
        stop(old, finished: false, thread: TransactionThreadState.current)
        subtreeDidChange()
    }

    /// Removes every animation (keyed and anonymous), telling their delegates as `removeAnimation` does.
    public func removeAllAnimations() {
        guard !attachedAnimations.isEmpty else { return }
        let removed = attachedAnimations
        attachedAnimations = []
        let thread = TransactionThreadState.current
        for entry in removed { stop(entry.animation, finished: false, thread: thread) }
        subtreeDidChange()
    }

    /// Queues the stop callback (once) and releases the animation's transaction completions.
    func stop(_ anim: CAAnimation, finished: Bool, thread: TransactionThreadState) {
        guard !anim.hasStopped else { return }
        anim.hasStopped = true
        thread.enqueue(.stopped(anim, finished: finished))
        for c in anim.completions {
            if let block = c.animationEnded() { thread.enqueue(.completion(block)) }
        }
        anim.completions = []
    }
}
