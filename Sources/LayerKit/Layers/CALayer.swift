import Foundation

/// Core Animation's layer: a rectangle in a tree with geometry, contents, visual effects and timing.
///
/// Names, types and defaults follow Apple's Swift API so that code from the Core Animation book ports with
/// few edits. A layer is the *model*: setting a property changes it at once; `presentation()` gives the
/// values on screen while animations run. Drawing is done by the Compositor module; this class holds data
/// and geometry only. Coordinates are y-down points (docs/Design.md §2).
open class CALayer: CAMediaTiming, Hashable, CustomStringConvertible {
    // MARK: - Stored state

    /// Every plain property in one value, so that copies (presentation layers) are complete by construction.
    struct LayerState {
        var bounds: CGRect = .zero
        var position: CGPoint = .zero
        var zPosition: CGFloat = 0
        var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
        var anchorPointZ: CGFloat = 0
        var transform: CATransform3D = CATransform3DIdentity
        var sublayerTransform: CATransform3D = CATransform3DIdentity
        var isGeometryFlipped: Bool = false
        var contents: CGImage? = nil
        var contentsGravity: CALayerContentsGravity = .resize
        var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsScale: CGFloat = 1
        var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var minificationFilter: CALayerContentsFilter = .linear
        var magnificationFilter: CALayerContentsFilter = .linear
        var minificationFilterBias: Float = 0
        var isHidden: Bool = false
        var opacity: Float = 1
        var backgroundColor: CGColor? = nil
        var isOpaque: Bool = false
        var masksToBounds: Bool = false
        var cornerRadius: CGFloat = 0
        var maskedCorners: CACornerMask = .allCorners
        var borderWidth: CGFloat = 0
        var borderColor: CGColor? = CGColor.black
        var shadowColor: CGColor? = CGColor.black
        var shadowOpacity: Float = 0
        var shadowOffset: CGSize = CGSize(width: 0, height: -3)
        var shadowRadius: CGFloat = 3
        var shadowPath: CGPath? = nil
        var allowsGroupOpacity: Bool = true
        var allowsEdgeAntialiasing: Bool = false
        var isDoubleSided: Bool = true
        var shouldRasterize: Bool = false
        var rasterizationScale: CGFloat = 1
        var name: String? = nil
        var needsDisplayOnBoundsChange: Bool = false
        var drawsAsynchronously: Bool = false
        /// The eight CAMediaTiming values, stored as the animations store theirs.
        var timing = MediaTimingValues()
    }

    var state = LayerState()

    /// Sets the stored field `field` to `value` and reports the change under the calling property's name,
    /// which is its key (every setter of a described property comes through here).
    @inline(__always)
    func update<Value: LayerValueConvertible>(
        _ field: WritableKeyPath<LayerState, Value>, to value: Value, key: String = #function
    ) {
        let old = state[keyPath: field].layerValue
        state[keyPath: field] = value
        didChangeValue(forKey: key, from: old)
    }
    /// Custom drawing bookkeeping (LayerKit/Drawing); not copied to presentation layers.
    var displayState = DisplayState()
    /// Layout bookkeeping (CALayer+Layout.swift); not copied to presentation layers.
    var layoutState = LayoutState()

