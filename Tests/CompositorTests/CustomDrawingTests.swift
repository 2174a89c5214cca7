import Foundation
import ImageCodec
import LayerKit
import Testing

@testable import Compositor

/// `CGContext` drawing through the compositor's rasteriser: fill, stroke, clip, transforms, gradients,
/// images, save/restore. Probes are hand-computed; every test writes its image to /tmp/drawing for review.
@Suite struct CustomDrawingTests {
    init() { Compositor.installDrawingBackend() }

    /// The pixel (x, y) of a context as [r, g, b, a].
    func px(_ ctx: CGContext, _ x: Int, _ y: Int) -> [Int] {
        guard let p = ctx.pixel(x: x, y: y) else { return [] }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// Writes the context's image to /tmp/drawing/`name`.png, kept on purpose for review
    /// (docs/Drawing.md); the names are fixed, so each run overwrites them rather than adding files.
    func save(_ ctx: CGContext, _ name: String) {
        try? FileManager.default.createDirectory(atPath: "/tmp/drawing", withIntermediateDirectories: true)
        if let img = try? ctx.makeImage() { try? img.writePNG(to: "/tmp/drawing/\(name).png") }
    }

    @Test func fillsAnEllipseInsideAndLeavesCornersClear() throws {
        let ctx = try CGContext(width: 100, height: 100)
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fillEllipse(in: CGRect(x: 10, y: 10.5, width: 80, height: 80))
        save(ctx, "fill-ellipse")
        #expect(px(ctx, 50, 50) == [255, 0, 0, 255], "centre: \(px(ctx, 50, 50))")
        #expect(px(ctx, 12, 12) == [0, 0, 0, 0], "corner outside the ellipse: \(px(ctx, 12, 12))")
        // (50, 10.5) is half a pixel inside the top of the circle: about half covered.
        let edge = px(ctx, 50, 10)
        #expect(edge[3] > 80 && edge[3] < 180, "anti-aliased top edge: \(edge)")
        #expect(ctx.problems.isEmpty, "problems: \(ctx.problems)")
    }

    @Test func strokesTheBooksTwoPointRedEllipseAlongTheBounds() throws {
        // 000:L327-331: a 2 pt red ellipse stroked in layer.bounds (here 100 × 100).
        let ctx = try CGContext(width: 100, height: 100)
        ctx.setLineWidth(2)
        ctx.setStrokeColor(UIColor.red.cgColor)
        ctx.strokeEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        save(ctx, "stroke-ellipse")
        #expect(px(ctx, 50, 50) == [0, 0, 0, 0], "centre not stroked: \(px(ctx, 50, 50))")
        #expect(px(ctx, 50, 0)[3] > 100, "top of the ring (1 pt of the 2 pt pen is inside): \(px(ctx, 50, 0))")
        #expect(px(ctx, 0, 50)[0] > 100, "left of the ring: \(px(ctx, 0, 50))")
        #expect(px(ctx, 50, 3) == [0, 0, 0, 0], "inside the ring: \(px(ctx, 50, 3))")
    }

    @Test func strokeWidthFollowsTheCtmScale() throws {
        let ctx = try CGContext(width: 100, height: 100)
        ctx.scaleBy(x: 4, y: 4)
        ctx.setLineWidth(2)  // 8 device pixels
        ctx.setStrokeColor(UIColor.blue.cgColor)
        ctx.move(to: CGPoint(x: 0, y: 12.5))
        ctx.addLine(to: CGPoint(x: 25, y: 12.5))
        ctx.strokePath()
        save(ctx, "stroke-scaled")
        // Device line from y = 46 to 54.
        #expect(
            px(ctx, 50, 46) == [0, 0, 255, 255] && px(ctx, 50, 53) == [0, 0, 255, 255],
            "inside: \(px(ctx, 50, 46)) \(px(ctx, 50, 53))")
        #expect(px(ctx, 50, 45)[3] == 0 && px(ctx, 50, 54)[3] == 0, "outside: \(px(ctx, 50, 45)) \(px(ctx, 50, 54))")
    }

