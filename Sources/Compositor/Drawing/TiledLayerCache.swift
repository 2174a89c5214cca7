import Foundation
import LayerKit

/// What the compositor holds for one `CATiledLayer` (for tests and tuning).
public struct TiledLayerStatistics: Equatable, Sendable {
    /// Tiles in the cache.
    public var cachedTiles = 0
    /// Bytes of the cached tiles (width × height × 4 each).
    public var cachedBytes = 0
    /// Tiles drawn (by `draw(in:)`) since the layer was first composited.
    public var tilesDrawn = 0
    /// Tiles being drawn on background threads.
    public var pendingTiles = 0
    /// Tiles drawn into the last frame.
    public var tilesShown = 0
    /// The level of detail used by the last frame (0 = finest).
    public var level = 0
}

/// The tiles of every `CATiledLayer` a compositor draws, keyed by model layer: drawn on demand
/// (synchronously or on a concurrent background queue), kept within each layer's `tileCacheLimit`
/// (least recently used first, never the tiles of the current frame), faded in over `fadeDuration()`.
final class TiledLayerCache {
    struct Key: Hashable {
        let level: Int, column: Int, row: Int
    }

    final class Tile {
        let texture: Texture
        var lastUse: Int
        /// Media time at which the tile was first shown (fade-in start).
        var shownAt: CFTimeInterval?
        var bytes: Int { texture.width * texture.height * 4 }
        init(texture: Texture, lastUse: Int) {
            self.texture = texture
            self.lastUse = lastUse
        }
    }

    /// One layer's tiles.
    final class Store {
        weak var layer: CATiledLayer?
        var generation = -1
        /// Increments whenever tiles are discarded: tiles requested before are dropped when they finish.
        var epoch = 0
        var bounds = CGRect.null
        var tileSize = CGSize.zero
        var scales: [CGFloat] = []
        var tiles: [Key: Tile] = [:]
        var bytes = 0
        /// Tiles drawn into the last frame (compositor thread only).
        var tilesShown = 0
        /// The level of detail used by the last frame (compositor thread only).
        var level = 0
        /// Tiles drawn since the store was created; guarded by `lock`, as background threads count them.
        var tilesDrawn = 0
        /// Guards `pending`, `finished` and `tilesDrawn` (background threads write them).
        let lock = NSLock()
        var pending: Set<Key> = []
        var finished: [(key: Key, epoch: Int, texture: Texture)] = []
        /// The last `invalidatedRects` serial applied.
        var invalidationSerial = 0

        init(_ layer: CATiledLayer) { self.layer = layer }

        /// Forgets every tile when the layer's content (`model.tileGeneration`) or tiling (`layer`, the
        /// presentation copy drawn) changed, and the tiles touching rectangles marked since the last frame.
        func validate(_ layer: CATiledLayer, model: CATiledLayer) {
            let b = layer.bounds.standardized
            let scales = layer.levelScales
            let newRects = model.invalidatedRects.filter { $0.serial > invalidationSerial }
            invalidationSerial = model.invalidatedRects.last?.serial ?? invalidationSerial
            if model.tileGeneration != generation || b != bounds || layer.tileSize != tileSize || scales != self.scales
            {
                generation = model.tileGeneration
                epoch += 1
                bounds = b
                tileSize = layer.tileSize
                self.scales = scales
                tiles.removeAll()
                bytes = 0
                lock.lock()
                finished.removeAll()
                lock.unlock()
                return
            }
            guard !newRects.isEmpty else { return }
            // Tiles being drawn may show the old content: a new epoch drops them when they finish.
            epoch += 1
            for (key, tile) in tiles where newRects.contains(where: { rect(of: key).intersects($0.rect) }) {
                tiles[key] = nil
                bytes -= tile.bytes
            }
        }

        /// The layer-coordinate rectangle of a tile.
        func rect(of key: Key) -> CGRect {
            let s = scales[min(max(0, key.level), scales.count - 1)]
            let tw = tileSize.width / s
            let th = tileSize.height / s
            return CGRect(
                x: bounds.minX + CGFloat(key.column) * tw, y: bounds.minY + CGFloat(key.row) * th, width: tw, height: th
            )
            .intersection(bounds)
        }

