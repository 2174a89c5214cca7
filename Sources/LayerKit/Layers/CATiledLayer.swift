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
        set {
            let old: LayerValue = .size(own.tileSize)
            own.tileSize = newValue
            didChangeValue(forKey: "tileSize", from: old)
        }
    }

    /// Number of levels of detail, each half the resolution of the previous, ≥ 1. Default 1.
    public var levelsOfDetail: Int {
        get { own.levelsOfDetail }
        set {
            let old: LayerValue = .number(Double(own.levelsOfDetail))
            own.levelsOfDetail = newValue
            didChangeValue(forKey: "levelsOfDetail", from: old)
        }
    }

    /// Number of the levels that are magnified (drawn at 2×, 4×, … contentsScale), ≥ 0. Default 0.
    public var levelsOfDetailBias: Int {
        get { own.levelsOfDetailBias }
        set {
            let old: LayerValue = .number(Double(own.levelsOfDetailBias))
            own.levelsOfDetailBias = newValue
            didChangeValue(forKey: "levelsOfDetailBias", from: old)
        }
    }

    /// Extension: draw missing tiles on the thread that composes the frame, before it is drawn
    /// (deterministic frames for tests and headless renders). Default false (background threads).
    public var drawsTilesSynchronously: Bool {
        get { own.drawsTilesSynchronously }
        set {
            let old: LayerValue = .bool(own.drawsTilesSynchronously)
            own.drawsTilesSynchronously = newValue
            didChangeValue(forKey: "drawsTilesSynchronously", from: old)
        }
    }

    /// Extension: the most bytes of cached tiles kept for this layer (tiles visible in the current frame
    /// are kept even beyond it). Default 64 MiB.
    public var tileCacheLimit: Int {
        get { own.tileCacheLimit }
        set {
            let old: LayerValue = .number(Double(own.tileCacheLimit))
            own.tileCacheLimit = newValue
            didChangeValue(forKey: "tileCacheLimit", from: old)
        }
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
    override open class var keyAccessors: [String: LayerKeyAccessor] { CATiledLayer.tiledLayerAccessors }

    static let tiledLayerAccessors: [String: LayerKeyAccessor] = CALayer.layerAccessors.merging([
        "tileSize": LayerKeyAccessor(
            animatable: false, get: { .size(($0 as! CATiledLayer).tileSize) },
            set: { ($0 as! CATiledLayer).tileSize = try $1.size(path: $2) }),
        "levelsOfDetail": LayerKeyAccessor(
            animatable: false, get: { .number(Double(($0 as! CATiledLayer).levelsOfDetail)) },
            set: { ($0 as! CATiledLayer).levelsOfDetail = try $1.int(path: $2) }),
        "levelsOfDetailBias": LayerKeyAccessor(
            animatable: false, get: { .number(Double(($0 as! CATiledLayer).levelsOfDetailBias)) },
            set: { ($0 as! CATiledLayer).levelsOfDetailBias = try $1.int(path: $2) }),
        "drawsTilesSynchronously": LayerKeyAccessor(
            animatable: false, get: { .bool(($0 as! CATiledLayer).drawsTilesSynchronously) },
            set: { ($0 as! CATiledLayer).drawsTilesSynchronously = try $1.bool(path: $2) }),
        "tileCacheLimit": LayerKeyAccessor(
            animatable: false, get: { .number(Double(($0 as! CATiledLayer).tileCacheLimit)) },
            set: { ($0 as! CATiledLayer).tileCacheLimit = try $1.int(path: $2) }),
    ]) { $1 }
}
