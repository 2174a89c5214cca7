import Foundation
import LayerKit

/// Reads the curves over life of emitter cells (`colorOverLife`, `alphaOverLife`, …; docs/SceneFormat.md,
/// "Curves"): a list of stops `[[t, value], …]` (linear), or `{"stops": [...], "interpolation":
/// "linear" | "smooth" | "step"}`. Each problem is reported at the stop or key it concerns.
extension DecodingContext {
    /// The keys of a curve object.
    static let curveKeys = ["stops", "interpolation"]

    /// A curve of `f` as key-value coding holds it (`ParticleValueCurve`'s flat list), colour stops when
    /// `color`; nil after reporting.
    func curve(_ f: Field, color: Bool) -> LayerValue? {
        var interpolation = ParticleCurveInterpolation.linear
        var stopsField = f
        if let obj = ObjectReader(f) {
            rejectUnknownKeys(obj, allowed: Self.curveKeys, in: "a curve")
            if let mf = obj["interpolation"] {
                guard let mode = enumeration(mf, ParticleCurveInterpolation.self) else { return nil }
                interpolation = mode
            }
            guard let sf = obj["stops"] else {
                missing("stops", in: obj, color ? "[[0, \"white\"], [1, \"red\"]]" : "[[0, 1], [1, 0]]")
                return nil
            }
            stopsField = sf
        }
        let what = color ? "a list of stops [t, colour]" : "a list of stops [t, value]"
        guard let elements = array(stopsField, what) else { return nil }
        guard ParticleValueCurve.stopCountLimits.contains(elements.count) else {
            error(stopsField, "expected 2…16 stops, got \(elements.count)")
            return nil
        }
        var flat = [Double(ParticleCurveInterpolation.allCases.firstIndex(of: interpolation) ?? 0)]
        var previous: Double?
        var ok = true
        for (k, e) in elements.enumerated() {
            guard let pair = e.elements, pair.count == 2 else {
                error(e, "expected a stop [t, \(color ? "colour" : "value")], got \(e.node.summary)")
                ok = false
                continue
            }
            guard let t = number(pair[0], .unit) else {
                ok = false
                continue
            }
            if k == 0 && t != 0 {
                error(pair[0], "the first stop must be at t = 0, got \(formatNumber(t))")
                ok = false
            } else if k == elements.count - 1 && t != 1 {
                error(pair[0], "the last stop must be at t = 1, got \(formatNumber(t))")
                ok = false
            } else if let previous, !(t > previous) {
                error(
                    pair[0],
                    "stop times must increase strictly, got \(formatNumber(t)) after \(formatNumber(previous))")
                ok = false
            }
            previous = t
            flat.append(t)
            if color {
                guard let c = self.color(pair[1]) else {
                    ok = false
                    continue
                }
                flat += [Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)]
            } else {
                guard let v = number(pair[1]) else {
                    ok = false
                    continue
                }
                flat.append(v)
            }
        }
        return ok ? .numbers(flat) : nil
    }
}
