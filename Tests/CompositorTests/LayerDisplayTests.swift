import Foundation
import ImageCodec
import LayerKit
import Testing

@testable import Compositor

/// A delegate that counts its drawing and strokes the book's ellipse (000:L327-331: a red ellipse,
/// line width `lineWidth`, in the layer's bounds).
final class EllipseDelegate: CALayerDelegate {
    var draws = 0
    var lineWidth: CGFloat = 10
    var color = UIColor.red.cgColor
    var lastClipBox = CGRect.null
    var lastContextSize = (0, 0)

    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws += 1
        lastClipBox = ctx.boundingBoxOfClipPath
        lastContextSize = (ctx.width, ctx.height)
        ctx.setLineWidth(lineWidth)
        ctx.setStrokeColor(color)
        ctx.strokeEllipse(in: layer.bounds.insetBy(dx: lineWidth / 2, dy: lineWidth / 2))
    }
}

/// A delegate that sets contents itself (`displayLayer:`), so nothing is drawn.
final class ImageDelegate: CALayerDelegate {
    var displays = 0
    var draws = 0
    let image: CGImage
    init(_ image: CGImage) { self.image = image }
    func display(_ layer: CALayer) {
        displays += 1
        layer.contents = image
    }
    func draw(_ layer: CALayer, in ctx: CGContext) { draws += 1 }
}

/// A subclass drawing in `draw(in:)`.
final class CrossLayer: CALayer {
    var draws = 0
    override func draw(in ctx: CGContext) {
        draws += 1
        ctx.setStrokeColor(.white)
        ctx.setLineWidth(4)
        ctx.strokeLineSegments(between: [
            CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.maxY),
        ])
    }
}

