import Foundation

/// Per-layer bookkeeping of custom drawing: whether the layer must redraw, which part, and how often
/// it did. Not copied to presentation layers.
struct DisplayState {
    /// `setNeedsDisplay` was called and `display` has not run since.
    var needsDisplay = false
    /// A descendant (or mask) needs display: lets `displaySubtreeIfNeeded` skip clean subtrees.
    var descendantNeedsDisplay = false
    /// The part to redraw in layer coordinates; nil for the whole layer.
    var dirtyRect: CGRect?
    /// Redraws so far.
    var displayCount = 0
    /// The image the last redraw produced (a partial redraw starts from it when it is still `contents`).
    var backing: CGImage?
    /// Why the last redraw drew nothing (an unusable size), with the fix.
    var problem: String?
    /// Inside `displayIfNeeded` (the count is taken there).
    var counting = false
    /// Inside `displaySubtreeIfNeeded` for a `drawsAsynchronously` layer: record, do not rasterise.
    var deferring = false
    /// The recorded context of an asynchronous redraw, waiting to be rasterised.
    var deferredContext: CGContext?
}

// MARK: - Marking and displaying

extension CALayer {
    /// Marks the whole layer for redrawing: the next `displayIfNeeded()` (run for the tree before every
    /// frame the compositor draws) calls `display()`.
    public func setNeedsDisplay() {
        displayState.dirtyRect = nil
        markNeedsDisplay()
    }

    /// Marks part of the layer (layer coordinates) for redrawing. Only that part is redrawn, over the
    /// previous pixels, when the backing image is still the layer's contents and the same size; otherwise
    /// the whole layer is.
    public func setNeedsDisplay(_ rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else { return }
        if displayState.needsDisplay {
            if let d = displayState.dirtyRect { displayState.dirtyRect = d.union(r) }
        } else {
            displayState.dirtyRect = r
        }
        markNeedsDisplay()
    }

    /// Whether the layer is marked for redrawing.
    public func needsDisplay() -> Bool { displayState.needsDisplay }

    /// Redraws the layer now if it is marked (`display()`), and clears the mark.
    public func displayIfNeeded() {
        guard displayState.needsDisplay else { return }
        displayState.needsDisplay = false
        displayState.displayCount += 1
        displayState.counting = true
        display()
        displayState.counting = false
        displayState.dirtyRect = nil
    }

    /// Times the layer was redrawn (by `displayIfNeeded`, or by `display()` drawing its backing image).
    package var displayCount: Int { displayState.displayCount }

    /// Why the last redraw drew nothing (for example bounds × contentsScale beyond 16 384 pixels), or nil.
    package var displayProblem: String? { displayState.problem }

    /// Runs `displayIfNeeded()` on every marked layer of this subtree (masks included), skipping
    /// subtrees with nothing marked. Layers with `drawsAsynchronously` record their drawing on this
    /// thread and rasterise in parallel on background threads; the call returns when every layer's
    /// contents are set, so frames stay deterministic. Returns the number of layers redrawn.
    @discardableResult
    public func displaySubtreeIfNeeded() -> Int {
        var asynchronous: [(CALayer, CGContext)] = []
        let n = displayMarked(&asynchronous)
        if !asynchronous.isEmpty {
            let jobs = asynchronous
            DispatchQueue.concurrentPerform(iterations: jobs.count) { jobs[$0].1.flush() }
            for (layer, ctx) in jobs { layer.finishBackingStore(ctx) }
        }
        return n
    }

    private func displayMarked(_ asynchronous: inout [(CALayer, CGContext)]) -> Int {
        var n = 0
        let descend = displayState.descendantNeedsDisplay
        displayState.descendantNeedsDisplay = false
        if displayState.needsDisplay {
            n += 1
            if drawsAsynchronously {
                // The drawing is recorded now and rasterised with the other asynchronous layers.
                displayState.deferring = true
                displayIfNeeded()
                displayState.deferring = false
                if let ctx = displayState.deferredContext { asynchronous.append((self, ctx)) }
                displayState.deferredContext = nil
            } else {
                displayIfNeeded()
            }
        }
        if descend {
            for child in children { n += child.displayMarked(&asynchronous) }
            if let m = maskLayer { n += m.displayMarked(&asynchronous) }
        }
        return n
    }

    private func markNeedsDisplay() {
        displayState.needsDisplay = true
        var p = parent ?? maskOwner
        while let l = p, !l.displayState.descendantNeedsDisplay {
            l.displayState.descendantNeedsDisplay = true
            p = l.parent ?? l.maskOwner
        }
        subtreeDidChange()
    }

    // MARK: - The backing image

    /// The default `display()`: creates a context of bounds × contentsScale pixels (y-down, user space =
    /// layer coordinates, clipped to the bounds), calls `draw(in:)` and makes the result the layer's
    /// `contents` (without an implicit animation). A delegate's `display(_:)` that does not set contents
    /// itself ends here too (that is the protocol's default).
    package func drawBackingStore() {
        if !displayState.counting { displayState.displayCount += 1 }
        if displayState.deferring {
            displayState.deferredContext = beginBackingStore(deferred: true)
            return
        }
        guard let ctx = beginBackingStore(deferred: false) else { return }
        finishBackingStore(ctx)
    }

    /// Makes the context and runs `draw(in:)`; nil when the layer has no pixels to draw.
    func beginBackingStore(deferred: Bool) -> CGContext? {
        let b = bounds.standardized
        let s = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let w = (Double(b.width) * Double(s)).rounded(.up)
        let h = (Double(b.height) * Double(s)).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else {
            displayState.problem = nil
            setBacking(nil)
            return nil
        }
        guard w <= Double(CGImage.maximumDimension), h <= Double(CGImage.maximumDimension),
            w * h <= Double(CGImage.maximumPixelCount)
        else {
            displayState.problem =
                "bounds \(b.width)×\(b.height) at contentsScale \(s) need a \(Int(w))×\(Int(h)) backing image, "
                + "more than \(CGImage.maximumDimension) pixels per side or \(CGImage.maximumPixelCount) pixels; "
                + "use a CATiledLayer for large drawn content"
            return nil
        }
        guard let ctx = try? CGContext(width: Int(w), height: Int(h), scale: s) else { return nil }
        displayState.problem = nil
        ctx.scaleBy(x: s, y: s)
        ctx.translateBy(x: -b.minX, y: -b.minY)
        if let dirty = displayState.dirtyRect, let old = displayState.backing, old === contents, ctx.copyPixels(of: old)
        {
            let r = dirty.intersection(b)
            guard !r.isNull, !r.isEmpty else { return nil }
            ctx.clip(to: r)
            ctx.clear(r)
        } else {
            ctx.clip(to: b)
        }
        if deferred { ctx.beginDeferring() }
        draw(in: ctx)
        return ctx
    }

    /// Turns a drawn context into the layer's contents.
    func finishBackingStore(_ ctx: CGContext) {
        guard let image = try? ctx.makeImage() else { return }
        setBacking(image)
    }

    private func setBacking(_ image: CGImage?) {
        displayState.backing = image
        CATransaction.performWithoutActions { contents = image }
        presentationLayer?.state.contents = image
    }
}
