import Foundation
import LayerKit

/// Every key the loader accepts, per section of a scene file.
///
/// The decoders check objects against these tables (unknown keys are errors), and a test checks
/// docs/SceneFormat.md against them both ways, so the document lists exactly what loads. Layer and
/// cell keys come from LayerKit's key tables plus the scene's structural keys.
public enum SceneKeyTables {
    /// The section names, in the order docs/SceneFormat.md presents them.
    public static let sections = [
        "scene", "display", "layer", "emitter", "replicator", "gradient", "shape", "text", "transform", "scroll",
        "emitterCell", "cellTrail", "cellPhysics", "contentsFrames", "animation", "physics", "walls", "body", "field",
        "constraint", "interaction", "click", "transformOperation", "pathObject",
    ]

    /// The keys of `section` (see `sections`), or nil for an unknown section.
    public static func keys(_ section: String) -> Set<String>? {
        switch section {
        case "scene": return Set(scene)
        case "display": return Set(display)
        case "layer": return PropertyCatalog.ownKeys(of: .layer).union(layerStructure)
        case "emitter": return PropertyCatalog.ownKeys(of: .emitter).union(["emitterCells"])
        case "gradient": return PropertyCatalog.ownKeys(of: .gradient).subtracting(["type"]).union(["gradientType"])
        case "emitterCell": return Set(PropertyCatalog.cellProperties.keys).union(cellStructure)
        case "cellPhysics": return Set(cellPhysics)
        case "cellTrail": return Set(cellTrail)
        case "contentsFrames": return Set(contentsFrames)
        case "animation": return Set(animation)
        case "physics": return Set(physics)
        case "walls": return Set(walls)
        case "body": return Set(body)
        case "field": return Set(field)
        case "constraint": return Set(constraint)
        case "interaction": return Set(interaction)
        case "click": return Set(click)
        case "transformOperation": return Set(DecodingContext.transformOperations)
        case "pathObject": return Set(DecodingContext.pathObjectKeys)
        default:
            guard let kind = LayerKind(rawValue: section) else { return nil }
            return PropertyCatalog.ownKeys(of: kind)
        }
    }

    // MARK: - Order

    /// The order in which `SceneFormatter` writes the keys of `section` (see `sections`): the order of
    /// the section's table in docs/SceneFormat.md, which a test checks. Keys it does not list keep their
    /// place after the listed ones.
    ///
    /// A layer of kind `kind` is written in `layerOrder(kind)`: type and name, the common properties,
    /// the kind's own properties, then what it contains (cells, sublayers, mask, animations, body).
    public static func order(_ section: String) -> [String] {
        switch section {
        case "layer": return layerLeading + layerProperties + layerTrailing
        case "emitter": return emitterProperties + ["emitterCells"]
        case "replicator": return replicatorProperties
        case "gradient": return gradientProperties
        case "shape": return shapeProperties
        case "text": return textProperties
        case "transform": return []
        case "scroll": return scrollProperties
        case "emitterCell": return cellProperties + cellStructureOrder
        case "scene": return scene
        case "display": return display
        case "cellPhysics": return cellPhysics
        case "cellTrail": return cellTrail
        case "contentsFrames": return contentsFrames
        case "animation": return animationOrder
        case "physics": return physics
        case "walls": return walls
        case "body": return body
        case "field": return field
        case "constraint": return constraint
        case "interaction": return interaction
        case "click": return click
        case "transformOperation": return DecodingContext.transformOperations
        case "pathObject": return DecodingContext.pathObjectKeys
        default: return []
        }
    }

    /// The order of the keys of a layer of `kind` (see `order(_:)`).
    static func layerOrder(_ kind: LayerKind) -> [String] {
        let own: [String]
        switch kind {
        case .layer, .transform: own = []
        case .emitter: own = emitterProperties
        case .replicator: own = replicatorProperties
        case .gradient: own = gradientProperties
        case .shape: own = shapeProperties
        case .text: own = textProperties
        case .scroll: own = scrollProperties
        }
        return layerLeading + layerProperties + own + (kind == .emitter ? ["emitterCells"] : []) + layerTrailing
    }

