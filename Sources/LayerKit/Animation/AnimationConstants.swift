import Foundation

// MARK: - CAKeyframeAnimation

/// How a keyframe animation computes values between its keyframes. Default `.linear`.
public struct CAAnimationCalculationMode: StringConstant {
    /// The raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight-line interpolation between keyframes, timed by keyTimes.
    public static let linear = Self(rawValue: "linear")
    /// No interpolation: each value holds until the next key time.
    public static let discrete = Self(rawValue: "discrete")
    /// Linear interpolation at constant speed; keyTimes and timingFunctions are ignored.
    public static let paced = Self(rawValue: "paced")
    /// A smooth Kochanek–Bartels (Catmull-Rom by default) spline through the keyframes, timed by keyTimes.
    public static let cubic = Self(rawValue: "cubic")
    /// The cubic spline at constant speed; keyTimes and timingFunctions are ignored.
    public static let cubicPaced = Self(rawValue: "cubicPaced")
    /// Every mode.
    public static let allCases: [Self] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
}

/// Whether a layer moving along a keyframe path turns to follow it. Default nil (no rotation).
public struct CAAnimationRotationMode: StringConstant {
    /// The raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's x axis follows the path's tangent.
    public static let rotateAuto = Self(rawValue: "auto")
    /// The layer's x axis points against the path's tangent (rotated by π).
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
    /// Every mode.
    public static let allCases: [Self] = [.rotateAuto, .rotateAutoReverse]
}

// MARK: - CATransition

/// The kind of a transition. Default `.fade`.
public struct CATransitionType: StringConstant {
    /// The raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old, which fades out.
    public static let fade = Self(rawValue: "fade")
    /// The new content slides in over the old, which stays.
    public static let moveIn = Self(rawValue: "moveIn")
    /// The new content slides in and pushes the old out.
    public static let push = Self(rawValue: "push")
    /// The old content slides away, revealing the new underneath.
    public static let reveal = Self(rawValue: "reveal")
    /// Every type.
    public static let allCases: [Self] = [.fade, .moveIn, .push, .reveal]
}

/// The direction of a moving transition, named after the edge the motion starts from. Default nil
/// (`.fromLeft`).
public struct CATransitionSubtype: StringConstant {
    /// The raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Motion starts at the right edge (new content moves toward −x).
    public static let fromRight = Self(rawValue: "fromRight")
    /// Motion starts at the left edge (new content moves toward +x).
    public static let fromLeft = Self(rawValue: "fromLeft")
    /// Motion starts at the top edge (new content moves down the screen, +y).
    public static let fromTop = Self(rawValue: "fromTop")
    /// Motion starts at the bottom edge (new content moves up the screen, −y).
    public static let fromBottom = Self(rawValue: "fromBottom")
    /// Every subtype.
    public static let allCases: [Self] = [.fromRight, .fromLeft, .fromTop, .fromBottom]
}

// MARK: - Action and transaction keys

/// The key Core Animation uses for transition animations and actions (`kCATransition`).
public let kCATransition = "transition"
/// The action key when a layer becomes visible (`kCAOnOrderIn`).
public let kCAOnOrderIn = "onOrderIn"
/// The action key when a layer is removed (`kCAOnOrderOut`).
public let kCAOnOrderOut = "onOrderOut"
/// CATransaction key for `animationDuration()` (`kCATransactionAnimationDuration`).
public let kCATransactionAnimationDuration = "animationDuration"
/// CATransaction key for `disableActions()` (`kCATransactionDisableActions`).
public let kCATransactionDisableActions = "disableActions"
/// CATransaction key for `animationTimingFunction()` (`kCATransactionAnimationTimingFunction`).
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// CATransaction key for `completionBlock()` (`kCATransactionCompletionBlock`).
public let kCATransactionCompletionBlock = "completionBlock"
