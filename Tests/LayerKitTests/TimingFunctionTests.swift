import Foundation
import Testing

@testable import LayerKit

struct TimingFunctionTests {
    /// An independent solver: bisection on x(s) to machine precision, then y(s).
    private func reference(_ c1: (Double, Double), _ c2: (Double, Double), _ x: Double) -> Double {
        func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * c1.0 + 3 * (1 - s) * s * s * c2.0 + s * s * s }
        func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * c1.1 + 3 * (1 - s) * s * s * c2.1 + s * s * s }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let m = (lo + hi) / 2
            if bx(m) < x { lo = m } else { hi = m }
        }
        return by((lo + hi) / 2)
    }

    @Test func namedFunctionsHaveApplesControlPoints() {
        let expected: [(CAMediaTimingFunctionName, Float, Float, Float, Float)] = [
            (.linear, 0, 0, 1, 1), (.easeIn, 0.42, 0, 1, 1), (.easeOut, 0, 0, 0.58, 1),
            (.easeInEaseOut, 0.42, 0, 0.58, 1), (.default, 0.25, 0.1, 0.25, 1),
        ]
        for (name, x1, y1, x2, y2) in expected {
            let f = CAMediaTimingFunction(name: name)
            var p = [Float](repeating: -9, count: 2)
            f.getControlPoint(at: 1, values: &p)
            #expect(p == [x1, y1], "\(name.rawValue) control point 1: \(p)")
            f.getControlPoint(at: 2, values: &p)
            #expect(p == [x2, y2], "\(name.rawValue) control point 2: \(p)")
            f.getControlPoint(at: 0, values: &p)
            #expect(p == [0, 0], "\(name.rawValue) control point 0: \(p)")
            f.getControlPoint(at: 3, values: &p)
            #expect(p == [1, 1], "\(name.rawValue) control point 3: \(p)")
        }
    }

    @Test func controlPointIndexOutsideRangeWritesNothing() {
        let f = CAMediaTimingFunction(name: .easeIn)
        var p: [Float] = [7, 7]
        f.getControlPoint(at: 4, values: &p)
        f.getControlPoint(at: -1, values: &p)
        #expect(p == [7, 7], "values after out-of-range indices: \(p)")
        #expect(f.controlPoint(at: 4) == nil)
    }

    @Test func namedEasingValuesMatchTheCubicBezierCurves() {
        // Values of the CSS curves with the same control points (ease = default).
        let cases: [(CAMediaTimingFunctionName, [Double])] = [
            (.easeIn, [0.0934646507, 0.3153568126, 0.6218618692]),
            (.easeOut, [0.3781381308, 0.6846431874, 0.9065353493]),
            (.easeInEaseOut, [0.129161931, 0.5, 0.870838069]),
            (.default, [0.4085105914, 0.8024033876, 0.9604589783]),
            (.linear, [0.25, 0.5, 0.75]),
        ]
        for (name, values) in cases {
            let f = CAMediaTimingFunction(name: name)
            for (x, y) in zip([0.25, 0.5, 0.75], values) {
                let got = f.solve(forInput: x)
                #expect(abs(got - y) < 1e-9, "\(name.rawValue)(\(x)) = \(got), expected \(y)")
            }
        }
    }

    @Test func solverAgreesWithBisectionEverywhere() {
        let curves: [((Double, Double), (Double, Double))] = [
            ((0.42, 0), (1, 1)), ((0.25, 0.1), (0.25, 1)), ((0.68, -0.55), (0.265, 1.55)), ((0, 1), (0, 1)),
            ((1, 0), (1, 0)), ((0.9, 0.1), (0.1, 0.9)),
        ]
        var worst = 0.0
        for (c1, c2) in curves {
            let f = CAMediaTimingFunction(controlPoints: Float(c1.0), Float(c1.1), Float(c2.0), Float(c2.1))
            // Float control points: compare against the same rounded values.
            let r1 = (Double(Float(c1.0)), Double(Float(c1.1)))
            let r2 = (Double(Float(c2.0)), Double(Float(c2.1)))
            for i in 1..<1000 {
                let x = Double(i) / 1000
                let e = abs(f.solve(forInput: x) - reference(r1, r2, x))
                worst = max(worst, e)
                #expect(e < 1e-9, "curve \(c1) \(c2) at x=\(x): error \(e)")
            }
        }
        #expect(worst < 1e-9, "worst error \(worst)")
    }

    @Test func inputsOutsideTheUnitIntervalClampAndBadControlPointsGiveLinear() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(f.solve(forInput: -0.5) == 0)
        #expect(f.solve(forInput: 1.5) == 1)
        #expect(f.solve(forInput: Double.nan) == 0)
        let bad = CAMediaTimingFunction(controlPoints: .nan, 0, 1, 1)
        #expect(abs(bad.solve(forInput: 0.3) - 0.3) < 1e-12, "non-finite control points make a linear curve")
        let wide = CAMediaTimingFunction(controlPoints: 1.5, 0, -2, 1)
        #expect(wide.controlPoint(at: 1)?.x == 1 && wide.controlPoint(at: 2)?.x == 0, "x clamped to 0…1")
    }

    @Test func functionsCompareByControlPoints() {
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        #expect(CAMediaTimingFunction(name: .easeIn) != CAMediaTimingFunction(name: .easeOut))
        #expect("\(CAMediaTimingFunction(name: .easeOut))" == "easeOut")
    }
}