    /// The keys every layer starts with.
    static let layerLeading = ["type", "name"]
    /// The keys every layer ends with: what it contains.
    static let layerTrailing = ["sublayers", "mask", "animations", "body"]
    /// CALayer's properties in the documented order (an Objective-C alias right after its Swift name).
    static let layerProperties = [
        "frame", "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "isGeometryFlipped", "geometryFlipped", "isHidden", "hidden", "opacity", "backgroundColor", "cornerRadius",
        "maskedCorners", "borderWidth", "borderColor", "masksToBounds", "contents", "contentsGravity", "contentsRect",
        "contentsCenter", "contentsScale", "minificationFilter", "magnificationFilter", "minificationFilterBias",
        "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius", "shadowPath", "allowsGroupOpacity",
        "allowsEdgeAntialiasing", "isDoubleSided", "doubleSided", "isOpaque", "opaque", "shouldRasterize",
        "rasterizationScale", "needsDisplayOnBoundsChange", "drawsAsynchronously", "beginTime", "duration", "speed",
        "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]
    static let emitterProperties = [
        "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "emitterShape", "emitterMode",
        "renderMode", "preservesDepth", "birthRate", "lifetime", "velocity", "scale", "spin", "seed", "maxParticles",
        "warnsWhenFull", "rangeSemantics",
    ]
    static let replicatorProperties = [
        "instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset",
        "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth",
    ]
    static let gradientProperties = ["colors", "locations", "startPoint", "endPoint", "gradientType"]
    static let shapeProperties = [
        "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
        "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd",
    ]
    static let textProperties = [
        "string", "font", "fontSize", "foregroundColor", "isWrapped", "wrapped", "alignmentMode", "truncationMode",
        "allowsFontSubpixelQuantization",
    ]
    static let scrollProperties = ["scrollMode"]
    /// CAEmitterCell's properties in the documented order.
    static let cellProperties = [
        "name", "isEnabled", "enabled", "birthRate", "lifetime", "lifetimeRange", "emissionLongitude",
        "emissionLatitude", "emissionRange", "velocity", "velocityRange", "xAcceleration", "yAcceleration",
        "zAcceleration", "scale", "scaleRange", "scaleSpeed", "spin", "spinRange", "color", "redRange", "greenRange",
        "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "contents", "contentsRect",
        "contentsFrames",
        "contentsScale", "minificationFilter", "magnificationFilter", "minificationFilterBias", "beginTime",
        "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
        "radialAcceleration", "radialAccelerationRange", "tangentialAcceleration", "tangentialAccelerationRange",
        "endColor", "endRedRange", "endGreenRange", "endBlueRange", "endAlphaRange", "endScale", "endScaleRange",
        "clampsNegativeScale", "rotation", "rotationRange", "endRotation", "endRotationRange", "orbitRadius",
        "orbitRadiusRange",
        "orbitEndRadius", "orbitEndRadiusRange", "orbitAngularVelocity", "orbitAngularVelocityRange",
        "colorOverLife", "alphaOverLife", "scaleOverLife", "spinOverLife", "speedOverLife", "stretchWithVelocity",
        "birthsPerPoint",
        "burstCount", "burstProbability",
    ]
    /// The keys a cell ends with: its sub-cells and its physics.
    static let cellStructureOrder = ["birthCells", "deathCells", "trail", "emitterCells", "physics"]
    /// The animation keys in the documented order: what is animated, then how.
    static let animationOrder = [
        "type", "keyPath", "fromValue", "toValue", "byValue", "values", "path", "keyTimes", "timingFunctions",
        "calculationMode", "rotationMode", "tensionValues", "continuityValues", "biasValues", "timingFunction",
        "isAdditive", "additive", "isCumulative", "cumulative", "isRemovedOnCompletion", "removedOnCompletion",
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
        "mass", "stiffness", "damping", "initialVelocity", "animations", "transitionType", "subtype", "startProgress",
        "endProgress",
    ]

    // MARK: - Tables

    static let scene = [
        "$schema", "schemaVersion", "description", "display", "layers", "physics", "fields", "constraints",
        "interaction",
    ]
    static let display = ["size", "backgroundColor", "framesPerSecond"]
    /// Keys of every layer that are not LayerKit properties.
    static let layerStructure: Set<String> = ["type", "frame", "sublayers", "mask", "animations", "body"]
    /// Keys of every cell that are not LayerKit properties.
    static let cellStructure: Set<String> = ["birthCells", "deathCells", "trail", "emitterCells", "physics"]
    /// The keys of a cell's `trail` object, in the documented order.
    static let cellTrail = [
        "duration", "length", "width", "widthOverTrail", "colorOverTrail", "drawsParticle", "maxPoints",
    ]
    /// The keys of a cell's flipbook (`contentsFrames`).
    static let contentsFrames = [
        "columns", "rows", "frameCount", "framesPerSecond", "overLife", "loop", "randomStartFrame",
    ]
    static let cellPhysics = [
        "mode", "elasticity", "friction", "radius", "onContact", "contactCells", "contactBurst",
        "mass", "maxBodies", "categories", "mask",
    ]
    static let animationTiming = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]
    static let animationCommon =
        ["type", "timingFunction", "isRemovedOnCompletion", "removedOnCompletion"] + animationTiming
    static let animationProperty = ["keyPath", "isAdditive", "additive", "isCumulative", "cumulative"]
    static let animationBasic = ["fromValue", "toValue", "byValue"]
    static let animationKeyframe = [
        "values", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode",
        "tensionValues", "continuityValues", "biasValues",
    ]
    static let animationSpring = ["mass", "stiffness", "damping", "initialVelocity"]
    static let animationGroup = ["animations"]
    static let animationTransition = ["transitionType", "subtype", "startProgress", "endProgress"]
    static let animation =
        animationCommon + animationProperty + animationBasic + animationKeyframe + animationSpring
        + animationGroup + animationTransition
    static let physics = [
        "gravity", "step", "iterations", "damping", "sleepTimeThreshold", "idleSpeedThreshold", "collisionSlop",
        "walls",
    ]
    static let walls = ["elasticity", "friction", "radius", "sides"]
    static let body = [
        "type", "shape", "radius", "size", "vertices", "a", "b", "mass", "density", "moment", "elasticity",
        "friction", "velocity", "angularVelocity", "isSensor", "group", "categories", "mask", "collisionType",
    ]
    static let field = [
        "type", "name", "position", "strength", "radius", "falloff", "minimumRadius", "direction",
        "smoothness", "animationSpeed", "seed", "isEnabled", "affects", "categoryMask", "layer",
    ]
    static let constraint = [
        "type", "name", "bodyA", "bodyB", "anchorA", "anchorB", "pivot", "grooveA", "grooveB", "min", "max",
        "restLength", "stiffness", "damping", "restAngle", "phase", "ratchet", "ratio", "rate",
        "maxForce", "maxBias", "errorBias", "collideBodies",
    ]
    static let interaction = ["drag", "click"]
    static let click = ["action", "target", "value", "emitter", "cell", "count"]
}
