import Foundation
import LayerKit

/// What a key of a scene file holds, as far as the file's form goes: the value formats of
/// docs/SceneFormat.md ("Value formats") and the sections that nest. `SceneSchema` turns shapes into a
/// JSON Schema, and `SceneFormatter` follows them to find the section of every object it orders.
///
/// The shapes of layer and cell properties come from `PropertyCatalog`, the table the decoder reads
/// them with; the shapes of the other sections' keys are listed in `SceneShapes`.
indirect enum ValueShape: Equatable {
    /// A number satisfying `rule`; `angle` also accepts `"90deg"`, `"0.5pi"`, `"1.2rad"`; `infinity` also
    /// accepts `"infinity"`.
    case number(NumberRule, angle: Bool = false, infinity: Bool = false)
    /// An integer in a range.
    case integer(ClosedRange<Int>)
    /// `true` or `false`.
    case bool
    /// A string (`nonEmpty`: at least one character).
    case string(nonEmpty: Bool = false)
    /// One of these strings.
    case oneOf([String])
    /// `[x, y]`; `orZ` also accepts `[x, y, z]`.
    case point(orZ: Bool = false)
    /// `[dx, dy]`.
    case vector
    /// `[width, height]`, each satisfying the rule.
    case size(NumberRule)
    /// `[x, y, width, height]`; `nonNegativeSize` refuses a negative width or height.
    case rect(nonNegativeSize: Bool)
    /// A colour.
    case color
    /// A list of colours.
    case colors
    /// A list of numbers, each satisfying the rule.
    case numbers(NumberRule)
    /// A transform: a list of operations or `{"matrix": […]}`.
    case transform
    /// A path: SVG path data or a path object.
    case path
    /// An image: a relative PNG path or `"builtin:<name>"`.
    case image
    /// A curve over a particle's life: stops `[[t, value], …]` (colours when `color`), or an object with
    /// `stops` and `interpolation`.
    case curve(color: Bool)
    /// A timing function: a name or `[x1, y1, x2, y2]`.
    case timingFunction
    /// A value of whatever an animated key path holds (checked against the key path by the loader).
    case anyValue
    /// The value or `null`.
    case optional(ValueShape)
    /// An object of the section (a name of `SceneKeyTables.sections`).
    case section(String)
    /// A layer object: its keys depend on its `"type"`.
    case layer
    /// A list of values of a shape.
    case list(ValueShape)
    /// An object whose keys are free names (animations by key) and whose values have a shape.
    case map(ValueShape)
}

// MARK: - Shapes of every key

/// The shape of every key of every section: layer and cell properties from `PropertyCatalog`, the
/// structural keys and the other sections listed here. A test checks that every key the loader
/// accepts has a shape.
enum SceneShapes {
    /// The shape of `key` in `section`, or nil when the section has no such key.
    static func shape(of key: String, in section: String) -> ValueShape? {
        if let kind = LayerKind(rawValue: section) { return layerShape(of: key, kind: kind) }
        if section == "emitterCell" { return cellShape(of: key) }
        return tables[section]?[key]
    }

    /// The shape of `key` in a layer of `kind` (common keys included).
    static func layerShape(of key: String, kind: LayerKind) -> ValueShape? {
        switch key {
        case "type": return .oneOf(LayerKind.allCases.map(\.rawValue))
        case "frame": return .rect(nonNegativeSize: true)
        case "sublayers": return .list(.layer)
        case "mask": return .layer
        case "animations": return .map(.section("animation"))
        case "body": return .section("body")
        case "emitterCells" where kind == .emitter: return .list(.section("emitterCell"))
        case "gradientType" where kind == .gradient:
            return PropertyCatalog.layerProperties[kind]?["type"].map(propertyShape)
        case "type" where kind == .gradient: return nil
        default: return PropertyCatalog.layerProperties[kind]?[key].map(propertyShape)
        }
    }

    /// The shape of `key` in an emitter cell.
    static func cellShape(of key: String) -> ValueShape? {
        switch key {
        case "emitterCells": return .list(.section("emitterCell"))
        case "physics": return .section("cellPhysics")
        case "trail": return .section("cellTrail")
        case "birthCells", "deathCells": return .list(.string(nonEmpty: true))
        default: return PropertyCatalog.cellProperties[key].map(propertyShape)
        }
    }

