import Foundation

/// Why a path cannot be flattened or stroked. Each message names the offending value and the fix.
public enum PathGeometryError: Error, Equatable, CustomStringConvertible {
    /// A path element has a coordinate that is NaN or infinite (after the transform).
    case nonFiniteCoordinate(elementIndex: Int)
    /// The transform has a NaN or infinite entry.
    case nonFiniteTransform
    /// The flattening tolerance is not a finite number > 0.
    case badTolerance(CGFloat)
    /// `lineWidth` is negative or not finite.
    case badLineWidth(CGFloat)
    /// `miterLimit` is NaN.
    case badMiterLimit(CGFloat)
    /// A `lineDashPattern` entry is negative or not finite.
    case badDashLength(index: Int, value: CGFloat)
    /// `lineDashPhase` is not finite.
    case badDashPhase(CGFloat)
    /// `strokeStart` or `strokeEnd` is NaN.
    case badStrokeRange(start: CGFloat, end: CGFloat)
    /// The dash pattern is so short against the path that it would produce more dashes than the limit.
    case tooManyDashes(estimated: Int, limit: Int)
    /// The flattened geometry would hold more points than the limit.
    case tooManyPoints(limit: Int)

    /// A message naming the problem and how to fix it.
    public var description: String {
        switch self {
        case .nonFiniteCoordinate(let i):
            return "path element \(i) has a NaN or infinite coordinate; give every point finite x and y"
        case .nonFiniteTransform:
            return "the transform has a NaN or infinite entry; check the layer's transform and scale"
        case .badTolerance(let t):
            return "flattening tolerance is \(t); it must be a finite number of device pixels > 0 (0.25 is typical)"
        case .badLineWidth(let w):
            return "lineWidth is \(w); it must be a finite number ≥ 0"
        case .badMiterLimit(let m):
            return "miterLimit is \(m); it must be a number (10 is Core Animation's default)"
        case .badDashLength(let i, let v):
            return "lineDashPattern[\(i)] is \(v); dash and gap lengths must be finite numbers ≥ 0"
        case .badDashPhase(let p):
            return "lineDashPhase is \(p); it must be a finite number"
        case .badStrokeRange(let s, let e):
            return "strokeStart \(s) / strokeEnd \(e): both must be numbers in 0…1"
        case .tooManyDashes(let n, let limit):
            return "the dash pattern would cut the path into about \(n) dashes (limit \(limit)); use longer dashes"
        case .tooManyPoints(let limit):
            return "the path flattens to more than \(limit) points; simplify it or reduce its scale"
        }
    }
}