/// Custom drawing through the layer tree: `setNeedsDisplay`, `displayIfNeeded`, `display(_:)`,
/// `draw(_:in:)`, `needsDisplayOnBoundsChange`, partial redraws, `drawsAsynchronously`, and the pixel layer.
@Suite struct LayerDisplayTests {
    /// The book's standalone layer: 100 × 200 on black (002:L126-141), drawn by a delegate.
    func scene(scale: CGFloat = 1) -> (root: CALayer, layer: CALayer, delegate: EllipseDelegate) {
        let root = rootLayer(120, 220, .black)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 100, height: 200)
        layer.contentsScale = scale
        let d = EllipseDelegate()
        layer.delegate = d
        root.addSublayer(layer)
        return (root, layer, d)
    }

    @Test func delegateDrawingIsRedrawnExactlyWhenMarked() throws {
        let (root, layer, d) = scene()
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 120, height: 220)
        c.render(root, into: fb)
        #expect(d.draws == 0 && layer.contents == nil, "a standalone layer draws only when told: draws \(d.draws)")
        layer.setNeedsDisplay()
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay(), "marked")
        c.render(root, into: fb)
        #expect(d.draws == 1 && layer.displayCount == 1, "two marks, one frame: one redraw (draws \(d.draws))")
        #expect(!layer.needsDisplay(), "mark cleared")
        for frame in 0..<3 {
            c.render(root, into: fb)
            #expect(d.draws == 1, "frame \(frame) without a mark: draws \(d.draws)")
        }
        layer.setNeedsDisplay()
        c.render(root, into: fb)
        #expect(d.draws == 2, "marked again: draws \(d.draws)")
        try? fb.writePNG(to: "/tmp/drawing/delegate-ellipse.png")
        // The ellipse's 10 pt ring touches the left edge at mid-height; the centre is the black root.
        #expect(px(fb, 12, 110) == [255, 0, 0, 255], "ring at the left edge: \(px(fb, 12, 110))")
        #expect(px(fb, 60, 110) == [0, 0, 0, 255], "centre: \(px(fb, 60, 110))")
    }

    @Test func backingImageIsBoundsTimesContentsScale() throws {
        let (root, layer, d) = scene(scale: 2)
        layer.setNeedsDisplay()
        let fb = try renderFrame(root, scale: 2)
        #expect(d.lastContextSize == (200, 400), "context for 100×200 at contentsScale 2: \(d.lastContextSize)")
        #expect(
            layer.contents?.width == 200 && layer.contents?.height == 400 && layer.contents?.scale == 2,
            "contents \(String(describing: layer.contents))")
        #expect(px(fb, 2 * 12, 2 * 110) == [255, 0, 0, 255], "ring at 2×: \(px(fb, 24, 220))")
        #expect(
            d.lastClipBox == CGRect(x: 0, y: 0, width: 100, height: 200),
            "drawing is clipped to bounds: \(d.lastClipBox)")
    }

    @Test func needsDisplayOnBoundsChangeRedrawsAfterResizing() throws {
        let (root, layer, d) = scene()
        layer.setNeedsDisplay()
        _ = try renderFrame(root)
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        _ = try renderFrame(root)
        #expect(d.draws == 1, "without needsDisplayOnBoundsChange a resize only stretches: draws \(d.draws)")
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        _ = try renderFrame(root)
        #expect(
            d.draws == 2 && layer.contents?.width == 60,
            "redrawn at the new size: draws \(d.draws), \(String(describing: layer.contents))")
    }

    @Test func partialRedrawClipsToTheMarkedRectAndKeepsTheRest() throws {
        let (root, layer, d) = scene()
        layer.setNeedsDisplay()
        _ = try renderFrame(root)
        d.color = UIColor.green.cgColor
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 50, height: 200))
        let fb = try renderFrame(root)
        try? fb.writePNG(to: "/tmp/drawing/partial-redraw.png")
        #expect(
            d.draws == 2 && d.lastClipBox == CGRect(x: 0, y: 0, width: 50, height: 200),
            "clip box of the redraw: \(d.lastClipBox)")
        #expect(px(fb, 12, 110) == [0, 255, 0, 255], "left half redrawn green: \(px(fb, 12, 110))")
        #expect(px(fb, 107, 110) == [255, 0, 0, 255], "right half kept red: \(px(fb, 107, 110))")
    }

    @Test func delegateDisplaySetsContentsWithoutDrawing() throws {
        let img = try CGImage(width: 1, height: 1, premultipliedPixels: [0, 0, 255, 255])
        let root = rootLayer(20, 20)
        let layer = CALayer()
        layer.frame = root.bounds
        let d = ImageDelegate(img)
        layer.delegate = d
        root.addSublayer(layer)
        layer.setNeedsDisplay()
        let fb = try renderFrame(root)
        #expect(
            d.displays == 1 && d.draws == 0 && layer.contents === img,
            "display(_:) used, draw(_:in:) not: \(d.displays) \(d.draws)")
        #expect(px(fb, 10, 10) == [0, 0, 255, 255], "the delegate's image is shown: \(px(fb, 10, 10))")
    }

    @Test func subclassDrawInContextIsUsed() throws {
        let root = rootLayer(40, 40, .black)
        let layer = CrossLayer()
        layer.frame = root.bounds
        root.addSublayer(layer)
        layer.display()
        #expect(layer.draws == 1 && layer.displayCount == 1, "display() draws at once: \(layer.draws)")
        let fb = try renderFrame(root)
        #expect(
            px(fb, 20, 20) == [255, 255, 255, 255] && px(fb, 30, 5) == [0, 0, 0, 255],
            "diagonal: \(px(fb, 20, 20)) \(px(fb, 30, 5))")
    }

    @Test func drawsAsynchronouslyGivesTheSamePixels() throws {
        let (rootA, layerA, dA) = scene()
        let (rootB, layerB, dB) = scene()
        layerB.drawsAsynchronously = true
        let extra = (0..<4).map { i -> (CALayer, EllipseDelegate) in
            let l = CALayer()
            l.frame = CGRect(x: 0, y: CGFloat(i) * 50, width: 50, height: 50)
            l.drawsAsynchronously = true
            let d = EllipseDelegate()
            d.lineWidth = 4
            l.delegate = d
            rootB.addSublayer(l)
            l.setNeedsDisplay()
            return (l, d)
        }
        layerA.setNeedsDisplay()
        layerB.setNeedsDisplay()
        let c = Compositor(threadCount: 1)
        let fbA = try renderFrame(rootA)
        let fbB = try renderFrame(rootB, compositor: c)
        #expect(
            c.displayedLayers == 5 && dB.draws == 1 && extra.allSatisfy { $0.1.draws == 1 },
            "five asynchronous layers drawn once: \(c.displayedLayers)")
        let a = try #require(layerA.contents)
        let b = try #require(layerB.contents)
        withExtendedLifetime(dA) {}
        let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(
            a.width == b.width && a.height == b.height && differing == 0,
            "asynchronous rasterisation matches synchronous: \(differing) bytes differ, \(a) vs \(b)")
        #expect(
            px(fbB, 2, 25)[0] == 255 && px(fbA, 60, 110) == px(fbB, 60, 110),
            "small layers drawn too: \(px(fbB, 2, 25))")
    }

    @Test func presentationCopiesShowTheNewContentsInTheSameFrame() throws {
        let (root, layer, d) = scene()
        let tree = root.makePresentationTree(atTime: 0)
        layer.setNeedsDisplay()
        let fb = try renderFrame(tree)
        withExtendedLifetime(d) {}
        #expect(
            px(fb, 12, 110) == [255, 0, 0, 255], "drawn before composing the presentation tree: \(px(fb, 12, 110))")
    }

    @Test func pixelLayerShowsItsBufferAndRefillsEveryFrameWhenAsked() throws {
        let root = rootLayer(64, 64, .black)
        let gl = CAPixelLayer()
        gl.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        gl.contentsScale = 2
        var frame = 0
        gl.render = { _, buf in
            // A horizontal gradient whose blue moves with the frame number.
            for y in 0..<buf.height {
                for x in 0..<buf.width {
                    buf.set(
                        x: x, y: y, red: Float(x) / Float(buf.width - 1), green: 0, blue: Float(frame % 2), alpha: 1)
                }
            }
        }
        root.addSublayer(gl)
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 64, height: 64)
        c.render(root, into: fb)
        #expect(gl.renderCount == 0 && gl.contents == nil, "not drawn until asked: \(gl.renderCount)")
        gl.setNeedsDisplay()
        c.render(root, into: fb)
        #expect(
            gl.renderCount == 1 && gl.contents?.width == 64,
            "buffer of 32 pt × contentsScale 2: \(String(describing: gl.contents))")
        #expect(
            near(px(fb, 0, 5), [0, 0, 0, 255], 6) && px(fb, 31, 5)[0] > 245,
            "gradient shown: \(px(fb, 0, 5)) \(px(fb, 31, 5))")
        c.render(root, into: fb)
        #expect(gl.renderCount == 1, "no refill without a mark: \(gl.renderCount)")
        gl.redrawsEveryFrame = true
        for f in 1...3 {
            frame = f
            c.render(root, into: fb)
            #expect(
                gl.renderCount == 1 + f && px(fb, 10, 10)[2] == (f % 2) * 255,
                "frame \(f): count \(gl.renderCount), pixel \(px(fb, 10, 10))")
        }
        try? fb.writePNG(to: "/tmp/drawing/pixel-layer.png")
    }
}
