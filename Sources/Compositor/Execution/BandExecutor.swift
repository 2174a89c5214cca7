import Foundation

/// Runs a draw program into a target in horizontal bands of device rows, spread over threads with
/// `DispatchQueue.concurrentPerform`.
///
/// Bands are fixed by device row (band b is rows b·h ..< (b+1)·h, h from `bandHeight(threads:width:height:)`)
/// and workers claim them dynamically. Every pixel is computed from data that does not
/// depend on which band or thread draws it (coverage per row from the original edges, texture
/// coordinates per row segment, sprites in list order per pixel), so the pixels are bit-identical for
/// any number of threads.
final class BandExecutor {
    /// Default device rows per band (a power of two), for programs run outside a frame.
    static let bandHeight = 32
    /// Rows rasterised at a time inside a band (the coverage scratch holds this many rows).
    static let chunkRows = 32

    /// The band height (a power of two) for a `width × height` frame: as tall as fits in about half of
    /// a 1 MiB L2 cache (64 rows at 1280 pixels; a small frame is one band, whose sprites then need no
    /// per-band copies), then halved until every thread has at least four bands to claim.
    static func bandHeight(threads: Int, width: Int, height: Int) -> Int {
        var h = 16
        let budget = 512 * 1024
        while h < height && h * 2 * max(1, width) * 4 <= budget && h < 1 << 20 { h *= 2 }
        if threads > 1 {
            while h > 16 && (height + h - 1) / h < 4 * threads { h /= 2 }
        }
        return h
    }

    /// Threads used, ≥ 1.
    var threads: Int
    private var scratch: [RowScratch] = []

    init(threads: Int) { self.threads = max(1, threads) }

