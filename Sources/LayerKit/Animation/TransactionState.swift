import Foundation

// MARK: - Completion groups

/// The completion block of one transaction, waiting for the animations added while it was open.
final class TransactionCompletion {
    var block: (() -> Void)?
    private var outstanding = 0
    private var isCommitted = false
    private var hasFired = false

    /// An animation added while the transaction was open.
    func animationAdded() { outstanding += 1 }

    /// An animation of the transaction finished or was removed; returns the block when it is now due.
    func animationEnded() -> (() -> Void)? {
        outstanding -= 1
        return dueBlock()
    }

    /// The transaction committed; returns the block when it is due (no animations outstanding).
    func committed() -> (() -> Void)? {
        isCommitted = true
        return dueBlock()
    }

    private func dueBlock() -> (() -> Void)? {
        guard isCommitted, outstanding <= 0, !hasFired, let block else { return nil }
        hasFired = true
        return block
    }
}

// MARK: - Events

/// A callback that runs after a frame's presentation tree is built, or after a commit: never while layer
/// trees are being walked, so callbacks may change them freely.
enum AnimationEvent {
    case started(CAAnimation)
    case stopped(CAAnimation, finished: Bool)
    case completion(() -> Void)

    func fire() {
        switch self {
        case .started(let a): a.delegate?.animationDidStart(a)
        case .stopped(let a, let finished): a.delegate?.animationDidStop(a, finished: finished)
        case .completion(let block): block()
        }
    }
}

// MARK: - Pending actions

/// An action found for a property change, run when the transaction commits.
struct PendingAction {
    enum Choice {
        case custom(CAAction)
        case implicit
    }

    let layer: CALayer
    let key: String
    var choice: Choice
    /// The value shown before the change (the first change's, when a key changes several times).
    let previousValue: LayerValue
    var duration: CFTimeInterval
    var timingFunction: CAMediaTimingFunction?
    var completions: [TransactionCompletion]
}

/// One level of the transaction stack (an explicit begin/commit pair, or the thread's implicit transaction).
final class TransactionLevel {
    var animationDuration: CFTimeInterval?
    var timingFunction: CAMediaTimingFunction?
    var hasTimingFunction = false
    var disableActions: Bool?
    var values: [String: Any] = [:]
    let completion = TransactionCompletion()
    var pending: [PendingAction] = []
    private var pendingIndex: [PendingKey: Int] = [:]

    private struct PendingKey: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    /// Records an action; a later change of the same key of the same layer keeps the first previous value.
    func record(_ action: PendingAction) {
        let k = PendingKey(layer: ObjectIdentifier(action.layer), key: action.key)
        if let i = pendingIndex[k] {
            pending[i].choice = action.choice
            pending[i].duration = action.duration
            pending[i].timingFunction = action.timingFunction
        } else {
            pendingIndex[k] = pending.count
            pending.append(action)
        }
    }

    /// Moves the pending actions into an enclosing level (a nested commit).
    func merge(into outer: TransactionLevel) {
        for p in pending { outer.record(p) }
        pending = []
        pendingIndex = [:]
    }

    /// Takes the pending actions out.
    func takePending() -> [PendingAction] {
        defer {
            pending = []
            pendingIndex = [:]
        }
        return pending
    }
}

// MARK: - Per-thread state

/// The transaction stack of one thread (Core Animation's transactions are per thread), the implicit
/// transaction that collects changes made outside begin/commit, and the queue of animation callbacks.
final class TransactionThreadState {
    var explicitLevels: [TransactionLevel] = []
    var implicitLevel: TransactionLevel?
    /// While a pending action runs at commit: the settings captured when its property changed.
    var committing: PendingAction?
    private var events: [AnimationEvent] = []
    private var isDispatching = false

