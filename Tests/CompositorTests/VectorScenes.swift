import Foundation
import LayerKit

@testable import Compositor

/// Shape and text layer scenes for the vector tests (every path and string built here).
enum VectorScenes {
    static let black = CGColor(gray: 0, alpha: 1)
    static let white = CGColor(gray: 1, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A shape layer covering `frame` with a path in its own coordinates.
    static func shape(_ frame: CGRect, _ path: CGPath, fill: CGColor? = nil, stroke: CGColor? = nil, width: CGFloat = 1)
        -> CAShapeLayer
    {
        let s = CAShapeLayer()
        s.frame = frame
        s.path = path
        s.fillColor = fill
        s.strokeColor = stroke
        s.lineWidth = width
        return s
    }

    // MARK: - S28

    /// The book's stick figure: head arc at (150, 100) radius 25, body, legs, arms; red 5 pt, round join
    /// and cap, no fill. The shape layer's origin is at (−50, −40) in the 200×200 root, so the figure
    /// (x 97.5…202.5, y 72.5…227.5 in its own coordinates) lies at x 47.5…152.5, y 32.5…187.5.
    static var stickFigurePath: CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 175, y: 100))
        path.addArc(uiKitCenter: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        path.move(to: CGPoint(x: 150, y: 125))
        path.addLine(to: CGPoint(x: 150, y: 175))
        path.addLine(to: CGPoint(x: 125, y: 225))
        path.move(to: CGPoint(x: 150, y: 175))
        path.addLine(to: CGPoint(x: 175, y: 225))
        path.move(to: CGPoint(x: 100, y: 150))
        path.addLine(to: CGPoint(x: 200, y: 150))
        return path
    }

    static func stickFigure() -> CALayer {
        let root = rootLayer(200, 200, black)
        let s = shape(
            CGRect(x: -50, y: -40, width: 300, height: 260), stickFigurePath, fill: nil, stroke: red, width: 5)
        s.lineJoin = .round
        s.lineCap = .round
        root.addSublayer(s)
        return root
    }

    /// S28's rounded rectangle (50, 50, 100, 100) with radius 20 on the top-right, bottom-right and
    /// bottom-left corners only: filled blue, stroked white 4 pt.
    static func roundedRectChosenCorners() -> CALayer {
        let root = rootLayer(200, 200, black)
        let p = CGMutablePath()
        p.addRoundedRect(
            in: CGRect(x: 50, y: 50, width: 100, height: 100), radii: CGSize(width: 20, height: 20),
            corners: [.layerMaxXMinYCorner, .layerMaxXMaxYCorner, .layerMinXMaxYCorner])
        root.addSublayer(shape(root.bounds, p, fill: blue, stroke: white, width: 4))
        return root
    }

    // MARK: - S30

    /// Left: a shape layer filling a rounded rectangle of radius 20 in white. Right: a stretchable
    /// circle image with contentsCenter {0.5, 0.5, 0, 0} (40 px circle → radius 20).
    static func cheapRoundedCorners() throws -> (CALayer, CGRect, CGRect) {
        let root = rootLayer(240, 120, black)
        let a = shape(
            CGRect(x: 10, y: 10, width: 100, height: 100),
            CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20),
            fill: white)
        let b = try stretchableCircleLayer(CGRect(x: 130, y: 10, width: 100, height: 100))
        root.addSublayer(a)
        root.addSublayer(b)
        return (root, a.frame, b.frame)
    }

    // MARK: - Strokes

    /// A 3×3 grid: rows are caps (butt, round, square), columns joins (miter, round, bevel). Each cell
    /// is 80×80 and holds a white 12 pt open "V" from (15, 60) over (40, 20) to (65, 60).
    static func capsAndJoins() -> CALayer {
        let root = rootLayer(240, 240, black)
        let caps: [CAShapeLayerLineCap] = [.butt, .round, .square]
        let joins: [CAShapeLayerLineJoin] = [.miter, .round, .bevel]
        for (r, cap) in caps.enumerated() {
            for (c, join) in joins.enumerated() {
                let p = CGMutablePath()
                p.move(to: CGPoint(x: 15, y: 60))
                p.addLine(to: CGPoint(x: 40, y: 20))
                p.addLine(to: CGPoint(x: 65, y: 60))
                let s = shape(
                    CGRect(x: CGFloat(c) * 80, y: CGFloat(r) * 80, width: 80, height: 80), p, stroke: white, width: 12)
                s.lineCap = cap
                s.lineJoin = join
                root.addSublayer(s)
            }
        }
        return root
    }

    /// Horizontal 6 pt lines from x = 10 to 190 at y = 15, 45, 75, 105: dashes [10, 5]; [10, 5] with
    /// phase 5; the odd pattern [5, 2, 3] (repeated as [5, 2, 3, 5, 2, 3]); round dots [0, 12].
    static func dashes() -> CALayer {
        let root = rootLayer(200, 120, black)
        let specs: [([CGFloat], CGFloat, CAShapeLayerLineCap)] = [
            ([10, 5], 0, .butt), ([10, 5], 5, .butt), ([5, 2, 3], 0, .butt),
            ([0, 12], 0, .round),
        ]
        for (i, spec) in specs.enumerated() {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 10, y: 15 + CGFloat(i) * 30))
            p.addLine(to: CGPoint(x: 190, y: 15 + CGFloat(i) * 30))
            let s = shape(root.bounds, p, stroke: white, width: 6)
            s.lineDashPattern = spec.0
            s.lineDashPhase = spec.1
            s.lineCap = spec.2
            root.addSublayer(s)
        }
        return root
    }

    /// Two squares, outer (10…90) and inner (30…70), both clockwise: left non-zero (inner filled),
    /// right even-odd (inner empty).
    static func fillRules() -> CALayer {
        let root = rootLayer(200, 100, black)
        for (i, rule) in [CAShapeLayerFillRule.nonZero, .evenOdd].enumerated() {
            let p = CGMutablePath()
            p.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
            p.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
            let s = shape(CGRect(x: CGFloat(i) * 100, y: 0, width: 100, height: 100), p, fill: white)
            s.fillRule = rule
            root.addSublayer(s)
        }
        return root
    }

    /// A path drawn on over time: a square loop 20…180 and a diagonal, red 6 pt, round caps, whose
    /// `strokeEnd` animates from 0 to 1 in 2 seconds (linear). Returns the root and the shape layer.
    static func drawOn() -> (CALayer, CAShapeLayer) {
        let root = rootLayer(200, 200, black)
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 20, y: 20))
        p.addLine(to: CGPoint(x: 180, y: 20))
        p.addLine(to: CGPoint(x: 180, y: 180))
        p.addLine(to: CGPoint(x: 20, y: 180))
        p.addLine(to: CGPoint(x: 20, y: 20))
        let s = shape(root.bounds, p, stroke: red, width: 6)
        s.lineCap = .round
        root.addSublayer(s)
        return (root, s)
    }

    /// An image (the quadrant test image) masked by a shape layer's stroke only: a ring of radius 40,
    /// 16 pt wide, in a colour of alpha ½, so the image shows at half strength along the ring.
    static func strokeMask() throws -> CALayer {
        let root = rootLayer(120, 120, black)
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        l.contents = try quadrantImage(32)
        l.magnificationFilter = .nearest
        let mask = shape(
            l.bounds, CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80)),
            stroke: CGColor(red: 0, green: 0, blue: 0, alpha: 0.5), width: 16)
        l.mask = mask
        root.addSublayer(l)
        return root
    }

    // MARK: - Text

    /// A text layer with a dark background.
    static func text(
        _ frame: CGRect, _ string: String, size: CGFloat = 14, align: CATextLayerAlignmentMode = .natural,
        wrapped: Bool = false, truncation: CATextLayerTruncationMode = .none, scale: CGFloat = 1
    ) -> CATextLayer {
        let t = CATextLayer()
        t.frame = frame
        t.string = string
        t.fontSize = size
        t.alignmentMode = align
        t.isWrapped = wrapped
        t.truncationMode = truncation
        t.contentsScale = scale
        t.foregroundColor = white
        t.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        return t
    }

    /// One row per alignment mode (left, right, center, justified, natural), 180×36 points each, with a
    /// wrapped two-line sentence (justification shows on the first line).
    static func alignments() -> (CALayer, [CATextLayer]) {
        let root = rootLayer(200, 210, black)
        var layers: [CATextLayer] = []
        for (i, a) in [CATextLayerAlignmentMode.left, .right, .center, .justified, .natural].enumerated() {
            let t = text(
                CGRect(x: 10, y: 5 + CGFloat(i) * 41, width: 180, height: 36), "Core Animation draws text in layers",
                size: 13, align: a, wrapped: true)
            root.addSublayer(t)
            layers.append(t)
        }
        return (root, layers)
    }

    /// A long sentence wrapped in a 140×90 box.
    static func wrapping() -> CALayer {
        let root = rootLayer(160, 110, black)
        root.addSublayer(
            text(
                CGRect(x: 10, y: 10, width: 140, height: 90),
                "The quick brown fox jumps over the lazy dog while the layer wraps every line.", size: 14, wrapped: true
            ))
        return root
    }

    /// One unwrapped row per truncation mode (none, start, middle, end), 120×22 points each.
    static func truncations() -> (CALayer, [CATextLayer]) {
        let root = rootLayer(140, 110, black)
        var layers: [CATextLayer] = []
        for (i, m) in [CATextLayerTruncationMode.none, .start, .middle, .end].enumerated() {
            let t = text(
                CGRect(x: 10, y: 5 + CGFloat(i) * 26, width: 120, height: 22), "Begin-of-a-long-line-end", size: 14,
                truncation: m)
            root.addSublayer(t)
            layers.append(t)
        }
        return (root, layers)
    }

    /// "Sharp 2×" in 18 pt on a 120×30 layer with `contentsScale` `scale`.
    static func scaledText(contentsScale scale: CGFloat) -> CALayer {
        let root = rootLayer(120, 30, black)
        let t = text(CGRect(x: 0, y: 0, width: 120, height: 30), "Sharp 2×", size: 18, scale: scale)
        t.backgroundColor = nil
        root.addSublayer(t)
        return root
    }
}
