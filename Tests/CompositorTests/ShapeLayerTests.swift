import EmitterTestSupport
import Foundation
import LayerKit
import Testing

@testable import Compositor

/// CAShapeLayer fills and strokes drawn by the compositor (book scenes S28 and S30, caps, joins, dashes,
/// fill rules, strokeEnd through the presentation tree, shape masks). Probe values are computed by hand
/// in the comments; red over black at coverage c is [255·c, 0, 0, 255].
@Suite struct ShapeLayerTests {
    @Test func s28StickFigureIsStrokedRedFivePointsWithRoundCaps() throws {
        let fb = try renderFrame(VectorScenes.stickFigure())
        expectGolden(fb, "s28-stick-figure")
        // The body (x = 150 in the layer, 100 in the root) spans 97.5…102.5: columns 97 and 102 are half
        // covered, 98…101 fully; 103 is empty.
        #expect(
            near(px(fb, 97, 100), [128, 0, 0, 255], 2) && near(px(fb, 102, 100), [128, 0, 0, 255], 2),
            "body edges half covered: \(px(fb, 97, 100)) \(px(fb, 102, 100))")
        #expect(
            px(fb, 99, 100) == [255, 0, 0, 255] && px(fb, 103, 100) == [0, 0, 0, 255],
            "body: \(px(fb, 99, 100)) \(px(fb, 103, 100))")
        // The head: ring of radius 25 about (100, 60), empty inside.
        #expect(
            px(fb, 124, 60) == [255, 0, 0, 255] && px(fb, 100, 60) == [0, 0, 0, 255],
            "head: \(px(fb, 124, 60)) \(px(fb, 100, 60))")
        // The left arm ends at (50, 110) with a round cap of radius 2.5: pixel (47, 110) holds
        // ∫₀¹ (√(6.25 − y²) − 2) dy = 0.432 of it → 110.
        #expect(near(px(fb, 47, 110), [110, 0, 0, 255], 3), "round cap tip: \(px(fb, 47, 110))")
        #expect(px(fb, 46, 110) == [0, 0, 0, 255], "nothing beyond the cap: \(px(fb, 46, 110))")
    }

    @Test func s28RoundedRectangleRoundsOnlyTheChosenCorners() throws {
        let fb = try renderFrame(VectorScenes.roundedRectChosenCorners())
        expectGolden(fb, "s28-rounded-rect")
        // Square top-left corner: the 4 pt miter-joined stroke covers 48…52 on both axes.
        #expect(px(fb, 48, 48) == [255, 255, 255, 255], "square corner: \(px(fb, 48, 48))")
        // Rounded top-right corner: (149.5, 49.5) is 28.3 from the arc centre (130, 70), beyond 20 + 2.
        #expect(
            px(fb, 149, 49) == [0, 0, 0, 255] && px(fb, 48, 150) == [0, 0, 0, 255]
                && px(fb, 150, 150) == [0, 0, 0, 255],
            "rounded corners: \(px(fb, 149, 49)) \(px(fb, 48, 150)) \(px(fb, 150, 150))")
        // Left edge: stroke over x 48…52, fill inside.
        #expect(
            px(fb, 49, 100) == [255, 255, 255, 255] && px(fb, 52, 100) == [0, 0, 255, 255]
                && px(fb, 47, 100) == [0, 0, 0, 255],
            "left edge: \(px(fb, 49, 100)) \(px(fb, 52, 100)) \(px(fb, 47, 100))")
    }

    @Test func s30ShapeLayerRoundedRectMatchesTheStretchedCircleImage() throws {
        let (root, a, b) = try VectorScenes.cheapRoundedCorners()
        let fb = try renderFrame(root)
        expectGolden(fb, "s30-shape-vs-image")
        let (worst, mean) = regionDifference(fb, a, b)
        // Only the arcs' edge pixels differ: exact area of the flattened path against a 4×4-supersampled,
        // bilinearly filtered 40-pixel circle.
        #expect(worst <= 24 && mean < 0.15, "S30: shape and image differ by up to \(worst), mean \(mean)")
        #expect(
            px(fb, 60, 60) == [255, 255, 255, 255] && px(fb, 10, 10) == [0, 0, 0, 255], "inside and the cut corner")
    }

    @Test func capsAndJoinsFollowCoreGraphicsGeometry() throws {
        let fb = try renderFrame(VectorScenes.capsAndJoins())
        expectGolden(fb, "caps-joins")
        let white = [255, 255, 255, 255]
        let black = [0, 0, 0, 255]
        // Joins at the apex (40, 20) of a 64° corner, 12 pt wide: the miter reaches 6 / sin 32° = 11.3
        // above (tip y 8.7), the round join 6 (y 14), the bevel 6 · cos 58° = 3.2 (y 16.8).
        #expect(px(fb, 40, 12) == white && px(fb, 120, 12) == black && px(fb, 200, 12) == black, "y 12: miter only")
        #expect(px(fb, 120, 15) == white && px(fb, 200, 15) == black, "y 15: round, not bevel")
        #expect(px(fb, 200, 18) == white, "y 18: bevel")
        // Caps at the start (15, 60) of the left leg: pixel (13, 62) lies 2.9 beyond the end on the axis.
        #expect(
            px(fb, 13, 62) == black && px(fb, 13, 142) == white && px(fb, 13, 222) == white,
            "butt stops, round and square reach")
        // Pixel (8, 61) lies 4.7 beyond the end and 4.7 to the side: inside the square cap, 6.7 from the
        // end point, so outside the round one.
        #expect(
            px(fb, 8, 141) == black && px(fb, 8, 221) == white, "square corner: \(px(fb, 8, 141)) \(px(fb, 8, 221))")
    }

    @Test func dashPatternsPhasesAndDots() throws {
        let fb = try renderFrame(VectorScenes.dashes())
        expectGolden(fb, "dashes")
        let white = [255, 255, 255, 255]
        let black = [0, 0, 0, 255]
        // [10, 5] from x = 10: dashes 10…20, 25…35.
        #expect(px(fb, 15, 15) == white && px(fb, 22, 15) == black && px(fb, 30, 15) == white, "[10, 5]")
        // Phase 5: 10…15, gap 15…20, 20…30.
        #expect(px(fb, 12, 45) == white && px(fb, 17, 45) == black && px(fb, 25, 45) == white, "[10, 5] phase 5")
        // [5, 2, 3] repeats as [5, 2, 3, 5, 2, 3]: 10…15, 17…20, gap 20…25, 25…27, gap 27…30, 30…35.
        #expect(
            px(fb, 12, 75) == white && px(fb, 18, 75) == white && px(fb, 22, 75) == black && px(fb, 25, 75) == white
                && px(fb, 28, 75) == black && px(fb, 32, 75) == white, "[5, 2, 3]")
        // [0, 12] with round caps: dots of radius 3 at x = 10, 22, 34, …
        #expect(px(fb, 22, 105) == white && px(fb, 16, 105) == black && px(fb, 28, 105) == black, "dots")
    }

    @Test func evenOddLeavesTheInnerSquareEmptyAndNonZeroFillsIt() throws {
        let fb = try renderFrame(VectorScenes.fillRules())
        expectGolden(fb, "fill-rules")
        #expect(
            px(fb, 50, 50) == [255, 255, 255, 255] && px(fb, 150, 50) == [0, 0, 0, 255],
            "centres: \(px(fb, 50, 50)) \(px(fb, 150, 50))")
        #expect(px(fb, 20, 50) == [255, 255, 255, 255] && px(fb, 120, 50) == [255, 255, 255, 255], "rings")
    }

    @Test func animatedStrokeEndDrawsHalfThePathAtHalfTime() throws {
        let (root, shape) = VectorScenes.drawOn()
        let clock = VirtualMediaClock(startTime: 0)
        let fb = try CAMediaClock.withClock(clock) { () throws -> Framebuffer in
            CATransaction.flush()
            defer { CATransaction.flush() }
            let a = CABasicAnimation(keyPath: "strokeEnd")
            a.fromValue = 0
            a.toValue = 1
            a.duration = 2
            a.beginTime = 0
            try shape.addAnimation(a, forKey: "drawOn")
            let shown = root.makePresentationTree(atTime: 1)
            let s = try #require(shown.sublayers?.first as? CAShapeLayer)
            #expect(abs(s.strokeEnd - 0.5) < 1e-9 && shape.strokeEnd == 1, "presentation strokeEnd \(s.strokeEnd)")
            return try renderFrame(shown)
        }
        expectGolden(fb, "stroke-end-half")
        // Half of the 640-point loop: the top edge and the right edge, ending at (180, 180).
        let red = [255, 0, 0, 255]
        let black = [0, 0, 0, 255]
        #expect(px(fb, 100, 20) == red && px(fb, 180, 100) == red, "drawn half: \(px(fb, 100, 20)) \(px(fb, 180, 100))")
        #expect(
            px(fb, 100, 180) == black && px(fb, 20, 100) == black,
            "undrawn half: \(px(fb, 100, 180)) \(px(fb, 20, 100))")
        // The same frame as a model layer with strokeEnd = 0.5.
        let (root2, shape2) = VectorScenes.drawOn()
        shape2.strokeEnd = 0.5
        let model = try #require(
            ImageDifference(try renderFrame(root2).makeImage(), try fb.makeImage(), channelTolerance: 0))
        #expect(
            model.pixelsOverTolerance == 0, "model strokeEnd 0.5 draws the same frame as the animation at 1 s: \(model)"
        )
    }

    @Test func strokeOnlyShapeMaskShowsTheImageAlongTheRingAtItsAlpha() throws {
        let fb = try renderFrame(VectorScenes.strokeMask())
        expectGolden(fb, "shape-stroke-mask")
        // Ring of radius 40 ± 8 about (60, 60); mask alpha ½ over the red top-left quadrant.
        #expect(near(px(fb, 31, 31), [128, 0, 0, 255], 1), "on the ring: \(px(fb, 31, 31))")
        #expect(px(fb, 60, 60) == [0, 0, 0, 255] && px(fb, 15, 15) == [0, 0, 0, 255], "off the ring")
    }

    @Test func translucentShapeLayerCompositesStrokeOverFillOnce() throws {
        // opacity ½: the stroke hides the fill beneath it before the layer is blended.
        let root = rootLayer(40, 40, VectorScenes.black)
        let s = VectorScenes.shape(
            root.bounds, CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20)),
            fill: VectorScenes.blue, stroke: VectorScenes.red, width: 4)
        s.opacity = 0.5
        root.addSublayer(s)
        let fb = try renderFrame(root)
        #expect(near(px(fb, 10, 20), [128, 0, 0, 255], 1), "stroke over fill: \(px(fb, 10, 20))")
        #expect(near(px(fb, 20, 20), [0, 0, 128, 255], 1), "fill: \(px(fb, 20, 20))")
    }

    @Test func shapeUnderPerspectiveIsProjected() throws {
        // A square outline, rotated 60° about y under m34 = −1/500: the near edge is longer than the far one.
        let root = rootLayer(200, 200, VectorScenes.black)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let s = VectorScenes.shape(
            CGRect(x: 50, y: 50, width: 100, height: 100), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100)),
            stroke: VectorScenes.white, width: 6)
        s.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        root.addSublayer(s)
        let fb = try renderFrame(root)
        expectGolden(fb, "shape-perspective")
        func columnInk(_ x: Int) -> Int { (0..<200).filter { px(fb, x, $0)[0] > 128 }.count }
        let lit = (0..<200).filter { columnInk($0) > 0 }
        let left = try #require(lit.first)
        let right = try #require(lit.last)
        // The edge at x = 0 of the layer comes toward the viewer (rotation about y by +60°), so the
        // two vertical edges differ in length.
        #expect(
            abs(columnInk(left + 1) - columnInk(right - 1)) > 10,
            "edges \(columnInk(left + 1)) vs \(columnInk(right - 1))")
        #expect(right - left < 80, "foreshortened to about half: \(right - left)")
    }

    @Test func shapeGeometryIsCachedUntilPathStyleOrPlacementChange() throws {
        let (root, s) = VectorScenes.drawOn()
        let c = Compositor(threadCount: 1)
        c.skipsCleanFrames = false
        let fb = try Framebuffer(width: 200, height: 200, scale: 1)
        c.render(root, into: fb)
        c.render(root, into: fb)
        #expect(c.resources.shapes.misses == 1, "a still shape is stroked once: \(c.resources.shapes.misses)")
        s.strokeColor = VectorScenes.blue
        c.render(root, into: fb)
        #expect(c.resources.shapes.misses == 1, "a colour change reuses the geometry")
        #expect(px(fb, 100, 20) == [0, 0, 255, 255], "and draws in the new colour: \(px(fb, 100, 20))")
        for change in [
            { s.strokeEnd = 0.3 }, { s.lineWidth = 3 }, { s.lineDashPattern = [4, 4] }, { s.position.x += 1 },
            { s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)) },
        ] as [() -> Void] {
            let before = c.resources.shapes.misses
            change()
            c.render(root, into: fb)
            #expect(c.resources.shapes.misses == before + 1, "a change rebuilds once: \(c.resources.shapes.misses)")
        }
    }

    @Test func shapePathsFlipWithAGeometryFlippedSuperlayer() throws {
        // Unlike contents, a path is geometry: under a flipped superlayer the stick figure is mirrored.
        let plain = try renderFrame(VectorScenes.stickFigure())
        let root = VectorScenes.stickFigure()
        root.isGeometryFlipped = true
        let flipped = try renderFrame(root)
        var worst = 0
        for y in 0..<200 {
            for x in 0..<200 {
                worst = max(worst, zip(px(plain, x, y), px(flipped, x, 199 - y)).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        #expect(worst <= 1, "flipped frame is the plain frame upside down (largest difference \(worst))")
        #expect(
            px(flipped, 100, 139) == [0, 0, 0, 255] && px(flipped, 124, 139) == [255, 0, 0, 255],
            "the head is at the bottom")
    }

    @Test func badShapePropertiesAreReportedNotDrawn() throws {
        let root = rootLayer(40, 40, VectorScenes.black)
        let s = VectorScenes.shape(
            root.bounds, CGPath(rect: CGRect(x: 5, y: 5, width: 30, height: 30)), stroke: VectorScenes.white, width: 2)
        s.lineDashPattern = [4, -1]
        s.name = "dashed"
        root.addSublayer(s)
        let c = Compositor(threadCount: 1)
        let fb = try renderFrame(root, compositor: c)
        #expect(px(fb, 5, 20) == [0, 0, 0, 255], "not drawn")
        #expect(
            c.diagnostics.contains { $0.contains("'dashed'") && $0.contains("lineDashPattern") },
            "diagnostics: \(c.diagnostics)")
    }
}

