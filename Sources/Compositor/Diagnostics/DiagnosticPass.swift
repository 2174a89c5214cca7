import Foundation
import LayerKit

/// After a frame is drawn: counts pixel writes (overdraw, blending) by re-rasterising the frame's draw
/// program single-threaded, and paints the requested diagnostic overlays over the framebuffer.
///
/// Runs only when diagnostics or pixel counting are on, so normal frames pay nothing.
final class DiagnosticPass {
    private let width: Int, height: Int
    private let frame: IntRect
    /// Writes per pixel (only when counting).
    private var counts: [UInt16] = []
    private let scratch = RowScratch(rows: BandExecutor.chunkRows)
    private var opaqueTextures: [ObjectIdentifier: Bool] = [:]
    var counters = RenderCounters()

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        frame = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        scratch.ensure(width: width)
        counters.framePixels = width * height
    }

    // MARK: - Counting

    /// Counts every pixel write of `ops` (drawn into the frame already, so group buffers and shadow
    /// alphas hold this frame's values).
    func countPixels(_ ops: [DrawOp]) {
        counts = [UInt16](repeating: 0, count: width * height)
        count(ops, clip: frame)
    }

    private func count(_ ops: [DrawOp], clip: IntRect) {
        for op in ops {
            let b = op.bounds.intersection(clip)
            if b.isEmpty { continue }
            switch op {
            case .fill(let f):
                let blended = !isOpaque(f)
                coverage(f.shape, in: b) { i, cov in
                    add(i, blended: blended || cov < 255)
                }
            case .group(let g):
                count(g.children, clip: b)
                let t = g.target
                for y in b.y0..<b.y1 {
                    let row = t.row(y)
                    for x in b.x0..<b.x1 where row[x] != 0 { add(y * width + x, blended: true) }
                }
            case .shadow(let s):
                for y in b.y0..<b.y1 {
                    let a = s.alpha + (y - s.bounds.y0) * s.bounds.width - s.bounds.x0
                    for x in b.x0..<b.x1 where a[x] != 0 { add(y * width + x, blended: true) }
                }
            case .sprites(let batch):
                for k in 0..<batch.count {
                    let sp = batch.sprites[k]
                    let r = IntRect(x0: Int(sp.x0), y0: Int(sp.y0), x1: Int(sp.x1), y1: Int(sp.y1)).intersection(b)
                    if r.isEmpty { continue }
                    for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { add(y * width + x, blended: true) } }
                }
            case .ribbons(let ribbons):
                for r in ribbons.ribbons {
                    let c = r.bounds.intersection(b)
                    if c.isEmpty { continue }
                    for y in c.y0..<c.y1 { for x in c.x0..<c.x1 { add(y * width + x, blended: true) } }
                }
            case .halfResolution(let h):
                // The frame's pixels are written once, by the magnification, where it is not transparent.
                let low = h.target
                for y in b.y0..<b.y1 {
                    for x in b.x0..<b.x1 where HalfResolutionSprites.referencePixel(low, x: x, y: y) != 0 {
                        add(y * width + x, blended: true)
                    }
                }
            }
        }
    }

    @inline(__always)
    private func add(_ i: Int, blended: Bool) {
        counts[i] &+= 1
        counters.pixelsDrawn += 1
        if blended { counters.pixelsBlended += 1 }
    }

    /// Calls `body(pixel index, coverage)` for every covered pixel of `shape` inside `b`.
    private func coverage(_ shape: DeviceShape, in b: IntRect, _ body: (Int, UInt8) -> Void) {
        let cols = b.x0..<b.x1
        for c in BandExecutor.chunks(b.y0..<b.y1) {
            let part = c..<min(c + BandExecutor.chunkRows, b.y1)
            if case .edges = shape.geometry {
                CoverageRasterizer.accumulate(
                    shape, rows: part, cols: cols, acc: scratch.acc, stride: scratch.accStride)
            }
            for y in part {
                guard
                    let (lo, hi) = BandExecutor.coverage(
                        shape, y: y, rows: part, cols: cols, scratch: scratch, into: scratch.cov)
                else { continue }
                for x in lo...hi where scratch.cov[x] != 0 { body(y * width + b.x0 + x, scratch.cov[x]) }
            }
        }
    }

    /// Whether a fill replaces what is below (opaque paint, no alpha from the tint).
    func isOpaque(_ f: FillOp) -> Bool {
        switch f.paint {
        case .solid(let c): return c >> 24 == 255
        case .image(let p):
            guard f.tint.a >= 256 else { return false }
            let id = ObjectIdentifier(p.texture)
            if let known = opaqueTextures[id] { return known }
            let t = p.texture
            var opaque = true
            for i in 0..<(t.width * t.height) where t.pixels[i] >> 24 != 255 {
                opaque = false
                break
            }
            opaqueTextures[id] = opaque
            return opaque
        case .gradient(let g): return f.tint.a >= 256 && g.isOpaque
        }
    }

    // MARK: - Overlays

    /// Premultiplied overlay colours.
    static let green = PixelMath.pixel(CGColor(red: 0, green: 1, blue: 0, alpha: 0.45))
    static let red = PixelMath.pixel(CGColor(red: 1, green: 0, blue: 0, alpha: 0.45))
    static let yellow = PixelMath.pixel(CGColor(red: 1, green: 1, blue: 0, alpha: 0.55))
    static let heat: [UInt32] = [
        CGColor(red: 0, green: 0.3, blue: 1, alpha: 0.7), CGColor(red: 0, green: 0.85, blue: 0, alpha: 0.7),
        CGColor(red: 1, green: 1, blue: 0, alpha: 0.7), CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.7),
        CGColor(red: 1, green: 0, blue: 0, alpha: 0.75),
    ].map { PixelMath.pixel($0) }

    /// Colours each pixel by its write count (needs `countPixels` first).
    func drawHeatMap(into fb: Framebuffer) {
        guard counts.count == width * height else { return }
        for i in 0..<(width * height) {
            let n = Int(counts[i])
            if n == 0 { continue }
            fb.pixels[i] = PixelMath.over(DiagnosticPass.heat[min(n, 5) - 1], fb.pixels[i])
        }
    }

    /// The overlay ops for blended layers: the shape of every fill, green when opaque, red when blended;
    /// group composites and particles red.
    func blendedOverlay(_ ops: [DrawOp]) -> [DrawOp] {
        var out: [DrawOp] = []
        for op in ops {
            switch op {
            case .fill(let f):
                out.append(
                    .fill(
                        FillOp(
                            shape: f.shape, paint: .solid(isOpaque(f) ? DiagnosticPass.green : DiagnosticPass.red),
                            tint: .identity)))
            case .group(let g):
                out += blendedOverlay(g.children)
            case .shadow(let s):
                out.append(DiagnosticPass.fill(s.bounds, DiagnosticPass.red))
            case .sprites(let batch):
                for k in 0..<batch.count {
                    let sp = batch.sprites[k]
                    let r = IntRect(x0: Int(sp.x0), y0: Int(sp.y0), x1: Int(sp.x1), y1: Int(sp.y1)).intersection(
                        batch.bounds)
                    if !r.isEmpty { out.append(DiagnosticPass.fill(r, DiagnosticPass.red)) }
                }
            case .ribbons(let ribbons):
                for r in ribbons.ribbons { out.append(DiagnosticPass.fill(r.bounds, DiagnosticPass.red)) }
            case .halfResolution(let h):
                for k in 0..<h.batch.count {
                    let sp = h.batch.sprites[k]
                    let r = IntRect(
                        x0: 2 * Int(sp.x0), y0: 2 * Int(sp.y0), x1: 2 * Int(sp.x1), y1: 2 * Int(sp.y1)
                    ).intersection(h.bounds)
                    if !r.isEmpty { out.append(DiagnosticPass.fill(r, DiagnosticPass.red)) }
                }
            }
        }
        return out
    }

    /// A fill of a device rectangle with a premultiplied colour.
    static func fill(_ r: IntRect, _ color: UInt32) -> DrawOp {
        .fill(
            FillOp(
                shape: DeviceShape.rect(
                    x0: Float(r.x0), y0: Float(r.y0), x1: Float(r.x1), y1: Float(r.y1), antialiased: false, clip: r),
                paint: .solid(color), tint: .identity))
    }

    /// The overlay op of a region in a colour.
    static func fill(_ region: DiagnosticRegion, _ color: UInt32) -> DrawOp {
        .fill(FillOp(shape: region.shape, paint: .solid(color), tint: .identity))
    }
}