    /// Draws `ops` into `target`. With `clear`, each band first fills its rows with that premultiplied
    /// pixel (in parallel, while the rows are about to be drawn); otherwise the rows keep their pixels.
    func run(
        _ ops: [DrawOp], into target: RenderTarget, clear: UInt32? = nil, bandHeight bh: Int = BandExecutor.bandHeight
    ) {
        guard !target.rect.isEmpty, !ops.isEmpty || clear != nil else { return }
        let first = floorDiv(target.rect.y0, bh)
        let last = floorDiv(target.rect.y1 - 1, bh)
        let bands = last - first + 1
        let workers = min(threads, bands)
        while scratch.count < workers { scratch.append(RowScratch(rows: BandExecutor.chunkRows)) }
        for s in scratch.prefix(workers) { s.ensure(width: maxWidth(ops, target)) }
        // Workers claim bands one at a time, so a thread that the system deschedules does not hold
        // the others up; which thread draws a band never changes its pixels.
        let lock = NSLock()
        var next = 0
        let body = { (w: Int) in
            while true {
                lock.lock()
                let b = next
                next += 1
                lock.unlock()
                if b >= bands { return }
                let y0 = max(target.rect.y0, (first + b) * bh)
                let y1 = min(target.rect.y1, (first + b + 1) * bh)
                if let c = clear {
                    for y in y0..<max(y0, y1) {
                        (target.row(y) + target.rect.x0).update(repeating: c, count: target.rect.width)
                    }
                }
                BandExecutor.runBand(ops, target: target, rows: clampedRange(y0, y1), scratch: self.scratch[w])
            }
        }
        if workers == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: body) }
    }

    /// The widest row any step of the program can touch (scratch rows must hold it).
    private func maxWidth(_ ops: [DrawOp], _ target: RenderTarget) -> Int {
        var w = target.rect.width
        func visit(_ ops: [DrawOp]) {
            for op in ops {
                w = max(w, op.bounds.width)
                if case .group(let g) = op {
                    visit(g.children)
                    if let m = g.mask { visit(m) }
                }
            }
        }
        visit(ops)
        return w
    }

    // MARK: - One band

    static func runBand(_ ops: [DrawOp], target: RenderTarget, rows: Range<Int>, scratch: RowScratch) {
        for op in ops {
            let b = op.bounds.intersection(target.rect)
            let r = clampedRange(max(rows.lowerBound, b.y0), min(rows.upperBound, b.y1))
            if b.isEmpty || r.isEmpty { continue }
            switch op {
            case .fill(let f): fill(f, target: target, rows: r, cols: clampedRange(b.x0, b.x1), scratch: scratch)
            case .group(let g): group(g, target: target, rows: r, scratch: scratch)
            case .shadow(let s): shadow(s, target: target, rows: r, cols: clampedRange(b.x0, b.x1))
            case .sprites(let batch): SpriteKernels.drawBand(batch, target: target, rows: r)
            case .ribbons(let ribbons): ribbons.drawBand(target: target, rows: r)
            case .halfResolution(let h):
                HalfResolutionSprites.composite(
                    h.target, additive: h.additive, target: target, rows: r, cols: clampedRange(b.x0, b.x1))
            }
        }
    }

    /// Coverage of `shape` on row `y` into `scratch.cov` (relative to `cols`); nil when empty.
    /// For polygons the rows must have been accumulated first (`CoverageRasterizer.accumulate`).
    @inline(__always)
    static func coverage(
        _ shape: DeviceShape, y: Int, rows: Range<Int>, cols: Range<Int>, scratch: RowScratch,
        into cov: UnsafeMutablePointer<UInt8>
    ) -> (Int, Int)? {
        switch shape.geometry {
        case .rect(let x0, let y0, let x1, let y1):
            return CoverageRasterizer.rectRow(
                x0: x0, y0: y0, x1: x1, y1: y1, antialiased: shape.antialiased, y: y, cols: cols, into: cov)
        case .edges:
            return CoverageRasterizer.resolve(
                scratch.acc + (y - rows.lowerBound) * scratch.accStride, count: cols.count,
                rule: shape.rule, into: cov)
        }
    }

    /// The rows in chunks of at most `chunkRows` (the coverage scratch's height).
    @inline(__always)
    static func chunks(_ rows: Range<Int>) -> StrideTo<Int> {
        stride(from: rows.lowerBound, to: rows.upperBound, by: chunkRows)
    }

    static func fill(_ f: FillOp, target: RenderTarget, rows: Range<Int>, cols: Range<Int>, scratch: RowScratch) {
        for c in chunks(rows) {
            fillChunk(f, target: target, rows: c..<min(c + chunkRows, rows.upperBound), cols: cols, scratch: scratch)
        }
    }

    static func fillChunk(_ f: FillOp, target: RenderTarget, rows: Range<Int>, cols: Range<Int>, scratch: RowScratch) {
        let shape = f.shape
        if case .edges = shape.geometry {
            CoverageRasterizer.accumulate(shape, rows: rows, cols: cols, acc: scratch.acc, stride: scratch.accStride)
        }
        for y in rows {
            guard let (lo, hi) = coverage(shape, y: y, rows: rows, cols: cols, scratch: scratch, into: scratch.cov)
            else { continue }
            let x0 = cols.lowerBound + lo
            let n = hi - lo + 1
            let cov = scratch.cov + lo
            // Rows fully covered need no coverage multiply.
            let full = BandExecutor.allFull(cov, n)
            let dst = target.row(y) + x0
            switch f.paint {
            case .solid(let c):
                SpanBlender.solid(dst, count: n, color: c, cov: full ? nil : UnsafePointer(cov))
            case .image(let p):
                p.shade(y: y, x0: x0, count: n, into: scratch.colors)
                SpanBlender.paint(
                    dst, src: scratch.colors, count: n, tint: f.tint, cov: full ? nil : UnsafePointer(cov))
            case .gradient(let g):
                let src = g.row(y: y, x0: x0, count: n, scratch: scratch.colors)
                SpanBlender.paint(dst, src: src, count: n, tint: f.tint, cov: full ? nil : UnsafePointer(cov))
            }
        }
    }

    /// Whether `n` coverage bytes are all 255, eight at a time.
    @inline(__always)
    static func allFull(_ cov: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        while i &+ 8 <= n {
            if UnsafeRawPointer(cov + i).loadUnaligned(as: UInt64.self) != .max { return false }
            i &+= 8
        }
        while i < n {
            if cov[i] != 255 { return false }
            i &+= 1
        }
        return true
    }

    static func group(_ g: GroupOp, target: RenderTarget, rows: Range<Int>, scratch: RowScratch) {
        let gt = g.target
        gt.clear(rows: rows)
        runBand(g.children, target: gt, rows: rows, scratch: scratch)
        if let mask = g.mask, let mt = g.maskTarget {
            mt.clear(rows: rows)
            runBand(mask, target: mt, rows: rows, scratch: scratch)
        }
        let cols = clampedRange(max(g.bounds.x0, target.rect.x0), min(g.bounds.x1, target.rect.x1))
        guard !cols.isEmpty else { return }
        if let clip = g.clip {
            let cr = clampedRange(max(rows.lowerBound, clip.bounds.y0), min(rows.upperBound, clip.bounds.y1))
            let cc = clampedRange(max(cols.lowerBound, clip.bounds.x0), min(cols.upperBound, clip.bounds.x1))
            guard !cr.isEmpty, !cc.isEmpty else { return }
            for c in chunks(cr) {
                let part = c..<min(c + chunkRows, cr.upperBound)
                if case .edges = clip.geometry {
                    CoverageRasterizer.accumulate(
                        clip, rows: part, cols: cc, acc: scratch.acc, stride: scratch.accStride)
                }
                for y in part {
                    guard let (lo, hi) = coverage(clip, y: y, rows: part, cols: cc, scratch: scratch, into: scratch.cov)
                    else { continue }
                    let x0 = cc.lowerBound + lo
                    let n = hi - lo + 1
                    SpanBlender.composite(
                        target.row(y) + x0, src: gt.row(y) + x0, count: n, opacity: g.opacity,
                        cov: scratch.cov + lo, mask: g.maskTarget.map { UnsafePointer($0.row(y) + x0) })
                }
            }
        } else {
            for y in rows {
                let x0 = cols.lowerBound
                SpanBlender.composite(
                    target.row(y) + x0, src: gt.row(y) + x0, count: cols.count, opacity: g.opacity,
                    cov: nil, mask: g.maskTarget.map { UnsafePointer($0.row(y) + x0) })
            }
        }
    }

    static func shadow(_ s: ShadowOp, target: RenderTarget, rows: Range<Int>, cols: Range<Int>) {
        let w = s.bounds.width
        for y in rows {
            let a = s.alpha + (y - s.bounds.y0) * w + (cols.lowerBound - s.bounds.x0)
            SpanBlender.shadow(target.row(y) + cols.lowerBound, alpha: a, count: cols.count, color: s.color)
        }
    }
}

/// `a ..< b`, or an empty range at `a` when b < a.
@inline(__always)
func clampedRange(_ a: Int, _ b: Int) -> Range<Int> { a < b ? a..<b : a..<a }