    /// Sublayers in drawing order (later ones draw on top, then by zPosition). Default nil.
    /// Setting it removes the new sublayers from their previous superlayers.
    public var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            for child in children { child.parent = nil }
            children = []
            for layer in newValue ?? [] { addSublayer(layer) }
            hierarchyDidChange()
        }
    }

    var children: [CALayer] = []
    weak var parent: CALayer?
    weak var maskOwner: CALayer?

    /// The layer this one is a sublayer of. Nil for a root, a mask or a detached layer.
    public var superlayer: CALayer? { parent }

    /// A layer whose alpha masks this layer and its sublayers, laid out in this layer's coordinates.
    /// Default nil.
    public var mask: CALayer? {
        get { maskLayer }
        set {
            if maskLayer === newValue { return }
            maskLayer?.maskOwner = nil
            newValue?.removeFromSuperlayer()
            newValue?.maskOwner?.maskLayer = nil
            maskLayer = newValue
            newValue?.maskOwner = self
            hierarchyDidChange()
        }
    }

    var maskLayer: CALayer?

    /// The layer's delegate: drawing, layout and action lookup (not retained). Default nil.
    public weak var delegate: CALayerDelegate?

    /// Actions by key, consulted after the delegate when a property changes. Default nil.
    public var actions: [String: CAAction]?

    /// Default property values consulted before the built-in defaults (Core Animation's `style`). Default nil.
    public var style: [String: Any]?

    /// Values stored with `setValue(_:forKey:)` under keys no property has (Core Animation's layers accept
    /// any key); `value(forKey:)` returns them.
    var userValues: [String: Any] = [:]

    /// Increments whenever a property of this layer changes.
    package private(set) var generation: UInt64 = 0

    /// Increments whenever this layer, a descendant, a mask or the sublayer list changes: lets renderers
    /// and caches skip work for subtrees that did not change.
    package private(set) var subtreeGeneration: UInt64 = 0

    /// For a presentation copy, the model layer it was made from; nil for a model layer.
    public internal(set) weak var modelLayer: CALayer?

    /// The presentation copy most recently built for this model layer (set by the animation engine).
    public internal(set) var presentationLayer: CALayer?

    // MARK: - Animation storage (LayerKit/Animation)

    /// The attached animations (the layer's own copies) in the order they were added.
    var attachedAnimations: [AttachedAnimation] = []

    /// Whether a frame's presentation tree has included this layer. Like Core Animation, where a layer's
    /// first commit never animates, only layers already on screen look up actions when they change.
    var hasBeenPresented = false

    /// For a presentation copy: the transition in progress on this layer, if any.
    package internal(set) var activeTransition: CATransitionPresentation?

    /// Extension: whether property changes of this layer look up actions (implicit animations). Default
    /// true, as for Core Animation's standalone layers; set false for layers whose properties are driven
    /// every frame (physics bodies) or loaded from scene files, as UIKit does for a view's backing layer.
    /// Even when true, a layer animates only once it has been presented, and never inside
    /// `CATransaction.setDisableActions(true)`. See docs/Time.md.
    public var allowsImplicitAnimations: Bool = true

    // MARK: - Creating

    /// Creates a layer with Core Animation's default values. Subclasses override it as on iOS
    /// (`override init()`).
    public init() {}

    /// Creates a copy of `layer`'s properties (not its sublayers), as Core Animation does when it makes
    /// presentation layers. `layer` must be a CALayer of the same class or a superclass. Subclasses
    /// override it as on iOS (`override init(layer: Any)`) to copy their own properties.
    ///
    /// Isolated to the main actor as the Objective-C initialiser is for iOS code, so that a `@MainActor`
    /// subclass's override may read and set its own stored properties (piemonte/Twinkle's layer does);
    /// `@preconcurrency`, because the engine makes presentation copies from synchronous code on the thread
    /// that drives it, as Core Animation does.
    @preconcurrency @MainActor
    public init(layer: Any) {
        guard let other = layer as? CALayer else { return }
        state = other.state
        maskLayer = nil
        delegate = other.delegate
        actions = other.actions
        style = other.style
        userValues = other.userValues
        allowsImplicitAnimations = other.allowsImplicitAnimations
        modelLayer = other.modelLayer ?? other
    }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    /// Required, as on iOS, so that subclasses written for iOS (`required init?(coder:)`) compile; isolated
    /// to the main actor as the Objective-C initialiser effectively is for iOS code, so that a `@MainActor`
    /// subclass's override may call its own main-actor methods (piemonte/Twinkle's layer does).
    @MainActor public required init?(coder: NSCoder) {}

    /// Makes a layer of this class: a presentation copy of `layer` (`init(layer:)`), or a layer with default
    /// values when `layer` is nil (`init()`), for a view's `layerClass` and `defaultValue(forKey:)`.
    ///
    /// Core Animation calls these initialisers through the Objective-C runtime. Swift calls an initialiser
    /// through a class only when every subclass must implement it (`required`), which iOS code does not
    /// write for `init()` and `init(layer:)`; so each LayerKit class makes its own kind, and a subclass of
    /// yours is copied as its nearest LayerKit class: it draws the same, but its `presentation()` is nil.
    /// A subclass that wants its own class there overrides this:
    /// `override class func makeLayer(copying layer: CALayer?) -> CALayer { layer.map { MyLayer(layer: $0) } ?? MyLayer() }`.
    open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CALayer(layer: $0) } ?? CALayer()
    }

    // MARK: - Sublayers

    /// Appends `layer` to the sublayers (removing it from its previous superlayer first).
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(children.count))
    }

    /// Inserts `layer` at `index` in the sublayers (clamped to the end).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        if layer.parent === self, let old = children.firstIndex(where: { $0 === layer }) {
            children.remove(at: old)
        } else {
            layer.removeFromSuperlayer()
            if layer.maskOwner != nil { layer.maskOwner?.mask = nil }
        }
        let i = min(Int(index), children.count)
        children.insert(layer, at: i)
        layer.parent = self
        if layer.layoutState.needsLayout || layer.layoutState.descendantNeedsLayout { layer.markAncestorsForLayout() }
        hierarchyDidChange()
    }

    /// Inserts `layer` just below `sibling` (or at the bottom when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        if layer.parent === self {
            children.removeAll { $0 === layer }
            layer.parent = nil
        }
        let i = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    /// Inserts `layer` just above `sibling` (or at the top when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        if layer.parent === self {
            children.removeAll { $0 === layer }
            layer.parent = nil
        }
        let i = sibling.flatMap { s in children.firstIndex { $0 === s } }.map { $0 + 1 } ?? children.count
        insertSublayer(layer, at: UInt32(i))
    }

    /// Removes the layer from its superlayer (or detaches it as a mask).
    public func removeFromSuperlayer() {
        if let p = parent {
            p.children.removeAll { $0 === self }
            parent = nil
            p.hierarchyDidChange()
        }
        if let owner = maskOwner { owner.mask = nil }
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index. Does nothing when `oldLayer`
    /// is not a sublayer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = children.firstIndex(where: { $0 === oldLayer }) else { return }
        if oldLayer === newLayer { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(i))
    }

    /// The first layer named `name` in this subtree (depth-first, self first), masks included.
    public func layer(named name: String) -> CALayer? {
        if self.name == name { return self }
        for child in children { if let hit = child.layer(named: name) { return hit } }
        return maskLayer?.layer(named: name)
    }

    /// Calls `body` for this layer and every descendant, depth-first in drawing order (masks excluded).
    public func forEachLayer(_ body: (CALayer) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.forEachLayer(body) }
    }

    // MARK: - Change tracking

    /// Called by every property setter after the model value changed, with the previous value.
    /// Updates the generation counters; the animation system looks up implicit actions from here.
    open func didChangeValue(forKey key: String, from oldValue: LayerValue) {
        generation &+= 1
        subtreeDidChange()
        if key == "bounds" && state.needsDisplayOnBoundsChange && modelLayer == nil { setNeedsDisplay() }
        if allowsImplicitAnimations && hasBeenPresented && modelLayer == nil {
            recordActionForChange(ofKey: key, from: oldValue)
        }
    }

    // MARK: - Actions

    /// The action for `event`, searched in Core Animation's order: the delegate's
    /// `action(for:forKey:)` (nil continues the search, `NSNull()` stops it), `actions[event]`,
    /// `style["actions"][event]`, `defaultAction(forKey:)`, then the implicit animation of an animatable
    /// property (a cross-fade for `contents`). Nil when there is none.
    open func action(forKey event: String) -> CAAction? {
        switch lookUpAction(forKey: event) {
        case .none: return nil
        case .custom(let a): return a
        case .implicit:
            let current = (try? layerValue(forKeyPath: event)) ?? .none
            return makeImplicitAnimation(
                forKey: event, from: current, duration: CATransaction.animationDuration(),
                timingFunction: CATransaction.animationTimingFunction())
        }
    }

    /// The action a layer class provides for `event` when the delegate, `actions` and `style` have none.
    /// Default nil; return `NSNull()` to stop the search (no implicit animation).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Marks this layer's subtree and its ancestors as changed without a property change (for example
    /// when an emitter cell of this layer changed).
    package func subtreeDidChange() {
        var layer: CALayer? = self
        while let l = layer {
            l.subtreeGeneration &+= 1
            layer = l.parent ?? l.maskOwner
        }
    }

    func hierarchyDidChange() {
        subtreeDidChange()
        // As in Core Animation, adding or removing a sublayer asks the superlayer for layout.
        setNeedsLayout()
    }

    // MARK: - Overridable hooks

    /// Lays out the sublayers; called by `layoutIfNeeded()` when the layer is marked (`setNeedsLayout()`,
    /// a new bounds size, a sublayer added or removed). The default asks the delegate
    /// (`layoutSublayers(of:)`, which is how a view's `layoutSubviews` runs). Override it as on iOS.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// Sets the layer's contents: asks the delegate's `display(_:)`, whose default draws a backing image
    /// through `draw(in:)` (`drawBackingStore()`). Called by `displayIfNeeded()`; override to supply
    /// contents another way. See docs/Drawing.md.
    open func display() {
        if let d = delegate { d.display(self) } else { drawBackingStore() }
    }

    /// Draws the layer's content into `ctx` (user space = layer coordinates, y down, clipped to the
    /// bounds). The default asks the delegate's `draw(_:in:)`; subclasses may override.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// Whether this layer flattens its sublayers into its plane (false for CATransformLayer).
    open var flattensSublayers: Bool { true }

    /// Whether `p`, in this layer's coordinates, is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The deepest visible layer of this subtree containing `p`, given in the superlayer's coordinates
    /// (for a root: the framebuffer). Sublayers are tried front to back in sublayer order (not by
    /// zPosition, as in Core Animation); hidden or fully transparent layers are skipped, and a layer that
    /// masks to its bounds hides sublayers outside them. Back-facing layers are still hit.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden, opacity > 0 else { return nil }
        let inverse = PlaneTransform(transformToSuperlayer).inverted
        guard let local = inverse?.apply(p) else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// Overridden by layers with nested objects (emitter cells): reads key paths the table cannot.
    open func specialValue(forKeyPath keyPath: String) throws -> LayerValue? { nil }
    /// Overridden by layers with nested objects: writes key paths the table cannot; returns whether it did.
    open func setSpecialValue(_ value: LayerValue, forKeyPath keyPath: String) throws -> Bool { false }
    /// Overridden by layers with nested objects: animatability of such key paths, nil if not special.
    open func specialAnimatable(_ keyPath: String) -> Bool? { nil }

    // MARK: - Identity

    /// Layers are equal when they are the same object.
    public static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }
    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// A short description: class, name, frame.
    open var description: String {
        "<\(type(of: self))\(name.map { " '\($0)'" } ?? "") frame=\(frame)>"
    }

    // MARK: - Geometry
    /// The layer's own coordinate space: origin and size in points. Default `.zero`. Animatable.
    public var bounds: CGRect {
        get { state.bounds }
        set {
            let resized = newValue.size != state.bounds.size
            update(\.bounds, to: newValue)
            // As in Core Animation, a new size asks for layout (a view's layoutSubviews).
            if resized { setNeedsLayout() }
        }
    }

    /// Where the anchor point sits in the superlayer's coordinates, in points. Default `.zero`. Animatable.
    public var position: CGPoint {
        get { state.position }
        set { update(\.position, to: newValue) }
    }

    /// Position on the z axis in points; sibling drawing order (higher draws on top). Default 0. Animatable.
    public var zPosition: CGFloat {
        get { state.zPosition }
        set { update(\.zPosition, to: newValue) }
    }

    /// The point of the bounds, in unit coordinates, that `position` refers to and transforms turn about. Default (0.5, 0.5). Animatable.
    public var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { update(\.anchorPoint, to: newValue) }
    }

    /// The anchor's z coordinate in points. Default 0. Animatable.
    public var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set { update(\.anchorPointZ, to: newValue) }
    }

    /// The transform applied about the anchor point, relative to the superlayer. Default identity. Animatable.
    public var transform: CATransform3D {
        get { state.transform }
        set { update(\.transform, to: newValue) }
    }

    /// A transform applied to the sublayers about this layer's anchor point (typically perspective). Default identity. Animatable.
    public var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set { update(\.sublayerTransform, to: newValue) }
    }

    /// Whether sublayer geometry is flipped vertically (y up, as on macOS). Default false.
    public var isGeometryFlipped: Bool {
        get { state.isGeometryFlipped }
        set { update(\.isGeometryFlipped, to: newValue) }
    }

    // MARK: - Contents
    /// The image the layer shows, drawn over the background. Default nil. Animatable (cross-fades).
    public var contents: CGImage? {
        get { state.contents }
        set { update(\.contents, to: newValue) }
    }

    /// How the contents fit the bounds (12 values). Default `.resize`.
    public var contentsGravity: CALayerContentsGravity {
        get { state.contentsGravity }
        set { update(\.contentsGravity, to: newValue) }
    }

    /// The part of the image shown, in unit coordinates of the image. Default (0, 0, 1, 1). Animatable.
    public var contentsRect: CGRect {
        get { state.contentsRect }
        set { update(\.contentsRect, to: newValue) }
    }

    /// Image pixels per point, > 0. Default 1.
    public var contentsScale: CGFloat {
        get { state.contentsScale }
        set { update(\.contentsScale, to: newValue) }
    }

    /// The stretchable centre of the image in unit coordinates (nine-slice). Default (0, 0, 1, 1): stretch uniformly. Animatable.
    public var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { update(\.contentsCenter, to: newValue) }
    }

    /// Filter used when the contents are drawn smaller than their pixels. Default `.linear`.
    public var minificationFilter: CALayerContentsFilter {
        get { state.minificationFilter }
        set { update(\.minificationFilter, to: newValue) }
    }

    /// Filter used when the contents are drawn larger than their pixels. Default `.linear`.
    public var magnificationFilter: CALayerContentsFilter {
        get { state.magnificationFilter }
        set { update(\.magnificationFilter, to: newValue) }
    }

    /// Bias added to the mipmap level when minifying with `.trilinear`. Default 0.
    public var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set { update(\.minificationFilterBias, to: newValue) }
    }

    // MARK: - Appearance
    /// Whether the layer and its sublayers are not drawn (nor hit). Default false. Animatable (discretely).
    public var isHidden: Bool {
        get { state.isHidden }
        set { update(\.isHidden, to: newValue) }
    }

    /// Opacity of the layer and its sublayers, 0…1. Default 1. Animatable.
    public var opacity: Float {
        get { state.opacity }
        set { update(\.opacity, to: newValue) }
    }

    /// Fill of the bounds (inside the rounded corners). Default nil. Animatable.
    public var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { update(\.backgroundColor, to: newValue) }
    }

    /// A hint that the layer's content is fully opaque. Default false.
    public var isOpaque: Bool {
        get { state.isOpaque }
        set { update(\.isOpaque, to: newValue) }
    }

    /// Whether contents and sublayers are clipped to the (rounded) bounds. Default false.
    public var masksToBounds: Bool {
        get { state.masksToBounds }
        set { update(\.masksToBounds, to: newValue) }
    }

    /// Radius of the rounded corners in points, ≥ 0. Default 0. Animatable.
    public var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { update(\.cornerRadius, to: newValue) }
    }

    /// Which corners cornerRadius rounds. Default all four.
    public var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set { update(\.maskedCorners, to: newValue) }
    }

    /// Width of the border drawn inside the bounds, in points, ≥ 0. Default 0. Animatable.
    public var borderWidth: CGFloat {
        get { state.borderWidth }
        set { update(\.borderWidth, to: newValue) }
    }

    /// Colour of the border. Default opaque black. Animatable.
    public var borderColor: CGColor? {
        get { state.borderColor }
        set { update(\.borderColor, to: newValue) }
    }

    /// Colour of the shadow. Default opaque black. Animatable.
    public var shadowColor: CGColor? {
        get { state.shadowColor }
        set { update(\.shadowColor, to: newValue) }
    }

    /// Opacity of the shadow, 0…1. Default 0 (no shadow). Animatable.
    public var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { update(\.shadowOpacity, to: newValue) }
    }

    /// Offset of the shadow in points. Default (0, −3). Animatable.
    public var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { update(\.shadowOffset, to: newValue) }
    }

    /// Blur radius of the shadow in points, ≥ 0. Default 3. Animatable.
    public var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { update(\.shadowRadius, to: newValue) }
    }

    /// The shadow's shape; nil follows the layer's alpha. Default nil. Animatable.
    public var shadowPath: CGPath? {
        get { state.shadowPath }
        set { update(\.shadowPath, to: newValue) }
    }

    /// Whether opacity < 1 composites the layer and its sublayers as one group. Default true.
    public var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { update(\.allowsGroupOpacity, to: newValue) }
    }

    /// Whether edges of transformed layers are anti-aliased. Default false.
    public var allowsEdgeAntialiasing: Bool {
        get { state.allowsEdgeAntialiasing }
        set { update(\.allowsEdgeAntialiasing, to: newValue) }
    }

    /// Whether the back of the layer is drawn when it faces away. Default true.
    public var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { update(\.isDoubleSided, to: newValue) }
    }

    /// Whether the layer and its sublayers are drawn once into a cached bitmap. Default false.
    public var shouldRasterize: Bool {
        get { state.shouldRasterize }
        set { update(\.shouldRasterize, to: newValue) }
    }

    /// Pixels per point of the rasterised bitmap, > 0. Default 1.
    public var rasterizationScale: CGFloat {
        get { state.rasterizationScale }
        set { update(\.rasterizationScale, to: newValue) }
    }

    /// A name for finding the layer (scene files, key paths, tools). Default nil.
    public var name: String? {
        get { state.name }
        set { update(\.name, to: newValue) }
    }

    /// Whether a bounds change marks the layer for redrawing. Default false.
    public var needsDisplayOnBoundsChange: Bool {
        get { state.needsDisplayOnBoundsChange }
        set { update(\.needsDisplayOnBoundsChange, to: newValue) }
    }

    /// Whether custom drawing may run on a background thread. Default false.
    public var drawsAsynchronously: Bool {
        get { state.drawsAsynchronously }
        set { update(\.drawsAsynchronously, to: newValue) }
    }

    // MARK: - Timing (CAMediaTiming)
    /// Start of the layer's local time in its parent's time, seconds. Default 0.
    public var beginTime: CFTimeInterval {
        get { state.timing.beginTime }
        set { update(\.timing.beginTime, to: newValue) }
    }

    /// Length of one cycle of the layer's local time, seconds; `.infinity` allowed. Default 0 (unbounded).
    public var duration: CFTimeInterval {
        get { state.timing.duration }
        set { update(\.timing.duration, to: newValue) }
    }

    /// Rate of the layer's local time relative to its parent's; 0 pauses. Default 1.
    public var speed: Float {
        get { state.timing.speed }
        set { update(\.timing.speed, to: newValue) }
    }

    /// Offset added to the layer's local time, seconds. Default 0.
    public var timeOffset: CFTimeInterval {
        get { state.timing.timeOffset }
        set { update(\.timing.timeOffset, to: newValue) }
    }

    /// Cycles of the layer's time; `.infinity` repeats forever. Default 0.
    public var repeatCount: Float {
        get { state.timing.repeatCount }
        set { update(\.timing.repeatCount, to: newValue) }
    }

    /// Active time of the layer, seconds; `.infinity` for ever. Default 0.
    public var repeatDuration: CFTimeInterval {
        get { state.timing.repeatDuration }
        set { update(\.timing.repeatDuration, to: newValue) }
    }

    /// Whether alternate cycles run backwards. Default false.
    public var autoreverses: Bool {
        get { state.timing.autoreverses }
        set { update(\.timing.autoreverses, to: newValue) }
    }

    /// Fill outside the active interval. Default `.removed`.
    public var fillMode: CAMediaTimingFillMode {
        get { state.timing.fillMode }
        set { update(\.timing.fillMode, to: newValue) }
    }

    // MARK: - Key-value coding

    /// The default value of `key` for this class (the value of a freshly created layer), as
    /// `value(forKeyPath:)` returns it; nil for a key no property has.
    open class func defaultValue(forKey key: String) -> Any? {
        (try? makeLayer(copying: nil).layerValue(forKeyPath: key))?.anyValue
    }

    /// The keys this class answers to (Swift names and Core Animation's Objective-C names).
    package class var keyAccessors: [String: LayerKeyAccessor] { CALayer.layerAccessors }

    static let layerAccessors: [String: LayerKeyAccessor] = LayerKeyAccessor.table(layerKeys)

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let layerKeys: [KeyDescription<CALayer>] = [
        .init("bounds", \.bounds, animatable: true),
        .init("position", \.position, animatable: true),
        .init("zPosition", \.zPosition, animatable: true),
        .init("anchorPoint", \.anchorPoint, animatable: true),
        .init("anchorPointZ", \.anchorPointZ, animatable: true),
        .init("transform", \.transform, animatable: true),
        .init("sublayerTransform", \.sublayerTransform, animatable: true),
        .init("isGeometryFlipped", \.isGeometryFlipped, aliases: ["geometryFlipped"]),
        .init("contents", \.contents, animatable: true),
        .init("contentsGravity", \.contentsGravity),
        .init("contentsRect", \.contentsRect, animatable: true),
        .init("contentsScale", \.contentsScale, .positive, animatable: true),
        .init("contentsCenter", \.contentsCenter, animatable: true),
        .init("minificationFilter", \.minificationFilter),
        .init("magnificationFilter", \.magnificationFilter),
        .init("minificationFilterBias", \.minificationFilterBias),
        .init("isHidden", \.isHidden, animatable: true, aliases: ["hidden"]),
        .init("opacity", \.opacity, animatable: true),
        .init("backgroundColor", \.backgroundColor, animatable: true),
        .init("isOpaque", \.isOpaque, aliases: ["opaque"]),
        .init("masksToBounds", \.masksToBounds, animatable: true),
        .init("cornerRadius", \.cornerRadius, .nonNegative, animatable: true),
        .init("maskedCorners", \.maskedCorners),
        .init("borderWidth", \.borderWidth, .nonNegative, animatable: true),
        .init("borderColor", \.borderColor, animatable: true),
        .init("shadowColor", \.shadowColor, animatable: true),
        .init("shadowOpacity", \.shadowOpacity, animatable: true),
        .init("shadowOffset", \.shadowOffset, animatable: true),
        .init("shadowRadius", \.shadowRadius, .nonNegative, animatable: true),
        .init("shadowPath", \.shadowPath, animatable: true),
        .init("allowsGroupOpacity", \.allowsGroupOpacity),
        .init("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing),
        .init("isDoubleSided", \.isDoubleSided, aliases: ["doubleSided"]),
        .init("shouldRasterize", \.shouldRasterize),
        .init("rasterizationScale", \.rasterizationScale, .positive, animatable: true),
        .init("name", \.name),
        .init("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange),
        .init("drawsAsynchronously", \.drawsAsynchronously),
        .init("beginTime", \.beginTime),
        .init("duration", \.duration, .nonNegativeOrInfinity),
        .init("speed", \.speed),
        .init("timeOffset", \.timeOffset),
        .init("repeatCount", \.repeatCount, .nonNegativeOrInfinity),
        .init("repeatDuration", \.repeatDuration, .nonNegativeOrInfinity),
        .init("autoreverses", \.autoreverses),
        .init("fillMode", \.fillMode),
    ]
}

/// Something that responds to a layer event, for example an animation started by a property change.
/// Animations are actions (they add themselves to the layer); `NSNull()` is the action that does nothing and
/// stops the action search.
public protocol CAAction: AnyObject {
    /// Runs the action for `event` on `anObject` (a layer). For property changes `dict` holds the value
    /// shown before the change under `CALayer.previousValueArgument` (a `LayerValue`).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// The delegate of a layer: supplies content, lays out sublayers and chooses actions.
public protocol CALayerDelegate: AnyObject {
    /// Sets the layer's contents directly instead of drawing. The default draws through `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx` (layer coordinates, y down, clipped to the bounds).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers after its bounds changed.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: nil continues the search, `NSNull()` stops it (the change is instant).
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    /// Draws the backing image through `draw(_:in:)` (`layer.drawBackingStore()`).
    public func display(_ layer: CALayer) { layer.drawBackingStore() }
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// Returns nil (continue the search).
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
