import Foundation
import LayerKit
import Testing

@testable import Compositor

/// CAGradientLayer: axial, radial, conic, locations, and invalid input (docs/Design.md §3.13).
@Suite struct GradientTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    func gradient(
        _ type: CAGradientLayerType, _ colors: [CGColor], locations: [CGFloat]? = nil,
        start: CGPoint, end: CGPoint, size: CGFloat = 80
    ) -> CALayer {
        let root = rootLayer(size, size)
        let g = CAGradientLayer()
        g.frame = root.bounds
        g.type = type
        g.colors = colors
        g.locations = locations
        g.startPoint = start
        g.endPoint = end
        root.addSublayer(g)
        return root
    }

    @Test func axialDefaultRunsTopToBottom() throws {
        let fb = try renderFrame(
            gradient(.axial, [Self.red, Self.blue], start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1)))
        expectGolden(fb, "gradient-axial")
        // Row y has t = (y + ½) / 80; premultiplied interpolation of opaque colours is plain lerp.
        for y in [0, 20, 40, 79] {
            let t = (Double(y) + 0.5) / 80
            let expected = [Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()), 255]
            #expect(near(px(fb, 40, y), expected, 1), "row \(y): \(px(fb, 40, y)) expected \(expected)")
        }
    }

    /// Red → green → blue at 0, ½, 1 (or red, green, blue, red at thirds when `ring`), at parameter t.
    func stops(_ t: Double, ring: Bool = false) -> [Int] {
        let c: [(Double, Double, Double)] =
            ring ? [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 0)] : [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
        let seg = Double(c.count - 1)
        let k = min(Int(t * seg), c.count - 2)
        let f = t * seg - Double(k)
        let a = c[k]
        let b = c[k + 1]
        return [
            Int(((a.0 * (1 - f) + b.0 * f) * 255).rounded()), Int(((a.1 * (1 - f) + b.1 * f) * 255).rounded()),
            Int(((a.2 * (1 - f) + b.2 * f) * 255).rounded()), 255,
        ]
    }

    @Test func radialIsFirstColourAtStartAndLastBeyondTheEllipse() throws {
        // Centre (0.5, 0.5), semi-axes |end − start| = (20, 40) points on an 80×80 layer.
        let fb = try renderFrame(
            gradient(
                .radial, [Self.red, Self.green, Self.blue], start: CGPoint(x: 0.5, y: 0.5),
                end: CGPoint(x: 0.75, y: 1)))
        expectGolden(fb, "gradient-radial")
        // Pixel centre (x + ½, y + ½): t = √((dx/20)² + (dy/40)²) from (40, 40).
        for (x, y) in [(40, 40), (50, 40), (40, 59), (45, 50)] {
            let dx = (Double(x) + 0.5 - 40) / 20
            let dy = (Double(y) + 0.5 - 40) / 40
            let t = (dx * dx + dy * dy).squareRoot()
            #expect(near(px(fb, x, y), stops(t), 2), "(\(x),\(y)) t = \(t): \(px(fb, x, y)) expected \(stops(t))")
        }
        #expect(px(fb, 70, 40) == [0, 0, 255, 255], "outside the ellipse the last colour extends: \(px(fb, 70, 40))")
    }

    @Test func conicTurnsFromEndDirectionTowardPlusY() throws {
        // Centre (40, 40); angle 0 along +x; positive angles turn toward +y (clockwise on screen).
        let fb = try renderFrame(
            gradient(
                .conic, [Self.red, Self.green, Self.blue, Self.red], start: CGPoint(x: 0.5, y: 0.5),
                end: CGPoint(x: 1, y: 0.5)))
        expectGolden(fb, "gradient-conic")
        // A quarter turn clockwise (straight down on screen) is t ≈ ¼; three quarters (up) is t ≈ ¾.
        for (x, y) in [(40, 70), (40, 10), (10, 40), (70, 45)] {
            var a = atan2(Double(y) + 0.5 - 40, Double(x) + 0.5 - 40)
            if a < 0 { a += 2 * .pi }
            let t = a / (2 * .pi)
            #expect(
                near(px(fb, x, y), stops(t, ring: true), 2),
                "(\(x),\(y)) t = \(t): \(px(fb, x, y)) expected \(stops(t, ring: true))")
        }
    }

    @Test func locationsPlaceStopsAndEndColoursExtend() throws {
        let fb = try renderFrame(
            gradient(
                .axial, [Self.red, Self.blue], locations: [0.25, 0.75], start: CGPoint(x: 0, y: 0.5),
                end: CGPoint(x: 1, y: 0.5)))
        #expect(px(fb, 5, 40) == [255, 0, 0, 255], "before the first location: \(px(fb, 5, 40))")
        #expect(px(fb, 75, 40) == [0, 0, 255, 255], "after the last location: \(px(fb, 75, 40))")
        #expect(near(px(fb, 39, 40), [131, 0, 124, 255], 2), "middle: \(px(fb, 39, 40))")
    }

    @Test func translucentStopsInterpolatePremultiplied() throws {
        // Red → transparent: premultiplied interpolation never shows a dark fringe: colour stays red.
        let fb = try renderFrame(
            gradient(
                .axial, [Self.red, CGColor(red: 0, green: 0, blue: 0, alpha: 0)],
                start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
        let mid = fb.color(x: 40, y: 40)!
        #expect(abs(mid.alpha - 0.49) < 0.02 && abs(mid.red - 1) < 0.02 && mid.green == 0, "middle: \(mid)")
    }

    @Test func mismatchedLocationsDrawNothingAndSaySo() throws {
        let root = gradient(
            .axial, [Self.red, Self.blue], locations: [0, 0.5, 1], start: .zero, end: CGPoint(x: 1, y: 1))
        root.sublayers![0].name = "bad"
        let c = Compositor(threadCount: 1)
        let fb = try renderFrame(root, compositor: c)
        #expect(px(fb, 40, 40) == [0, 0, 0, 0], "blank layer")
        #expect(
            c.diagnostics.contains { $0.contains("'bad'") && $0.contains("locations has 3 entries but colors has 2") },
            "diagnostics: \(c.diagnostics)")
    }

    @Test func gradientFillsTheRoundedShapeOverTheBackground() throws {
        let root = gradient(
            .axial, [CGColor(red: 1, green: 0, blue: 0, alpha: 0.5), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)],
            start: .zero, end: CGPoint(x: 0, y: 1))
        let g = root.sublayers![0]
        g.backgroundColor = Self.blue
        g.cornerRadius = 20
        let fb = try renderFrame(root)
        #expect(px(fb, 1, 1) == [0, 0, 0, 0], "outside the rounded corner: \(px(fb, 1, 1))")
        #expect(near(px(fb, 40, 40), [128, 0, 127, 255], 1), "half-transparent red over blue: \(px(fb, 40, 40))")
    }
}
