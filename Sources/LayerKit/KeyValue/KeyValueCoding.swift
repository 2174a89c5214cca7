import Foundation

/// One key of a class as key-value coding, animations and scene files use it: how it is read and written
/// as a `LayerValue`, and what it accepts. Made from the class's `KeyDescription`s (`table(_:)`), one per
/// property, so the table cannot disagree with the properties.
package struct LayerKeyAccessor {
    /// The Swift property's name; an Objective-C alias (`hidden`) maps to its property (`isHidden`).
    package let key: String
    /// Whether Core Animation can animate the key.
    package let animatable: Bool
    /// Whether the value is an angle in radians (scene files also accept `"90deg"`).
    package let isAngle: Bool
    /// The range the setter enforces on a number, if any.
    package let rule: ValueRule?
    /// For a string constant (`CAEmitterLayerEmitterShape`, …), the raw strings it accepts, in Core
    /// Animation's documentation order.
    package let enumerationValues: [String]?
    let getter: (AnyObject) -> LayerValue
    let setter: (AnyObject, LayerValue, String) throws -> Void

    /// The accessors of `keys` by key, each alias with its property's accessor.
    static func table<Root: AnyObject>(_ keys: [KeyDescription<Root>]) -> [String: LayerKeyAccessor] {
        var table: [String: LayerKeyAccessor] = [:]
        for d in keys {
            // The one cast of the tables: a class's table is only asked about objects of that class.
            let accessor = LayerKeyAccessor(
                key: d.key, animatable: d.animatable, isAngle: d.isAngle, rule: d.rule,
                enumerationValues: d.enumerationValues, getter: { d.get($0 as! Root) },
                setter: { try d.set($0 as! Root, $1, $2) })
            for name in [d.key] + d.aliases {
                precondition(table.updateValue(accessor, forKey: name) == nil, "key \(name) is described twice")
            }
        }
        return table
    }
}

/// A range a number property's setter enforces, as scene files and their JSON Schema report it.
package enum ValueRule: Equatable, Sendable {
    /// Finite and ≥ 0 (ranges, rates, counts).
    case nonNegative
    /// Finite and > 0 (contents scales).
    case positive
    /// ≥ 0, or +infinity (`duration`, `repeatCount`, `repeatDuration`).
    case nonNegativeOrInfinity
}

