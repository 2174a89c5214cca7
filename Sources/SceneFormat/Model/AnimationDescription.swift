import Foundation
import LayerKit

/// A timing curve: one of Core Animation's named functions or a cubic Bézier's control points.
public enum TimingFunctionDescription: Equatable, Hashable, Sendable {
    /// Core Animation's named functions (`CAMediaTimingFunctionName` raw values).
    public enum Name: String, CaseIterable, Sendable {
        /// (0, 0), (1, 1).
        case linear
        /// (0.42, 0), (1, 1).
        case easeIn
        /// (0, 0), (0.58, 1).
        case easeOut
        /// (0.42, 0), (0.58, 1).
        case easeInEaseOut
        /// (0.25, 0.1), (0.25, 1).
        case `default`
    }

    /// A named function.
    case named(Name)
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2); x in 0…1.
    case controlPoints(Double, Double, Double, Double)

    /// The control points (x1, y1, x2, y2), Apple's values for the named functions.
    public var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .controlPoints(let a, let b, let c, let d): return (a, b, c, d)
        case .named(let name):
            switch name {
            case .linear: return (0, 0, 1, 1)
            case .easeIn: return (0.42, 0, 1, 1)
            case .easeOut: return (0, 0, 0.58, 1)
            case .easeInEaseOut: return (0.42, 0, 0.58, 1)
            case .default: return (0.25, 0.1, 0.25, 1)
            }
        }
    }
}

/// An animation from a scene file, decoded and validated so that building the CAAnimation is mechanical.
///
/// Values are `LayerValue`s of the animated key path's kind (numbers in radians for rotations,
/// transforms for `transform`, colours for colour keys …). Keys not used by the animation's type keep
/// their defaults.
public struct AnimationDescription: Equatable, Sendable {
    /// The animation class.
    public enum Kind: String, CaseIterable, Sendable {
        /// CABasicAnimation.
        case basic
        /// CAKeyframeAnimation.
        case keyframe
        /// CASpringAnimation.
        case spring
        /// CAAnimationGroup.
        case group
        /// CATransition.
        case transition
    }

    /// CAKeyframeAnimation's calculation modes (Apple's raw values).
    public enum CalculationMode: String, CaseIterable, Sendable {
        /// Linear interpolation between values.
        case linear
        /// Jumps from value to value.
        case discrete
        /// Constant speed along the values; keyTimes and timingFunctions are ignored.
        case paced
        /// Catmull-Rom spline through the values.
        case cubic
        /// Constant speed along the spline.
        case cubicPaced
    }

    /// CAKeyframeAnimation's rotation modes for path animations.
    public enum RotationMode: String, CaseIterable, Sendable {
        /// Rotates the layer to follow the path's tangent.
        case auto
        /// Like auto, plus a half turn.
        case autoReverse
    }

    /// CATransition's types.
    public enum TransitionType: String, CaseIterable, Sendable {
        /// Cross-fades.
        case fade
        /// The new content slides over the old.
        case moveIn
        /// The new content pushes the old out.
        case push
        /// The old content slides away, revealing the new.
        case reveal
    }

    /// CATransition's directions.
    public enum TransitionSubtype: String, CaseIterable, Sendable {
        /// From the right edge.
        case fromRight
        /// From the left edge.
        case fromLeft
        /// From the top edge.
        case fromTop
        /// From the bottom edge.
        case fromBottom
    }

    /// The animation class.
    public var kind: Kind
    /// The animated key path (basic, keyframe, spring); nil for groups and transitions.
    public var keyPath: String?
    /// Basic and spring: the start value. Default nil.
    public var fromValue: LayerValue?
    /// Basic and spring: the end value. Default nil.
    public var toValue: LayerValue?
    /// Basic and spring: the change. Default nil.
    public var byValue: LayerValue?
    /// Keyframe: the values. Default nil.
    public var values: [LayerValue]?
    /// Keyframe: a path that a point property follows instead of `values`. Default nil.
    public var path: CGPath?
    /// Keyframe: when each value is reached, fractions 0…1 of the duration. Default nil (even spacing).
    public var keyTimes: [Double]?
    /// Keyframe: the curve of each segment (values − 1 entries). Default nil (linear).
    public var timingFunctions: [TimingFunctionDescription]?
    /// Keyframe: interpolation. Default linear.
    public var calculationMode: CalculationMode = .linear
    /// Keyframe with a path: turn the layer along the path. Default nil.
    public var rotationMode: RotationMode?
    /// Keyframe, cubic modes: Kochanek–Bartels tension per value. Default nil.
    public var tensionValues: [Double]?
    /// Keyframe, cubic modes: continuity per value. Default nil.
    public var continuityValues: [Double]?
    /// Keyframe, cubic modes: bias per value. Default nil.
    public var biasValues: [Double]?
    /// The animation's curve. Default nil (linear).
    public var timingFunction: TimingFunctionDescription?
    /// Whether values add to the model value. Default false.
    public var isAdditive: Bool = false
    /// Whether repeats build on the previous cycle's end value. Default false.
    public var isCumulative: Bool = false
    /// Whether the animation is removed when it finishes. Default true.
    public var isRemovedOnCompletion: Bool = true
    /// Begin time, duration, speed, offset, repeats, autoreversing and fill mode (CAMediaTiming).
    public var timing: MediaTimingValues = MediaTimingValues()
    /// Spring: mass, > 0. Default 1.
    public var mass: Double = 1
    /// Spring: stiffness, > 0. Default 100.
    public var stiffness: Double = 100
    /// Spring: damping, ≥ 0. Default 10.
    public var damping: Double = 10
    /// Spring: initial velocity, in units of the distance per second. Default 0.
    public var initialVelocity: Double = 0
    /// Group: the animations run together. Default empty.
    public var animations: [AnimationDescription] = []
    /// Transition: the effect. Default fade.
    public var transitionType: TransitionType = .fade
    /// Transition: the direction. Default nil.
    public var subtype: TransitionSubtype?
    /// Transition: where it starts, 0…1. Default 0.
    public var startProgress: Double = 0
    /// Transition: where it ends, 0…1. Default 1.
    public var endProgress: Double = 1

    /// An animation of `kind` with default values.
    public init(kind: Kind) { self.kind = kind }
}
