import EmitterKit

/// UIKit's view reduced to what emitter code uses: a rectangle backed by a layer, in a tree of views.
///
/// Geometry is the layer's (`frame`, `bounds`, `center` are the layer's `frame`, `bounds` and `position`);
/// `addSubview` adds the subview's layer as a sublayer, after any sublayers added directly to `layer`.
/// The view is its layer's delegate: layout (`setNeedsLayout`, a new bounds size, a subview added) runs
/// `layoutSubviews()` before the next frame, and property changes of a view's layer never animate
/// implicitly, as in UIKit. Touches, gestures, drawing with `draw(_:)` and Auto Layout are not here
/// (docs/Porting.md lists what is).
open class UIView: CALayerDelegate, CustomStringConvertible {
    // MARK: - The layer

    /// The class of the view's layer. Override to back a view with another layer (`CAEmitterLayer.self`).
    /// A class of yours is made through its `makeLayer(copying:)` (see `CALayer.makeLayer(copying:)`).
    open class var layerClass: AnyClass { CALayer.self }

    private let backingLayer: CALayer

    /// The view's layer, of `layerClass`. Subclasses may override it with a narrower type, as on iOS
    /// (`override var layer: CAEmitterLayer { super.layer as! CAEmitterLayer }`).
    open var layer: CALayer { backingLayer }

    /// The view this one is a subview of.
    public private(set) weak var superview: UIView?

    /// The subviews, back to front.
    public private(set) var subviews: [UIView] = []

    /// The controller whose root view this is (its layout callbacks run around `layoutSubviews()`).
    weak var viewController: UIViewController?

    // MARK: - Creating

    /// A view whose frame is `frame` (points, in its superview's coordinates).
    public init(frame: CGRect) {
        let requested: AnyClass = Self.layerClass
        let layerType = requested as? CALayer.Type
        backingLayer = (layerType ?? CALayer.self).makeLayer(copying: nil)
        if layerType == nil || type(of: backingLayer) != requested {
            UIKitDiagnostics.report(
                "\(Self.self).layerClass \(requested) is made as \(type(of: backingLayer)); a CALayer subclass of yours needs `override class func makeLayer(copying layer: CALayer?) -> CALayer` (docs/Porting.md)"
            )
        }
        backingLayer.delegate = self
        backingLayer.allowsImplicitAnimations = false
        backingLayer.frame = frame
    }

    /// A view with a zero frame.
    public convenience init() { self.init(frame: .zero) }

    /// Archives are not read (there are no nibs or storyboards here): a view with a zero frame, so that
    /// `super.init(coder:)` in ported code works.
    @MainActor public required init?(coder: NSCoder) {
        backingLayer = (Self.layerClass as? CALayer.Type ?? CALayer.self).makeLayer(copying: nil)
        backingLayer.delegate = self
        backingLayer.allowsImplicitAnimations = false
    }

    // MARK: - Geometry

    /// The view's rectangle in its superview's coordinates, points (the layer's `frame`).
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The view's rectangle in its own coordinates, points (the layer's `bounds`).
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    /// The centre of the frame in the superview's coordinates (the layer's `position`).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The affine transform about the centre (the layer's transform). Default identity.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// `point` (in this view's coordinates) in `view`'s coordinates; in the root's when `view` is nil.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer) }

    /// `point` (in `view`'s coordinates) in this view's coordinates.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer) }

    // MARK: - Appearance

    /// The background colour (the layer's). Default nil: transparent.
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }

    /// Opacity, 0…1 (the layer's `opacity`). Default 1.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// Whether the view and its subviews are hidden (the layer's `isHidden`). Default false.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews and sublayers are clipped to the bounds (the layer's `masksToBounds`). Default false.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view is opaque (kept; drawing does not use it). Default true.
    open var isOpaque: Bool = true

    /// Kept for ported code; there are no touches here. Default true.
    open var isUserInteractionEnabled: Bool = true

    /// A number to find the view by (`viewWithTag(_:)`). Default 0.
    open var tag: Int = 0

    /// The first view of this subtree (this view included) whose `tag` is `tag`, depth first.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews { if let found = view.viewWithTag(tag) { return found } }
        return nil
    }

    // MARK: - The view tree

    /// The window this view is in, if any.
    public var window: UIWindow? {
        var view: UIView? = self
        while let v = view {
            if let w = v as? UIWindow { return w }
            view = v.superview
        }
        return nil
    }

    /// Adds `view` on top of the subviews (moving it from its previous superview).
    public func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` among the subviews at `index` (clamped to the subviews' range).
    public func insertSubview(_ view: UIView, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        let oldWindow = view.window
        if view.superview !== self {
            view.willMove(toSuperview: self)
            view.removeFromSuperview()
        } else {
            subviews.removeAll { $0 === view }
        }
        let i = max(0, min(index, subviews.count))
        subviews.insert(view, at: i)
        view.superview = self
        // Sublayers added directly to `layer` stay below the subviews' layers that follow them.
        if i < subviews.count - 1 {
            layer.insertSublayer(view.layer, below: subviews[i + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        view.didMoveToSuperview()
        didAddSubview(view)
        if view.window !== oldWindow { view.windowDidChange() }
    }

    /// Inserts `view` just above `sibling`.
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: i + 1)
    }

    /// Inserts `view` just below `sibling`.
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        insertSubview(view, at: i)
    }

    /// Moves `view` to the top of the subviews.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` to the bottom of the subviews.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view (and its layer) from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        didMoveToSuperview()
        if oldWindow != nil { windowDidChange() }
    }

    /// Whether this view is `view` or one of its subviews at any depth.
    public func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    // MARK: - Tree notifications (override points, as in UIKit)

    /// Called before the view moves to `newSuperview` (nil: it is removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview (or was removed).
    open func didMoveToSuperview() {}
    /// Called before the view moves to `newWindow`.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view moved into a window (or out of one).
    open func didMoveToWindow() {}
    /// Called after `subview` was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    private func windowDidChange() {
        didMoveToWindow()
        for view in subviews { view.windowDidChange() }
    }

    // MARK: - Layout

    /// Lays out the subviews; runs before the next frame after `setNeedsLayout()`, a new bounds size or a
    /// subview added or removed. Override it as on iOS. The default does nothing.
    open func layoutSubviews() {}

    /// Marks the view for layout before the next frame.
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now what is marked, from the highest superview that needs it.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    // MARK: - CALayerDelegate

    /// Runs `layoutSubviews()` for the view's own layer.
    open func layoutSublayers(of layer: CALayer) {
        guard layer === backingLayer else { return }
        viewController?.viewWillLayoutSubviews()
        layoutSubviews()
        viewController?.viewDidLayoutSubviews()
    }

    /// Changes of a view's layer are instant outside animation blocks, as in UIKit: `NSNull`.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }

    /// A textual description with the class and frame.
    open var description: String { "<\(type(of: self)) frame \(frame)>" }
}
