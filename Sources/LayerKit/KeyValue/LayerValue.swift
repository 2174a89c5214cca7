import Foundation

/// A property value of any type a layer, an emitter cell or an animation can hold.
///
/// Key-value access (`value(forKeyPath:)`, `setValue(_:forKeyPath:)`), animations and scene files all
/// speak this type, so that a key path such as `"position.x"` or `"emitterCells.spark.birthRate"` can be
/// read, written and interpolated without knowing the concrete property.
public enum LayerValue: Equatable, @unchecked Sendable, CustomStringConvertible {
    /// No value (`nil` in Core Animation).
    case none
    /// A scalar: CGFloat, Float, Double, Int, time intervals, angles in radians.
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// A point in points.
    case point(CGPoint)
    /// A size in points.
    case size(CGSize)
    /// A rectangle in points (or unit coordinates for contentsRect/contentsCenter).
    case rect(CGRect)
    /// A 3D transform.
    case transform(CATransform3D)
    /// A colour.
    case color(CGColor)
    /// A list of colours (CAGradientLayer.colors).
    case colors([CGColor])
    /// A list of numbers (CAGradientLayer.locations, CAShapeLayer.lineDashPattern).
    case numbers([Double])
    /// An image (contents).
    case image(CGImage)
    /// A path (CAShapeLayer.path, shadowPath).
    case path(CGPath)
    /// A string (names, enum raw values, CATextLayer.string).
    case string(String)

    /// The scalar, if this is a number (or a Boolean as 0/1).
    public var number: Double? {
        switch self {
        case .number(let v): return v
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// A short name of the case, for error messages ("number", "point", …).
    public var kind: String {
        switch self {
        case .none: return "nil"
        case .number: return "number"
        case .bool: return "bool"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .transform: return "transform"
        case .color: return "color"
        case .colors: return "colors"
        case .numbers: return "numbers"
        case .image: return "image"
        case .path: return "path"
        case .string: return "string"
        }
    }

    /// A textual description.
    public var description: String {
        switch self {
        case .none: return "nil"
        case .number(let v): return "\(v)"
        case .bool(let b): return "\(b)"
        case .point(let p): return "\(p)"
        case .size(let s): return "\(s)"
        case .rect(let r): return "\(r)"
        case .transform(let t): return "\(t)"
        case .color(let c): return "\(c)"
        case .colors(let c): return "\(c)"
        case .numbers(let n): return "\(n)"
        case .image(let i): return "\(i)"
        case .path: return "CGPath"
        case .string(let s): return "\"\(s)\""
        }
    }

    /// Converts a value as Core Animation code passes it to `setValue(_:forKeyPath:)`, `fromValue`, `toValue`
    /// or `values`: Swift numbers, `Bool`, `NSNumber`, `CGPoint`, `CGSize`, `CGRect`, `CATransform3D`,
    /// `CGAffineTransform`, `NSValue` holding one of those (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`),
    /// `CGColor`, `UIColor`, images, paths, strings and arrays of colours or numbers. Nil for anything else.
    public init?(any value: Any?) {
        guard let value else {
            self = .none
            return
        }
        // Foundation objects first: casting one to Double would turn an NSNumber holding a BOOL into 1.
        if type(of: value) is NSValue.Type, let object = value as? NSValue {
            if let number = object as? NSNumber {
                self = LayerValue(number: number)
                return
            }
            guard let decoded = LayerValue(nsValue: object) else { return nil }
            self = decoded
            return
        }
        switch value {
        case let v as LayerValue: self = v
        case let v as Double: self = .number(v)
        case let v as CGFloat: self = .number(Double(v))
        case let v as Float: self = .number(Double(v))
        case let v as Bool: self = .bool(v)
        case let v as any BinaryInteger:
            guard let d = Double(exactly: v) else { return nil }
            self = .number(d)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(v))
        case let v as CGColor: self = .color(v)
        case let v as UIColor: self = .color(v.cgColor)
        case let v as CGImage: self = .image(v)
        case let v as CGPath: self = .path(v)
        case let v as String: self = .string(v)
        case let v as [CGColor]: self = .colors(v)
        case let v as [Double]: self = .numbers(v)
        case let v as [CGFloat]: self = .numbers(v.map(Double.init))
        case let v as [Any]:
            guard let list = LayerValue(list: v) else { return nil }
            self = list
        default: return nil
        }
    }

    /// An `NSNumber` as a number, or as a Boolean when it holds one (Objective-C's `BOOL` type `c`).
    private init(number: NSNumber) {
        self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
    }

    /// The geometry an `NSValue` holds, by its Objective-C type: a point, a size or a rectangle (UIKit's
    /// `NSValue(cgPoint:)` …), 16 doubles (`NSValue(caTransform3D:)`) or 6 (`NSValue(cgAffineTransform:)`).
    private init?(nsValue value: NSValue) {
        let type = String(cString: value.objCType)
        if type.hasPrefix("{CGPoint") {
            self = .point(value.pointValue)
        } else if type.hasPrefix("{CGSize") {
            self = .size(value.sizeValue)
        } else if type.hasPrefix("{CGRect") {
            self = .rect(value.rectValue)
        } else if type == NSValue.transform3DType {
            self = .transform(value.caTransform3DValue)
        } else if type == NSValue.affineTransformType {
            var m = [Double](repeating: 0, count: 6)
            m.withUnsafeMutableBytes { value.getValue($0.baseAddress!) }
            self = .transform(
                CATransform3DMakeAffineTransform(
                    CGAffineTransform(
                        a: CGFloat(m[0]), b: CGFloat(m[1]), c: CGFloat(m[2]), d: CGFloat(m[3]), tx: CGFloat(m[4]),
                        ty: CGFloat(m[5]))))
        } else {
            return nil
        }
    }

    /// A list of colours (`CGColor`, `UIColor`) or of numbers (`NSNumber`, Swift numbers); nil when mixed.
    private init?(list: [Any]) {
        var colors: [CGColor] = []
        var numbers: [Double] = []
        for element in list {
            switch LayerValue(any: element) {
            case .color(let c)?: colors.append(c)
            case .number(let n)?: numbers.append(n)
            default: return nil
            }
        }
        if numbers.isEmpty {
            self = .colors(colors)
        } else if colors.isEmpty {
            self = .numbers(numbers)
        } else {
            return nil
        }
    }

    /// The value as Core Animation's `value(forKeyPath:)` returns it: nil for `.none`, `NSNumber` for numbers
    /// and Booleans, `[NSNumber]` for lists of numbers, the Swift value for everything else.
    ///
    /// On Linux an `NSNumber` casts with `as? Double`, `as? Float`, `as? Int` and `as? Bool` but not
    /// `as? CGFloat`; read `(value as? NSNumber)?.doubleValue` where Apple's code casts to CGFloat.
    public var anyValue: Any? {
        switch self {
        case .none: return nil
        case .number(let v): return NSNumber(value: v)
        case .bool(let b): return NSNumber(value: b)
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let t): return t
        case .color(let c): return c
        case .colors(let c): return c
        case .numbers(let n): return n.map { NSNumber(value: $0) }
        case .image(let i): return i
        case .path(let p): return p
        case .string(let s): return s
        }
    }