/// One property of a layer or cell class as a key: its key (the Swift property's name) and Objective-C
/// aliases, the property itself (a key path, so key-value coding reads and writes through the property's
/// own getter and setter, with their change notifications), how its value converts
/// (`LayerValueConvertible`, and a `ValueRule` for ranges), and whether Core Animation animates it.
///
/// A class lists one description per property; key-value coding, animations, presentation values and the
/// scene format read that list, so adding a property is its stored field, the property and its line in
/// the list.
package struct KeyDescription<Root: AnyObject> {
    /// The key: the Swift property's name.
    package let key: String
    /// Other keys for the same property (Core Animation's Objective-C getter names: `hidden`).
    package let aliases: [String]
    /// Whether Core Animation can animate the key.
    package let animatable: Bool
    /// Whether the value is an angle in radians.
    package let isAngle: Bool
    /// The range the setter enforces on a number, if any.
    package let rule: ValueRule?
    /// The raw strings a string constant accepts.
    package let enumerationValues: [String]?
    let get: (Root) -> LayerValue
    let set: (Root, LayerValue, String) throws -> Void

    /// The property at `property`, converted by its type.
    package init<Value: LayerValueConvertible>(
        _ key: String, _ property: ReferenceWritableKeyPath<Root, Value>, animatable: Bool = false,
        angle: Bool = false, aliases: [String] = []
    ) {
        self.init(
            key, aliases: aliases, animatable: animatable, angle: angle, rule: nil,
            enumerationValues: (Value.self as? any StringConstant.Type)?.rawValues,
            get: { $0[keyPath: property].layerValue },
            set: { $0[keyPath: property] = try Value.converting($1, path: $2) })
    }

    /// The number property at `property`, which must also satisfy `rule`.
    package init<Value: LayerValueConvertible & BinaryFloatingPoint>(
        _ key: String, _ property: ReferenceWritableKeyPath<Root, Value>, _ rule: ValueRule,
        animatable: Bool = false, angle: Bool = false, aliases: [String] = []
    ) {
        self.init(
            key, aliases: aliases, animatable: animatable, angle: angle, rule: rule, enumerationValues: nil,
            get: { $0[keyPath: property].layerValue },
            set: { object, value, path in
                switch rule {
                case .nonNegative:
                    object[keyPath: property] = try nonNegative(Value(try value.double(path: path)), path: path)
                case .positive:
                    object[keyPath: property] = try positive(Value(try value.double(path: path)), path: path)
                case .nonNegativeOrInfinity:
                    object[keyPath: property] = Value(try value.doubleOrInfinity(path: path))
                }
            })
    }

    /// The string property at `property` that holds a raw value of `constants` (a Core Animation constant
    /// kept as its raw string, as iOS declares some): only the raw values of `constants` are taken, and
    /// scene files list them as the key's enumeration.
    package init<Constant: StringConstant>(
        _ key: String, _ property: ReferenceWritableKeyPath<Root, String>, constants: Constant.Type,
        animatable: Bool = false, aliases: [String] = []
    ) {
        self.init(
            key, aliases: aliases, animatable: animatable, angle: false, rule: nil,
            enumerationValues: Constant.rawValues, get: { .string($0[keyPath: property]) },
            set: { $0[keyPath: property] = try enumValue(Constant.self, $1, path: $2).rawValue })
    }

    /// The integer property at `property`, which must be ≥ 0 (`rule` is `.nonNegative`).
    package init(
        _ key: String, _ property: ReferenceWritableKeyPath<Root, Int>, _ rule: ValueRule, animatable: Bool = false
    ) {
        precondition(rule == .nonNegative, "an integer key can only be required to be ≥ 0")
        self.init(
            key, aliases: [], animatable: animatable, angle: false, rule: rule, enumerationValues: nil,
            get: { $0[keyPath: property].layerValue },
            set: { $0[keyPath: property] = try nonNegativeInt(try $1.int(path: $2), path: $2) })
    }

    /// A property whose value converts in its own way (`get`, `set`; `set` validates and throws a
    /// `KeyPathError` naming the path), such as the curves of `CAEmitterCell`'s effect extensions.
    package init(
        _ key: String, animatable: Bool = false, rule: ValueRule? = nil, get: @escaping (Root) -> LayerValue,
        set: @escaping (Root, LayerValue, String) throws -> Void
    ) {
        self.init(
            key, aliases: [], animatable: animatable, angle: false, rule: rule, enumerationValues: nil, get: get,
            set: set)
    }

    private init(
        _ key: String, aliases: [String], animatable: Bool, angle: Bool, rule: ValueRule?,
        enumerationValues: [String]?, get: @escaping (Root) -> LayerValue,
        set: @escaping (Root, LayerValue, String) throws -> Void
    ) {
        self.key = key
        self.aliases = aliases
        self.animatable = animatable
        isAngle = angle
        self.rule = rule
        self.enumerationValues = enumerationValues
        self.get = get
        self.set = set
    }
}

extension StringConstant {
    /// The raw strings of `allCases`.
    static var rawValues: [String] { allCases.map(\.rawValue) }
}

// MARK: - Layers

extension CALayer {
    // MARK: Key-value coding as on iOS

    /// The value at `keyPath` as Core Animation returns it: numbers and Booleans as `NSNumber`, geometry as
    /// `CGPoint`, `CGSize`, `CGRect` or `CATransform3D`, colours as `CGColor`, a value stored under a key
    /// no property has (`setValue(_:forKey:)`), or nil for an unknown key path. Key paths are
    /// `"position"`, `"position.x"`, `"transform.rotation.z"`, `"emitterCells.spark.birthRate"`, ….
    public func value(forKeyPath keyPath: String) -> Any? {
        if let v = try? layerValue(forKeyPath: keyPath) { return v.anyValue }
        return userValues[keyPath]
    }

