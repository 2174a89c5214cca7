import Foundation
import LayerKit
import Particles

// MARK: - Ribbon batch

/// The ribbons (particle trails) of one emitter layer in device pixels, ready for the band pass
/// (docs/Particles.md, "Trails"; docs/Compositor.md).
///
/// A ribbon is drawn as the union of its segments, each a quadrilateral swept by a line across the
/// centre line whose width and colour go linearly from one point to the next (round where two segments
/// meet). Each pixel takes, over the segments of its ribbon, the largest coverage of a one-pixel box
/// across the segment's edge (the anti-aliasing of the other shapes' edges), and the colour where that
/// segment passes closest; so a ribbon never blends over itself at its joints. Ribbons blend as the
/// emitter's sprites do (ONE/ONE for additive emitters, source-over otherwise), in list order, each
/// pixel computed from the ribbon alone: the result does not depend on bands or threads.
final class RibbonBatch {
    /// Device points: x, y, half width (pixels) and premultiplied colour (0…255 as Floats).
    struct Point {
        var x: Float, y: Float, half: Float
        var r: Float, g: Float, b: Float, a: Float
    }

    /// One ribbon: its points and the device pixels it may touch.
    struct Ribbon {
        var first: Int, count: Int
        var bounds: IntRect
    }

    private(set) var points: [Point] = []
    private(set) var ribbons: [Ribbon] = []
    /// ONE/ONE blending (additive emitters) instead of source-over.
    private(set) var additive = false
    /// The device pixels any ribbon may touch.
    private(set) var bounds = IntRect.empty

    /// Fills the batch from `list`: points mapped by `h` (widths by its area scale), colours multiplied by
    /// `tint` and premultiplied, everything limited to `clip`.
    func build(_ list: ParticleDrawList, transform h: PlaneTransform, tint: ColorMultiplier, clip: IntRect) {
        points.removeAll(keepingCapacity: true)
        ribbons.removeAll(keepingCapacity: true)
        additive = list.renderMode == .additive
        bounds = .empty
        guard !clip.isEmpty, !list.ribbons.isEmpty else { return }
        let widthScale = Float((abs(h.m11 * h.m22 - h.m12 * h.m21)).squareRoot())
        let tr = Float(min(max(tint.r, 0), 1))
        let tg = Float(min(max(tint.g, 0), 1))
        let tb = Float(min(max(tint.b, 0), 1))
        let ta = Float(min(max(tint.a, 0), 1))
        guard widthScale.isFinite, widthScale > 0, ta > 0 else { return }
        for r in list.ribbons {
            let first = points.count
            var x0 = Float.infinity
            var y0 = Float.infinity
            var x1 = -Float.infinity
            var y1 = -Float.infinity
            var ok = true
            for k in Int(r.first)..<Int(r.first + r.count) {
                let p = list.ribbonPoints[k]
                guard let d = h.apply(CGPoint(x: CGFloat(p.x), y: CGFloat(p.y))) else {
                    ok = false
                    break
                }
                let x = Float(d.x)
                let y = Float(d.y)
                let half = p.width * widthScale / 2
                guard x.isFinite, y.isFinite, half.isFinite else {
                    ok = false
                    break
                }
                let alpha = Float(p.a) * ta / 255
                points.append(
                    Point(
                        x: x, y: y, half: half, r: Float(p.r) * tr * alpha, g: Float(p.g) * tg * alpha,
                        b: Float(p.b) * tb * alpha, a: Float(p.a) * ta))
                x0 = min(x0, x - half)
                y0 = min(y0, y - half)
                x1 = max(x1, x + half)
                y1 = max(y1, y + half)
            }
            guard ok, x1 >= x0, y1 >= y0 else {
                points.removeSubrange(first...)
                continue
            }
            // One pixel of margin for the anti-aliased edge.
            let b = IntRect(
                x0: Int(max(-1e9, (x0 - 1).rounded(.down))), y0: Int(max(-1e9, (y0 - 1).rounded(.down))),
                x1: Int(min(1e9, (x1 + 1).rounded(.up))), y1: Int(min(1e9, (y1 + 1).rounded(.up)))
            ).intersection(clip)
            if b.isEmpty {
                points.removeSubrange(first...)
                continue
            }
            ribbons.append(Ribbon(first: first, count: points.count - first, bounds: b))
            bounds = bounds.isEmpty ? b : bounds.union(b)
        }
    }