        /// Moves tiles finished on background threads into the cache.
        func collectFinished(frame: Int) {
            lock.lock()
            let done = finished
            finished.removeAll()
            lock.unlock()
            for f in done where f.epoch == epoch && tiles[f.key] == nil {
                let t = Tile(texture: f.texture, lastUse: frame)
                tiles[f.key] = t
                bytes += t.bytes
            }
        }

        func insert(_ key: Key, _ texture: Texture, frame: Int) -> Tile {
            let t = Tile(texture: texture, lastUse: frame)
            tiles[key] = t
            bytes += t.bytes
            return t
        }

        /// Drops least recently used tiles not shown in `frame` until the cache fits `limit` bytes.
        func evict(limit: Int, frame: Int) {
            guard bytes > limit else { return }
            let old = tiles.filter { $0.value.lastUse < frame }.sorted {
                $0.value.lastUse != $1.value.lastUse
                    ? $0.value.lastUse < $1.value.lastUse
                    : ($0.key.level, $0.key.row, $0.key.column) < ($1.key.level, $1.key.row, $1.key.column)
            }
            for (k, t) in old {
                if bytes <= limit { break }
                tiles[k] = nil
                bytes -= t.bytes
            }
        }

        var statistics: TiledLayerStatistics {
            var s = TiledLayerStatistics()
            lock.lock()
            s.pendingTiles = pending.count
            s.tilesDrawn = tilesDrawn
            lock.unlock()
            s.cachedTiles = tiles.count
            s.cachedBytes = bytes
            s.tilesShown = tilesShown
            s.level = level
            return s
        }
    }

    /// Background drawing: several tiles at once, as Core Animation does.
    static let queue = DispatchQueue(label: "emitter.CATiledLayer", qos: .userInitiated, attributes: .concurrent)

    private var stores: [ObjectIdentifier: Store] = [:]
    private(set) var frame = 0
    /// Draw every tiled layer's missing tiles before the frame (`Compositor.drawsTilesSynchronously`).
    var synchronous = false
    /// Entered for every background tile, left when it is finished.
    let group = DispatchGroup()

    func store(for layer: CATiledLayer) -> Store {
        let id = ObjectIdentifier(layer)
        if let s = stores[id], s.layer === layer { return s }
        let s = Store(layer)
        stores[id] = s
        return s
    }

    func existingStore(for layer: CATiledLayer) -> Store? {
        stores[ObjectIdentifier(layer)].flatMap { $0.layer === layer ? $0 : nil }
    }

    /// Applies each layer's byte limit and forgets layers that are gone.
    func endFrame() {
        stores = stores.filter { $0.value.layer != nil }
        for s in stores.values { if let l = s.layer { s.evict(limit: max(0, l.tileCacheLimit), frame: frame) } }
        frame += 1
    }

    /// Draws one tile: a context of the tile's pixels whose ctm maps layer coordinates (`rect`, points)
    /// at `scale` pixels per point, clipped to the tile; nil when the size is unusable.
    static func drawTile(_ layer: CATiledLayer, rect: CGRect, scale: CGFloat) -> Texture? {
        let w = Int((Double(rect.width) * Double(scale)).rounded(.up))
        let h = Int((Double(rect.height) * Double(scale)).rounded(.up))
        guard w >= 1, h >= 1, let ctx = try? CGContext(width: w, height: h, scale: scale) else { return nil }
        ctx.scaleBy(x: scale, y: scale)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        ctx.clip(to: rect)
        layer.draw(in: ctx)
        ctx.flush()
        let t = Texture(width: w, height: h)
        t.pixels.update(from: ctx.data, count: w * h)
        return t
    }
}

// MARK: - Drawing tiled layers

extension RenderTreeBuilder {
    /// Most tiles considered per layer and frame (a guard against absurd zoom levels).
    static let maxTilesPerFrame = 4096