    /// Value equality; images and paths compare by identity and by elements respectively.
    public static func == (lhs: LayerValue, rhs: LayerValue) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): return true
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.point(let a), .point(let b)): return a == b
        case (.size(let a), .size(let b)): return a == b
        case (.rect(let a), .rect(let b)): return a == b
        case (.transform(let a), .transform(let b)): return a == b
        case (.color(let a), .color(let b)): return a == b
        case (.colors(let a), .colors(let b)): return a == b
        case (.numbers(let a), .numbers(let b)): return a == b
        case (.image(let a), .image(let b)): return a === b
        case (.path(let a), .path(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        default: return false
        }
    }
}

/// Why a key path cannot be read or written.
public enum KeyPathError: Error, Equatable, CustomStringConvertible {
    /// No property of that name on that kind of object. `suggestions` are close names.
    case unknownKey(path: String, on: String, suggestions: [String])
    /// The value has the wrong type for the property.
    case typeMismatch(path: String, expected: String, got: String)
    /// The value is outside the property's range (non-finite, negative, …).
    case invalidValue(path: String, message: String)
    /// `emitterCells.<name>` names no cell.
    case unknownCell(path: String, name: String)

    /// A message that names the key path and the fix.
    public var description: String {
        switch self {
        case .unknownKey(let path, let on, let s):
            return "unknown key path '\(path)' on \(on)" + (s.isEmpty ? "" : " (did you mean '\(s[0])'?)")
        case .typeMismatch(let path, let e, let g): return "'\(path)' expects a \(e), got a \(g)"
        case .invalidValue(let path, let m): return "'\(path)': \(m)"
        case .unknownCell(let path, let name): return "'\(path)': no emitter cell named '\(name)'"
        }
    }
}

// MARK: - Suggestions

/// Names within a small edit distance of `word`, best first: the "did you mean" of error messages.
package func closeMatches(for word: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
    // Names are short: a word this long matches nothing, and the distance would cost its length squared.
    guard word.utf8.count <= 1024 else { return [] }
    let w = Array(word.lowercased())
    func distance(_ s: String) -> Int {
        let t = Array(s.lowercased())
        if w.isEmpty { return t.count }
        if t.isEmpty { return w.count }
        var prev = Array(0...t.count)
        var cur = [Int](repeating: 0, count: t.count + 1)
        for i in 1...w.count {
            cur[0] = i
            for j in 1...t.count {
                let substitution = prev[j - 1] + (w[i - 1] == t[j - 1] ? 0 : 1)
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, substitution)
            }
            swap(&prev, &cur)
        }
        return prev[t.count]
    }
    let threshold = max(2, w.count / 3)
    var scored: [(name: String, distance: Int)] = []
    for candidate in candidates {
        // The distance is at least the difference in length.
        if abs(candidate.count - w.count) > threshold { continue }
        let d = distance(candidate)
        if d <= threshold { scored.append((candidate, d)) }
    }
    scored.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.name < b.name }
    return Array(scored.prefix(limit).map { $0.name })
}