    // MARK: - Drawing

    /// Draws the ribbons' pixels in `rows` into `target`.
    func drawBand(target: RenderTarget, rows: Range<Int>) {
        var best: [Float] = []
        var segment: [Int32] = []
        var along: [Float] = []
        for r in ribbons {
            let b = r.bounds.intersection(target.rect)
            let y0 = max(b.y0, rows.lowerBound)
            let y1 = min(b.y1, rows.upperBound)
            guard !b.isEmpty, y0 < y1 else { continue }
            let w = b.width
            let n = w * (y1 - y0)
            best.removeAll(keepingCapacity: true)
            best.append(contentsOf: repeatElement(0, count: n))
            segment.removeAll(keepingCapacity: true)
            segment.append(contentsOf: repeatElement(-1, count: n))
            along.removeAll(keepingCapacity: true)
            along.append(contentsOf: repeatElement(0, count: n))
            for k in r.first..<(r.first + r.count - 1) {
                let p = points[k]
                let q = points[k + 1]
                let reach = max(p.half, q.half) + 1
                let sx0 = max(b.x0, Int((min(p.x, q.x) - reach).rounded(.down)))
                let sx1 = min(b.x1, Int((max(p.x, q.x) + reach).rounded(.up)))
                let sy0 = max(y0, Int((min(p.y, q.y) - reach).rounded(.down)))
                let sy1 = min(y1, Int((max(p.y, q.y) + reach).rounded(.up)))
                guard sx0 < sx1, sy0 < sy1 else { continue }
                let dx = q.x - p.x
                let dy = q.y - p.y
                let len2 = dx * dx + dy * dy
                let inv: Float = len2 > 0 ? 1 / len2 : 0
                for y in sy0..<sy1 {
                    let cy = Float(y) + 0.5 - p.y
                    let row = (y - y0) * w - b.x0
                    for x in sx0..<sx1 {
                        let cx = Float(x) + 0.5 - p.x
                        let u = min(max((cx * dx + cy * dy) * inv, 0), 1)
                        let ex = cx - u * dx
                        let ey = cy - u * dy
                        let d = (ex * ex + ey * ey).squareRoot()
                        let half = p.half + (q.half - p.half) * u
                        // Overlap of the pixel's box across the edge with the ribbon's cross-section.
                        let cover = min(max(min(d + 0.5, half) - max(d - 0.5, -half), 0), 1)
                        let i = row + x
                        if cover > best[i] {
                            best[i] = cover
                            segment[i] = Int32(k)
                            along[i] = u
                        }
                    }
                }
            }
            for y in y0..<y1 {
                let dst = target.row(y)
                let row = (y - y0) * w - b.x0
                for x in b.x0..<b.x1 {
                    let i = row + x
                    let k = Int(segment[i])
                    guard k >= 0 else { continue }
                    let p = points[k]
                    let q = points[k + 1]
                    let u = along[i]
                    let c = best[i]
                    let a = UInt32(min(max(((p.a + (q.a - p.a) * u) * c).rounded(), 0), 255))
                    guard a > 0 else { continue }
                    let rr = UInt32(min(max(((p.r + (q.r - p.r) * u) * c).rounded(), 0), Float(a)))
                    let gg = UInt32(min(max(((p.g + (q.g - p.g) * u) * c).rounded(), 0), Float(a)))
                    let bb = UInt32(min(max(((p.b + (q.b - p.b) * u) * c).rounded(), 0), Float(a)))
                    let s = PixelMath.pack(rr, gg, bb, a)
                    dst[x] = additive ? PixelMath.add(s, dst[x]) : PixelMath.over(s, dst[x])
                }
            }
        }
    }
}
