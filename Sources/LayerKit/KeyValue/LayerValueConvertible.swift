import Foundation

// MARK: - Property values as key-value coding sees them

/// A Swift type that layer and cell properties hold, with its `LayerValue` and the checked conversion
/// back: the one place that says how a `CGRect` or a `CGColor?` is read and written by key-value coding,
/// animations and scene files. Property descriptions (`KeyDescription`) use it, so a property of a type
/// that already conforms needs no conversion code of its own.
package protocol LayerValueConvertible {
    /// The value as key-value coding returns it.
    var layerValue: LayerValue { get }
    /// Converts `value`, or throws a `KeyPathError` naming `path` (the full key path) when it has the
    /// wrong type or is not finite.
    static func converting(_ value: LayerValue, path: String) throws -> Self
}

// MARK: - Numbers and Booleans

extension Bool: LayerValueConvertible {
    package var layerValue: LayerValue { .bool(self) }
    package static func converting(_ value: LayerValue, path: String) throws -> Bool { try value.bool(path: path) }
}

extension Double: LayerValueConvertible {
    package var layerValue: LayerValue { .number(self) }
    package static func converting(_ value: LayerValue, path: String) throws -> Double {
        try value.double(path: path)
    }
}

extension Float: LayerValueConvertible {
    package var layerValue: LayerValue { .number(Double(self)) }
    package static func converting(_ value: LayerValue, path: String) throws -> Float { try value.float(path: path) }
}

extension CGFloat: LayerValueConvertible {
    package var layerValue: LayerValue { .number(Double(self)) }
    package static func converting(_ value: LayerValue, path: String) throws -> CGFloat {
        try value.cgFloat(path: path)
    }
}

extension Int: LayerValueConvertible {
    package var layerValue: LayerValue { .number(Double(self)) }
    package static func converting(_ value: LayerValue, path: String) throws -> Int { try value.int(path: path) }
}

extension UInt32: LayerValueConvertible {
    package var layerValue: LayerValue { .number(Double(self)) }
    package static func converting(_ value: LayerValue, path: String) throws -> UInt32 {
        try value.uint32(path: path)
    }
}

// MARK: - Geometry

extension CGPoint: LayerValueConvertible {
    package var layerValue: LayerValue { .point(self) }
    package static func converting(_ value: LayerValue, path: String) throws -> CGPoint {
        try value.point(path: path)
    }
}

extension CGSize: LayerValueConvertible {
    package var layerValue: LayerValue { .size(self) }
    package static func converting(_ value: LayerValue, path: String) throws -> CGSize { try value.size(path: path) }
}

extension CGRect: LayerValueConvertible {
    package var layerValue: LayerValue { .rect(self) }
    package static func converting(_ value: LayerValue, path: String) throws -> CGRect { try value.rect(path: path) }
}

extension CATransform3D: LayerValueConvertible {
    package var layerValue: LayerValue { .transform(self) }
    package static func converting(_ value: LayerValue, path: String) throws -> CATransform3D {
        try value.transform(path: path)
    }
}

extension CACornerMask: LayerValueConvertible {
    package var layerValue: LayerValue { .number(Double(rawValue)) }
    package static func converting(_ value: LayerValue, path: String) throws -> CACornerMask {
        try value.cornerMask(path: path)
    }
}

// MARK: - Colours and strings

extension CGColor: LayerValueConvertible {
    package var layerValue: LayerValue { .color(self) }
    package static func converting(_ value: LayerValue, path: String) throws -> CGColor {
        try value.color(path: path)
    }
}

extension String: LayerValueConvertible {
    package var layerValue: LayerValue { .string(self) }
    package static func converting(_ value: LayerValue, path: String) throws -> String {
        try value.string(path: path)
    }
}

// MARK: - Enumerations

/// Core Animation's string constants are their raw string; a string that is not one of `allCases` is
/// refused with the list of allowed values.
extension LayerValueConvertible where Self: StringConstant {
    package var layerValue: LayerValue { .string(rawValue) }
    package static func converting(_ value: LayerValue, path: String) throws -> Self {
        try enumValue(Self.self, value, path: path)
    }
}

