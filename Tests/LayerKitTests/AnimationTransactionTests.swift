import Foundation
import Testing

@testable import LayerKit

/// Implicit animations and CATransaction: reference scene S22 (core-animation-notes.md §7, §18).
struct AnimationTransactionTests {
    /// A 100×100 blue standalone layer at (50, 50), already on screen.
    private func shownLayer() -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        layer.backgroundColor = UIColor.blue.cgColor
        layer.makePresentationTree(atTime: CACurrentMediaTime())
        return layer
    }

    @Test func changingAShownStandaloneLayerAnimatesForAQuarterSecond() throws {
        try withVirtualTime { clock in
            let layer = shownLayer()
            layer.opacity = 0
            #expect(layer.opacity == 0, "the model changes at once")
            let shown = layer.makePresentationTree(atTime: 0)
            #expect(shown.opacity == 1, "the animation starts from the old value")
            let a = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(a.duration == 0.25 && a.timingFunction == CAMediaTimingFunction(name: .default))
            let expected = 1 - CAMediaTimingFunction(name: .default).solve(forInput: 0.5)
            #expect(abs(Double(layer.makePresentationTree(atTime: 0.125).opacity) - expected) < 1e-6)
            try clock.set(to: 0.25)
            #expect(layer.makePresentationTree(atTime: 0.25).opacity == 0 && !layer.hasAnimations)
        }
    }

    @Test func newLayersDisabledActionsAndOptedOutLayersChangeInstantly() {
        withVirtualTime { _ in
            let fresh = CALayer()
            fresh.opacity = 0.5
            CATransaction.flush()
            #expect(!fresh.hasAnimations, "a layer never shown does not animate (its first commit)")

            let layer = shownLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 10, y: 10)
            CATransaction.commit()
            #expect(!layer.hasAnimations && layer.makePresentationTree(atTime: 0).position == CGPoint(x: 10, y: 10))

            CATransaction.performWithoutActions { layer.opacity = 0.2 }
            #expect(!layer.hasAnimations)

            let body = shownLayer()
            body.allowsImplicitAnimations = false
            body.position = CGPoint(x: 1, y: 2)
            CATransaction.flush()
            #expect(!body.hasAnimations, "physics-driven and scene layers opt out")
        }
    }

    @Test func transactionDurationAppliesAndCompletionRunsAfterItsAnimationsWithDefaultSettings() throws {
        try withVirtualTime { clock in
            let layer = shownLayer()
            var log: [String] = []
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setCompletionBlock {
                log.append("completion at \(CACurrentMediaTime()), duration \(CATransaction.animationDuration())")
                layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            }
            layer.backgroundColor = UIColor.red.cgColor
            CATransaction.commit()
            #expect(layer.animation(forKey: "backgroundColor")?.duration == 1)
            #expect(log.isEmpty, "the completion waits for the colour animation")
            for frame in 1...59 {
                try clock.set(to: Double(frame) / 60)
                layer.makePresentationTree(atTime: clock.mediaTime)
            }
            #expect(log.isEmpty)
            try clock.set(to: 1)
            layer.makePresentationTree(atTime: 1)
            #expect(log == ["completion at 1.0, duration 0.25"], "\(log)")
            let spin = try #require(layer.animation(forKey: "transform"))
            #expect(
                spin.duration == 0.25 && spin.beginTime == 1,
                "the completion's change animates for the default 0.25 s from now")
        }
    }

    @Test func completionWithoutAnimationsRunsAtCommit() {
        withVirtualTime { _ in
            var ran = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran = true }
            CATransaction.commit()
            #expect(ran)
        }
    }

    @Test func nestedTransactionsInheritSettingsAndCreateAnimationsAtTheOutermostCommit() throws {
        try withVirtualTime { _ in
            let layer = shownLayer()
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.zPosition = 10
            CATransaction.commit()
            #expect(!layer.hasAnimations, "inner commit: still pending")
            #expect(
                CATransaction.animationTimingFunction() == nil, "the inner setting ended with the inner transaction")
            CATransaction.commit()
            let a = try #require(layer.animation(forKey: "zPosition"))
            #expect(a.duration == 2 && a.timingFunction == CAMediaTimingFunction(name: .linear))
            #expect(CATransaction.animationDuration() == 0.25)
        }
    }

    @Test func severalChangesOfOneKeyMakeOneAnimationFromTheFirstValue() {
        withVirtualTime { _ in
            let layer = shownLayer()
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.position = CGPoint(x: 0, y: 0)
            layer.position = CGPoint(x: 200, y: 0)
            CATransaction.commit()
            #expect(layer.animationKeys() == ["position"])
            #expect(
                close(layer.makePresentationTree(atTime: 0.125).position, CGPoint(x: 150, y: 50)),
                "from (100,100) to (200,0)")
        }
    }

    @Test func actionSearchFollowsDelegateActionsStyleDefaultOrder() throws {
        final class Delegate: CALayerDelegate {
            var answer: CAAction?
            func action(for layer: CALayer, forKey event: String) -> CAAction? { answer }
        }
        final class QuietLayer: CALayer {
            override class func defaultAction(forKey event: String) -> CAAction? { event == "opacity" ? NSNull() : nil }
        }
        try withVirtualTime { _ in
            let layer = shownLayer()
            let delegate = Delegate()
            layer.delegate = delegate
            delegate.answer = NSNull()
            #expect(layer.action(forKey: "position") == nil, "NSNull from the delegate stops the search")
            layer.position = .zero
            CATransaction.flush()
            #expect(!layer.hasAnimations)

            delegate.answer = nil
            let push = CATransition()
            push.type = .push
            push.subtype = .fromLeft
            layer.actions = ["backgroundColor": push]
            #expect(layer.action(forKey: "backgroundColor") === push)
            layer.backgroundColor = UIColor.green.cgColor
            CATransaction.flush()
            #expect(layer.animationKeys() == [kCATransition], "the actions entry replaces the default fade")
            #expect(layer.animation(forKey: kCATransition)?.duration == 0.25)

            let styled = shownLayer()
            let slow = CABasicAnimation()
            slow.duration = 3
            styled.style = ["actions": ["zPosition": slow] as [String: CAAction]]
            styled.zPosition = 5
            CATransaction.flush()
            let a = try #require(styled.animation(forKey: "zPosition") as? CABasicAnimation)
            #expect(a.keyPath == "zPosition" && a.duration == 3, "a style action without key path takes the key")
            #expect(
                close(styled.makePresentationTree(atTime: 1.5).zPosition, 2.5),
                "from the previous value to the model value")

            let quiet = QuietLayer()
            quiet.makePresentationTree(atTime: 0)
            quiet.opacity = 0.5
            quiet.zPosition = 1
            CATransaction.flush()
            #expect(quiet.animationKeys() == ["zPosition"], "defaultAction(forKey:) NSNull stops opacity only")
        }
    }

    @Test func contentsChangesCrossFade() throws {
        try withVirtualTime { _ in
            let layer = shownLayer()
            layer.contents = try CGImage(width: 1, height: 1, premultipliedPixels: [255, 0, 0, 255])
            CATransaction.flush()
            let t = try #require(layer.animation(forKey: kCATransition) as? CATransition)
            #expect(t.type == .fade)
            #expect(layer.makePresentationTree(atTime: 0.1).activeTransition?.outgoing?.contents == nil)
        }
    }

    @Test func interruptedImplicitAnimationStartsFromTheShownValue() throws {
        try withVirtualTime { clock in
            let layer = shownLayer()
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setAnimationDuration(1)
            layer.zPosition = 100
            CATransaction.commit()
            try clock.set(to: 0.5)
            #expect(close(layer.makePresentationTree(atTime: 0.5).zPosition, 50))
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setAnimationDuration(1)
            layer.zPosition = 0
            CATransaction.commit()
            #expect(close(layer.makePresentationTree(atTime: 0.5).zPosition, 50), "no jump")
            #expect(close(layer.makePresentationTree(atTime: 1).zPosition, 25))
        }
    }

    @Test func transactionValuesByKeyAndUnbalancedCommitsAreReported() {
        withVirtualTime { _ in
            CATransaction.begin()
            CATransaction.setValue(0.6, forKey: kCATransactionAnimationDuration)
            CATransaction.setValue("hello", forKey: "custom")
            #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 0.6)
            #expect(CATransaction.value(forKey: "custom") as? String == "hello")
            CATransaction.commit()
            let errors = collectingDiagnostics {
                CATransaction.commit()
                CATransaction.setAnimationDuration(-1)
                CATransaction.setValue("x", forKey: kCATransactionDisableActions)
            }
            #expect(errors.count == 3 && errors.first == .unbalancedCommit, "\(errors)")
            #expect(CATransaction.animationDuration() == 0.25)
        }
    }

    @Test func writesWithoutActionsNeedNoTransactionState() async {
        // A thread that only writes to layers not yet shown never creates transaction state.
        let created = await withCheckedContinuation { continuation in
            Thread {
                let layer = CALayer()
                for i in 0..<1000 { layer.position = CGPoint(x: i, y: i) }
                continuation.resume(returning: TransactionThreadState.existing != nil)
            }.start()
        }
        #expect(!created)
    }
}
