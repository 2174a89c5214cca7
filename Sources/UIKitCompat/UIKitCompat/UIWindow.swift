import EmitterKit

/// The root of a view tree, and the way to show one: a window is a `Game` whose `setUp` puts its layer
/// under the session's root layer.
///
/// ```swift
/// let window = UIWindow(frame: UIScreen.main.bounds)
/// window.addSubview(SAConfettiView(frame: window.bounds))
/// // In a window (import SDLHost):
/// exit(GameLauncher.run(name: "confetti", title: "Confetti",
///                       configuration: GameConfiguration(viewSize: window.bounds.size),
///                       controls: "Esc quits") { window })
/// // Headless, for tests or PNG frames:
/// let runner = try HeadlessGameRunner(game: window, configuration: GameConfiguration(viewSize: window.bounds.size))
/// ```
///
/// A window with a zero frame takes the session's view size. A restart of the session puts the same views
/// back (they are not rebuilt, unlike a game's layers).
open class UIWindow: UIView, Game {
    /// The view controller whose view fills the window. Setting it adds its view (loading it) and, once the
    /// window is visible, calls its appearance methods.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            oldValue?.view?.removeFromSuperview()
            installRootViewController()
        }
    }

    /// Whether `makeKeyAndVisible()` was called.
    public private(set) var isKeyWindow = false

    /// Shows the window: it becomes visible and its root view controller appears.
    open func makeKeyAndVisible() {
        isHidden = false
        isKeyWindow = true
        installRootViewController()
    }

    private func installRootViewController() {
        guard let controller = rootViewController, let view = controller.view else { return }
        if view.superview !== self {
            view.frame = bounds
            addSubview(view)
        }
        if isKeyWindow { controller.appear() }
    }

    // MARK: - Game

    /// Puts the window's layer under `session.rootLayer` (sized to the view when its frame is zero).
    public func setUp(_ session: GameSession) throws {
        if bounds.size == .zero { frame = CGRect(origin: .zero, size: session.viewSize) }
        layer.removeFromSuperlayer()
        session.rootLayer.addSublayer(layer)
        if rootViewController != nil && !isKeyWindow { makeKeyAndVisible() }
    }
}