    /// The shape of a property the decoder reads through `PropertyCatalog`.
    static func propertyShape(_ info: PropertyInfo) -> ValueShape {
        let shape: ValueShape
        switch info.kind {
        case .number:
            let rule = info.rule ?? info.lowerBound ?? .any
            if info.isInteger {
                switch rule {
                case .range(let a, let b): shape = .integer(Int(a)...Int(b))
                case .nonNegative: shape = .integer(0...Int(DecodingContext.largestNumber))
                case .positive: shape = .integer(1...Int(DecodingContext.largestNumber))
                default:
                    shape = .integer(-Int(DecodingContext.largestNumber)...Int(DecodingContext.largestNumber))
                }
            } else {
                shape = .number(rule, angle: info.isAngle, infinity: info.acceptsInfinity)
            }
        case .bool: shape = .bool
        case .point: shape = .point(orZ: info.zKey != nil)
        case .size: shape = .size(.any)
        case .rect: shape = .rect(nonNegativeSize: info.key == "bounds")
        case .transform: shape = .transform
        case .color: shape = .color
        case .colors: shape = .colors
        case .numbers:
            shape = .numbers(info.key == "locations" ? .unit : info.key == "lineDashPattern" ? .nonNegative : .any)
        case .image: shape = .image
        case .path: shape = .path
        case .valueCurve: shape = .curve(color: false)
        case .colorCurve: shape = .curve(color: true)
        case .flipbook: shape = .section("contentsFrames")
        case .string:
            if info.isEnumeration, let allowed = PropertyCatalog.enumerationValues[info.key] {
                shape = .oneOf(allowed)
            } else {
                shape = .string()
            }
        }
        return info.isOptional ? .optional(shape) : shape
    }

    // MARK: - The other sections

    /// Bit masks and seeds: 32-bit unsigned integers.
    private static let uint32 = ValueShape.integer(0...Int(UInt32.max))

