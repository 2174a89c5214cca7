import Foundation
import LayerKit

/// Readers for the scene's value formats (docs/Design.md §5, docs/SceneFormat.md "Value formats"). Each
/// returns nil after reporting what is wrong, so callers simply skip the value.
extension DecodingContext {
    // MARK: - Scalars

    /// The largest magnitude a scene number may have: larger values are mistakes, and they overflow
    /// single-precision properties and pixel arithmetic downstream.
    static let largestNumber = 1e12

    /// A number that satisfies `rule`. `angle`: a string with a unit (`"90deg"`, `"0.5pi"`, `"1.2rad"`) is
    /// accepted and converted to radians. `infinity`: the string `"infinity"` gives +∞.
    func number(_ f: Field, _ rule: NumberRule = .any, angle: Bool = false, infinity: Bool = false) -> Double? {
        let noun = angle ? "an angle" : "a number"
        let orInfinity = infinity ? " or \"infinity\"" : ""
        let value: Double
        switch f.node.value {
        case .invalid: return nil
        case .number(let v, _): value = v
        case .string(let s):
            if infinity, s == "infinity" {
                value = .infinity
                break
            }
            if angle, let radians = DecodingContext.parseAngle(s) {
                value = radians
                break
            }
            error(
                f,
                "expected \(noun)\(rule.phrase)\(orInfinity), got \(quoted(s))"
                    + stringNumberHint(s, angle: angle, infinity: infinity))
            return nil
        default:
            let forms = angle ? " (radians, or a string such as \"90deg\")" : ""
            error(f, "expected \(noun)\(rule.phrase)\(orInfinity)\(forms), got \(f.node.summary)")
            return nil
        }
        if value.isFinite, abs(value) > DecodingContext.largestNumber {
            error(
                f,
                "\(f.node.summary) is too large; numbers in scenes are at most 1e12 in size"
                    + (infinity ? " (write \"infinity\" for no limit)" : ""))
            return nil
        }
        guard rule.accepts(value) || (infinity && value == .infinity && rule != .unit) else {
            error(f, "expected \(noun)\(rule.phrase)\(orInfinity), got \(f.node.summary)")
            return nil
        }
        return value
    }

    /// An integer in `range`.
    func integer(_ f: Field, _ range: ClosedRange<Int>) -> Int? {
        if case .number(let v, _) = f.node.value, v == v.rounded(), abs(v) <= DecodingContext.largestNumber,
            range.contains(Int(v))
        {
            return Int(v)
        }
        if f.isInvalid { return nil }
        let phrase: String
        if range.lowerBound == Int.min {
            phrase = ""
        } else if range.upperBound == Int.max {
            phrase = " ≥ \(range.lowerBound)"
        } else {
            phrase = " in \(range.lowerBound)…\(range.upperBound)"
        }
        error(f, "expected an integer\(phrase), got \(f.node.summary)")
        return nil
    }

    /// A Boolean (`true` or `false`).
    func bool(_ f: Field) -> Bool? {
        switch f.node.value {
        case .invalid: return nil
        case .bool(let b): return b
        default:
            error(f, "expected true or false, got \(f.node.summary)")
            return nil
        }
    }

    /// A string; `nonEmpty` refuses "".
    func string(_ f: Field, nonEmpty: Bool = false) -> String? {
        switch f.node.value {
        case .invalid: return nil
        case .string(let s):
            if nonEmpty, s.isEmpty {
                error(f, "expected a non-empty string, got \"\"")
                return nil
            }
            return s
        default:
            error(f, "expected a string, got \(f.node.summary)")
            return nil
        }
    }

    /// One of an enumeration's raw strings; the message lists the allowed values.
    func enumeration<E: RawRepresentable & CaseIterable>(_ f: Field, _ type: E.Type, extraHint: String = "") -> E?
    where E.RawValue == String {
        oneOf(f, E.allCases.map(\.rawValue), extraHint: extraHint).flatMap { E(rawValue: $0) }
    }

    /// One of `allowed`; the message lists them and suggests the closest.
    func oneOf(_ f: Field, _ allowed: [String], extraHint: String = "") -> String? {
        if case .string(let s) = f.node.value, allowed.contains(s) { return s }
        let list = allowed.map { quoted($0) }.joined(separator: ", ")
        switch f.node.value {
        case .invalid: return nil
        case .string(let s):
            var m = "expected one of \(list), got \(quoted(s))"
            if let best = closeMatches(for: s, in: allowed).first { m += " (did you mean \(quoted(best))?)" }
            error(f, m + extraHint)
            return nil
        default:
            error(f, "expected one of \(list), got \(f.node.summary)")
            return nil
        }
    }

    // MARK: - Angles

    /// Radians from `"90deg"`, `"0.5pi"`, `"1.2rad"` (a JSON-style number and a unit, no spaces).
    static func parseAngle(_ s: String) -> Double? {
        let units: [(String, Double)] = [("deg", Double.pi / 180), ("rad", 1), ("pi", Double.pi)]
        for (unit, factor) in units where s.hasSuffix(unit) {
            let number = String(s.dropLast(unit.count))
            guard isDecimal(number), let v = Double(number), v.isFinite else { return nil }
            let r = v * factor
            return r.isFinite ? r : nil
        }
        return nil
    }

