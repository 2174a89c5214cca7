import Foundation
import Testing

@testable import LayerKit

/// CABasicAnimation: endpoint combinations, additive and cumulative animations, value kinds, key paths.
struct AnimationBasicTests {
    private func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1)
        -> CABasicAnimation
    {
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.byValue = by
        a.duration = duration
        return a
    }

    @Test func fromToInterpolatesAndLeavesTheModelAlone() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            layer.position = CGPoint(x: 5, y: 5)
            try layer.addAnimation(
                basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 50)), forKey: "move")
            let shown = layer.makePresentationTree(atTime: 0.25)
            #expect(close(shown.position, CGPoint(x: 25, y: 12.5)), "t=0.25: \(shown.position)")
            #expect(layer.position == CGPoint(x: 5, y: 5), "model unchanged: \(layer.position)")
            #expect(shown.modelLayer === layer && layer.presentationLayer === shown)
        }
    }

    @Test func endpointCombinationsFollowCoreAnimation() throws {
        // model value 10; (from, to, by) → value at 0 and at 1 (just before the end).
        let cases: [(Double?, Double?, Double?, Double, Double)] = [
            (2, 4, nil, 2, 4), (2, nil, 3, 2, 5), (nil, 4, 3, 1, 4), (2, nil, nil, 2, 10), (nil, 4, nil, 10, 4),
            (nil, nil, 3, 10, 13), (nil, nil, nil, 10, 10),
        ]
        try withVirtualTime { _ in
            for (from, to, by, start, end) in cases {
                let layer = CALayer()
                layer.zPosition = 10
                try layer.addAnimation(basic("zPosition", from: from, to: to, by: by), forKey: "z")
                let atStart = layer.makePresentationTree(atTime: 0).zPosition
                let nearEnd = layer.makePresentationTree(atTime: 0.999_999).zPosition
                #expect(
                    close(atStart, CGFloat(start)) && close(nearEnd, CGFloat(end), 1e-3),
                    "from \(String(describing: from)) to \(String(describing: to)) by \(String(describing: by)): \(atStart)…\(nearEnd), expected \(start)…\(end)"
                )
            }
        }
    }

    @Test func additiveAddsToTheModelAndCumulativeContinuesEachRepeat() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            layer.position = CGPoint(x: 100, y: 100)
            let shake = basic("position.x", from: -10, to: 10)
            shake.isAdditive = true
            try layer.addAnimation(shake, forKey: "shake")
            #expect(close(layer.makePresentationTree(atTime: 0.75).position.x, 105), "additive: 100 + 5")

            let stepper = CALayer()
            stepper.zPosition = 0
            let climb = basic("zPosition", from: 0, to: 10)
            climb.isCumulative = true
            climb.repeatCount = 3
            try stepper.addAnimation(climb, forKey: "climb")
            #expect(close(stepper.makePresentationTree(atTime: 2.5).zPosition, 25), "third cycle starts at 20")
        }
    }

    @Test func zeroDurationTakesTheTransactionDurationAndZeroBeginTimeMeansNow() throws {
        try withVirtualTime(start: 5) { _ in
            let layer = CALayer()
            try layer.addAnimation(basic("opacity", from: 0, to: 1, duration: 0), forKey: "fade")
            #expect(layer.animation(forKey: "fade")?.duration == 0.25)
            #expect(layer.animation(forKey: "fade")?.beginTime == 5)
            #expect(abs(layer.makePresentationTree(atTime: 5.125).opacity - 0.5) < 1e-6)

            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            let slow = CALayer()
            try slow.addAnimation(basic("opacity", from: 0, to: 1, duration: 0), forKey: "fade")
            CATransaction.commit()
            #expect(slow.animation(forKey: "fade")?.duration == 2)
        }
    }

    @Test func addingCopiesTheAnimationAndKeysKeepTheirOrder() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let a = basic("opacity", from: 0, to: 1)
            try layer.addAnimation(a, forKey: "a")
            try layer.addAnimation(basic("zPosition", from: 0, to: 1), forKey: "b")
            try layer.addAnimation(basic("zPosition", from: 0, to: 2), forKey: nil)
            #expect(layer.animationKeys() == ["a", "b"])
            #expect(layer.animation(forKey: "a") !== a, "the layer holds a copy")
            a.toValue = 100
            #expect(
                abs(layer.makePresentationTree(atTime: 0.5).opacity - 0.5) < 1e-6, "changing the original has no effect"
            )
            layer.removeAllAnimations()
            #expect(layer.animationKeys() == nil && !layer.hasAnimations)
        }
    }

    @Test func laterAnimationsOverrideEarlierOnesUnlessAdditive() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            try layer.addAnimation(basic("zPosition", from: 0, to: 10), forKey: "one")
            try layer.addAnimation(basic("zPosition", from: 100, to: 200), forKey: "two")
            #expect(close(layer.makePresentationTree(atTime: 0.5).zPosition, 150))
            let extra = basic("zPosition", from: 1, to: 1)
            extra.isAdditive = true
            try layer.addAnimation(extra, forKey: "three")
            #expect(close(layer.makePresentationTree(atTime: 0.5).zPosition, 151))
        }
    }

    @Test func transformsInterpolateByComponentsAlongTheShortestRotation() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let from = CATransform3DMakeTranslation(10, 0, 0)
            let to = CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeScale(3, 3, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                CATransform3DMakeTranslation(30, 20, 0))
            try layer.addAnimation(basic("transform", from: from, to: to), forKey: "t")
            let mid = layer.makePresentationTree(atTime: 0.5).transform
            let expected = CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 4, 0, 0, 1)),
                CATransform3DMakeTranslation(20, 10, 0))
            #expect(close(mid, expected, 1e-9), "mid transform \(mid)")

            let tilt = CALayer()
            let a = CATransform3DMakeRotation(0.3, 1, 0, 0)
            let b = CATransform3DMakeRotation(1.1, 0, 1, 0)
            try tilt.addAnimation(basic("transform", from: a, to: b), forKey: "t")
            let m = tilt.makePresentationTree(atTime: 0.5).transform
            // Slerp halfway: the rotation from a to m equals the rotation from m to b.
            let first = CATransform3DConcat(CATransform3DInvert(a), m)
            let second = CATransform3DConcat(CATransform3DInvert(m), b)
            func angle(_ t: CATransform3D) -> Double { acos(max(-1, min(1, (Double(t.m11 + t.m22 + t.m33) - 1) / 2))) }
            #expect(abs(angle(first) - angle(second)) < 1e-9, "equal halves: \(angle(first)) vs \(angle(second))")
        }
    }

    @Test func virtualTransformKeyPathsTurnBeyondHalfATurn() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            try layer.addAnimation(basic("transform.rotation.z", from: 0, to: 2 * Double.pi), forKey: "spin")
            let t = layer.makePresentationTree(atTime: 0.75).transform
            #expect(close(t, CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1), 1e-9), "three quarters of a turn: \(t)")
            let grow = CALayer()
            try grow.addAnimation(basic("transform.scale", from: 1, to: 3), forKey: "grow")
            #expect(close(grow.makePresentationTree(atTime: 0.5).transform, CATransform3DMakeScale(2, 2, 2), 1e-9))
            let slide = CALayer()
            try slide.addAnimation(basic("transform.translation.x", to: 40), forKey: "slide")
            #expect(
                close(slide.makePresentationTree(atTime: 0.5).transform, CATransform3DMakeTranslation(20, 0, 0), 1e-9))
        }
    }

    @Test func subfieldsAndColorsInterpolate() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
            try layer.addAnimation(basic("bounds.size.width", to: 200), forKey: "w")
            try layer.addAnimation(
                basic("backgroundColor", from: UIColor.red.cgColor, to: UIColor.blue.cgColor), forKey: "c")
            try layer.addAnimation(
                basic("shadowOffset", from: CGSize(width: 0, height: 0), to: CGSize(width: 4, height: 8)), forKey: "s")
            let shown = layer.makePresentationTree(atTime: 0.5)
            #expect(close(shown.bounds, CGRect(x: 0, y: 0, width: 150, height: 40)), "\(shown.bounds)")
            #expect(
                shown.backgroundColor == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1),
                "\(String(describing: shown.backgroundColor))")
            #expect(shown.shadowOffset == CGSize(width: 2, height: 4))

            let appear = CALayer()
            try appear.addAnimation(basic("backgroundColor", to: UIColor.red.cgColor), forKey: "c")
            #expect(
                appear.makePresentationTree(atTime: 0.25).backgroundColor
                    == CGColor(red: 1, green: 0, blue: 0, alpha: 0.25),
                "from nil: the colour fades in")
        }
    }

    @Test func booleansSwitchHalfwayAndValueFunctionsBuildTransforms() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            try layer.addAnimation(basic("isHidden", from: false, to: true), forKey: "h")
            #expect(layer.makePresentationTree(atTime: 0.49).isHidden == false)
            #expect(layer.makePresentationTree(atTime: 0.51).isHidden == true)

            let turn = CALayer()
            let a = basic("transform", from: 0, to: 3 * Double.pi)
            a.valueFunction = CAValueFunction(name: .rotateZ)
            try turn.addAnimation(a, forKey: "turn")
            #expect(
                close(
                    turn.makePresentationTree(atTime: 0.5).transform, CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1),
                    1e-9))
            #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "wobble")) == nil)
        }
    }

    @Test func specialisedLayerPropertiesAnimate() throws {
        try withVirtualTime { _ in
            let emitter = CAEmitterLayer()
            let spark = CAEmitterCell()
            spark.name = "spark"
            spark.birthRate = 10
            emitter.emitterCells = [spark]
            try emitter.addAnimation(
                basic("emitterPosition", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 10, y: 20)), forKey: "p")
            try emitter.addAnimation(basic("emitterCells.spark.birthRate", to: 30), forKey: "rate")
            let shownEmitter = emitter.makePresentationTree(atTime: 0.5) as? CAEmitterLayer
            #expect(shownEmitter?.emitterPosition == CGPoint(x: 5, y: 10))
            #expect(shownEmitter?.emitterCells?.first?.birthRate == 20, "cell key path on the copy's cells")
            #expect(spark.birthRate == 10, "the model cell is unchanged")

            let replicator = CAReplicatorLayer()
            try replicator.addAnimation(basic("instanceCount", from: 1, to: 4), forKey: "n")
            #expect(
                (replicator.makePresentationTree(atTime: 0.5) as? CAReplicatorLayer)?.instanceCount == 3,
                "2.5 rounds to a whole count")

            let gradient = CAGradientLayer()
            gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
            try gradient.addAnimation(basic("colors", to: [UIColor.blue.cgColor, UIColor.red.cgColor]), forKey: "c")
            try gradient.addAnimation(basic("locations", from: [0.0, 1.0], to: [0.5, 1.0]), forKey: "l")
            let g = gradient.makePresentationTree(atTime: 0.5) as? CAGradientLayer
            #expect(g?.colors?.first == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
            #expect(g?.locations == [0.25, 1])

            let shape = CAShapeLayer()
            try shape.addAnimation(basic("strokeEnd", from: 0, to: 1), forKey: "draw")
            #expect(
                (shape.makePresentationTree(atTime: 0.3) as? CAShapeLayer).map { abs($0.strokeEnd - 0.3) < 1e-9 }
                    == true)
        }
    }

    @Test func springOvershootIsClampedToWhatThePropertyAccepts() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            layer.cornerRadius = 0
            let a = CASpringAnimation(keyPath: "cornerRadius")
            a.fromValue = 10
            a.toValue = 0
            a.damping = 2
            a.duration = 2
            try layer.addAnimation(a, forKey: "r")
            var sawZero = false
            for i in 0..<100 {
                let r = layer.makePresentationTree(atTime: Double(i) * 0.02).cornerRadius
                #expect(r >= 0, "frame \(i): radius \(r)")
                if r == 0 { sawZero = true }
            }
            #expect(sawZero, "the overshoot below 0 shows as 0")
        }
    }
}
