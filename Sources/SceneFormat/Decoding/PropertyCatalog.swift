import Foundation
import LayerKit

/// The layer kinds a scene's `"type"` names, with their classes.
enum LayerKind: String, CaseIterable {
    case layer, emitter, replicator, gradient, shape, text, transform, scroll

    /// The class created for this kind.
    var layerClass: CALayer.Type {
        switch self {
        case .layer: return CALayer.self
        case .emitter: return CAEmitterLayer.self
        case .replicator: return CAReplicatorLayer.self
        case .gradient: return CAGradientLayer.self
        case .shape: return CAShapeLayer.self
        case .text: return CATextLayer.self
        case .transform: return CATransformLayer.self
        case .scroll: return CAScrollLayer.self
        }
    }

    /// "a layer", "an emitter layer", … for messages.
    var noun: String {
        switch self {
        case .layer: return "a layer"
        case .emitter: return "an emitter layer"
        default: return "a \(rawValue) layer"
        }
    }
}

/// What a property holds; decides how its JSON value is read.
enum PropertyKind: String {
    case number, bool, point, size, rect, transform, color, colors, numbers, image, path, string
    /// A curve over a particle's life (docs/SceneFormat.md, "Curves"): number or colour stops.
    case valueCurve, colorCurve
    /// A cell's flipbook (`contentsFrames`, docs/SceneFormat.md "Flipbooks"): an object.
    case flipbook
}

/// How a scene reads one key of a layer or cell class.
///
/// Everything except the scene's own notation and limits below is read from the class's key table
/// (`keyAccessors`, made from one description per property): whether the key is an angle, accepts
/// infinity, is an enumeration (and its values), is animatable, and which property an alias names. The
/// kind comes from the default value (or, for keys that default to nil, from the value the setter
/// accepts), and so do optionality and integer-ness. LayerKit's setters then validate ranges; the scene
/// adds a few limits of its own (`extraRules`).
struct PropertyInfo {
    /// The key as written.
    let key: String
    /// The Swift property name when `key` is an Objective-C alias (`hidden` → `isHidden`), else `key`.
    let canonicalKey: String
    /// What the value is.
    let kind: PropertyKind
    /// Whether `null` is accepted (the property is optional).
    let isOptional: Bool
    /// Whether the value is an enumeration string (the setter lists the allowed values).
    let isEnumeration: Bool
    /// Whether the number must be an integer.
    let isInteger: Bool
    /// Whether the number is an angle (accepts `"90deg"`).
    let isAngle: Bool
    /// Whether `"infinity"` is accepted.
    let acceptsInfinity: Bool
    /// For a point that may be written `[x, y, z]`, the key that takes z.
    let zKey: String?
    /// An extra range the scene enforces.
    let rule: NumberRule?
    /// For a number, the lower bound LayerKit's setter enforces: `.nonNegative` when it refuses −1 but
    /// takes 0, `.positive` when it refuses 0 but takes 1; nil otherwise (the JSON Schema reports it).
    var lowerBound: NumberRule? = nil
    /// The value of a new object.
    let defaultValue: LayerValue
    /// Whether Core Animation animates the key.
    let animatable: Bool
}

enum PropertyCatalog {
    /// Angles of emitter cells (radians, or a string with a unit): the cell keys described as angles.
    static let cellAngleKeys = Set(CAEmitterCell.keyAccessors.filter(\.value.isAngle).keys)
    /// Keys that accept `"infinity"` (Core Animation takes `.infinity` there): those whose rule allows it.
    static let infinityKeys = Set(allAccessors.filter { $0.value.rule == .nonNegativeOrInfinity }.keys)
    /// Curves over a particle's life, and whether their stops hold colours.
    static let curveKeys: [String: Bool] = [
        "colorOverLife": true, "alphaOverLife": false, "scaleOverLife": false, "spinOverLife": false,
        "speedOverLife": false,
    ]
    /// Points that may be written `[x, y, z]`, and the key that takes z.
    static let zKeys: [String: String] = [
        "position": "zPosition", "anchorPoint": "anchorPointZ", "emitterPosition": "emitterZPosition",
    ]
    /// The allowed raw strings of every enumeration key (LayerKit's `StringConstant.allCases`), for
    /// "did you mean" and the documentation: read from the key descriptions.
    static let enumerationValues: [String: [String]] = allAccessors.compactMapValues(\.enumerationValues)