    /// The value of `key`; the same as `value(forKeyPath:)`.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// Sets the value at `keyPath` from a Swift or Foundation value (`0.5`, `NSNumber`, `CGPoint`,
    /// `NSValue(cgPoint:)`, `UIColor.red.cgColor`, …), as Core Animation does: it never throws. A plain key
    /// no property has keeps the value as a user value (layers accept any key); an unknown key path or a
    /// value of the wrong type changes nothing. Either is reported once to `KeyValueDiagnostics`.
    /// `setLayerValue(_:forKeyPath:)` throws instead.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        setValueReporting(
            value, forKeyPath: keyPath, className: "\(type(of: self))", get: { try layerValue(forKeyPath: $0) },
            set: { try setLayerValue($0, forKeyPath: $1) }, store: { userValues[keyPath] = value })
    }

    /// Sets the value of `key`; the same as `setValue(_:forKeyPath:)`.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    // MARK: Typed and throwing

    /// The value at `keyPath`, or a `KeyPathError` naming the problem.
    public func layerValue(forKeyPath keyPath: String) throws -> LayerValue {
        if let special = try specialValue(forKeyPath: keyPath) { return special }
        let accessors = type(of: self).keyAccessors
        if let a = accessors[keyPath] { return a.getter(self) }
        let (base, rest) = splitKeyPath(keyPath)
        guard let rest, let a = accessors[base] else { throw unknownKey(keyPath) }
        return try a.getter(self).subfield(rest, fullPath: keyPath)
    }

    /// Sets the value at `keyPath`. Throws a `KeyPathError` for an unknown key path or a bad value and
    /// then changes nothing.
    public func setLayerValue(_ value: LayerValue, forKeyPath keyPath: String) throws {
        if try setSpecialValue(value, forKeyPath: keyPath) { return }
        let accessors = type(of: self).keyAccessors
        if let a = accessors[keyPath] {
            try a.setter(self, value, keyPath)
            return
        }
        let (base, rest) = splitKeyPath(keyPath)
        guard let rest, let a = accessors[base] else { throw unknownKey(keyPath) }
        let updated = try a.getter(self).settingSubfield(rest, to: value, fullPath: keyPath)
        try a.setter(self, updated, keyPath)
    }

    /// Whether `keyPath` names an animatable property of this layer (sub-fields included).
    public func isAnimatable(keyPath: String) -> Bool {
        let accessors = type(of: self).keyAccessors
        if let a = accessors[keyPath] { return a.animatable }
        if let cellAnimatable = specialAnimatable(keyPath) { return cellAnimatable }
        let (base, rest) = splitKeyPath(keyPath)
        return rest != nil && (accessors[base]?.animatable ?? false) && (try? layerValue(forKeyPath: keyPath)) != nil
    }

    /// Every key this layer's class answers to, sorted.
    public var allKeys: [String] { type(of: self).keyAccessors.keys.sorted() }

    func unknownKey(_ keyPath: String) -> KeyPathError {
        .unknownKey(
            path: keyPath, on: "\(type(of: self))",
            suggestions: closeMatches(for: keyPath, in: type(of: self).keyAccessors.keys))
    }
}

