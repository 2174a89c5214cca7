import Foundation
import LayerKit

/// Reads a cell's `trail` object (docs/SceneFormat.md, "Trails"): `duration` and/or `length`, `width`,
/// `widthOverTrail` and `colorOverTrail` curves (as the curves over life), `drawsParticle`, `maxPoints`.
/// Each problem is reported at its key.
extension DecodingContext {
    /// The trail of field `f`, nil after reporting.
    func trail(_ f: Field) -> ParticleTrail? {
        guard let obj = object(f, "a trail") else { return nil }
        rejectUnknownKeys(obj, allowed: SceneKeyTables.cellTrail, in: "a trail")
        var ok = true
        func read<T>(_ key: String, _ get: (Field) -> T?) -> T? {
            guard let kf = obj[key] else { return nil }
            guard let v = get(kf) else {
                ok = false
                return nil
            }
            return v
        }
        let duration = read("duration") { number($0, .positive) }
        let length = read("length") { number($0, .positive) }
        let width = read("width") { number($0, .nonNegative) }
        let widthCurve = read("widthOverTrail") { curve($0, color: false) }
        let colorCurve = read("colorOverTrail") { curve($0, color: true) }
        let draws = read("drawsParticle") { bool($0) }
        let maxPoints = read("maxPoints") { integer($0, 0...ParticleTrail.maxPointsCeiling) }
        guard ok else { return nil }
        guard duration != nil || length != nil else {
            missing("duration", in: obj, "\"duration\": 0.5 (seconds), or \"length\": 80 (points)")
            return nil
        }
        var widthOverTrail: ParticleValueCurve?
        if case .numbers(let list) = widthCurve, let wf = obj["widthOverTrail"] {
            do {
                let c = try ParticleValueCurve(
                    stops: stride(from: 1, to: list.count, by: 2).map { (t: list[$0], value: list[$0 + 1]) },
                    interpolation: ParticleCurveInterpolation.allCases[Int(list[0])])
                if let k = c.values.firstIndex(where: { $0 < 0 }) {
                    error(
                        wf, "\"widthOverTrail\" values must be ≥ 0 (a multiplier of width): stop \(k) is \(c.values[k])"
                    )
                    return nil
                }
                widthOverTrail = c
            } catch {
                self.error(wf, "\(error)")
                return nil
            }
        }
        var colorOverTrail: ParticleColorCurve?
        if case .numbers(let list) = colorCurve, let cf = obj["colorOverTrail"] {
            var stops: [(t: Double, color: CGColor)] = []
            for k in stride(from: 1, to: list.count, by: 5) {
                let c = CGColor(
                    red: CGFloat(list[k + 1]), green: CGFloat(list[k + 2]), blue: CGFloat(list[k + 3]),
                    alpha: CGFloat(list[k + 4]))
                stops.append((t: list[k], color: c))
            }
            do {
                colorOverTrail = try ParticleColorCurve(
                    stops: stops, interpolation: ParticleCurveInterpolation.allCases[Int(list[0])])
            } catch {
                self.error(cf, "\(error)")
                return nil
            }
        }
        do {
            return try ParticleTrail(
                duration: duration.map { CGFloat($0) }, length: length.map { CGFloat($0) },
                width: width.map { CGFloat($0) } ?? 4, widthOverTrail: widthOverTrail, colorOverTrail: colorOverTrail,
                drawsParticle: draws ?? true, maxPoints: maxPoints ?? ParticleTrail.defaultMaxPoints)
        } catch {
            self.error(f, "\(error)")
            return nil
        }
    }
}
