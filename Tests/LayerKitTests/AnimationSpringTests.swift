import Foundation
import Testing

@testable import LayerKit

struct AnimationSpringTests {
    /// Integrates m·x″ = −k(x − 1) − c·x′ with classical Runge–Kutta (an independent reference).
    private func integrate(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, until t: Double)
        -> Double
    {
        var x = 0.0
        var v = v0
        let h = 1e-4
        let n = Int((t / h).rounded())
        func a(_ x: Double, _ v: Double) -> Double { (-k * (x - 1) - c * v) / m }
        for _ in 0..<n {
            let k1x = v
            let k1v = a(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    @Test func springMotionMatchesNumericalIntegrationInAllThreeRegimes() {
        // (mass, stiffness, damping, initialVelocity): under-, critically and over-damped.
        let springs: [(Double, Double, Double, Double)] = [
            (1, 100, 10, 0), (1, 100, 20, 0), (2, 50, 40, 3), (0.5, 300, 4, -2),
        ]
        for (m, k, c, v) in springs {
            let s = CASpringAnimation()
            s.mass = CGFloat(m)
            s.stiffness = CGFloat(k)
            s.damping = CGFloat(c)
            s.initialVelocity = CGFloat(v)
            for t in [0.05, 0.2, 0.5, 1.0] {
                let closed = s.springPosition(atTime: t)
                let numeric = integrate(mass: m, stiffness: k, damping: c, velocity: v, until: t)
                #expect(abs(closed - numeric) < 1e-8, "m=\(m) k=\(k) c=\(c) v=\(v) t=\(t): \(closed) vs \(numeric)")
            }
        }
    }

    @Test func settlingDurationIsWhenTheMotionStaysWithinAThousandth() {
        let s = CASpringAnimation()
        let settle = s.settlingDuration
        // Defaults: ω0 = 10, ζ = 0.5, envelope √(1 + 1/3)·e^(−5t) = 0.001 at t = ln(1154.7)/5 ≈ 1.4106 s.
        #expect(abs(settle - log((4.0 / 3.0).squareRoot() * 1000) / 5) < 1e-9, "settling \(settle)")
        for i in 0..<200 {
            let t = settle + Double(i) * 0.01
            #expect(abs(s.springPosition(atTime: t) - 1) <= 0.001, "after settling, t=\(t)")
        }
        let undamped = CASpringAnimation()
        undamped.damping = 0
        #expect(undamped.settlingDuration == .infinity)
    }

    @Test func springAnimationOvershootsItsTarget() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let a = CASpringAnimation(keyPath: "position.y")
            a.fromValue = 0
            a.toValue = 100
            a.duration = a.settlingDuration
            try layer.addAnimation(a, forKey: "drop")
            let samples = (0..<140).map { layer.makePresentationTree(atTime: Double($0) * 0.01).position.y }
            #expect((samples.max() ?? 0) > 100, "overshoot: max \(samples.max() ?? 0)")
            #expect(abs(samples[30] - 100 * CGFloat(a.springPosition(atTime: 0.3))) < 1e-6)
        }
    }

    @Test func invalidSpringParametersAreClearErrors() {
        let layer = CALayer()
        let a = CASpringAnimation(keyPath: "opacity")
        a.mass = 0
        do {
            try layer.addAnimation(a, forKey: nil)
            Issue.record("mass 0 accepted")
        } catch {
            #expect("\(error)".contains("mass: expected a number > 0"), "\(error)")
        }
        a.mass = 1
        a.damping = -1
        #expect(throws: AnimationError.self) { try layer.addAnimation(a, forKey: nil) }
    }
}
