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
        "emitterCell", "cellPhysics", "animation", "physics", "walls", "body", "field", "constraint",
        "interaction", "click", "transformOperation", "pathObject",
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

    // MARK: - Tables

    static let scene = [
        "schemaVersion", "description", "display", "layers", "physics", "fields", "constraints", "interaction",
    ]
    static let display = ["size", "backgroundColor", "framesPerSecond"]
    /// Keys of every layer that are not LayerKit properties.
    static let layerStructure: Set<String> = ["type", "frame", "sublayers", "mask", "animations", "body"]
    /// Keys of every cell that are not LayerKit properties.
    static let cellStructure: Set<String> = ["emitterCells", "physics"]
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
