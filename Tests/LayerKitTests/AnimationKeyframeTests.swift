import Foundation
import Testing

@testable import LayerKit

/// CAKeyframeAnimation: the keyframe colour segments of S23, the bounce keyframes of S5, calculation
/// modes, and the path following of S20.
struct AnimationKeyframeTests {
    private let blue = UIColor.blue.cgColor, red = UIColor.red.cgColor, green = UIColor.green.cgColor

    private func closeColor(_ a: CGColor?, _ b: CGColor, _ tol: CGFloat = 1e-9) -> Bool {
        guard let a else { return false }
        return close(a.red, b.red, tol) && close(a.green, b.green, tol) && close(a.blue, b.blue, tol)
            && close(a.alpha, b.alpha, tol)
    }

    private func mix(_ a: CGColor, _ b: CGColor, _ t: Double) -> CGColor {
        let t = CGFloat(t)
        return CGColor(
            red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
            blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    @Test func keyframeColorSegmentsChangeAtThirdsOfFourSeconds() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            layer.backgroundColor = blue
            let a = CAKeyframeAnimation(keyPath: "backgroundColor")
            a.duration = 4
            a.values = [blue, red, green, blue]
            let easeIn = CAMediaTimingFunction(name: .easeIn)
            a.timingFunctions = [easeIn, easeIn, easeIn]
            try layer.addAnimation(a, forKey: nil)
            let boundaries: [(Double, CGColor)] = [
                (0, blue), (4.0 / 3.0, red), (8.0 / 3.0, green), (3.999_999_999, blue),
            ]
            for (t, c) in boundaries {
                let shown = layer.makePresentationTree(atTime: t).backgroundColor
                #expect(closeColor(shown, c, 1e-6), "t=\(t): \(String(describing: shown)), expected \(c)")
            }
            let e = easeIn.solve(forInput: 0.5)
            let middles: [(Double, CGColor)] = [
                (2.0 / 3.0, mix(blue, red, e)), (2, mix(red, green, e)), (10.0 / 3.0, mix(green, blue, e)),
            ]
            for (t, c) in middles {
                let shown = layer.makePresentationTree(atTime: t).backgroundColor
                #expect(
                    closeColor(shown, c), "t=\(t): \(String(describing: shown)), expected \(c) (easeIn(0.5) = \(e))")
            }
            #expect(layer.makePresentationTree(atTime: 4).backgroundColor == blue, "removed at the end: model value")
            #expect(layer.hasAnimations == false)
        }
    }

    @Test func bounceKeyframesHitTheBooksValuesAtEveryFrame() throws {
        // S5: 60 × duration keyframes of the bounce easing between y = 32 and y = 268.
        try withVirtualTime { _ in
            let layer = CALayer()
            layer.position = CGPoint(x: 150, y: 32)
            let a = CAKeyframeAnimation(keyPath: "position")
            a.duration = 1
            let frames = 60
            a.values = (0...frames).map { i in CGPoint(x: 150, y: 32 + 236 * bounceEaseOut(Double(i) / Double(frames)))
            }
            try layer.addAnimation(a, forKey: "bounce")
            for i in 0..<frames {
                let t = Double(i) / Double(frames)
                let y = layer.makePresentationTree(atTime: t).position.y
                let expected = 32 + 236 * bounceEaseOut(t)
                #expect(abs(y - expected) < 1e-9, "frame \(i) (t=\(t)): y=\(y), expected \(expected)")
            }
            #expect(abs(layer.makePresentationTree(atTime: 0.25).position.y - 143.546875) < 1e-9, "y(0.25 s) = 143.55")
            #expect(abs(layer.makePresentationTree(atTime: 0.5).position.y - 201.625) < 1e-9, "y(0.5 s) = 201.63")
        }
    }

    @Test func discreteModeHoldsEachValueUntilTheNextKeyTime() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let a = CAKeyframeAnimation(keyPath: "zPosition")
            a.values = [1, 2, 3]
            a.calculationMode = .discrete
            a.duration = 3
            try layer.addAnimation(a, forKey: nil)
            let samples: [(Double, CGFloat)] = [(0, 1), (0.99, 1), (1.0, 2), (1.5, 2), (2.0, 3), (2.99, 3)]
            for (t, z) in samples {
                #expect(layer.makePresentationTree(atTime: t).zPosition == z, "t=\(t)")
            }
            let timed = CALayer()
            let b = CAKeyframeAnimation(keyPath: "zPosition")
            b.values = [1, 2]
            b.keyTimes = [0, 0.25, 1]
            b.calculationMode = .discrete
            b.duration = 1
            try timed.addAnimation(b, forKey: nil)
            #expect(
                timed.makePresentationTree(atTime: 0.2).zPosition == 1
                    && timed.makePresentationTree(atTime: 0.3).zPosition == 2)
        }
    }

    @Test func pacedModeMovesAtConstantSpeed() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let a = CAKeyframeAnimation(keyPath: "position")
            a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 30)]
            a.keyTimes = [0, 0.9, 1]
            a.calculationMode = .paced
            a.duration = 4
            try layer.addAnimation(a, forKey: nil)
            // 40 points in 4 s: 10 points per second whatever the key times say.
            #expect(close(layer.makePresentationTree(atTime: 1).position, CGPoint(x: 10, y: 0), 1e-9))
            #expect(close(layer.makePresentationTree(atTime: 2.5).position, CGPoint(x: 10, y: 15), 1e-9))
        }
    }

    @Test func cubicModePassesThroughTheKeyframesAsACatmullRomSpline() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let a = CAKeyframeAnimation(keyPath: "zPosition")
            let v: [Double] = [0, 10, 0, 10]
            a.values = v
            a.calculationMode = .cubic
            a.duration = 3
            try layer.addAnimation(a, forKey: nil)
            for (i, expected) in v.dropLast().enumerated() {
                #expect(
                    close(layer.makePresentationTree(atTime: Double(i)).zPosition, CGFloat(expected), 1e-9),
                    "keyframe \(i)")
            }
            // Middle segment 10 → 0 with Catmull-Rom tangents (0 − 0)/2 = 0 and (10 − 10)/2 = 0: a smoothstep.
            let smoothstep: CGFloat = 3 * 0.0625 - 2 * 0.015625
            #expect(close(layer.makePresentationTree(atTime: 1.25).zPosition, 10 * (1 - smoothstep), 1e-9))
            // First segment: tangents (10 − 0)/2 = 5 at the start (end point repeated), (0 − 0)/2 = 0 at the end.
            let u = 0.5
            let h10 = u * u * u - 2 * u * u + u
            let h01 = -2 * u * u * u + 3 * u * u
            #expect(close(layer.makePresentationTree(atTime: 0.5).zPosition, CGFloat(5 * h10 + 10 * h01), 1e-9))
        }
    }

    @Test func cubicPacedModeMovesAtNearlyConstantSpeed() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let a = CAKeyframeAnimation(keyPath: "position")
            a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 10)]
            a.calculationMode = .cubicPaced
            a.duration = 1
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            try layer.addAnimation(a, forKey: nil)
            // Arc length travelled in each 1/50 s (sum of 20 short chords): equal within 0.5 %.
            var steps: [Double] = []
            for i in 0..<50 {
                var length = 0.0
                var previous = layer.makePresentationTree(atTime: Double(i) / 50).position
                for k in 1...20 {
                    let p = layer.makePresentationTree(atTime: (Double(i) + Double(k) / 20) / 50).position
                    length += Double(hypot(p.x - previous.x, p.y - previous.y))
                    previous = p
                }
                steps.append(length)
            }
            let mean = steps.reduce(0, +) / Double(steps.count)
            let spread = (steps.max() ?? 0) - (steps.min() ?? 0)
            #expect(spread < 0.005 * mean, "arc lengths per step \(steps.min() ?? 0)…\(steps.max() ?? 0), mean \(mean)")
        }
    }

    @Test func layerFollowsAPathAndTurnsWithItsTangent() throws {
        // S20: cubic (0,150)→(300,150) with control points (75,0) and (225,300).
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        func bezier(_ t: Double) -> CGPoint {
            let s = 1 - t
            let x = 3 * s * s * t * 75 + 3 * s * t * t * 225 + t * t * t * 300
            let y = s * s * s * 150 + 3 * s * t * t * 300 + t * t * t * 150
            return CGPoint(x: x, y: y)
        }
        func tangentAngle(_ t: Double) -> Double {
            let s = 1 - t
            let dx = 3 * s * s * 75 + 6 * s * t * (225 - 75) + 3 * t * t * (300 - 225)
            let dy = 3 * s * s * (0 - 150) + 6 * s * t * (300 - 0) + 3 * t * t * (150 - 300)
            return atan2(dy, dx)
        }
        try withVirtualTime { _ in
            let layer = CALayer()
            let a = CAKeyframeAnimation(keyPath: "position")
            a.path = path
            a.duration = 4
            a.rotationMode = .rotateAuto
            try layer.addAnimation(a, forKey: nil)
            for t in [0.0, 0.3, 1.0, 2.0, 3.7] {
                let shown = layer.makePresentationTree(atTime: t)
                let f = t / 4
                #expect(close(shown.position, bezier(f), 1e-9), "t=\(t): \(shown.position) vs \(bezier(f))")
                let angle = Double(atan2(shown.transform.m12, shown.transform.m11))
                #expect(abs(angle - tangentAngle(f)) < 1e-9, "t=\(t): heading \(angle) vs tangent \(tangentAngle(f))")
            }
            let reversed = CALayer()
            a.rotationMode = .rotateAutoReverse
            try reversed.addAnimation(a, forKey: nil)
            let r = reversed.makePresentationTree(atTime: 1).transform
            let heading = Double(atan2(r.m12, r.m11))
            #expect(abs(remainder(heading - tangentAngle(0.25) - .pi, 2 * .pi)) < 1e-9, "autoReverse adds π")
        }
    }

    @Test func groupedPathAnimationStartsThreeEighthsAlongAndLoopsEveryFourSeconds() throws {
        // S20 variant: group of duration 8, speed 2, timeOffset 3, repeating.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 800, y: 0))
        try withVirtualTime { _ in
            let layer = CALayer()
            let move = CAKeyframeAnimation(keyPath: "position")
            move.path = path
            move.duration = 8
            let spin = CABasicAnimation(keyPath: "transform.rotation")
            spin.byValue = 2 * Double.pi
            spin.duration = 8
            let group = CAAnimationGroup()
            group.animations = [move, spin]
            group.duration = 8
            group.speed = 2
            group.timeOffset = 3
            group.repeatCount = .infinity
            try layer.addAnimation(group, forKey: "group")
            #expect(close(layer.makePresentationTree(atTime: 0).position.x, 300, 1e-9), "starts 3/8 along")
            #expect(close(layer.makePresentationTree(atTime: 1).position.x, 500, 1e-9))
            #expect(close(layer.makePresentationTree(atTime: 4).position.x, 300, 1e-9), "loops every 4 s")
            #expect(close(layer.makePresentationTree(atTime: 2.5).position.x, 0, 1e-9), "wraps at the path's end")
            let angle = Double(
                atan2(
                    layer.makePresentationTree(atTime: 0).transform.m12,
                    layer.makePresentationTree(atTime: 0).transform.m11))
            #expect(abs(angle - 2 * .pi * 3 / 8) < 1e-9, "rotation also 3/8 of a turn: \(angle)")
        }
    }

    @Test func badKeyframeSettingsAreClearErrors() {
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "zPosition")
        a.values = [1, 2, 3]
        a.keyTimes = [0, 1]
        #expect(throws: AnimationError.self) { try layer.addAnimation(a, forKey: nil) }
        do { try layer.addAnimation(a, forKey: nil) } catch {
            #expect("\(error)".contains("keyTimes: 2 entries; expected 3 (one per value)"))
        }
        a.keyTimes = [0, 0.7, 0.5]
        do { try layer.addAnimation(a, forKey: nil) } catch { #expect("\(error)".contains("keyTimes[2]"), "\(error)") }
        a.keyTimes = nil
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        do { try layer.addAnimation(a, forKey: nil) } catch {
            #expect("\(error)".contains("timingFunctions: 1 entries; expected 2 (one per segment)"), "\(error)")
        }
        let empty = CAKeyframeAnimation(keyPath: "zPosition")
        do { try layer.addAnimation(empty, forKey: nil) } catch {
            #expect("\(error)".contains("values: set at least one value"), "\(error)")
        }
        let pathOnNumber = CAKeyframeAnimation(keyPath: "opacity")
        pathOnNumber.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        do { try layer.addAnimation(pathOnNumber, forKey: nil) } catch {
            #expect("\(error)".contains("path"), "\(error)")
        }
        #expect(!layer.hasAnimations)
    }
}
