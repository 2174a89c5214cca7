import Foundation
import LayerKit

/// Limits that keep every value Chipmunk sees far from overflow, so its debug assertions on NaN and
/// infinite state stay unreachable.
public enum PhysicsLimits {
    /// The largest magnitude accepted for any coordinate, velocity, mass, force or coefficient: 1e12.
    public static let maximumMagnitude: Double = 1e12
    /// A body whose position or speed exceeds this after a step has diverged (1e13); the world stops
    /// it and reports it in `PhysicsWorld.divergedBodies`.
    public static let divergenceThreshold: Double = 1e13
}

// MARK: - Checks

/// Input checks shared by the whole module. Each returns the value when valid and throws a
/// `PhysicsError` naming `place` otherwise.
enum Check {
    static func describe(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "infinity" : "-infinity" }
        return "\(v)"
    }

    /// A finite number with |v| ≤ 1e12.
    @discardableResult
    static func finite(_ v: Double, _ place: String, fix: String = "Pass a finite number.") throws -> Double {
        guard v.isFinite, abs(v) <= PhysicsLimits.maximumMagnitude else {
            throw PhysicsError(
                .invalidValue, place: place,
                problem: "expected a finite number with magnitude ≤ 1e12, got \(describe(v))", fix: fix)
        }
        return v
    }

    /// A finite number > 0.
    @discardableResult
    static func positive(_ v: Double, _ place: String, fix: String = "Pass a finite number greater than 0.") throws
        -> Double
    {
        guard v.isFinite, v > 0, v <= PhysicsLimits.maximumMagnitude else {
            throw PhysicsError(
                .invalidValue, place: place, problem: "expected a finite number > 0, got \(describe(v))", fix: fix)
        }
        return v
    }

    /// A finite number ≥ 0.
    @discardableResult
    static func nonNegative(_ v: Double, _ place: String, fix: String = "Pass a finite number ≥ 0.") throws -> Double {
        guard v.isFinite, v >= 0, v <= PhysicsLimits.maximumMagnitude else {
            throw PhysicsError(
                .invalidValue, place: place, problem: "expected a finite number ≥ 0, got \(describe(v))", fix: fix)
        }
        return v
    }

    /// A number ≥ 0 that may be +infinity (thresholds and limits that can be switched off).
    @discardableResult
    static func nonNegativeOrInfinity(
        _ v: Double, _ place: String, fix: String = "Pass a number ≥ 0, or .infinity for no limit."
    ) throws -> Double {
        guard v == .infinity || (v.isFinite && v >= 0 && v <= PhysicsLimits.maximumMagnitude) else {
            throw PhysicsError(
                .invalidValue, place: place, problem: "expected a number ≥ 0 or infinity, got \(describe(v))", fix: fix)
        }
        return v
    }

    /// A finite number in `range`.
    @discardableResult
    static func inRange(_ v: Double, _ range: ClosedRange<Double>, _ place: String, fix: String? = nil) throws -> Double
    {
        guard v.isFinite, range.contains(v) else {
            throw PhysicsError(
                .invalidValue, place: place,
                problem: "expected a number in \(range.lowerBound)...\(range.upperBound), got \(describe(v))",
                fix: fix ?? "Pass a value between \(range.lowerBound) and \(range.upperBound).")
        }
        return v
    }

    /// A point with finite coordinates of magnitude ≤ 1e12.
    @discardableResult
    static func point(_ p: CGPoint, _ place: String) throws -> CGPoint {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= PhysicsLimits.maximumMagnitude,
            abs(p.y) <= PhysicsLimits.maximumMagnitude
        else {
            throw PhysicsError(
                .invalidValue, place: place,
                problem:
                    "expected a point with finite coordinates of magnitude ≤ 1e12, got (\(describe(p.x)), \(describe(p.y)))",
                fix: "Pass finite coordinates in points.")
        }
        return p
    }

    /// A vector with finite components of magnitude ≤ 1e12.
    @discardableResult
    static func vector(_ v: CGVector, _ place: String) throws -> CGVector {
        guard v.dx.isFinite, v.dy.isFinite, abs(v.dx) <= PhysicsLimits.maximumMagnitude,
            abs(v.dy) <= PhysicsLimits.maximumMagnitude
        else {
            throw PhysicsError(
                .invalidValue, place: place,
                problem:
                    "expected a vector with finite components of magnitude ≤ 1e12, got (\(describe(v.dx)), \(describe(v.dy)))",
                fix: "Pass finite components.")
        }
        return v
    }
}
