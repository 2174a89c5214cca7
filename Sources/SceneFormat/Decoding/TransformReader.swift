import Foundation
import LayerKit

/// Transforms in scene files: a list of operations applied to points in the order written, or a matrix.
///
/// `[{"translate": [0, -50]}, {"rotate": "36deg"}, {"translate": [0, 50]}]` moves a point up 50,
/// turns it 36° about the origin, then moves it back: a rotation about (0, −50). The matrix is
/// `T₁ · T₂ · …` with Core Animation's row vectors (`CATransform3DConcat(T₁, T₂)` applies T₁ first).
/// Code that builds `t = CATransform3DRotate(CATransform3DMakeTranslation(…), …)` lists its calls in
/// the opposite order, because each Core Animation call applies its new operation before `t`.
extension DecodingContext {
    /// The operation names a transform list accepts.
    static let transformOperations = ["translate", "rotate", "scale", "perspective", "matrix"]

    /// A transform: `[operations…]`, `{"matrix": [16 numbers, row-major m11…m44]}`.
    func transform(_ f: Field) -> CATransform3D? {
        switch f.node.value {
        case .invalid: return nil
        case .array:
            var result = CATransform3DIdentity
            var ok = true
            for op in f.elements ?? [] {
                if let t = transformOperation(op) { result = CATransform3DConcat(result, t) } else { ok = false }
            }
            guard ok else { return nil }
            guard result.rowMajor.allSatisfy({ $0.isFinite && abs($0) <= DecodingContext.largestNumber }) else {
                error(
                    f,
                    "the transform's entries grow beyond 1e12 (the operations overflow); use smaller scales or a larger perspective distance"
                )
                return nil
            }
            return result
        case .object:
            guard let obj = ObjectReader(f), obj.members.count == 1, let m = obj["matrix"] else {
                error(
                    f,
                    "expected a transform: a list of operations such as [{\"rotate\": \"45deg\"}] or {\"matrix\": [16 numbers]}, got an object with keys \(keyList(f))"
                )
                return nil
            }
            return matrix(m)
        default:
            error(
                f,
                "expected a transform: a list of operations such as [{\"translate\": [10, 0]}, {\"rotate\": \"45deg\"}] or {\"matrix\": [16 numbers]}, got \(f.node.summary)"
            )
            return nil
        }
    }

    private func keyList(_ f: Field) -> String {
        guard case .object(let m) = f.node.value else { return "" }
        return m.map { quoted($0.key) }.joined(separator: ", ")
    }

    private func transformOperation(_ f: Field) -> CATransform3D? {
        guard case .object(let members) = f.node.value else {
            if f.isInvalid { return nil }
            error(f, "expected a transform operation such as {\"rotate\": \"45deg\"}, got \(f.node.summary)")
            return nil
        }
        guard members.count == 1, let member = members.first else {
            error(
                f,
                members.isEmpty
                    ? "empty transform operation; write one of \(DecodingContext.transformOperations.map { quoted($0) }.joined(separator: ", "))"
                    : "a transform operation has exactly one key; split \(keyList(f)) into separate operations, in the order they apply"
            )
            return nil
        }
        let v = f.member(member)
        switch member.key {
        case "translate":
            guard let n = numbers(v, counts: [2, 3], what: "a translation [tx, ty] or [tx, ty, tz]") else { return nil }
            return CATransform3DMakeTranslation(n[0], n[1], n.count == 3 ? n[2] : 0)
        case "scale":
            if case .number = v.node.value {
                guard let s = number(v) else { return nil }
                return CATransform3DMakeScale(s, s, 1)
            }
            guard let n = numbers(v, counts: [2, 3], what: "a scale: a number, [sx, sy] or [sx, sy, sz]") else {
                return nil
            }
            return CATransform3DMakeScale(n[0], n[1], n.count == 3 ? n[2] : 1)
        case "rotate":
            if case .array(let a) = v.node.value {
                guard a.count == 4, let elements = v.elements else {
                    error(v, "expected a rotation: an angle (about z) or [angle, x, y, z], got \(v.node.summary)")
                    return nil
                }
                let angle = number(elements[0], angle: true)
                let axis = elements[1...].map { number($0) }
                guard let angle, let x = axis[0], let y = axis[1], let z = axis[2] else { return nil }
                guard x != 0 || y != 0 || z != 0 else {
                    error(
                        v,
                        "the rotation axis [0, 0, 0] has no direction; use [angle, 0, 0, 1] to turn in the screen plane"
                    )
                    return nil
                }
                return CATransform3DMakeRotation(angle, x, y, z)
            }
            guard let angle = number(v, angle: true) else { return nil }
            return CATransform3DMakeRotation(angle, 0, 0, 1)
        case "perspective":
            guard let d = number(v, .positive) else { return nil }
            var t = CATransform3DIdentity
            t.m34 = -1 / d
            return t
        case "matrix":
            return matrix(v)
        default:
            var m =
                "unknown transform operation \(quoted(member.key)); use one of \(DecodingContext.transformOperations.map { quoted($0) }.joined(separator: ", "))"
            if let best = closeMatches(for: member.key, in: DecodingContext.transformOperations).first {
                m = "unknown transform operation \(quoted(member.key)); did you mean \(quoted(best))?"
            }
            error(v, m)
            return nil
        }
    }

    private func matrix(_ f: Field) -> CATransform3D? {
        guard let n = numbers(f, counts: [16], what: "16 numbers (m11, m12, …, m44, row by row)") else { return nil }
        return CATransform3D(rowMajor: n.map { CGFloat($0) })
    }
}
