import Foundation
import LayerKit

/// Reads a property's JSON value as a `LayerValue` of the property's kind and hands it to the class's
/// setter, turning LayerKit's validation errors into scene diagnostics.
extension DecodingContext {
    /// The value of `f` for the property `info`, plus a z coordinate when a point was written `[x, y, z]`.
    func propertyValue(_ f: Field, _ info: PropertyInfo) -> (value: LayerValue, z: Double?)? {
        if f.isInvalid { return nil }
        if case .null = f.node.value {
            if info.isOptional { return (.none, nil) }
            error(
                f,
                "null is not allowed for \(quoted(info.key)); remove the key to keep the default (\(describeDefault(info)))"
            )
            return nil
        }
        switch info.kind {
        case .number:
            if info.isInteger {
                let range: ClosedRange<Int>
                switch info.rule {
                case .nonNegative?: range = 0...Int.max
                case .range(let a, let b)?: range = Int(a)...Int(b)
                default: range = Int.min...Int.max
                }
                return integer(f, range).map { (.number(Double($0)), nil) }
            }
            return number(f, info.rule ?? .any, angle: info.isAngle, infinity: info.acceptsInfinity).map {
                (.number($0), nil)
            }
        case .bool:
            return bool(f).map { (.bool($0), nil) }
        case .point:
            if info.zKey != nil { return point3(f).map { (.point($0.0), $0.1) } }
            return point(f).map { (.point($0), nil) }
        case .size:
            return size(f).map { (.size($0), nil) }
        case .rect:
            return rect(f, nonNegativeSize: info.key == "bounds").map { (.rect($0), nil) }
        case .transform:
            return transform(f).map { (.transform($0), nil) }
        case .color:
            return color(f).map { (.color($0), nil) }
        case .colors:
            return colors(f).map { (.colors($0), nil) }
        case .numbers:
            guard
                let list = numbers(
                    f, counts: [], what: "a list of numbers",
                    rule: info.key == "locations" ? .unit : info.key == "lineDashPattern" ? .nonNegative : .any)
            else { return nil }
            if info.key == "locations", let bad = firstDecrease(list), let elements = f.elements {
                error(
                    elements[bad + 1],
                    "locations must not decrease, got \(formatNumber(list[bad + 1])) after \(formatNumber(list[bad]))")
                return nil
            }
            return (.numbers(list), nil)
        case .valueCurve, .colorCurve:
            return curve(f, color: info.kind == .colorCurve).map { ($0, nil) }
        case .flipbook:
            return flipbook(f).map { ($0, nil) }
        case .image:
            return image(f).map { (.image($0), nil) }
        case .path:
            return path(f).map { (.path($0), nil) }
        case .string:
            if info.isEnumeration, let allowed = PropertyCatalog.enumerationValues[info.key] {
                return oneOf(f, allowed).map { (.string($0), nil) }
            }
            guard let s = string(f) else { return nil }
            if info.key == "font", AssetResolver.isFontFile(s) {
                switch assets.fontFile(s) {
                case .success(let full): return (.string(full), nil)
                case .failure(let failure):
                    error(f, failure.message)
                    return nil
                }
            }
            return (.string(s), nil)
        }
    }

    /// Sets `value` on `object` through its key table; reports LayerKit's refusal at `f`.
    func apply(_ value: LayerValue, key: String, to object: AnyObject, at f: Field) {
        do {
            if let layer = object as? CALayer {
                try layer.setLayerValue(value, forKeyPath: key)
            } else if let cell = object as? CAEmitterCell {
                try cell.setLayerValue(value, forKeyPath: key)
            }
        } catch let e as KeyPathError {
            error(f, rewrite(e, for: f))
        } catch {
            self.error(f, "\(error)")
        }
    }

    /// LayerKit's message for a refused value, with the value as written in the file
    /// ("expected a number ≥ 0, got -5", not "… got -5.0").
    private func rewrite(_ e: KeyPathError, for f: Field) -> String {
        var message: String
        switch e {
        case .invalidValue(_, let m): message = m
        case .typeMismatch(_, let expected, _): message = "expected a \(expected), got \(f.node.summary)"
        case .unknownKey(let path, _, let suggestions):
            message = "unknown key \(quoted(path))" + (suggestions.first.map { "; did you mean \(quoted($0))?" } ?? "")
        case .unknownCell(_, let name): message = "no emitter cell named \(quoted(name))"
        }
        if let r = message.range(of: ", got ", options: .backwards) {
            switch f.node.value {
            case .number, .string: message = String(message[..<r.upperBound]) + f.node.summary
            default: break
            }
        }
        return message
    }

    /// The default of a property as JSON text, for messages.
    func describeDefault(_ info: PropertyInfo) -> String {
        switch info.defaultValue {
        case .none: return "null"
        case .number(let v): return formatNumber(v)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return quoted(s)
        case .point(let p): return "[\(formatNumber(Double(p.x))), \(formatNumber(Double(p.y)))]"
        case .size(let s): return "[\(formatNumber(Double(s.width))), \(formatNumber(Double(s.height)))]"
        case .rect(let r):
            return
                "[\([r.origin.x, r.origin.y, r.size.width, r.size.height].map { formatNumber(Double($0)) }.joined(separator: ", "))]"
        case .color(let c):
            return "[\([c.red, c.green, c.blue, c.alpha].map { formatNumber(Double($0)) }.joined(separator: ", "))]"
        case .transform(let t): return t == CATransform3DIdentity ? "[] (identity)" : "\(t)"
        default: return "\(info.defaultValue)"
        }
    }
}