    /// The draw ops of a tiled layer's visible tiles; draws or requests the missing ones.
    func tiledOps(_ layer: CATiledLayer, _ b: CGRect, _ ctx: Context) -> [DrawOp] {
        let model = (layer.modelLayer as? CATiledLayer) ?? layer
        let cache = resources.tiles
        let store = cache.store(for: model)
        store.validate(layer, model: model)
        store.collectFinished(frame: cache.frame)
        store.tilesShown = 0
        guard b.width > 0, b.height > 0, layer.tileSize.width >= 16, layer.tileSize.height >= 16,
            layer.tileSize.width.isFinite, layer.tileSize.height.isFinite
        else {
            if layer.tileSize.width < 16 || layer.tileSize.height < 16 {
                noteTiled(layer, "has tileSize \(layer.tileSize); each side must be at least 16 pixels, nothing drawn")
            }
            return []
        }
        // The level whose pixel scale is the smallest one at least the device scale (else the finest).
        let centre = CGPoint(x: b.midX, y: b.midY)
        guard let j = RenderTreeBuilder.jacobian(ctx.h, at: centre) else { return [] }
        let deviceScale = CGFloat(abs(j.xx * j.yy - j.xy * j.yx).squareRoot())
        let scales = store.scales
        var level = 0
        for (i, s) in scales.enumerated().reversed() where s >= deviceScale * 0.999 {
            level = i
            break
        }
        let ls = scales[level]
        store.level = level
        let tw = layer.tileSize.width / ls
        let th = layer.tileSize.height / ls

        // The visible part of the bounds: the clip's corners mapped back to layer coordinates.
        var visible = b
        if let inv = ctx.h.inverted {
            let c = ctx.clip
            let corners = [
                CGPoint(x: c.x0, y: c.y0), CGPoint(x: c.x1, y: c.y0), CGPoint(x: c.x0, y: c.y1),
                CGPoint(x: c.x1, y: c.y1),
            ]
            let mapped = corners.compactMap { inv.apply($0) }
            let w = corners.map { Double($0.x) * Double(inv.m13) + Double($0.y) * Double(inv.m23) + Double(inv.m33) }
            if mapped.count == 4, w.allSatisfy({ $0 > 0 }) { visible = b.intersection(CGRect.boundingBox(of: mapped)) }
        }
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return [] }
        let c0 = Int(((visible.minX - b.minX) / tw).rounded(.down))
        let c1 = Int(((visible.maxX - b.minX) / tw).rounded(.up))
        let r0 = Int(((visible.minY - b.minY) / th).rounded(.down))
        let r1 = Int(((visible.maxY - b.minY) / th).rounded(.up))
        guard c1 > c0, r1 > r0, (c1 - c0) * (r1 - r0) <= RenderTreeBuilder.maxTilesPerFrame else {
            noteTiled(
                layer,
                "would need more than \(RenderTreeBuilder.maxTilesPerFrame) tiles in one frame; increase tileSize or levelsOfDetail"
            )
            return []
        }
        guard let inverse = InverseMap(inverting: ctx.h) else { return [] }
        let now = CACurrentMediaTime()
        let fade = type(of: model).fadeDuration()
        var ops: [DrawOp] = []
        for row in r0..<r1 {
            for col in c0..<c1 {
                let key = TiledLayerCache.Key(level: level, column: col, row: row)
                // `validate` made the store's bounds, tile size and scales this layer's: the same rectangle.
                let rect = store.rect(of: key)
                guard !rect.isNull, rect.width > 0, rect.height > 0 else { continue }
                var tile = store.tiles[key]
                if tile == nil {
                    if layer.drawsTilesSynchronously || cache.synchronous {
                        if let t = TiledLayerCache.drawTile(model, rect: rect, scale: ls) {
                            store.lock.lock()
                            store.tilesDrawn += 1
                            store.lock.unlock()
                            tile = store.insert(key, t, frame: cache.frame)
                        }
                    } else {
                        request(model, store, key, rect: rect, scale: ls)
                    }
                }
                guard let t = tile else {
                    // Until the tile arrives, a cached coarser level stands in for it.
                    if let stand = coarserStandIn(
                        store, level: level, rect: rect, b: b, ctx: ctx, inverse: inverse, layer: layer)
                    {
                        ops.append(stand)
                    }
                    usedInstanceSource = true
                    continue
                }
                t.lastUse = cache.frame
                if t.shownAt == nil { t.shownAt = now }
                var alpha = 1.0
                if fade > 0, let s = t.shownAt, now - s < fade {
                    alpha = max(0, (now - s) / fade)
                    // The fade depends on time, not on the tree: the next frame must be drawn.
                    usedInstanceSource = true
                }
                guard alpha > 0,
                    let s = shape(rect: rect, radius: 0, corners: [], h: ctx.h, antialiased: false, clip: ctx.clip)
                else { continue }
                let paint = ImagePaint(
                    texture: t.texture, inverse: inverse,
                    xMap: .linear(scale: Float(ls), offset: Float(-Double(rect.minX) * Double(ls))),
                    yMap: .linear(scale: Float(ls), offset: Float(-Double(rect.minY) * Double(ls))),
                    region: (0, 0, Float(t.texture.width), Float(t.texture.height)),
                    magnification: layer.magnificationFilter, minification: layer.minificationFilter, lodBias: 0)
                ops.append(
                    .fill(FillOp(shape: s, paint: .image(paint), tint: ctx.tint.withAlpha(times: alpha).pixelTint)))
                store.tilesShown += 1
                if t.shownAt == now { regions?.append(DiagnosticRegion(.drawn(ObjectIdentifier(t), 1), shape: s)) }
            }
        }
        return ops
    }

    /// A fill of `rect` (a missing tile) from the nearest cached coarser level that covers it, or nil.
    private func coarserStandIn(
        _ store: TiledLayerCache.Store, level: Int, rect: CGRect, b: CGRect, ctx: Context, inverse: InverseMap,
        layer: CATiledLayer
    ) -> DrawOp? {
        let scales = store.scales
        guard level + 1 < scales.count else { return nil }
        for coarse in (level + 1)..<scales.count {
            let s = scales[coarse]
            let tw = layer.tileSize.width / s
            let th = layer.tileSize.height / s
            let key = TiledLayerCache.Key(
                level: coarse, column: Int(((rect.minX - b.minX) / tw).rounded(.down)),
                row: Int(((rect.minY - b.minY) / th).rounded(.down)))
            guard let t = store.tiles[key] else { continue }
            let crect = store.rect(of: key)
            guard crect.contains(rect) || crect.intersection(rect) == rect else { continue }
            t.lastUse = resources.tiles.frame
            guard let shape = shape(rect: rect, radius: 0, corners: [], h: ctx.h, antialiased: false, clip: ctx.clip)
            else { return nil }
            let paint = ImagePaint(
                texture: t.texture, inverse: inverse,
                xMap: .linear(scale: Float(s), offset: Float(-Double(crect.minX) * Double(s))),
                yMap: .linear(scale: Float(s), offset: Float(-Double(crect.minY) * Double(s))),
                region: (0, 0, Float(t.texture.width), Float(t.texture.height)),
                magnification: layer.magnificationFilter, minification: layer.minificationFilter, lodBias: 0)
            return .fill(FillOp(shape: shape, paint: .image(paint), tint: ctx.tint.pixelTint))
        }
        return nil
    }

    /// Starts drawing a tile on the background queue (once).
    private func request(
        _ model: CATiledLayer, _ store: TiledLayerCache.Store, _ key: TiledLayerCache.Key, rect: CGRect, scale: CGFloat
    ) {
        store.lock.lock()
        let isNew = store.pending.insert(key).inserted
        store.lock.unlock()
        guard isNew else { return }
        let epoch = store.epoch
        let group = resources.tiles.group
        group.enter()
        TiledLayerCache.queue.async { [weak model, weak store] in
            defer { group.leave() }
            guard let model, let store else { return }
            let texture = TiledLayerCache.drawTile(model, rect: rect, scale: scale)
            store.lock.lock()
            store.pending.remove(key)
            if let texture {
                store.finished.append((key, epoch, texture))
                store.tilesDrawn += 1
            }
            store.lock.unlock()
        }
    }

    private func noteTiled(_ layer: CALayer, _ message: String) {
        let name = layer.name.map { "'\($0)'" } ?? "CATiledLayer"
        let text = "layer \(name) \(message)"
        if !diagnostics.contains(text) { diagnostics.append(text) }
    }
}

extension Compositor {
    /// Whether every `CATiledLayer` draws its missing tiles before the frame, as if its
    /// `drawsTilesSynchronously` were set: deterministic frames for headless renders. Default false.
    public var drawsTilesSynchronously: Bool {
        get { resources.tiles.synchronous }
        set { resources.tiles.synchronous = newValue }
    }

    /// What the compositor holds for `layer` (its model layer), or nil before it was first drawn.
    public func tileStatistics(for layer: CATiledLayer) -> TiledLayerStatistics? {
        resources.tiles.existingStore(for: (layer.modelLayer as? CATiledLayer) ?? layer)?.statistics
    }

    /// Waits until every tile being drawn on background threads is finished (they are shown from the
    /// next frame on). For tests and headless renders.
    public func waitForTiles() {
        resources.tiles.group.wait()
    }
}
