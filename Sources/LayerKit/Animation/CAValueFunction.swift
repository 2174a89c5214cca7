import Foundation

/// The name of a value function.
public struct CAValueFunctionName: StringConstant {
    /// The raw string.
    public let rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A rotation about x by the animated angle (radians).
    public static let rotateX = Self(rawValue: "rotateX")
    /// A rotation about y by the animated angle (radians).
    public static let rotateY = Self(rawValue: "rotateY")
    /// A rotation about z by the animated angle (radians).
    public static let rotateZ = Self(rawValue: "rotateZ")
    /// A scale by one number (uniform) or three (x, y, z).
    public static let scale = Self(rawValue: "scale")
    /// A scale of x.
    public static let scaleX = Self(rawValue: "scaleX")
    /// A scale of y.
    public static let scaleY = Self(rawValue: "scaleY")
    /// A scale of z.
    public static let scaleZ = Self(rawValue: "scaleZ")
    /// A translation by three numbers (x, y, z) or one (x and y).
    public static let translate = Self(rawValue: "translate")
    /// A translation along x, points.
    public static let translateX = Self(rawValue: "translateX")
    /// A translation along y, points.
    public static let translateY = Self(rawValue: "translateY")
    /// A translation along z, points.
    public static let translateZ = Self(rawValue: "translateZ")
    /// Every name.
    public static let allCases: [Self] = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
        .translate, .translateX, .translateY, .translateZ,
    ]
}

/// Turns the numbers a property animation interpolates into a transform, so that `"transform"` can be
/// animated by angle (beyond half a turn) or by scale factor (Core Animation's CAValueFunction).
public final class CAValueFunction: CustomStringConvertible {
    /// The function's name.
    public let name: CAValueFunctionName

    /// The function called `name`, or nil for an unknown name.
    public init?(name: CAValueFunctionName) {
        guard CAValueFunctionName.known(name.rawValue) != nil else { return nil }
        self.name = name
    }

    /// The transform for an animated value (a number or three numbers); nil for other kinds.
    func transform(for value: LayerValue) -> CATransform3D? {
        let v: [CGFloat]
        switch value {
        case .number(let x): v = [CGFloat(x)]
        case .numbers(let n) where n.count == 3: v = n.map { CGFloat($0) }
        default: return nil
        }
        let a = v[0]
        let xyz = v.count == 3 ? (v[0], v[1], v[2]) : (a, a, a)
        switch name {
        case .rotateX: return CATransform3DMakeRotation(a, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(a, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(a, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(xyz.0, xyz.1, xyz.2)
        case .scaleX: return CATransform3DMakeScale(a, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, a, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, a)
        case .translate: return CATransform3DMakeTranslation(xyz.0, v.count == 3 ? xyz.1 : a, v.count == 3 ? xyz.2 : 0)
        case .translateX: return CATransform3DMakeTranslation(a, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, a, 0)
        default: return CATransform3DMakeTranslation(0, 0, a)
        }
    }

    /// The name.
    public var description: String { "CAValueFunction(\(name.rawValue))" }
}
