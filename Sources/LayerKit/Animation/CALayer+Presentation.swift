import Foundation

/// Model and presentation: a layer's properties are the model values; the presentation tree holds the
/// values on screen at a time, with animations applied.
extension CALayer {
    // MARK: - Frames

    /// Builds the presentation tree of this layer's subtree at media time `mediaTime` (the frame's time):
    /// a tree of copies with every active animation applied, each copy's `modelLayer` pointing back and
    /// each model's `presentationLayer` set to its copy.
    ///
    /// This is the engine's once-per-frame call. In order it: lays out what needs layout
    /// (`layoutSubtreeIfNeeded()`), commits the thread's implicit transaction
    /// (creating pending implicit animations), builds the tree, removes animations that completed (with
    /// `isRemovedOnCompletion`), runs the delegate callbacks and transaction completion blocks, and commits
    /// the implicit transaction again so that changes made in callbacks start at this frame's time.
    @discardableResult
    package func makePresentationTree(atTime mediaTime: CFTimeInterval) -> CALayer {
        layoutSubtreeIfNeeded()
        let thread = TransactionThreadState.current
        thread.flushImplicit()
        var events: [AnimationEvent] = []
        let parentTime = timeParent?.localTime(forMediaTime: mediaTime) ?? mediaTime
        let root = buildPresentation(parentTime: parentTime, commit: true, events: &events)
        thread.enqueue(events)
        thread.dispatchEvents()
        thread.flushImplicit()
        return root
    }

    /// Does at media time `mediaTime` everything `makePresentationTree(atTime:)` does except building the
    /// tree: commits the thread's implicit transaction, starts and completes this subtree's animations
    /// (removing completed ones with `isRemovedOnCompletion`), marks its layers as presented, runs the
    /// delegate callbacks and transaction completion blocks, and commits again. The engine calls it
    /// once per frame, so a run reaches the same state whether or not its frames are drawn; building the
    /// presentation tree at the same time afterwards finds nothing left to do.
    public func commitAnimations(atTime mediaTime: CFTimeInterval) {
        let thread = TransactionThreadState.current
        thread.flushImplicit()
        var events: [AnimationEvent] = []
        let parentTime = timeParent?.localTime(forMediaTime: mediaTime) ?? mediaTime
        commitAnimations(parentTime: parentTime, events: &events)
        thread.enqueue(events)
        thread.dispatchEvents()
        thread.flushImplicit()
    }

    /// The walk of `commitAnimations(atTime:)` at the superlayer's local time `parentTime`.
    private func commitAnimations(parentTime: CFTimeInterval, events: inout [AnimationEvent]) {
        let local = mediaTiming.layerLocalTime(atParentTime: parentTime)
        if !attachedAnimations.isEmpty { commitAttachedAnimations(localTime: local, events: &events) }
        for child in children { child.commitAnimations(parentTime: local, events: &events) }
        maskLayer?.commitAnimations(parentTime: local, events: &events)
        hasBeenPresented = true
    }

    /// The values on screen now (`CACurrentMediaTime()`): a copy of this layer and its sublayers with the
    /// animations applied. Unlike Core Animation it is never nil (a layer not yet shown shows its model
    /// values). On a presentation copy it returns the copy itself. It changes nothing: completed
    /// animations are removed, and callbacks run, only by `makePresentationTree(atTime:)`.
    public func presentation() -> Self? {
        if modelLayer != nil { return self }
        let t = CACurrentMediaTime()
        var ignored: [AnimationEvent] = []
        return buildPresentation(
            parentTime: timeParent?.localTime(forMediaTime: t) ?? t, commit: false, events: &ignored) as? Self
    }

    /// The model layer: `modelLayer` for a presentation copy, the layer itself otherwise.
    public func model() -> Self {
        (modelLayer as? Self) ?? self
    }

    /// The value of `keyPath` shown at media time `mediaTime` with this layer's animations applied (nil
    /// for an unknown key path). Cheaper than a presentation tree when one property is needed, for
    /// example by a simulation step.
    public func presentationValue(forKeyPath keyPath: String, atTime mediaTime: CFTimeInterval) -> LayerValue? {
        guard !attachedAnimations.isEmpty else { return try? layerValue(forKeyPath: keyPath) }
        let copy = makePresentationCopy()
        var ignored: [AnimationEvent] = []
        evaluateAnimations(localTime: localTime(forMediaTime: mediaTime), on: copy, commit: false, events: &ignored)
        return try? copy.layerValue(forKeyPath: keyPath)
    }

    /// This layer alone (no sublayers) with its animations applied at media time `mediaTime`, for
    /// per-step reads such as an emitter's animated properties. Returns the model itself when it has no
    /// animations; changes nothing (no animation starts or completes, no callback runs).
    ///
    /// The copy is of this layer's class, or of its nearest LayerKit class for a subclass that does not
    /// override `makeLayer(copying:)`.
    package func presentationCopy(atTime mediaTime: CFTimeInterval) -> CALayer {
        guard !attachedAnimations.isEmpty else { return self }
        let copy = makePresentationCopy()
        var ignored: [AnimationEvent] = []
        evaluateAnimations(localTime: localTime(forMediaTime: mediaTime), on: copy, commit: false, events: &ignored)
        return copy
    }

