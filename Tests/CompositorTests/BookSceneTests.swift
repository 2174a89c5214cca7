import Foundation
import LayerKit
import Testing

@testable import Compositor

/// The Core Animation book's reference scenes (core-animation-notes.md §18): golden frames plus pixel
/// probes with hand-computed values.
@Suite struct BookSceneTests {
    @Test func s07RingInstanceKHasColourOneMinusTenthK() throws {
        let (root, pivot, child) = BookScenes.ring()
        let fb = try renderFrame(root)
        expectGolden(fb, "s07-ring")
        for k in 0..<10 {
            // Instance k is the child turned k·π/5 (clockwise on screen) about the pivot.
            let a = Double(k) * .pi / 5
            let d = (Double(child.x - pivot.x), Double(child.y - pivot.y))
            let x = Double(pivot.x) + d.0 * cos(a) - d.1 * sin(a)
            let y = Double(pivot.y) + d.0 * sin(a) + d.1 * cos(a)
            let expected = [
                255, Int((255 * (1 - 0.1 * Double(k))).rounded()), Int((255 * (1 - 0.1 * Double(k))).rounded()), 255,
            ]
            let got = px(fb, Int(x), Int(y))
            #expect(near(got, expected, 1), "instance \(k) at (\(Int(x)), \(Int(y))): expected \(expected), got \(got)")
        }
    }

    @Test func s08SecondCopyIsOffsetTenAndTinted() throws {
        let fb = try renderFrame(BookScenes.offset())
        expectGolden(fb, "s08-offset")
        // Child at (40…90) in root coordinates; the copy at (50…100) with colour (0.9, 1, 0.9).
        #expect(px(fb, 45, 45) == [255, 255, 255, 255], "first copy: \(px(fb, 45, 45))")
        #expect(near(px(fb, 95, 95), [230, 255, 230, 255], 1), "second copy: \(px(fb, 95, 95))")
        #expect(px(fb, 105, 105) == [255, 0, 0, 255], "replicator background beyond the copy: \(px(fb, 105, 105))")
    }