/// The non-throwing setter shared by layers and cells: converts `value` and sets it with `set`; on an error
/// reports it once, and a plain key no property has keeps the value with `store`. `get` reads a key path
/// (it tells an unknown key from a value of the wrong type when `value` cannot be converted).
func setValueReporting(
    _ value: Any?, forKeyPath keyPath: String, className: String,
    get: (String) throws -> LayerValue, set: (LayerValue, String) throws -> Void, store: () -> Void
) {
    do {
        if let converted = LayerValue(any: value) {
            try set(converted, keyPath)
        } else {
            _ = try get(keyPath)
            throw KeyPathError.typeMismatch(
                path: keyPath, expected: "value Core Animation supports", got: "\(type(of: value!))")
        }
    } catch let error as KeyPathError {
        var stored = false
        if case .unknownKey = error, !keyPath.contains(".") {
            store()
            stored = true
        }
        KeyValueDiagnostics.report(KeyValueDiagnostic(error: error, storedAsUserValue: stored), className: className)
    } catch {
        KeyValueDiagnostics.report(
            KeyValueDiagnostic(error: .invalidValue(path: keyPath, message: "\(error)"), storedAsUserValue: false),
            className: className)
    }
}

/// Splits `"a.b.c"` into `("a", "b.c")`; `("a", nil)` when there is no dot.
func splitKeyPath(_ path: String) -> (String, String?) {
    guard let dot = path.firstIndex(of: ".") else { return (path, nil) }
    return (String(path[..<dot]), String(path[path.index(after: dot)...]))
}

// MARK: - Sub-fields ("position.x", "bounds.size.width", "transform.rotation.z")

extension LayerValue {
    /// The sub-field at `path` of this value.
    public func subfield(_ path: String, fullPath: String) throws -> LayerValue {
        switch (self, path) {
        case (.point(let p), "x"): return .number(Double(p.x))
        case (.point(let p), "y"): return .number(Double(p.y))
        case (.size(let s), "width"): return .number(Double(s.width))
        case (.size(let s), "height"): return .number(Double(s.height))
        case (.rect(let r), "origin"): return .point(r.origin)
        case (.rect(let r), "size"): return .size(r.size)
        case (.rect(let r), "origin.x"): return .number(Double(r.origin.x))
        case (.rect(let r), "origin.y"): return .number(Double(r.origin.y))
        case (.rect(let r), "size.width"): return .number(Double(r.size.width))
        case (.rect(let r), "size.height"): return .number(Double(r.size.height))
        case (.transform(let t), _):
            let c = TransformComponents(t)
            switch path {
            case "rotation", "rotation.z": return .number(Double(c.rotation.z))
            case "rotation.x": return .number(Double(c.rotation.x))
            case "rotation.y": return .number(Double(c.rotation.y))
            case "scale": return .number(Double((c.scale.x + c.scale.y + c.scale.z) / 3))
            case "scale.x": return .number(Double(c.scale.x))
            case "scale.y": return .number(Double(c.scale.y))
            case "scale.z": return .number(Double(c.scale.z))
            case "translation": return .size(CGSize(width: c.translation.x, height: c.translation.y))
            case "translation.x": return .number(Double(c.translation.x))
            case "translation.y": return .number(Double(c.translation.y))
            case "translation.z": return .number(Double(c.translation.z))
            default: break
            }
        default: break
        }
        throw KeyPathError.unknownKey(path: fullPath, on: "a \(kind) value", suggestions: [])
    }

