import Foundation

/// A layer that shows a scrollable part of its sublayers by moving its bounds origin.
///
/// As in Core Animation there is no content size, bounds checking or scroll bar; set `masksToBounds`
/// to clip.
open class CAScrollLayer: CALayer {
    struct ScrollState {
        var scrollMode: CAScrollLayerScrollMode = .both
    }

    var own = ScrollState()

    /// Sets the stored field `field` to `value` and reports the change under the calling property's name,
    /// which is its key (every setter of a described property comes through here).
    @inline(__always)
    func update<Value: LayerValueConvertible>(
        _ field: WritableKeyPath<ScrollState, Value>, to value: Value, key: String = #function
    ) {
        let old = own[keyPath: field].layerValue
        own[keyPath: field] = value
        didChangeValue(forKey: key, from: old)
    }

    /// Creates a layer with Core Animation's default values.
    public override init() { super.init() }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    @MainActor public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes a presentation copy of `layer`, or a new CAScrollLayer when `layer` is nil (see `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CAScrollLayer(layer: $0) } ?? CAScrollLayer()
    }

    /// Copies the properties of `layer` (a presentation copy).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { own = other.own }
    }

    // MARK: - Scrolling

    /// Directions in which `scroll(to:)` moves. Default `.both`.
    public var scrollMode: CAScrollLayerScrollMode {
        get { own.scrollMode }
        set { update(\.scrollMode, to: newValue) }
    }

    // MARK: - Scrolling

    /// Scrolls so that `p` is the bounds origin (only along the allowed directions).
    public func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .both || scrollMode == .horizontally { origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically { origin.y = p.y }
        bounds.origin = origin
    }

    /// Scrolls the least distance that makes `r` (in this layer's coordinates) visible.
    public func scroll(_ r: CGRect) {
        var o = bounds.origin
        let b = bounds
        if r.minX < b.minX { o.x = r.minX } else if r.maxX > b.maxX { o.x = min(r.minX, r.maxX - b.width) }
        if r.minY < b.minY { o.y = r.minY } else if r.maxY > b.maxY { o.y = min(r.minY, r.maxY - b.height) }
        scroll(to: o)
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override package class var keyAccessors: [String: LayerKeyAccessor] { CAScrollLayer.scrollLayerAccessors }

    static let scrollLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging(
        LayerKeyAccessor.table(keys)
    ) { $1 }

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let keys: [KeyDescription<CAScrollLayer>] = [
        .init("scrollMode", \.scrollMode)
    ]
}
