import CBenchReference
import Compositor
import Foundation
import LayerKit

extension BenchmarkRegistry {
    /// Custom drawing: scrolling a huge tiled layer (docs/Drawing.md).
    static let drawing: [Benchmark] = [
        Benchmark(
            name: "drawing.tiled.scroll",
            unit: "one 1280×720 frame scrolling a 16 384² CATiledLayer by (61, 37) pt, new tiles drawn",
            reference: "plain C copy of the same window from a pre-rendered image (CBenchReference)",
            goal: "≤ 16.7 ms per frame (60 fps)", maximumMilliseconds: 16.7
        ) { scale in
            try DrawingBench.tiledScroll(scale)
        }
    ]
}

/// Draws each tile as a flat colour from its position with a border, like the book's example.
private final class BenchTileDelegate: CALayerDelegate, @unchecked Sendable {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let box = ctx.boundingBoxOfClipPath
        ctx.setFillColor(
            CGColor(
                red: CGFloat(Int(box.minX / 256) % 8) / 7, green: CGFloat(Int(box.minY / 256) % 8) / 7, blue: 0.5,
                alpha: 1))
        ctx.fill(box)
        ctx.setStrokeColor(.white)
        ctx.stroke(box.insetBy(dx: 1, dy: 1), width: 2)
    }
}

enum DrawingBench {
    static func tiledScroll(_ scale: BenchmarkScale) throws -> Benchmark.Workload {
        let (w, h) = scale == .full ? (1280, 720) : (128, 72)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: w, height: h)
        let scroll = CAScrollLayer()
        scroll.frame = root.bounds
        scroll.masksToBounds = true
        let tiled = CATiledLayer()
        tiled.frame = CGRect(x: 0, y: 0, width: 16_384, height: 16_384)
        let delegate = BenchTileDelegate()
        tiled.delegate = delegate
        scroll.addSublayer(tiled)
        root.addSublayer(scroll)
        let compositor = Compositor(threadCount: 1)
        compositor.drawsTilesSynchronously = true
        let fb = try Framebuffer(width: w, height: h)
        var step = 0
        // The reference scrolls a 2048² image that is already drawn.
        let side = 2048
        let src = UnsafeMutablePointer<UInt32>.allocate(capacity: side * side)
        for i in 0..<(side * side) { src[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
        var refStep = 0
        return Benchmark.Workload(
            engine: {
                step += 1
                let x = CGFloat((step * 61) % (16_384 - w))
                let y = CGFloat((step * 37) % (16_384 - h))
                scroll.scroll(to: CGPoint(x: x, y: y))
                compositor.render(root, into: fb)
                withExtendedLifetime(delegate) {}
            },
            reference: {
                refStep += 1
                cbr_blit_window(dst, src, side, (refStep * 61) % (side - w), (refStep * 37) % (side - h), w, h)
            },
            tearDown: {
                src.deallocate()
                dst.deallocate()
            })
    }
}