    /// Every key of every layer kind and of cells with its accessor (a key means the same property
    /// wherever it appears).
    private static let allAccessors: [String: LayerKeyAccessor] = LayerKind.allCases.reduce(
        CAEmitterCell.keyAccessors
    ) { all, kind in all.merging(kind.layerClass.keyAccessors) { a, _ in a } }
    /// Ranges the scene enforces beyond LayerKit's setters.
    /// The upper limits keep one scene value from asking for unbounded work or memory (copies,
    /// particle budgets, offscreen bitmaps, glyph sizes).
    static let extraRules: [String: NumberRule] = [
        "opacity": .unit, "shadowOpacity": .unit, "strokeStart": .unit, "strokeEnd": .unit,
        "emissionRange": .nonNegative, "burstProbability": .unit,
        "instanceCount": .range(0, 10_000), "maxParticles": .range(0, 10_000_000), "fontSize": .above(0, upTo: 10_000),
        "rasterizationScale": .above(0, upTo: 16), "shadowRadius": .range(0, 1000),
    ]

    /// The properties of each layer kind, by key (aliases included).
    static let layerProperties: [LayerKind: [String: PropertyInfo]] = {
        var out: [LayerKind: [String: PropertyInfo]] = [:]
        for kind in LayerKind.allCases {
            let cls = kind.layerClass
            out[kind] = catalog(
                accessors: cls.keyAccessors,
                read: { try? cls.makeLayer(copying: nil).layerValue(forKeyPath: $0) },
                write: { try cls.makeLayer(copying: nil).setLayerValue($0, forKeyPath: $1) })
        }
        return out
    }()

    /// The properties of emitter cells, by key (aliases included).
    static let cellProperties: [String: PropertyInfo] = catalog(
        accessors: CAEmitterCell.keyAccessors,
        read: { try? CAEmitterCell().layerValue(forKeyPath: $0) },
        write: { try CAEmitterCell().setLayerValue($0, forKeyPath: $1) })

    /// The keys of `kind` that its parent kind (CALayer) does not have.
    static func ownKeys(of kind: LayerKind) -> Set<String> {
        let all = Set(layerProperties[kind]?.keys.map { $0 } ?? [])
        return kind == .layer ? all : all.subtracting(layerProperties[.layer]?.keys.map { $0 } ?? [])
    }

    // MARK: - Inference

    private static func catalog(
        accessors: [String: LayerKeyAccessor], read: (String) -> LayerValue?,
        write: (LayerValue, String) throws -> Void
    ) -> [String: PropertyInfo] {
        let keySet = Set(accessors.keys)
        var out: [String: PropertyInfo] = [:]
        // The trail's values are keys of their own (`trail.width`, for key paths); a scene writes them in
        // the cell's `trail` object.
        for (key, accessor) in accessors where !key.hasPrefix("trail.") {
            let defaultValue = read(key) ?? .none
            func accepts(_ v: LayerValue) -> Bool { (try? write(v, key)) != nil }
            var kind: PropertyKind
            switch defaultValue {
            case .number: kind = .number
            case .bool: kind = .bool
            case .point: kind = .point
            case .size: kind = .size
            case .rect: kind = .rect
            case .transform: kind = .transform
            case .color: kind = .color
            case .colors: kind = .colors
            case .numbers: kind = .numbers
            case .image: kind = .image
            case .path: kind = .path
            case .string: kind = .string
            case .none:
                let probes: [(LayerValue, PropertyKind)] = [
                    (.color(.black), .color), (.path(CGPath()), .path), (.colors([.black]), .colors),
                    (.numbers([0]), .numbers), (.string("x"), .string), (.number(0), .number),
                ]
                if let image = try? CGImage(width: 1, height: 1, premultipliedPixels: [0, 0, 0, 0]),
                    accepts(.image(image))
                {
                    kind = .image
                } else {
                    kind = probes.first { accepts($0.0) }?.1 ?? .string
                }
            }
            if let color = curveKeys[key] { kind = color ? .colorCurve : .valueCurve }
            if key == "contentsFrames" { kind = .flipbook }
            out[key] = PropertyInfo(
                key: key, canonicalKey: accessor.key, kind: kind,
                isOptional: accepts(.none),
                isEnumeration: accessor.enumerationValues != nil,
                isInteger: kind == .number && accepts(.number(1)) && !accepts(.number(0.5)),
                isAngle: accessor.isAngle,
                acceptsInfinity: accessor.rule == .nonNegativeOrInfinity,
                zKey: zKeys[key].flatMap { keySet.contains($0) ? $0 : nil },
                rule: extraRules[key],
                lowerBound: kind != .number || accepts(.number(-1))
                    ? nil : accepts(.number(0)) ? .nonNegative : accepts(.number(1)) ? .positive : nil,
                defaultValue: defaultValue,
                animatable: accessor.animatable)
        }
        return out
    }
}