    /// Whether `s` is a decimal number in JSON's syntax (optionally with a leading "+").
    static func isDecimal(_ s: String) -> Bool {
        var chars = Array(s.utf8)
        if let first = chars.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { chars.removeFirst() }
        guard !chars.isEmpty else { return false }
        var i = 0
        func digits() -> Int {
            let start = i
            while i < chars.count, chars[i] >= 0x30, chars[i] <= 0x39 { i += 1 }
            return i - start
        }
        guard digits() > 0 else { return false }
        if i < chars.count, chars[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < chars.count, chars[i] == UInt8(ascii: "e") || chars[i] == UInt8(ascii: "E") {
            i += 1
            if i < chars.count, chars[i] == UInt8(ascii: "+") || chars[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == chars.count
    }

    private func stringNumberHint(_ s: String, angle: Bool, infinity: Bool) -> String {
        if DecodingContext.isDecimal(s) { return "; write numbers without quotes" }
        if s.lowercased().hasPrefix("inf") {
            return infinity ? "; write \"infinity\" in lower case" : "; this key does not accept infinity"
        }
        if angle { return "; an angle is a number in radians or a string such as \"90deg\", \"0.5pi\" or \"1.2rad\"" }
        if DecodingContext.parseAngle(s) != nil { return "; this key is not an angle, so units are not accepted" }
        return ""
    }

    // MARK: - Number lists, points, sizes, rects

    /// An array of `counts` finite numbers (each satisfying `rule`); `what` names the expected form.
    func numbers(_ f: Field, counts: [Int], what: String, rule: NumberRule = .any) -> [Double]? {
        if f.isInvalid { return nil }
        guard let elements = f.elements, counts.isEmpty || counts.contains(elements.count) else {
            error(f, "expected \(what), got \(f.node.summary)")
            return nil
        }
        var out: [Double] = []
        var ok = true
        for e in elements {
            if let v = number(e, rule) { out.append(v) } else { ok = false }
        }
        return ok ? out : nil
    }

    /// A point `[x, y]`.
    func point(_ f: Field) -> CGPoint? {
        guard let v = numbers(f, counts: [2], what: "a point [x, y]") else { return nil }
        return CGPoint(x: v[0], y: v[1])
    }

    /// A point `[x, y]` or `[x, y, z]`; z is nil when not given.
    func point3(_ f: Field) -> (CGPoint, Double?)? {
        guard let v = numbers(f, counts: [2, 3], what: "a point [x, y] or [x, y, z]") else { return nil }
        return (CGPoint(x: v[0], y: v[1]), v.count == 3 ? v[2] : nil)
    }

    /// A size `[width, height]`; `nonNegative` refuses negative components.
    func size(_ f: Field, nonNegative: Bool = false) -> CGSize? {
        guard let v = numbers(f, counts: [2], what: "a size [width, height]", rule: nonNegative ? .nonNegative : .any)
        else { return nil }
        return CGSize(width: v[0], height: v[1])
    }

    /// A rectangle `[x, y, width, height]`; `nonNegativeSize` refuses a negative width or height.
    func rect(_ f: Field, nonNegativeSize: Bool = false) -> CGRect? {
        guard let v = numbers(f, counts: [4], what: "a rectangle [x, y, width, height]") else { return nil }
        if nonNegativeSize, v[2] < 0 || v[3] < 0 {
            error(f, "width and height must be ≥ 0, got [\(v.map(formatNumber).joined(separator: ", "))]")
            return nil
        }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// A vector `[dx, dy]`.
    func vector(_ f: Field) -> CGVector? {
        guard let v = numbers(f, counts: [2], what: "a vector [dx, dy]") else { return nil }
        return CGVector(dx: v[0], dy: v[1])
    }

    // MARK: - Colours

    /// A colour: `[r, g, b]` or `[r, g, b, a]` in 0…1, `"#rrggbb"`, `"#rrggbbaa"` (also `#rgb`, `#rgba`), or a UIKit name.
    func color(_ f: Field) -> CGColor? {
        switch f.node.value {
        case .invalid: return nil
        case .string(let s):
            if s.hasPrefix("#") {
                // Only ASCII digits: Character.isHexDigit also accepts full-width forms, which
                // CGColor(hexString:) cannot convert.
                let digits = s.dropFirst()
                if [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                    let c = CGColor(hexString: s)
                {
                    return c
                }
                error(f, "bad colour \(quoted(s)); write \"#rrggbb\" or \"#rrggbbaa\" with hexadecimal digits")
                return nil
            }
            if let c = CGColor.named[s] { return c }
            var m = "unknown colour name \(quoted(s))"
            if let best = closeMatches(for: s, in: CGColor.named.keys.sorted()).first {
                m += " (did you mean \(quoted(best))?)"
            }
            error(
                f,
                m
                    + "; use a UIKit name (\(CGColor.named.keys.sorted().joined(separator: ", "))), \"#rrggbb\" or [r, g, b, a]"
            )
            return nil
        case .array(let a) where a.count == 3 || a.count == 4:
            guard let v = numbers(f, counts: [3, 4], what: "a colour") else { return nil }
            var ok = true
            for (k, e) in (f.elements ?? []).enumerated() where !(0...1).contains(v[k]) {
                error(
                    e,
                    "colour components are in 0…1, got \(e.node.summary)"
                        + (v[k] > 1 ? "; divide 0…255 values by 255 or write \"#rrggbb\"" : ""))
                ok = false
            }
            return ok ? CGColor(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1) : nil
        default:
            error(
                f,
                "expected a colour ([r, g, b, a] in 0…1, \"#rrggbb\" or a name such as \"orange\"), got \(f.node.summary)"
            )
            return nil
        }
    }

    /// A list of colours.
    func colors(_ f: Field) -> [CGColor]? {
        guard let elements = array(f, "a list of colours") else { return nil }
        var out: [CGColor] = []
        var ok = true
        for e in elements {
            if let c = color(e) { out.append(c) } else { ok = false }
        }
        return ok ? out : nil
    }
}