    /// The shapes of the sections that are not layers or cells, as their decoders read them.
    static let tables: [String: [String: ValueShape]] = [
        "scene": [
            "$schema": .string(nonEmpty: true), "schemaVersion": .integer(1...SceneLoader.schemaVersion),
            "description": .string(),
            "display": .section("display"), "layers": .list(.layer), "physics": .section("physics"),
            "fields": .list(.section("field")), "constraints": .list(.section("constraint")),
            "interaction": .section("interaction"),
        ],
        "display": [
            "size": .size(.range(1, 16_384)), "backgroundColor": .color,
            "framesPerSecond": .number(.above(0, upTo: 1000)),
        ],
        "cellTrail": [
            "duration": .number(.positive), "length": .number(.positive), "width": .number(.nonNegative),
            "widthOverTrail": .curve(color: false), "colorOverTrail": .curve(color: true), "drawsParticle": .bool,
            "maxPoints": .integer(0...ParticleTrail.maxPointsCeiling),
        ],
        "cellPhysics": [
            "mode": .oneOf(CellPhysicsDescription.Mode.allCases.map(\.rawValue)), "elasticity": .number(.nonNegative),
            "friction": .number(.nonNegative), "radius": .number(.positive),
            "onContact": .oneOf(CellPhysicsDescription.ContactResponse.allCases.map(\.rawValue)),
            "contactCells": .list(.string(nonEmpty: true)), "contactBurst": .integer(1...100_000),
            "mass": .number(.positive), "maxBodies": .integer(1...100_000), "categories": uint32, "mask": uint32,
        ],
        "contentsFrames": [
            "columns": .integer(ParticleFlipbook.gridLimits), "rows": .integer(ParticleFlipbook.gridLimits),
            "frameCount": .integer(1...4096), "framesPerSecond": .number(.range(0, 1000)), "overLife": .bool,
            "loop": .bool, "randomStartFrame": .bool,
        ],
        "animation": [
            "type": .oneOf(AnimationDescription.Kind.allCases.map(\.rawValue)), "keyPath": .string(nonEmpty: true),
            "fromValue": .anyValue, "toValue": .anyValue, "byValue": .anyValue, "values": .list(.anyValue),
            "path": .path, "keyTimes": .numbers(.unit), "timingFunctions": .list(.timingFunction),
            "calculationMode": .oneOf(AnimationDescription.CalculationMode.allCases.map(\.rawValue)),
            "rotationMode": .oneOf(AnimationDescription.RotationMode.allCases.map(\.rawValue)),
            "tensionValues": .numbers(.any), "continuityValues": .numbers(.any), "biasValues": .numbers(.any),
            "timingFunction": .timingFunction, "isAdditive": .bool, "additive": .bool, "isCumulative": .bool,
            "cumulative": .bool, "isRemovedOnCompletion": .bool, "removedOnCompletion": .bool,
            "beginTime": .number(.any), "duration": .number(.nonNegative, infinity: true),
            "speed": .number(.any), "timeOffset": .number(.any),
            "repeatCount": .number(.nonNegative, infinity: true),
            "repeatDuration": .number(.nonNegative, infinity: true),
            "autoreverses": .bool, "fillMode": .oneOf(CAMediaTimingFillMode.allCases.map(\.rawValue)),
            "mass": .number(.positive), "stiffness": .number(.positive), "damping": .number(.nonNegative),
            "initialVelocity": .number(.any), "animations": .list(.section("animation")),
            "transitionType": .oneOf(AnimationDescription.TransitionType.allCases.map(\.rawValue)),
            "subtype": .oneOf(AnimationDescription.TransitionSubtype.allCases.map(\.rawValue)),
            "startProgress": .number(.unit), "endProgress": .number(.unit),
        ],
        "physics": [
            "gravity": .vector, "step": .number(.above(0, upTo: 0.1)), "iterations": .integer(1...1000),
            "damping": .number(.above(0, upTo: 1)), "sleepTimeThreshold": .number(.nonNegative, infinity: true),
            "idleSpeedThreshold": .number(.nonNegative), "collisionSlop": .number(.nonNegative),
            "walls": .section("walls"),
        ],
        "walls": [
            "elasticity": .number(.nonNegative), "friction": .number(.nonNegative), "radius": .number(.nonNegative),
            "sides": .list(.oneOf(PhysicsDescription.Side.allCases.map(\.rawValue))),
        ],
        "body": [
            "type": .oneOf(BodyDescription.BodyType.allCases.map(\.rawValue)),
            "shape": .oneOf(SceneDecoder.BodyShapeName.allCases.map(\.rawValue)), "radius": .number(.nonNegative),
            "size": .size(.positive), "vertices": .list(.point()), "a": .point(), "b": .point(),
            "mass": .number(.positive), "density": .number(.positive), "moment": .number(.positive),
            "elasticity": .number(.nonNegative), "friction": .number(.nonNegative), "velocity": .vector,
            "angularVelocity": .number(.any, angle: true), "isSensor": .bool, "group": uint32, "categories": uint32,
            "mask": uint32, "collisionType": .string(nonEmpty: true),
        ],
        "field": [
            "type": .oneOf(FieldDescription.FieldType.allCases.map(\.rawValue)), "name": .string(nonEmpty: true),
            "position": .point(), "strength": .number(.any), "radius": .number(.positive, infinity: true),
            "falloff": .number(.nonNegative), "minimumRadius": .number(.nonNegative), "direction": .vector,
            "smoothness": .number(.unit), "animationSpeed": .number(.nonNegative), "seed": uint32,
            "isEnabled": .bool, "affects": .oneOf(FieldDescription.Affects.allCases.map(\.rawValue)),
            "categoryMask": uint32, "layer": .string(nonEmpty: true),
        ],
        "constraint": [
            "type": .oneOf(ConstraintDescription.ConstraintType.allCases.map(\.rawValue)),
            "name": .string(nonEmpty: true), "bodyA": .string(nonEmpty: true), "bodyB": .string(nonEmpty: true),
            "anchorA": .point(), "anchorB": .point(), "pivot": .point(), "grooveA": .point(), "grooveB": .point(),
            "min": .number(.any, angle: true), "max": .number(.any, angle: true),
            "restLength": .number(.nonNegative), "stiffness": .number(.nonNegative), "damping": .number(.nonNegative),
            "restAngle": .number(.any, angle: true), "phase": .number(.any, angle: true),
            "ratchet": .number(.positive, angle: true), "ratio": .number(.any), "rate": .number(.any, angle: true),
            "maxForce": .number(.nonNegative, infinity: true), "maxBias": .number(.nonNegative, infinity: true),
            "errorBias": .number(.unit), "collideBodies": .bool,
        ],
        "interaction": ["drag": .string(nonEmpty: true), "click": .section("click")],
        "click": [
            "action": .oneOf(SceneDecoder.ClickActionName.allCases.map(\.rawValue)), "target": .string(nonEmpty: true),
            "value": .anyValue, "emitter": .string(nonEmpty: true), "cell": .string(nonEmpty: true),
            "count": .integer(0...100_000),
        ],
        "transformOperation": [
            "translate": .numbers(.any), "rotate": .anyValue, "scale": .anyValue, "perspective": .number(.positive),
            "matrix": .numbers(.any),
        ],
        "pathObject": [
            "rect": .rect(nonNegativeSize: false), "ellipseIn": .rect(nonNegativeSize: false),
            "roundedRect": .rect(nonNegativeSize: false), "cornerRadius": .number(.nonNegative),
        ],
    ]

    /// Keys the section's object must have, whatever else it holds.
    static let required: [String: [String]] = [
        "scene": ["schemaVersion"], "animation": ["type"], "field": ["type"], "constraint": ["type", "bodyA"],
        "cellPhysics": ["mode"], "click": ["action"], "contentsFrames": ["columns", "rows"],
    ]
}
