import Foundation

/// The range a number must lie in, with the phrase error messages use ("≥ 0", "in 0…1").
enum NumberRule: Equatable {
    /// Any finite number.
    case any
    /// ≥ 0.
    case nonNegative
    /// > 0.
    case positive
    /// In 0…1.
    case unit
    /// In a closed range.
    case range(Double, Double)
    /// In a half-open range (lower bound excluded).
    case above(Double, upTo: Double)

    /// Whether `v` satisfies the rule (+infinity passes the unbounded rules).
    func accepts(_ v: Double) -> Bool {
        switch self {
        case .any: return v.isFinite
        case .nonNegative: return v >= 0
        case .positive: return v > 0
        case .unit: return v >= 0 && v <= 1
        case .range(let a, let b): return v >= a && v <= b
        case .above(let a, let b): return v > a && v <= b
        }
    }

    /// The condition in words, after "a number": "", " ≥ 0", " > 0", " in 0…1".
    var phrase: String {
        switch self {
        case .any: return ""
        case .nonNegative: return " ≥ 0"
        case .positive: return " > 0"
        case .unit: return " in 0…1"
        case .range(let a, let b): return " in \(formatNumber(a))…\(formatNumber(b))"
        case .above(let a, let b): return " > \(formatNumber(a)) and ≤ \(formatNumber(b))"
        }
    }
}

/// A number as people write it: `5`, `-0.25`, `1e+20`, `infinity`.
func formatNumber(_ v: Double) -> String {
    if v.isInfinite { return v > 0 ? "infinity" : "-infinity" }
    if v.isNaN { return "NaN" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
}

/// The index `i` of the first pair with `list[i] > list[i + 1]`, or nil when the list never decreases.
func firstDecrease(_ list: [Double]) -> Int? {
    guard list.count > 1 else { return nil }
    return (0..<(list.count - 1)).first { list[$0] > list[$0 + 1] }
}
