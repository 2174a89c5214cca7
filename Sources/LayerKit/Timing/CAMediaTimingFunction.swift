import Foundation

/// The name of one of Core Animation's predefined timing curves.
public struct CAMediaTimingFunctionName: StringConstant {
    /// The raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Constant speed: control points (0, 0) and (1, 1).
    public static let linear = Self(rawValue: "linear")
    /// Slow start: control points (0.42, 0) and (1, 1).
    public static let easeIn = Self(rawValue: "easeIn")
    /// Slow end: control points (0, 0) and (0.58, 1).
    public static let easeOut = Self(rawValue: "easeOut")
    /// Slow start and end: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    /// The system curve, like easeInEaseOut but quicker to start: control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = Self(rawValue: "default")
    /// Every predefined name.
    public static let allCases: [Self] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
}

/// A timing curve: a cubic Bézier from (0, 0) to (1, 1) with two control points, mapping the linear
/// progress of an animation (x) to its paced progress (y).
///
/// `solve(forInput:)` inverts x(s) with Newton's method and falls back to bisection, to within 1e-12.
public final class CAMediaTimingFunction: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    // MARK: - Stored control points

    /// First control point, x in 0…1.
    let c1: (x: Double, y: Double)
    /// Second control point, x in 0…1.
    let c2: (x: Double, y: Double)
    /// Polynomial coefficients of x(s) = ((ax·s + bx)·s + cx)·s and y(s) likewise.
    private let ax, bx, cx, ay, by, cy: Double
    /// The predefined name, when made from one.
    public let name: CAMediaTimingFunctionName?

    // MARK: - Creating

    /// One of the predefined curves.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(points: (0.42, 0), (1, 1), name: name)
        case .easeOut: self.init(points: (0, 0), (0.58, 1), name: name)
        case .easeInEaseOut: self.init(points: (0.42, 0), (0.58, 1), name: name)
        case .default: self.init(points: (0.25, 0.1), (0.25, 1), name: name)
        default: self.init(points: (0, 0), (1, 1), name: .linear)
        }
    }

    /// A custom curve with control points (c1x, c1y) and (c2x, c2y). x values outside 0…1 are clamped
    /// (the curve must stay a function of time); a non-finite component makes the curve linear.
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        let v = [c1x, c1y, c2x, c2y]
        if v.allSatisfy(\.isFinite) {
            self.init(
                points: (Double(min(1, max(0, c1x))), Double(c1y)), (Double(min(1, max(0, c2x))), Double(c2y)),
                name: nil)
        } else {
            self.init(points: (0, 0), (1, 1), name: nil)
        }
    }

    private init(points p1: (Double, Double), _ p2: (Double, Double), name: CAMediaTimingFunctionName?) {
        c1 = (p1.0, p1.1)
        c2 = (p2.0, p2.1)
        self.name = name
        cx = 3 * p1.0
        bx = 3 * (p2.0 - p1.0) - cx
        ax = 1 - cx - bx
        cy = 3 * p1.1
        by = 3 * (p2.1 - p1.1) - cy
        ay = 1 - cy - by
    }

    // MARK: - Control points

    /// Writes control point `idx` (0: (0, 0), 1 and 2: the control points, 3: (1, 1)) into `ptr[0]`, `ptr[1]`.
    /// An index outside 0…3 writes nothing.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        guard let p = controlPoint(at: idx) else { return }
        ptr[0] = p.x
        ptr[1] = p.y
    }

    /// Control point `idx` (0…3), or nil outside that range.
    public func controlPoint(at idx: Int) -> (x: Float, y: Float)? {
        switch idx {
        case 0: return (0, 0)
        case 1: return (Float(c1.x), Float(c1.y))
        case 2: return (Float(c2.x), Float(c2.y))
        case 3: return (1, 1)
        default: return nil
        }
    }

    // MARK: - Evaluating

    /// The paced progress y for the linear progress `x` (clamped to 0…1).
    public func solve(forInput x: Double) -> Double {
        guard x.isFinite else { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveCurveX(x))
    }

    /// Float spelling of `solve(forInput:)`.
    public func solve(forInput x: Float) -> Float { Float(solve(forInput: Double(x))) }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func sampleDX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter s with x(s) = x. x(s) is monotonic on 0…1 because both control x values are in
    /// 0…1. Newton's method when the slope is healthy; otherwise bisection to full double precision (flat
    /// stretches of x(s) would turn small errors in x into large ones in y).
    private func solveCurveX(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = sampleX(s) - x
            let d = sampleDX(s)
            if abs(d) < 1e-6 { break }
            if abs(err) < 1e-14 { return s }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<64 where hi - lo > 1e-16 {
            let mid = (lo + hi) / 2
            if sampleX(mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    // MARK: - Identity

    /// Equal when the control points are equal as Floats (Core Animation's precision), so a named curve
    /// equals the same curve made from its control points.
    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool {
        a.floatKey == b.floatKey
    }

    /// Hashes the control points as Floats.
    public func hash(into hasher: inout Hasher) {
        for v in floatKey { hasher.combine(v) }
    }

    private var floatKey: [Float] { [Float(c1.x), Float(c1.y), Float(c2.x), Float(c2.y)] }

    /// `easeIn` or `cubic-bezier(x1, y1, x2, y2)`.
    public var description: String {
        name?.rawValue ?? "cubic-bezier(\(c1.x), \(c1.y), \(c2.x), \(c2.y))"
    }
}