extension CALayerContentsGravity: LayerValueConvertible {}
extension CALayerContentsFilter: LayerValueConvertible {}
extension CAMediaTimingFillMode: LayerValueConvertible {}
extension CAEmitterLayerEmitterShape: LayerValueConvertible {}
extension CAEmitterLayerEmitterMode: LayerValueConvertible {}
extension CAEmitterLayerRenderMode: LayerValueConvertible {}
extension CAEmitterRangeSemantics: LayerValueConvertible {}
extension CAGradientLayerType: LayerValueConvertible {}
extension CAShapeLayerFillRule: LayerValueConvertible {}
extension CAShapeLayerLineCap: LayerValueConvertible {}
extension CAShapeLayerLineJoin: LayerValueConvertible {}
extension CATextLayerAlignmentMode: LayerValueConvertible {}
extension CATextLayerTruncationMode: LayerValueConvertible {}
extension CAScrollLayerScrollMode: LayerValueConvertible {}

// MARK: - Optionals

/// A type whose optional is a property value (`CGColor?`, `String?`, `CGFloat?`, `CGImage?`, `CGPath?`,
/// `[CGColor]?`, `[CGFloat]?`): `LayerValue.none` is nil, anything else the wrapped value.
package protocol OptionalLayerValue {
    /// The value (never `.none`).
    var wrappedLayerValue: LayerValue { get }
    /// Converts a value that is not `.none`, or throws a `KeyPathError` naming `path`.
    static func convertingWrapped(_ value: LayerValue, path: String) throws -> Self
}

extension Optional: LayerValueConvertible where Wrapped: OptionalLayerValue {
    package var layerValue: LayerValue { map(\.wrappedLayerValue) ?? .none }
    package static func converting(_ value: LayerValue, path: String) throws -> Wrapped? {
        if case .none = value { return nil }
        return try Wrapped.convertingWrapped(value, path: path)
    }
}

extension OptionalLayerValue where Self: LayerValueConvertible {
    package var wrappedLayerValue: LayerValue { layerValue }
    package static func convertingWrapped(_ value: LayerValue, path: String) throws -> Self {
        try converting(value, path: path)
    }
}

extension CGColor: OptionalLayerValue {}
extension String: OptionalLayerValue {}
extension CGFloat: OptionalLayerValue {}

extension CGImage: OptionalLayerValue {
    package var wrappedLayerValue: LayerValue { .image(self) }
    package static func convertingWrapped(_ value: LayerValue, path: String) throws -> CGImage {
        guard case .image(let image) = value else { throw value.mismatch(path, "image") }
        return image
    }
}

extension CGPath: OptionalLayerValue {
    package var wrappedLayerValue: LayerValue { .path(self) }
    package static func convertingWrapped(_ value: LayerValue, path: String) throws -> Self {
        // A path value is a CGPath (or a CGMutablePath); properties hold `CGPath?`.
        guard case .path(let p) = value, let typed = p as? Self else { throw value.mismatch(path, "path") }
        return typed
    }
}

extension Array: OptionalLayerValue where Element: LayerValueListElement {
    package var wrappedLayerValue: LayerValue { Element.list(self) }
    package static func convertingWrapped(_ value: LayerValue, path: String) throws -> [Element] {
        try Element.elements(of: value, path: path)
    }
}

/// An element of a list property: colours (`CAGradientLayer.colors`) or numbers (`locations`,
/// `lineDashPattern`).
package protocol LayerValueListElement {
    /// The list as a value.
    static func list(_ elements: [Self]) -> LayerValue
    /// The elements of a list value, or a `KeyPathError` naming `path`.
    static func elements(of value: LayerValue, path: String) throws -> [Self]
}

extension CGColor: LayerValueListElement {
    package static func list(_ elements: [CGColor]) -> LayerValue { .colors(elements) }
    package static func elements(of value: LayerValue, path: String) throws -> [CGColor] {
        try value.optionalColors(path: path) ?? []
    }
}

extension CGFloat: LayerValueListElement {
    package static func list(_ elements: [CGFloat]) -> LayerValue { .numbers(elements.map(Double.init)) }
    package static func elements(of value: LayerValue, path: String) throws -> [CGFloat] {
        try value.optionalNumbers(path: path) ?? []
    }
}
