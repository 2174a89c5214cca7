import Foundation

/// Why an animation cannot be added to a layer, or a transaction call was misused.
public enum AnimationError: Error, Equatable, CustomStringConvertible {
    /// The animation's key path does not name a property of the layer (with the key path error).
    case keyPath(animation: String, KeyPathError)
    /// The key path names a property that cannot be animated.
    case notAnimatable(animation: String, keyPath: String, layer: String)
    /// A property animation without a key path.
    case missingKeyPath(animation: String)
    /// A property of the animation has a value it cannot use (`property` names it, `message` says why).
    case invalidProperty(animation: String, property: String, message: String)
    /// A value (fromValue, values[2], …) does not fit the animated property.
    case valueMismatch(animation: String, property: String, keyPath: String, expected: String, got: String)
    /// Animations are added to model layers; presentation copies are rebuilt every frame.
    case presentationLayer(animation: String)
    /// `CATransaction.commit()` without a matching `begin()`.
    case unbalancedCommit

    /// A message naming the animation, the property and the fix.
    public var description: String {
        switch self {
        case .keyPath(let a, let e): return "\(a): \(e)"
        case .notAnimatable(let a, let k, let l):
            return
                "\(a): key path '\(k)' of \(l) is not animatable; set it directly (inside CATransaction.setDisableActions(true) if needed)"
        case .missingKeyPath(let a):
            return "\(a): keyPath is nil; create it with CABasicAnimation(keyPath: \"position\") or similar"
        case .invalidProperty(let a, let p, let m): return "\(a): \(p): \(m)"
        case .valueMismatch(let a, let p, let k, let e, let g): return "\(a): \(p) is a \(g), but '\(k)' needs a \(e)"
        case .presentationLayer(let a):
            return "\(a): cannot add an animation to a presentation layer; add it to its model layer (layer.model())"
        case .unbalancedCommit:
            return "CATransaction.commit() without a matching CATransaction.begin(); the call was ignored"
        }
    }
}

/// Where problems reported by non-throwing calls go: `CALayer.add(_:forKey:)` with a bad animation and
/// unbalanced `CATransaction.commit()` calls. By default a line on standard error; tests scope their own
/// handler to their task.
public enum AnimationDiagnostics {
    nonisolated(unsafe) private static var installedHandler: (AnimationError) -> Void = { error in
        FileHandle.standardError.write(Data("Emitter: \(error)\n".utf8))
    }
    @TaskLocal private static var scopedHandler: ((AnimationError) -> Void)?

    /// Replaces the process-wide handler.
    public static func install(_ handler: @escaping (AnimationError) -> Void) { installedHandler = handler }

    /// Runs `body` with `handler` receiving the reports of the current task.
    public static func withHandler<R>(_ handler: @escaping (AnimationError) -> Void, _ body: () throws -> R) rethrows
        -> R
    {
        try $scopedHandler.withValue(handler) { try body() }
    }

    /// Reports `error` to the handler in effect.
    public static func report(_ error: AnimationError) {
        (scopedHandler ?? installedHandler)(error)
    }
}
