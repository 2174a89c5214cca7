import EmitterKit

/// UIKit's view controller reduced to the life cycle sample code puts its emitters in: `view`,
/// `viewDidLoad()`, `viewWillAppear(_:)`, `viewDidAppear(_:)`.
///
/// The view is made on first use (`loadView()`, a view of `UIScreen.main.bounds`), then `viewDidLoad()`
/// runs. The appearance methods run when the controller becomes a visible window's `rootViewController`.
/// There are no storyboards, navigation or presentation here.
open class UIViewController {
    private var loadedView: UIView?
    private var hasAppeared = false

    /// A controller whose view is not loaded yet.
    public init() {}

    /// Archives are not read (there are no nibs or storyboards here): a controller as `init()` makes it.
    @MainActor public required init?(coder: NSCoder) {}

    /// The root view, loaded on first use.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it is not loaded.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
        loadedView?.viewController = self
        viewDidLoad()
    }

    /// Makes the view. The default makes a plain view of `UIScreen.main.bounds`; override to set `view`.
    open func loadView() { loadedView = UIView(frame: UIScreen.main.bounds) }

    /// Called once after the view is loaded.
    open func viewDidLoad() {}

    /// Called before the view appears in a visible window.
    open func viewWillAppear(_ animated: Bool) {}

    /// Called after the view appeared in a visible window.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called before the view lays out its subviews (`layoutSubviews()`).
    open func viewWillLayoutSubviews() {}

    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Never called here (there is no memory pressure notification); kept for ported code.
    open func didReceiveMemoryWarning() {}

    /// Runs the appearance methods once.
    func appear() {
        guard !hasAppeared else { return }
        hasAppeared = true
        viewWillAppear(false)
        viewDidAppear(false)
    }
}
