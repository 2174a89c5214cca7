import Foundation

/// A layer whose drawn content is split into tiles, drawn on demand for the visible part only, at
/// several levels of detail, on background threads, cached and faded in: for content far larger than
/// one image (a 16 384 × 16 384 map scrolled inside a `CAScrollLayer`).
///
/// Tiles are drawn by `draw(in:)` (the delegate's `draw(_:in:)`), each into a context whose ctm maps
/// layer coordinates to the tile's pixels and whose clip is the tile (`boundingBoxOfClipPath` is the
/// tile's rectangle, as in the book's example). Drawing happens on background threads, several at
/// once, unless `drawsTilesSynchronously` is set, so the drawing code must be thread-safe. The
/// compositor keeps tiles in a cache bounded by `tileCacheLimit` bytes; `setNeedsDisplay()` discards
/// them. See docs/Drawing.md.
open class CATiledLayer: CALayer {
    struct TiledState {
        var tileSize = CGSize(width: 256, height: 256)
        var levelsOfDetail = 1
        var levelsOfDetailBias = 0
        var drawsTilesSynchronously = false
        var tileCacheLimit = 64 << 20
    }

    var own = TiledState()

    /// Sets the stored field `field` to `value` and reports the change under the calling property's name,
    /// which is its key (every setter of a described property comes through here).
    @inline(__always)
    func update<Value: LayerValueConvertible>(
        _ field: WritableKeyPath<TiledState, Value>, to value: Value, key: String = #function
    ) {
        let old = own[keyPath: field].layerValue
        own[keyPath: field] = value
        didChangeValue(forKey: key, from: old)
    }

    /// Increments on every whole-layer `display()` (`setNeedsDisplay()`): cached tiles of older
    /// generations are stale.
    public private(set) var tileGeneration = 0
    /// Rectangles (layer coordinates) marked by `setNeedsDisplay(_:)`, numbered from 1 by position in
    /// the history; only the tiles they touch are redrawn. The newest 256 are kept.
    public private(set) var invalidatedRects: [(serial: Int, rect: CGRect)] = []

    /// Seconds over which a newly drawn tile fades in. Core Animation's default is 0.25; override in a
    /// subclass to change it (0 shows tiles at once).
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// Creates a layer with Core Animation's default values.
    public override init() { super.init() }

    /// Archives are not read (there are no nibs or storyboards on Linux): makes a layer with default values.
    @MainActor public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Makes a presentation copy of `layer`, or a new CATiledLayer when `layer` is nil (see `CALayer.makeLayer`).
    override open class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { CATiledLayer(layer: $0) } ?? CATiledLayer()
    }

    /// Copies the properties of `layer` (a presentation copy).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATiledLayer { own = other.own }
    }

    // MARK: - Tiles

    /// Tile size in **pixels** (at the layer's contentsScale), each side ≥ 16. Default 256 × 256.
    public var tileSize: CGSize {
        get { own.tileSize }
        set { update(\.tileSize, to: newValue) }
    }

    /// Number of levels of detail, each half the resolution of the previous, ≥ 1. Default 1.
    public var levelsOfDetail: Int {
        get { own.levelsOfDetail }
        set { update(\.levelsOfDetail, to: newValue) }
    }

    /// Number of the levels that are magnified (drawn at 2×, 4×, … contentsScale), ≥ 0. Default 0.
    public var levelsOfDetailBias: Int {
        get { own.levelsOfDetailBias }
        set { update(\.levelsOfDetailBias, to: newValue) }
    }

    /// Extension: draw missing tiles on the thread that composes the frame, before it is drawn
    /// (deterministic frames for tests and headless renders). Default false (background threads).
    public var drawsTilesSynchronously: Bool {
        get { own.drawsTilesSynchronously }
        set { update(\.drawsTilesSynchronously, to: newValue) }
    }

    /// Extension: the most bytes of cached tiles kept for this layer (tiles visible in the current frame
    /// are kept even beyond it). Default 64 MiB.
    public var tileCacheLimit: Int {
        get { own.tileCacheLimit }
        set { update(\.tileCacheLimit, to: newValue) }
    }

    /// The pixel scales of the levels of detail, finest first: contentsScale × 2^bias, then halved
    /// `levelsOfDetail − 1` times.
    public var levelScales: [CGFloat] {
        let base =
            (contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1)
            * CGFloat(pow(2, Double(max(0, min(levelsOfDetailBias, 16)))))
        return (0..<max(1, min(levelsOfDetail, 16))).map { base / CGFloat(pow(2, Double($0))) }
    }

    /// Discards the cached tiles (after `setNeedsDisplay(_:)`, only those touching the rectangle); they
    /// are drawn again as they become visible. Does not draw.
    override open func display() {
        if let r = displayState.dirtyRect {
            invalidatedRects.append((serial: (invalidatedRects.last?.serial ?? 0) + 1, rect: r))
            if invalidatedRects.count > 256 { invalidatedRects.removeFirst(invalidatedRects.count - 256) }
        } else {
            tileGeneration += 1
        }
        subtreeDidChange()
    }

    // MARK: - Key-value coding

    /// The keys this class answers to.
    override package class var keyAccessors: [String: LayerKeyAccessor] { CATiledLayer.tiledLayerAccessors }

    static let tiledLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging(
        LayerKeyAccessor.table(keys)
    ) { $1 }

    /// One description per property of this class (docs/Architecture.md, "LayerKit conventions").
    static let keys: [KeyDescription<CATiledLayer>] = [
        .init("tileSize", \.tileSize),
        .init("levelsOfDetail", \.levelsOfDetail),
        .init("levelsOfDetailBias", \.levelsOfDetailBias),
        .init("drawsTilesSynchronously", \.drawsTilesSynchronously),
        .init("tileCacheLimit", \.tileCacheLimit),
    ]
}
