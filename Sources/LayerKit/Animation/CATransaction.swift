import Foundation

/// Groups layer changes so that their implicit animations share a duration, a timing function and a
/// completion block (Core Animation's CATransaction).
///
/// Transactions are per thread and nest. Changes made outside `begin()`/`commit()` go into the thread's
/// implicit transaction, which the engine commits once per frame (`flush()`, also called by
/// `CALayer.makePresentationTree(atTime:)`). Implicit animations are created when the outermost
/// transaction commits, with beginTime = the media time of the commit. Settings read inside nested
/// transactions fall back to the enclosing ones. See docs/Time.md.
open class CATransaction {
    private static let globalLock = NSRecursiveLock()

    // MARK: - Scope

    /// Opens a transaction on the current thread.
    open class func begin() { TransactionThreadState.current.begin() }

    /// Closes the innermost transaction; when it is the outermost one, its implicit animations are created
    /// now. A commit without a begin is reported to `AnimationDiagnostics` and ignored.
    open class func commit() { TransactionThreadState.current.commit() }

    /// Commits the thread's implicit transaction now (changes made outside begin/commit).
    open class func flush() { TransactionThreadState.current.flushImplicit() }

    /// Takes the global lock that serialises layer access across threads (recursive).
    open class func lock() { globalLock.lock() }

    /// Releases the global lock.
    open class func unlock() { globalLock.unlock() }

    /// Runs `body` in a transaction whose property changes are instant (an extension, like UIKit's
    /// `performWithoutAnimation`).
    public class func performWithoutActions<R>(_ body: () throws -> R) rethrows -> R {
        begin()
        setDisableActions(true)
        defer { commit() }
        return try body()
    }

    // MARK: - Settings

    /// The duration of implicit animations created in this transaction, seconds. Default 0.25.
    open class func animationDuration() -> CFTimeInterval { TransactionThreadState.current.animationDuration }

    /// Sets the duration of implicit animations (finite, ≥ 0; other values are ignored).
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        guard dur.isFinite, dur >= 0 else {
            AnimationDiagnostics.report(
                .invalidProperty(
                    animation: "CATransaction", property: "animationDuration",
                    message: "expected a finite number of seconds ≥ 0, got \(dur); ignored"))
            return
        }
        TransactionThreadState.current.writableLevel.animationDuration = dur
    }

    /// The timing function of implicit animations. Default nil (implicit animations then use `.default`).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        TransactionThreadState.current.timingFunction
    }

    /// Sets the timing function of implicit animations.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        let level = TransactionThreadState.current.writableLevel
        level.timingFunction = function
        level.hasTimingFunction = true
    }

    /// Whether property changes skip their actions (are instant). Default false.
    open class func disableActions() -> Bool { TransactionThreadState.existing?.actionsDisabled ?? false }

    /// Makes property changes in this transaction instant (true) or animated (false).
    open class func setDisableActions(_ flag: Bool) { TransactionThreadState.current.setDisableActions(flag) }

    /// The block run once every animation added in this transaction has finished or been removed.
    open class func completionBlock() -> (() -> Void)? { TransactionThreadState.current.innermost?.completion.block }

    /// Sets the completion block of the innermost transaction. It runs after the commit (outside the
    /// transaction: changes it makes use the default settings), once the transaction's animations are done.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        TransactionThreadState.current.writableLevel.completion.block = block
    }

    /// A setting by key (`kCATransactionAnimationDuration`, …, or any custom key).
    open class func value(forKey key: String) -> Any? {
        switch key {
        case kCATransactionAnimationDuration: return animationDuration()
        case kCATransactionDisableActions: return disableActions()
        case kCATransactionAnimationTimingFunction: return animationTimingFunction()
        case kCATransactionCompletionBlock: return completionBlock()
        default:
            let s = TransactionThreadState.current
            for l in s.explicitLevels.reversed() { if let v = l.values[key] { return v } }
            return s.implicitLevel?.values[key]
        }
    }

    /// Sets a setting by key; the four known keys go to their typed setters (wrong types are reported).
    open class func setValue(_ anObject: Any?, forKey key: String) {
        switch key {
        case kCATransactionAnimationDuration:
            if let d = anObject.flatMap(LayerValue.init(any:))?.number {
                setAnimationDuration(d)
            } else {
                reportType(key, "a number")
            }
        case kCATransactionDisableActions:
            if let b = anObject as? Bool { setDisableActions(b) } else { reportType(key, "a Bool") }
        case kCATransactionAnimationTimingFunction:
            if anObject == nil || anObject is CAMediaTimingFunction {
                setAnimationTimingFunction(anObject as? CAMediaTimingFunction)
            } else {
                reportType(key, "a CAMediaTimingFunction")
            }
        case kCATransactionCompletionBlock:
            if anObject == nil || anObject is () -> Void {
                setCompletionBlock(anObject as? () -> Void)
            } else {
                reportType(key, "a () -> Void block")
            }
        default:
            TransactionThreadState.current.writableLevel.values[key] = anObject
        }
    }

    private class func reportType(_ key: String, _ expected: String) {
        AnimationDiagnostics.report(
            .invalidProperty(animation: "CATransaction", property: key, message: "expected \(expected); ignored"))
    }
}