    // MARK: Thread-local storage

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<TransactionThreadState>.fromOpaque(pointer).release()
        }
        return key
    }()

    /// This thread's state, if it has one (no allocation).
    static var existing: TransactionThreadState? {
        guard let p = pthread_getspecific(key) else { return nil }
        return Unmanaged<TransactionThreadState>.fromOpaque(p).takeUnretainedValue()
    }

    /// This thread's state, created on first use.
    static var current: TransactionThreadState {
        if let s = existing { return s }
        let s = TransactionThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(s).toOpaque())
        return s
    }

    // MARK: Settings (innermost explicit level first, then the implicit level)

    var innermost: TransactionLevel? { explicitLevels.last ?? implicitLevel }

    /// The level that setters write to: the innermost explicit one, else the implicit one (created).
    var writableLevel: TransactionLevel {
        if let l = explicitLevels.last { return l }
        if let l = implicitLevel { return l }
        let l = TransactionLevel()
        implicitLevel = l
        return l
    }

    var animationDuration: CFTimeInterval {
        if let c = committing { return c.duration }
        for l in explicitLevels.reversed() { if let d = l.animationDuration { return d } }
        return implicitLevel?.animationDuration ?? 0.25
    }

    var timingFunction: CAMediaTimingFunction? {
        if let c = committing { return c.timingFunction }
        for l in explicitLevels.reversed() where l.hasTimingFunction { return l.timingFunction }
        return implicitLevel?.hasTimingFunction == true ? implicitLevel?.timingFunction : nil
    }

    /// Whether actions are disabled: read on every property write, so kept up to date by the calls that
    /// change it rather than searched each time.
    private(set) var actionsDisabled = false

    private func updateActionsDisabled() {
        var disabled: Bool?
        for l in explicitLevels.reversed() where l.disableActions != nil {
            disabled = l.disableActions
            break
        }
        actionsDisabled = disabled ?? implicitLevel?.disableActions ?? false
    }

    func setDisableActions(_ flag: Bool) {
        writableLevel.disableActions = flag
        updateActionsDisabled()
    }

    /// The completion groups a newly added animation belongs to.
    var completionsForNewAnimation: [TransactionCompletion] {
        if let c = committing { return c.completions }
        if !explicitLevels.isEmpty { return explicitLevels.map(\.completion) }
        return [writableLevel.completion]
    }

    // MARK: Recording

    func record(layer: CALayer, key: String, choice: PendingAction.Choice, previousValue: LayerValue) {
        let level = writableLevel
        let completions = explicitLevels.isEmpty ? [level.completion] : explicitLevels.map(\.completion)
        level.record(
            PendingAction(
                layer: layer, key: key, choice: choice, previousValue: previousValue,
                duration: animationDuration, timingFunction: timingFunction, completions: completions))
    }

    // MARK: Committing

    func begin() { explicitLevels.append(TransactionLevel()) }

    func commit() {
        guard let level = explicitLevels.popLast() else {
            AnimationDiagnostics.report(.unbalancedCommit)
            return
        }
        updateActionsDisabled()
        if let outer = explicitLevels.last {
            level.merge(into: outer)
        } else {
            run(level.takePending())
        }
        if let block = level.completion.committed() { events.append(.completion(block)) }
        if explicitLevels.isEmpty { dispatchEvents() }
    }

    /// Commits the implicit transaction (the engine does this once per frame).
    func flushImplicit() {
        if let level = implicitLevel {
            implicitLevel = nil
            updateActionsDisabled()
            run(level.takePending())
            if let block = level.completion.committed() { events.append(.completion(block)) }
        }
        dispatchEvents()
    }

    private func run(_ actions: [PendingAction]) {
        for action in actions {
            let saved = committing
            committing = action
            switch action.choice {
            case .custom(let a):
                a.run(
                    forKey: action.key, object: action.layer,
                    arguments: [CALayer.previousValueArgument: action.previousValue])
            case .implicit:
                let a = action.layer.makeImplicitAnimation(
                    forKey: action.key, from: action.previousValue,
                    duration: action.duration, timingFunction: action.timingFunction)
                a.run(forKey: action.key, object: action.layer, arguments: nil)
            }
            committing = saved
        }
    }

    // MARK: Events

    func enqueue(_ new: [AnimationEvent]) { events.append(contentsOf: new) }

    func enqueue(_ event: AnimationEvent) { events.append(event) }

    /// Runs queued callbacks, including those queued by callbacks, until none are left.
    func dispatchEvents() {
        guard !isDispatching else { return }
        isDispatching = true
        defer { isDispatching = false }
        var budget = 1_000_000
        while !events.isEmpty && budget > 0 {
            let batch = events
            events = []
            for e in batch { e.fire() }
            budget -= batch.count
        }
    }
}
