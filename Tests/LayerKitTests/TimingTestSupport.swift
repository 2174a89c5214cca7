import Foundation

@testable import LayerKit

/// Runs `body` in virtual time: a fresh clock scoped to this test's task, and this thread's implicit
/// transaction committed before and after (so that nothing leaks between tests that share a thread).
func withVirtualTime<R>(start: CFTimeInterval = 0, _ body: (VirtualMediaClock) throws -> R) rethrows -> R {
    let clock = VirtualMediaClock(startTime: start)
    return try CAMediaClock.withClock(clock) {
        CATransaction.flush()
        defer { CATransaction.flush() }
        return try body(clock)
    }
}

/// Collects the reports of non-throwing calls made by `body`.
func collectingDiagnostics(_ body: () throws -> Void) rethrows -> [AnimationError] {
    let box = ErrorBox()
    try AnimationDiagnostics.withHandler({ box.errors.append($0) }, body)
    return box.errors
}

final class ErrorBox { var errors: [AnimationError] = [] }

/// Records delegate callbacks as "start <name>" / "stop <name> true|false".
final class AnimationRecorder: CAAnimationDelegate {
    var log: [String] = []
    func animationDidStart(_ anim: CAAnimation) { log.append("start \(anim.value(forKey: "name") as? String ?? "?")") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.append("stop \(anim.value(forKey: "name") as? String ?? "?") \(flag)")
    }
}

/// A number read from a layer value (nil when it is not a number).
func number(_ v: LayerValue?) -> Double? { v?.number }

/// The book's bounce easing (core-animation-notes.md §10).
func bounceEaseOut(_ t: Double) -> Double {
    if t < 4.0 / 11.0 { return 121 * t * t / 16 }
    if t < 8.0 / 11.0 { return 363.0 / 40.0 * t * t - 99.0 / 10.0 * t + 17.0 / 5.0 }
    if t < 9.0 / 10.0 { return 4356.0 / 361.0 * t * t - 35442.0 / 1805.0 * t + 16061.0 / 1805.0 }
    return 54.0 / 5.0 * t * t - 513.0 / 25.0 * t + 268.0 / 25.0
}
