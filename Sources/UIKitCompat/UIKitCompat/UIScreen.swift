import EmitterKit

/// The display UIKit code measures itself against: `UIScreen.main.bounds` and `.scale`.
///
/// There is no device here, so the screen is what you say it is: set `bounds` (points) and `scale` (pixels
/// per point) to the window or frame you render before ported code reads them; by default it is an iPhone
/// 15's portrait screen, 393 × 852 points at scale 3. `UIImage(named:)` prefers the `@<scale>x` file.
public final class UIScreen: @unchecked Sendable {
    private let lock = NSLock()
    private var storedBounds: CGRect
    private var storedScale: CGFloat

    /// The screen. Default 393 × 852 points at scale 3.
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 393, height: 852), scale: 3)

    /// A screen of `bounds` (points, origin zero) at `scale` pixels per point.
    public init(bounds: CGRect, scale: CGFloat) {
        storedBounds = bounds
        storedScale = scale
    }

    /// The screen's rectangle in points, origin zero. Settable here (read-only on iOS): the size of the
    /// window or image ported code draws into. A size that is not finite and positive is refused (the
    /// bounds stay) and reported.
    public var bounds: CGRect {
        get { locked { storedBounds } }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite, newValue.width > 0, newValue.height > 0 else {
                UIKitDiagnostics.report("UIScreen.main.bounds \(newValue) refused: the size must be finite and > 0")
                return
            }
            locked { storedBounds = CGRect(origin: .zero, size: newValue.size) }
        }
    }

    /// Pixels per point, 1…4. Settable here (read-only on iOS). Default 3. Other values are refused and
    /// reported.
    public var scale: CGFloat {
        get { locked { storedScale } }
        set {
            guard newValue.isFinite, newValue >= 1, newValue <= 4 else {
                UIKitDiagnostics.report("UIScreen.main.scale \(newValue) refused: use 1…4")
                return
            }
            locked { storedScale = newValue }
        }
    }

    /// The same as `scale` (there is no display zoom here).
    public var nativeScale: CGFloat { scale }

    /// The screen in pixels: `bounds` × `scale`.
    public var nativeBounds: CGRect {
        let b = bounds
        let s = scale
        return CGRect(x: 0, y: 0, width: b.width * s, height: b.height * s)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