    /// This value with the sub-field at `path` replaced by `value`.
    public func settingSubfield(_ path: String, to value: LayerValue, fullPath: String) throws -> LayerValue {
        func n() throws -> CGFloat { try value.cgFloat(path: fullPath) }
        switch (self, path) {
        case (.point(var p), "x"):
            p.x = try n()
            return .point(p)
        case (.point(var p), "y"):
            p.y = try n()
            return .point(p)
        case (.size(var s), "width"):
            s.width = try n()
            return .size(s)
        case (.size(var s), "height"):
            s.height = try n()
            return .size(s)
        case (.rect(var r), "origin"):
            r.origin = try value.point(path: fullPath)
            return .rect(r)
        case (.rect(var r), "size"):
            r.size = try value.size(path: fullPath)
            return .rect(r)
        case (.rect(var r), "origin.x"):
            r.origin.x = try n()
            return .rect(r)
        case (.rect(var r), "origin.y"):
            r.origin.y = try n()
            return .rect(r)
        case (.rect(var r), "size.width"):
            r.size.width = try n()
            return .rect(r)
        case (.rect(var r), "size.height"):
            r.size.height = try n()
            return .rect(r)
        case (.transform(let t), _):
            var c = TransformComponents(t)
            switch path {
            case "rotation", "rotation.z": c.rotation.z = try n()
            case "rotation.x": c.rotation.x = try n()
            case "rotation.y": c.rotation.y = try n()
            case "scale":
                let s = try n()
                c.scale = (s, s, s)
            case "scale.x": c.scale.x = try n()
            case "scale.y": c.scale.y = try n()
            case "scale.z": c.scale.z = try n()
            case "translation":
                let p: CGPoint
                if case .size(let s) = value {
                    p = CGPoint(x: s.width, y: s.height)
                } else {
                    p = try value.point(path: fullPath)
                }
                c.translation.x = p.x
                c.translation.y = p.y
            case "translation.x": c.translation.x = try n()
            case "translation.y": c.translation.y = try n()
            case "translation.z": c.translation.z = try n()
            default: throw KeyPathError.unknownKey(path: fullPath, on: "a transform value", suggestions: [])
            }
            return .transform(c.transform)
        default:
            throw KeyPathError.unknownKey(path: fullPath, on: "a \(kind) value", suggestions: [])
        }
    }
}

// MARK: - Conversions with validation

extension LayerValue {
    func mismatch(_ path: String, _ expected: String) -> KeyPathError {
        .typeMismatch(path: path, expected: expected, got: kind)
    }

    /// A finite number as CGFloat.
    public func cgFloat(path: String) throws -> CGFloat { CGFloat(try double(path: path)) }

    /// A finite number as Float.
    public func float(path: String) throws -> Float { Float(try double(path: path)) }

    /// A finite number as Double.
    public func double(path: String) throws -> Double {
        guard let v = number else { throw mismatch(path, "number") }
        guard v.isFinite else {
            throw KeyPathError.invalidValue(path: path, message: "expected a finite number, got \(v)")
        }
        return v
    }

    /// A number that may be +infinity (repeatCount, repeatDuration), not NaN and not negative.
    public func doubleOrInfinity(path: String) throws -> Double {
        guard let v = number else { throw mismatch(path, "number") }
        guard !v.isNaN, v >= 0 else {
            throw KeyPathError.invalidValue(path: path, message: "expected a number ≥ 0 or infinity, got \(v)")
        }
        return v
    }

    /// A number that may be +infinity, as Float.
    public func floatOrInfinity(path: String) throws -> Float { Float(try doubleOrInfinity(path: path)) }

    /// An integer.
    public func int(path: String) throws -> Int {
        let v = try double(path: path)
        guard v.rounded() == v, abs(v) < 9.0e15 else {
            throw KeyPathError.invalidValue(path: path, message: "expected an integer, got \(v)")
        }
        return Int(v)
    }

    /// A 32-bit unsigned integer (seeds).
    public func uint32(path: String) throws -> UInt32 {
        let v = try int(path: path)
        guard v >= 0, v <= Int(UInt32.max) else {
            throw KeyPathError.invalidValue(path: path, message: "expected an integer in 0…\(UInt32.max), got \(v)")
        }
        return UInt32(v)
    }

    /// A Boolean.
    public func bool(path: String) throws -> Bool {
        if case .bool(let b) = self { return b }
        throw mismatch(path, "bool")
    }

    /// A point with finite coordinates.
    public func point(path: String) throws -> CGPoint {
        guard case .point(let p) = self else { throw mismatch(path, "point") }
        guard p.x.isFinite, p.y.isFinite else {
            throw KeyPathError.invalidValue(path: path, message: "point must be finite")
        }
        return p
    }

    /// A size with finite components.
    public func size(path: String) throws -> CGSize {
        guard case .size(let s) = self else { throw mismatch(path, "size") }
        guard s.width.isFinite, s.height.isFinite else {
            throw KeyPathError.invalidValue(path: path, message: "size must be finite")
        }
        return s
    }