    @Test func s09ReflectionIsMirroredTwoPointsBelowAtFortyPercent() throws {
        let fb = try renderFrame(try BookScenes.reflection(fade: false))
        expectGolden(fb, "s09-reflection")
        // Replicator at (30, 10); reflection maps replicator y to 202 − y. The image's cyan at (15, 15).
        let cyan = (0.0, 178.0 / 255, 204.0 / 255)
        let bg = (0.15, 0.15, 0.15)
        #expect(near(px(fb, 45, 25), over(cyan, alpha: 1, on: bg), 1), "original: \(px(fb, 45, 25))")
        #expect(near(px(fb, 45, 10 + 187), over(cyan, alpha: 0.4, on: bg), 2), "reflection: \(px(fb, 45, 197))")
        // The replicator's own red background is not replicated.
        #expect(
            near(px(fb, 32, 10 + 150), over((0, 0, 0), alpha: 0, on: bg), 1),
            "below the reflection's image: \(px(fb, 32, 160))")
    }

    @Test func s09ReflectionFadesOutThroughAGradientMask() throws {
        let fb = try renderFrame(try BookScenes.reflection(fade: true))
        expectGolden(fb, "s09-reflection-fade")
        // Mask alpha at replicator y: 1 until 102, then falls linearly to 0 at 202. The image's reflection
        // spans replicator y 112…192.
        let cyan = (0.0, 178.0 / 255, 204.0 / 255)
        let bg = (0.15, 0.15, 0.15)
        #expect(near(px(fb, 45, 25), over(cyan, alpha: 1, on: bg), 1), "original untouched: \(px(fb, 45, 25))")
        for y in [120, 140, 170, 185] {
            let m = 1 - (Double(y) + 0.5 - 102) / 100
            let got = px(fb, 45, 10 + y)
            #expect(near(got, over(cyan, alpha: 0.4 * m, on: bg), 3), "reflection at replicator y \(y): \(got)")
        }
    }

    @Test func s10GradientIsRedAtOriginAndPureBlueBeyondSevenTenths() throws {
        let fb = try renderFrame(BookScenes.gradient())
        expectGolden(fb, "s10-gradient")
        let origin = px(fb, 0, 0)
        #expect(origin[0] == 255 && origin[1] <= 6 && origin[2] == 0, "(0,0) should be red: \(origin)")
        for (x, y) in [(84, 84), (100, 100), (119, 119), (119, 60), (60, 119)] {
            // t = (x + y + 1) / 240 ≥ 0.7 along the diagonal.
            #expect(px(fb, x, y) == [0, 0, 255, 255], "(\(x),\(y)) should be pure blue: \(px(fb, x, y))")
        }
    }

    @Test func s11TransformLayerCubesRenderAsSolids() throws {
        let fb = try renderFrame(BookScenes.cubes())
        expectGolden(fb, "s11-cubes")
        // Cube 1 sits left of the vanishing point: its front face (red) covers its centre.
        let front = BookScenes.faceColors[0]
        #expect(
            near(
                px(fb, 50, 80),
                [Int(front.red * 255 + 0.5), Int(front.green * 255 + 0.5), Int(front.blue * 255 + 0.5), 255], 1),
            "cube 1 centre: \(px(fb, 50, 80))")
        // No hole: every pixel on a line through cube 2's centre is a face colour.
        let bg = px(fb, 5, 5)
        for x in 175...205 { #expect(px(fb, x, 80) != bg, "cube 2 has a hole at (\(x), 80)") }
    }

    @Test func s12LitCubeFacesFollowTheBooksLightingFormula() throws {
        let fb = try renderFrame(try BookScenes.litCube())
        expectGolden(fb, "s12-lit-cube")
        // Front face: overlay alpha 1 − 0.4472 − 0.5 = 0.0528 → white × 0.947 = 242.
        #expect(near(px(fb, 80, 110), [242, 242, 242, 255], 1), "front face: \(px(fb, 80, 110))")
        // Right face: normal ⊥ light → alpha 0.5.
        #expect(near(px(fb, 130, 110), [127, 127, 127, 255], 1), "right face: \(px(fb, 130, 110))")
        // Top face faces the light: alpha clamps to 0.
        #expect(px(fb, 100, 70) == [255, 255, 255, 255], "top face: \(px(fb, 100, 70))")
    }

    @Test func s13PerspectiveCardHasShorterFarEdgeAndHidesPastNinetyDegrees() throws {
        let fb = try renderFrame(try BookScenes.card(angle: .pi / 4))
        expectGolden(fb, "s13-card")
        let bg = px(fb, 0, 0)
        func height(_ x: Int) -> Int { (0..<fb.height).filter { px(fb, x, $0) != bg }.count }
        let columns = (0..<fb.width).filter { height($0) > 0 }
        let near = height(columns.first! + 1)
        let far = height(columns.last! - 1)
        #expect(far < near, "far edge \(far) px should be shorter than near edge \(near) px")
        let behind = try renderFrame(try BookScenes.card(angle: 3 * .pi / 4))
        #expect(
            (0..<behind.height).allSatisfy { y in (0..<behind.width).allSatisfy { px(behind, $0, y) == bg } },
            "a single-sided layer turned past π/2 is not drawn")
    }

    @Test func s14AnchorPointMovesTheFrameAndZPositionDrawsGreenOverRed() throws {
        let fb = try renderFrame(BookScenes.anchor())
        expectGolden(fb, "s14-anchor")
        #expect(px(fb, 12, 12) == [255, 255, 255, 255], "white frame starts at the position: \(px(fb, 12, 12))")
        #expect(px(fb, 40, 40) == [0, 0, 255, 255], "blue sublayer: \(px(fb, 40, 40))")
        #expect(px(fb, 140, 140) == [0, 255, 0, 255], "green (zPosition 1) over red: \(px(fb, 140, 140))")
        #expect(px(fb, 200, 200) == [255, 0, 0, 255], "red outside the overlap: \(px(fb, 200, 200))")
    }

    @Test func s15RotatedLayerCoversItsDiamond() throws {
        let (root, layer) = BookScenes.rotated()
        let f = layer.frame
        #expect(abs(f.minX - 79.2893) < 1e-3 && abs(f.width - 141.4214) < 1e-3, "frame \(f)")
        let fb = try renderFrame(root)
        expectGolden(fb, "s15-rotated")
        // The top vertex is at (150, 79.29): pixel centre (149.5, 81.5) is inside, (149.5, 78.5) is not.
        #expect(px(fb, 149, 81) != px(fb, 0, 0), "just inside the top vertex")
        #expect(px(fb, 149, 78) == px(fb, 0, 0), "just outside the top vertex")
    }

    @Test func s16MasksToBoundsClipsChildAndShadowWhileRasterisedLayerOverflows() throws {
        let fb = try renderFrame(BookScenes.effects())
        expectGolden(fb, "s16-effects")
        let bg = [217, 217, 217, 255]
        // Inside the first layer's bounds but outside its rounded corner: clipped to the background.
        #expect(px(fb, 26, 26) == bg, "clipped corner: \(px(fb, 26, 26))")
        // The red child overflows the second (unclipped, rasterised) layer.
        #expect(px(fb, 122, 12) == [255, 0, 0, 255], "overflowing child: \(px(fb, 122, 12))")
        // The second layer's shadow shows below it; the first one's is clipped away.
        #expect(px(fb, 175, 108)[0] < 200, "shadow below the second layer: \(px(fb, 175, 108))")
        #expect(px(fb, 65, 108) == bg, "no shadow below the first layer: \(px(fb, 65, 108))")
        // Group opacity: the label shows at 50 % over the page, not over the white button.
        let label = over((0.1, 0.3, 0.9), alpha: 0.5, on: (0.85, 0.85, 0.85))
        #expect(near(px(fb, 120, 129), label, 2), "label in a 50 % group: \(px(fb, 120, 129)) expected \(label)")
    }

    @Test func s17ShadowFollowsShadowPathNotContents() throws {
        let fb = try renderFrame(try BookScenes.shadowPaths())
        expectGolden(fb, "s17-shadow-paths")
        let bg = [230, 230, 230, 255]
        // Square shadow path: (20, 65)…(90, 90) moved down 8. Its corner is shadowed; the ellipse's much less.
        #expect(px(fb, 22, 75)[0] < 200, "square shadow corner: \(px(fb, 22, 75))")
        #expect(
            px(fb, 132, 75)[0] > px(fb, 22, 75)[0] + 40,
            "ellipse corner \(px(fb, 132, 75)) vs square corner \(px(fb, 22, 75))")
        #expect(px(fb, 125, 70) == bg, "outside both: \(px(fb, 125, 70))")
        #expect(px(fb, 165, 86)[0] < 200, "ellipse shadow centre: \(px(fb, 165, 86))")
    }

    @Test func s25DigitClockShowsContentsRectCellsWithHardEdges() throws {
        let fb = try renderFrame(try BookScenes.digitClock())
        expectGolden(fb, "s25-digits")
        // Nearest filter: only black and white pixels inside the digits.
        for y in 8..<40 {
            for x in 8..<114 {
                let p = px(fb, x, y)
                #expect(p == [0, 0, 0, 255] || p == [255, 255, 255, 255], "(\(x),\(y)) \(p)")
            }
        }
    }

    @Test func s26ClockHandsTurnAboutTheirTails() throws {
        let fb = try renderFrame(BookScenes.clockHands())
        expectGolden(fb, "s26-hands")
        // The second hand (30 s) points straight down from the centre: purple below, not above.
        #expect(near(px(fb, 80, 110), [128, 0, 128, 255], 1), "second hand below the centre: \(px(fb, 80, 110))")
        #expect(px(fb, 80, 40) == px(fb, 0, 0), "nothing straight above")
    }

    @Test func s27NineSliceEdgesKeepTheirSizeWhenStretched() throws {
        let fb = try renderFrame(try BookScenes.contentsDemo())
        expectGolden(fb, "s27-contents")
        // 140×60 button at (90, 60): 4-point red corners and dark frame, light middle.
        #expect(near(px(fb, 91, 61), [230, 26, 26, 255], 1), "corner: \(px(fb, 91, 61))")
        #expect(near(px(fb, 160, 62), [26, 26, 26, 255], 1), "top edge, stretched: \(px(fb, 160, 62))")
        #expect(near(px(fb, 160, 64), [242, 242, 242, 255], 1), "middle starts 4 points in: \(px(fb, 160, 64))")
        #expect(near(px(fb, 226, 118), [230, 26, 26, 255], 1), "bottom-right corner: \(px(fb, 226, 118))")
        // contentsRect halves: top half shows red|green, bottom half blue|yellow.
        #expect(px(fb, 20, 20) == [255, 0, 0, 255] && px(fb, 20, 60) == [0, 0, 255, 255], "halves")
    }

    @Test func s28ShapeLayerMaskRoundsOnlyTheChosenCorners() throws {
        let fb = try renderFrame(try BookScenes.shapeMask())
        expectGolden(fb, "s28-shape-mask")
        #expect(px(fb, 21, 21) == px(fb, 0, 0), "rounded top-left corner is masked out")
        #expect(px(fb, 118, 21) == [0, 255, 0, 255], "square top-right corner keeps the image: \(px(fb, 118, 21))")
        #expect(px(fb, 118, 118) == px(fb, 0, 0), "rounded bottom-right corner is masked out")
    }

    @Test func s29RecycleGridDrawsNearerLayersOnTop() throws {
        let fb = try renderFrame(BookScenes.grid())
        expectGolden(fb, "s29-grid")
        #expect(px(fb, 32, 32) == [255, 255, 255, 255], "nearest layer (white) in front: \(px(fb, 32, 32))")
    }

    @Test func s30StretchedCircleImageLooksLikeCornerRadius() throws {
        let (root, a, b) = try BookScenes.roundedCheap()
        let fb = try renderFrame(root)
        expectGolden(fb, "s30-rounded")
        let (worst, mean) = regionDifference(fb, a, b)
        // Only the anti-aliased pixels of the arcs differ (exact area versus a filtered 40-pixel image).
        #expect(worst <= 64 && mean < 1, "differ by up to \(worst), mean \(mean)")
    }
}