    /// This layer's subtree as it was shown `delay` seconds (of its superlayer's time) before media time
    /// `mediaTime`, with the animations applied: what `CAReplicatorLayer.instanceDelay` shows for a later
    /// instance. Changes nothing (no animation starts or completes, no callback runs).
    package func presentationSubtree(atTime mediaTime: CFTimeInterval, delayedBy delay: CFTimeInterval) -> CALayer {
        let model = modelLayer ?? self
        let parentTime = (model.timeParent?.localTime(forMediaTime: mediaTime) ?? mediaTime) - delay
        var ignored: [AnimationEvent] = []
        return model.buildPresentation(parentTime: parentTime, commit: false, events: &ignored)
    }

    // MARK: - Building

    /// A copy of this layer's properties for the presentation tree (`makeLayer(copying:)`).
    func makePresentationCopy() -> CALayer { type(of: self).makeLayer(copying: self) }

    /// A presentation copy of this subtree at the superlayer's local time `parentTime`. With `commit`,
    /// animations start and complete (events are collected) and the model remembers its copy.
    func buildPresentation(parentTime: CFTimeInterval, commit: Bool, events: inout [AnimationEvent]) -> CALayer {
        let copy = makePresentationCopy()
        let local = mediaTiming.layerLocalTime(atParentTime: parentTime)
        if !attachedAnimations.isEmpty {
            evaluateAnimations(localTime: local, on: copy, commit: commit, events: &events)
        }
        if !children.isEmpty {
            var copies: [CALayer] = []
            copies.reserveCapacity(children.count)
            for child in children {
                let c = child.buildPresentation(parentTime: local, commit: commit, events: &events)
                c.parent = copy
                copies.append(c)
            }
            copy.children = copies
        }
        if let mask = maskLayer {
            let c = mask.buildPresentation(parentTime: local, commit: commit, events: &events)
            c.maskOwner = copy
            copy.maskLayer = c
        }
        if commit {
            presentationLayer = copy
            hasBeenPresented = true
        }
        return copy
    }

    /// Applies the attached animations, in the order they were added, at the layer's local time; with
    /// `commit`, first starts and completes them (`commitAttachedAnimations`).
    func evaluateAnimations(localTime: CFTimeInterval, on copy: CALayer, commit: Bool, events: inout [AnimationEvent]) {
        if commit { commitAttachedAnimations(localTime: localTime, events: &events) }
        for entry in attachedAnimations {
            let anim = entry.animation
            let timing = anim.mediaTiming
            let isComplete = timing.isComplete(atParentTime: localTime, defaultDuration: CAAnimation.defaultDuration)
            if isComplete && anim.isRemovedOnCompletion { continue }
            guard let state = timing.state(atParentTime: localTime, defaultDuration: CAAnimation.defaultDuration) else {
                continue
            }
            anim.apply(state, to: copy)
        }
    }

    /// Starts the attached animations whose time has come and completes those that ended (each event
    /// once, in the order the animations were added), removing the completed ones that are
    /// `isRemovedOnCompletion`.
    func commitAttachedAnimations(localTime: CFTimeInterval, events: inout [AnimationEvent]) {
        var completed: [Int] = []
        for (index, entry) in attachedAnimations.enumerated() {
            let anim = entry.animation
            let timing = anim.mediaTiming
            let isComplete = timing.isComplete(atParentTime: localTime, defaultDuration: CAAnimation.defaultDuration)
            if !anim.hasStarted && timing.elapsedTime(atParentTime: localTime) >= 0 {
                anim.hasStarted = true
                events.append(.started(anim))
            }
            if isComplete && !anim.hasStopped {
                anim.hasStopped = true
                events.append(.stopped(anim, finished: true))
                for c in anim.completions {
                    if let block = c.animationEnded() { events.append(.completion(block)) }
                }
                anim.completions = []
            }
            if isComplete && anim.isRemovedOnCompletion { completed.append(index) }
        }
        if !completed.isEmpty {
            for i in completed.reversed() { attachedAnimations.remove(at: i) }
            subtreeDidChange()
        }
    }

    /// Writes an animated value into a presentation copy. A value the property refuses (a negative radius
    /// during a spring's overshoot, a fractional instance count, a number for a Boolean) is adjusted to
    /// the nearest accepted one; if none is accepted the property keeps its value.
    func applyAnimatedValue(_ value: LayerValue, forKeyPath keyPath: String) {
        if (try? setLayerValue(value, forKeyPath: keyPath)) != nil { return }
        switch value {
        case .number(let n):
            if case .bool? = try? layerValue(forKeyPath: keyPath) {
                _ = try? setLayerValue(.bool(n >= 0.5), forKeyPath: keyPath)
                return
            }
            for candidate in [n.rounded(), max(0, n), max(0, n.rounded()), max(1e-9, n)] {
                if (try? setLayerValue(.number(candidate), forKeyPath: keyPath)) != nil { return }
            }
        case .color(let c):
            _ = try? setLayerValue(.color(c.clamped), forKeyPath: keyPath)
        default:
            break
        }
    }
}
