import Foundation
import Testing

@testable import LayerKit

/// Model and presentation trees, the animation life cycle (start, stop, removal, fill) and errors.
struct AnimationPresentationTests {
    private func fade(_ name: String, duration: Double = 1) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = duration
        a.setValue(name, forKey: "name")
        return a
    }

    @Test func presentationTreeMirrorsTheModelTree() throws {
        try withVirtualTime { _ in
            let root = CALayer()
            let child = CALayer()
            let grandchild = CAGradientLayer()
            let mask = CALayer()
            root.addSublayer(child)
            child.addSublayer(grandchild)
            root.mask = mask
            try grandchild.addAnimation(fade("g"), forKey: "fade")
            let shown = root.makePresentationTree(atTime: 0.5)
            let shownGrandchild = try #require(shown.sublayers?.first?.sublayers?.first)
            #expect(shownGrandchild is CAGradientLayer && shownGrandchild.modelLayer === grandchild)
            #expect(shownGrandchild.superlayer === shown.sublayers?.first && shown.mask?.modelLayer === mask)
            #expect(abs(shownGrandchild.opacity - 0.5) < 1e-6 && grandchild.opacity == 1)
            #expect(grandchild.presentationLayer === shownGrandchild && mask.presentationLayer === shown.mask)
            #expect(shownGrandchild.model() === grandchild && grandchild.model() === grandchild)
            #expect(shownGrandchild.presentation() === shownGrandchild)
        }
    }

    @Test func presentationReadsTheCurrentTimeWithoutSideEffects() throws {
        try withVirtualTime { clock in
            let layer = CALayer()
            let recorder = AnimationRecorder()
            let a = fade("f")
            a.delegate = recorder
            try layer.addAnimation(a, forKey: "fade")
            try clock.set(to: 0.25)
            #expect(abs((layer.presentation()?.opacity ?? -1) - 0.25) < 1e-6)
            #expect(
                number(layer.presentationValue(forKeyPath: "opacity", atTime: 0.75)).map { abs($0 - 0.75) < 1e-6 }
                    == true)
            try clock.set(to: 2)
            #expect(layer.presentation()?.opacity == 1 && layer.hasAnimations, "not removed by presentation()")
            #expect(recorder.log.isEmpty, "no callbacks from presentation()")
            #expect(layer.presentationLayer == nil)
        }
    }

    @Test func delegateHearsStartAndStopInOrderAndFinishedAnimationsAreRemoved() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let recorder = AnimationRecorder()
            let late = fade("late")
            late.beginTime = 1
            late.delegate = recorder
            let early = fade("early", duration: 0.5)
            early.delegate = recorder
            try layer.addAnimation(late, forKey: "late")
            try layer.addAnimation(early, forKey: "early")
            layer.makePresentationTree(atTime: 0)
            #expect(recorder.log == ["start early"], "\(recorder.log)")
            layer.makePresentationTree(atTime: 1.2)
            #expect(recorder.log == ["start early", "start late", "stop early true"], "\(recorder.log)")
            #expect(layer.animationKeys() == ["late"])
            layer.makePresentationTree(atTime: 5)
            #expect(recorder.log.last == "stop late true" && !layer.hasAnimations)
        }
    }

    @Test func removingOrReplacingAnAnimationStopsItUnfinished() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let recorder = AnimationRecorder()
            let first = fade("first")
            first.delegate = recorder
            try layer.addAnimation(first, forKey: "fade")
            layer.makePresentationTree(atTime: 0.1)
            let second = fade("second")
            second.delegate = recorder
            try layer.addAnimation(second, forKey: "fade")
            layer.removeAnimation(forKey: "fade")
            layer.makePresentationTree(atTime: 0.2)
            #expect(recorder.log == ["start first", "stop first false", "stop second false"], "\(recorder.log)")
            #expect(layer.makePresentationTree(atTime: 0.3).opacity == 1, "back to the model value")
        }
    }

    @Test func forwardFillWithoutRemovalHoldsTheEndValue() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let a = fade("hold")
            a.fromValue = 1
            a.toValue = 0.2
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            let recorder = AnimationRecorder()
            a.delegate = recorder
            try layer.addAnimation(a, forKey: "hold")
            #expect(abs(layer.makePresentationTree(atTime: 3).opacity - 0.2) < 1e-6)
            #expect(layer.animation(forKey: "hold") != nil && recorder.log == ["start hold", "stop hold true"])
            layer.makePresentationTree(atTime: 4)
            #expect(recorder.log.count == 2, "stopped once")

            let early = CALayer()
            let b = fade("early")
            b.beginTime = 2
            b.fillMode = .backwards
            try early.addAnimation(b, forKey: nil)
            #expect(early.makePresentationTree(atTime: 1).opacity == 0, "backwards fill shows the start value early")
        }
    }

    @Test func unknownOrNonAnimatableKeyPathsAreClearErrors() throws {
        let layer = CAEmitterLayer()
        let typo = CABasicAnimation(keyPath: "postion")
        do {
            try layer.addAnimation(typo, forKey: nil)
            Issue.record("accepted 'postion'")
        } catch {
            #expect(
                "\(error)".contains("unknown key path 'postion'") && "\(error)".contains("did you mean 'position'"),
                "\(error)")
        }
        let shape = CABasicAnimation(keyPath: "emitterShape")
        do {
            try layer.addAnimation(shape, forKey: nil)
            Issue.record("accepted emitterShape")
        } catch {
            #expect("\(error)".contains("'emitterShape' of CAEmitterLayer is not animatable"), "\(error)")
        }
        let cell = CABasicAnimation(keyPath: "emitterCells.nope.birthRate")
        do {
            try layer.addAnimation(cell, forKey: nil)
            Issue.record("accepted a missing cell")
        } catch {
            #expect("\(error)".contains("no emitter cell named 'nope'"), "\(error)")
        }
        let mismatch = CABasicAnimation(keyPath: "position")
        mismatch.toValue = 3.0
        do {
            try layer.addAnimation(mismatch, forKey: nil)
            Issue.record("accepted a number for position")
        } catch {
            #expect("\(error)".contains("toValue is a number, but 'position' needs a point"), "\(error)")
        }
        let noPath = CABasicAnimation()
        #expect(throws: AnimationError.missingKeyPath(animation: "CABasicAnimation")) {
            try layer.addAnimation(noPath, forKey: nil)
        }
        let badTiming = CABasicAnimation(keyPath: "opacity")
        badTiming.duration = -1
        do {
            try layer.addAnimation(badTiming, forKey: nil)
            Issue.record("accepted duration -1")
        } catch {
            #expect("\(error)".contains("duration: expected a finite number of seconds ≥ 0, got -1.0"), "\(error)")
        }
        #expect(!layer.hasAnimations)
    }

    @Test func nonThrowingAddReportsAndTellsTheDelegate() {
        withVirtualTime { _ in
            let layer = CALayer()
            let recorder = AnimationRecorder()
            let a = CABasicAnimation(keyPath: "bogus")
            a.setValue("bogus", forKey: "name")
            a.delegate = recorder
            let errors = collectingDiagnostics { layer.add(a, forKey: "x") }
            #expect(errors.count == 1 && !layer.hasAnimations, "\(errors)")
            layer.makePresentationTree(atTime: 0)
            #expect(recorder.log == ["stop bogus false"])
            let shown = layer.makePresentationTree(atTime: 0)
            #expect(throws: AnimationError.presentationLayer(animation: "CABasicAnimation 'opacity'")) {
                try shown.addAnimation(fade("p"), forKey: nil)
            }
        }
    }

    @Test func presentationTreeOfManyLayersIsCheapEnoughToBuildEveryFrame() throws {
        // A functional check at a few hundred layers (speed is measured by the benchmark command).
        try withVirtualTime { _ in
            let root = CALayer()
            for i in 0..<300 {
                let l = CALayer()
                l.position = CGPoint(x: i, y: i)
                if i % 3 == 0 {
                    let a = CABasicAnimation(keyPath: "position.x")
                    a.byValue = 100
                    a.duration = 1
                    a.repeatCount = .infinity
                    try l.addAnimation(a, forKey: "slide")
                }
                root.addSublayer(l)
            }
            let shown = root.makePresentationTree(atTime: 0.5)
            #expect(shown.sublayers?.count == 300)
            #expect(shown.sublayers?[3].position.x == 53 && shown.sublayers?[4].position.x == 4)
        }
    }
}