/// Hostile vector input: drawn, clipped or reported, never a crash or a hang.
@Suite struct VectorRobustnessTests {
    @Test func hostileShapeAndTextLayersAreClippedOrReported() throws {
        let root = rootLayer(64, 64, VectorScenes.black)
        let nan = CGMutablePath()
        nan.move(to: CGPoint(x: 0, y: 0))
        nan.addLine(to: CGPoint(x: CGFloat.nan, y: 10))
        let a = VectorScenes.shape(root.bounds, nan, fill: VectorScenes.white, stroke: VectorScenes.white)
        a.name = "nan"
        let huge = CGMutablePath()
        huge.move(to: CGPoint(x: -1e9, y: 32))
        huge.addLine(to: CGPoint(x: 1e9, y: 32))
        let b = VectorScenes.shape(root.bounds, huge, stroke: VectorScenes.red, width: 4)
        let wide = VectorScenes.shape(
            root.bounds, CGPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10)), stroke: VectorScenes.blue,
            width: 1e7)
        wide.opacity = 0.5
        let t = VectorScenes.text(CGRect(x: 0, y: 0, width: 1e7, height: 1e7), "big", size: 12)
        t.name = "big"
        let u = VectorScenes.text(root.bounds, "huge glyphs", size: 5000, scale: 2)
        u.name = "huge"
        for l in [a, b, wide, t, u] { root.addSublayer(l) }
        let c = Compositor(threadCount: 2)
        let fb = try renderFrame(root, compositor: c)
        #expect(px(fb, 32, 32)[0] > 0, "the huge line crosses the frame: \(px(fb, 32, 32))")
        #expect(c.diagnostics.contains { $0.contains("'nan'") }, "NaN path reported: \(c.diagnostics)")
        #expect(c.diagnostics.contains { $0.contains("'huge'") }, "2048 px per em limit reported: \(c.diagnostics)")
        #expect(c.diagnostics.contains { $0.contains("'big'") }, "oversized text bitmap reported: \(c.diagnostics)")
    }
}