    /// A rectangle with finite components.
    public func rect(path: String) throws -> CGRect {
        guard case .rect(let r) = self else { throw mismatch(path, "rect") }
        guard [r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy(\.isFinite) else {
            throw KeyPathError.invalidValue(path: path, message: "rect must be finite")
        }
        return r
    }

    /// A transform with finite entries.
    public func transform(path: String) throws -> CATransform3D {
        guard case .transform(let t) = self else { throw mismatch(path, "transform") }
        guard t.isFinite else { throw KeyPathError.invalidValue(path: path, message: "transform must be finite") }
        return t
    }

    /// A colour.
    public func color(path: String) throws -> CGColor {
        guard case .color(let c) = self else { throw mismatch(path, "color") }
        guard [c.red, c.green, c.blue, c.alpha].allSatisfy(\.isFinite) else {
            throw KeyPathError.invalidValue(path: path, message: "color components must be finite")
        }
        return c
    }

    /// A colour or nil.
    public func optionalColor(path: String) throws -> CGColor? {
        if case .none = self { return nil }
        return try color(path: path)
    }

    /// An image or nil.
    public func optionalImage(path: String) throws -> CGImage? {
        switch self {
        case .none: return nil
        case .image(let i): return i
        default: throw mismatch(path, "image")
        }
    }

    /// A path or nil.
    public func optionalPath(path: String) throws -> CGPath? {
        switch self {
        case .none: return nil
        case .path(let p): return p
        default: throw mismatch(path, "path")
        }
    }

    /// A string.
    public func string(path: String) throws -> String {
        if case .string(let s) = self { return s }
        throw mismatch(path, "string")
    }

    /// A string or nil.
    public func optionalString(path: String) throws -> String? {
        if case .none = self { return nil }
        return try string(path: path)
    }

    /// A list of colours or nil.
    public func optionalColors(path: String) throws -> [CGColor]? {
        switch self {
        case .none: return nil
        case .colors(let c): return c
        default: throw mismatch(path, "list of colors")
        }
    }

    /// A list of finite numbers or nil.
    public func optionalNumbers(path: String) throws -> [CGFloat]? {
        switch self {
        case .none: return nil
        case .numbers(let n):
            guard n.allSatisfy(\.isFinite) else {
                throw KeyPathError.invalidValue(path: path, message: "numbers must be finite")
            }
            return n.map { CGFloat($0) }
        default: throw mismatch(path, "list of numbers")
        }
    }

    /// A corner mask from its raw bits (0…15).
    public func cornerMask(path: String) throws -> CACornerMask {
        let v = try int(path: path)
        guard (0...15).contains(v) else {
            throw KeyPathError.invalidValue(path: path, message: "corner mask bits must be 0…15, got \(v)")
        }
        return CACornerMask(rawValue: UInt(v))
    }
}

/// A string constant from its raw value, with the allowed values in the error.
func enumValue<T: StringConstant>(_ type: T.Type, _ value: LayerValue, path: String) throws -> T {
    let raw = try value.string(path: path)
    guard let v = T.known(raw) else {
        throw KeyPathError.invalidValue(
            path: path,
            message:
                "expected one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \"\(raw)\"")
    }
    return v
}

/// Passes a number > 0.
func positive<T: BinaryFloatingPoint>(_ v: T, path: String) throws -> T {
    guard v > 0 else { throw KeyPathError.invalidValue(path: path, message: "expected a number > 0, got \(v)") }
    return v
}

/// Passes a number ≥ 0.
func nonNegative<T: BinaryFloatingPoint>(_ v: T, path: String) throws -> T {
    guard v >= 0 else { throw KeyPathError.invalidValue(path: path, message: "expected a number ≥ 0, got \(v)") }
    return v
}

/// Passes an integer ≥ 0.
func nonNegativeInt(_ v: Int, path: String) throws -> Int {
    guard v >= 0 else { throw KeyPathError.invalidValue(path: path, message: "expected an integer ≥ 0, got \(v)") }
    return v
}