    @Test func clipsToACircleAndRestoresTheClip() throws {
        let ctx = try CGContext(width: 100, height: 100)
        ctx.saveGState()
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        ctx.clip()
        #expect(
            ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 100, height: 100),
            "clip box \(ctx.boundingBoxOfClipPath)")
        ctx.setFillColor(UIColor.green.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        ctx.restoreGState()
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(CGRect(x: 0, y: 90, width: 10, height: 10))
        save(ctx, "clip-circle")
        #expect(px(ctx, 50, 50) == [0, 255, 0, 255], "inside the clip: \(px(ctx, 50, 50))")
        #expect(px(ctx, 3, 3) == [0, 0, 0, 0], "outside the circle: \(px(ctx, 3, 3))")
        #expect(px(ctx, 2, 97) == [0, 0, 255, 255], "after restoreGState the corner is drawable: \(px(ctx, 2, 97))")
    }

    @Test func translatesAndRotatesUserSpace() throws {
        let ctx = try CGContext(width: 100, height: 100)
        ctx.translateBy(x: 50, y: 50)
        ctx.rotate(by: .pi / 2)  // +x turns toward +y: (x, y) → (−y, x)
        ctx.setFillColor(.white)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 10))
        save(ctx, "transform")
        // The rectangle lands on device x ∈ [40, 50], y ∈ [50, 90].
        #expect(px(ctx, 45, 80) == [255, 255, 255, 255], "rotated rectangle: \(px(ctx, 45, 80))")
        #expect(px(ctx, 70, 55) == [0, 0, 0, 0], "where the unrotated one would be: \(px(ctx, 70, 55))")
        #expect(ctx.ctm.tx == 50 && ctx.ctm.ty == 50, "ctm \(ctx.ctm)")
    }

    @Test func saveAndRestoreKeepColoursAndCtm() throws {
        let ctx = try CGContext(width: 20, height: 20)
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.saveGState()
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.translateBy(x: 10, y: 0)
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(px(ctx, 2, 2) == [255, 0, 0, 255], "restored red at the restored origin: \(px(ctx, 2, 2))")
        ctx.restoreGState()
        #expect(ctx.problems.count == 1, "an unbalanced restore is reported: \(ctx.problems)")
    }

    @Test func drawsALinearGradientBetweenItsPointsOnly() throws {
        let ctx = try CGContext(width: 100, height: 20)
        let g = try #require(CGGradient(colors: [.black, .white], locations: [0, 1]))
        ctx.drawLinearGradient(g, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
        save(ctx, "gradient-linear")
        #expect(px(ctx, 10, 10)[3] == 0, "before the start, without drawsBeforeStartLocation: \(px(ctx, 10, 10))")
        #expect(px(ctx, 90, 10)[3] == 0, "after the end: \(px(ctx, 90, 10))")
        let mid = px(ctx, 50, 10)
        #expect(abs(mid[0] - 128) <= 3 && mid[3] == 255, "middle is half grey: \(mid)")
        let extended = try CGContext(width: 100, height: 20)
        extended.drawLinearGradient(
            g, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(
            px(extended, 5, 10) == [0, 0, 0, 255] && px(extended, 95, 10) == [255, 255, 255, 255],
            "extended ends: \(px(extended, 5, 10)) \(px(extended, 95, 10))")
    }

    @Test func drawsARadialGradientInsideTheEndCircle() throws {
        let ctx = try CGContext(width: 100, height: 100)
        let g = try #require(CGGradient(colors: [.white, UIColor.red.cgColor], locations: nil))
        ctx.drawRadialGradient(
            g, startCenter: CGPoint(x: 50, y: 50), startRadius: 0, endCenter: CGPoint(x: 50, y: 50),
            endRadius: 40, options: [])
        save(ctx, "gradient-radial")
        let c = px(ctx, 50, 50)
        #expect(c[1] > 240 && c[3] == 255, "centre white: \(c)")
        let half = px(ctx, 70, 50)
        #expect(abs(half[1] - 128) <= 6, "half way is pink: \(half)")
        #expect(px(ctx, 95, 50)[3] == 0, "outside the end circle: \(px(ctx, 95, 50))")
    }

    @Test func drawsAnImageUprightAndScaled() throws {
        // 2 × 2: red, green / blue, white.
        let img = try CGImage(
            width: 2, height: 2,
            premultipliedPixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
        let ctx = try CGContext(width: 100, height: 100)
        ctx.interpolationQuality = .none
        ctx.draw(img, in: CGRect(x: 0, y: 0, width: 100, height: 100))
        save(ctx, "image")
        #expect(px(ctx, 25, 25) == [255, 0, 0, 255], "top left red: \(px(ctx, 25, 25))")
        #expect(px(ctx, 75, 25) == [0, 255, 0, 255], "top right green: \(px(ctx, 75, 25))")
        #expect(px(ctx, 25, 75) == [0, 0, 255, 255], "bottom left blue: \(px(ctx, 25, 75))")
        let faded = try CGContext(width: 10, height: 10)
        faded.setAlpha(0.5)
        faded.draw(img, in: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(abs(px(faded, 2, 2)[0] - 128) <= 1 && abs(px(faded, 2, 2)[3] - 128) <= 1, "alpha ½: \(px(faded, 2, 2))")
    }

    @Test func drawsTextInTheFillColour() throws {
        let ctx = try CGContext(width: 120, height: 30)
        ctx.setFillColor(.white)
        ctx.setFont(nil, size: 20)
        ctx.drawText("Hello", at: CGPoint(x: 4, y: 2))
        save(ctx, "text")
        var ink = 0
        for y in 0..<30 { for x in 0..<120 where ctx.pixel(x: x, y: y)!.a > 128 { ink += 1 } }
        #expect(ink > 100 && ink < 1500, "ink pixels of 'Hello' at 20 pt: \(ink); problems \(ctx.problems)")
        #expect(px(ctx, 110, 15)[3] == 0, "nothing right of the text: \(px(ctx, 110, 15))")
    }

    @Test func clearIgnoresTheClipAndMakesPixelsTransparent() throws {
        let ctx = try CGContext(width: 20, height: 20)
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.clear(CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(
            px(ctx, 10, 10) == [0, 0, 0, 0] && px(ctx, 2, 2) == [255, 0, 0, 255], "\(px(ctx, 10, 10)) \(px(ctx, 2, 2))")
    }

    @Test func badInputIsReportedNotDrawnOrFatal() throws {
        let ctx = try CGContext(width: 10, height: 10)
        ctx.move(to: CGPoint(x: CGFloat.nan, y: 0))
        ctx.addLine(to: CGPoint(x: 5, y: 5))
        ctx.addLine(to: CGPoint(x: 0, y: 5))
        ctx.fillPath()
        ctx.setLineWidth(-1)
        #expect(
            ctx.problems.count == 2 && ctx.problems.contains { $0.contains("not drawn") }
                && ctx.problems.contains { $0.contains("setLineWidth") },
            "problems: \(ctx.problems)")
        #expect(throws: CGImage.SizeError.self) { try CGContext(width: 0, height: 10) }
        #expect(throws: CGContextError.badScale(0)) { try CGContext(width: 10, height: 10, scale: 0) }
    }
}
