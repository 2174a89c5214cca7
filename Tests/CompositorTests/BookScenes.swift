import Foundation
import LayerKit

@testable import Compositor

/// The Core Animation book's reference scenes (core-animation-notes.md §18), scaled to small frames.
/// Every image they use is generated here.
enum BookScenes {
    static let white = CGColor(gray: 1, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let dark = CGColor(gray: 0.15, alpha: 1)

    // MARK: - S7 replicator ring

    /// Replicator 240×240; a white 30×30 child centred at (120, 30); 10 instances of
    /// T(0,−20)·R(π/5)·T(0,20) in code order (000's form: pivot 20 pt above the centre, at (120, 100));
    /// blue and green offsets −0.1.
    static func ring() -> (root: CALayer, pivot: CGPoint, childCentre: CGPoint) {
        let root = rootLayer(240, 240, dark)
        let rep = CAReplicatorLayer()
        rep.frame = root.bounds
        rep.instanceCount = 10
        var t = CATransform3DIdentity
        t = CATransform3DTranslate(t, 0, -20, 0)
        t = CATransform3DRotate(t, .pi / 5, 0, 0, 1)
        t = CATransform3DTranslate(t, 0, 20, 0)
        rep.instanceTransform = t
        rep.instanceBlueOffset = -0.1
        rep.instanceGreenOffset = -0.1
        let child = solidLayer(CGRect(x: 105, y: 15, width: 30, height: 30), white)
        rep.addSublayer(child)
        root.addSublayer(rep)
        return (root, CGPoint(x: 120, y: 100), CGPoint(x: 120, y: 30))
    }

    // MARK: - S8 replicator offset

    /// 002's scene scaled: a red 100×100 replicator at (20, 20), 2 instances translated (10, 10), red
    /// and blue offsets −0.1, a white 50×50 child at (20, 20).
    static func offset() -> CALayer {
        let root = rootLayer(160, 160, dark)
        let rep = CAReplicatorLayer()
        rep.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
        rep.backgroundColor = red
        rep.instanceCount = 2
        rep.instanceTransform = CATransform3DMakeTranslation(10, 10, 0)
        rep.instanceRedOffset = -0.1
        rep.instanceBlueOffset = -0.1
        rep.addSublayer(solidLayer(CGRect(x: 20, y: 20, width: 50, height: 50), white))
        root.addSublayer(rep)
        return root
    }

    // MARK: - S9 reflection

    /// The book's ReflectionView: a 100×100 replicator at (30, 10) with a red background and an image
    /// child filling it; 2 instances, T(0, h + 2)·S(1, −1, 0) in code order, alpha offset −0.6.
    /// With `fade`, a CAGradientLayer mask over (0, 0, 100, 202) fades the reflection out.
    static func reflection(fade: Bool) throws -> CALayer {
        let root = rootLayer(160, 220, dark)
        let rep = CAReplicatorLayer()
        rep.frame = CGRect(x: 30, y: 10, width: 100, height: 100)
        rep.backgroundColor = red
        rep.instanceCount = 2
        var t = CATransform3DIdentity
        t = CATransform3DTranslate(t, 0, rep.bounds.height + 2, 0)
        t = CATransform3DScale(t, 1, -1, 0)
        rep.instanceTransform = t
        rep.instanceAlphaOffset = -0.6
        let image = CALayer()
        image.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        image.contents = try arrowImage()
        rep.addSublayer(image)
        if fade {
            let g = CAGradientLayer()
            g.frame = CGRect(x: 0, y: 0, width: 100, height: 202)
            g.colors = [white, white, CGColor(gray: 1, alpha: 0)]
            g.locations = [0, 102.0 / 202.0, 1]
            rep.mask = g
        }
        root.addSublayer(rep)
        return root
    }

    /// A 32×32 image: an upward arrow on a cyan square, so that flips are visible.
    static func arrowImage() throws -> CGImage {
        try CGImage(width: 32, height: 32) { x, y in
            let cx = abs(Double(x) - 15.5)
            let head = y < 16 && cx < Double(y)  // triangle pointing up
            let shaft = y >= 16 && y < 28 && cx < 4
            return head || shaft ? CGColor(gray: 1, alpha: 1) : CGColor(red: 0, green: 0.7, blue: 0.8, alpha: 1)
        }
    }

    // MARK: - S10 gradient

    /// 000's gradient: red, orange, blue at 0, 0.1, 0.7 from (0, 0) to (1, 1), 120×120.
    static func gradient() -> CALayer {
        let root = rootLayer(120, 120)
        let g = CAGradientLayer()
        g.frame = root.bounds
        g.colors = [red, CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), blue]
        g.locations = [0, 0.1, 0.7]
        g.startPoint = CGPoint(x: 0, y: 0)
        g.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(g)
        return root
    }

    // MARK: - S11 transform-layer cubes

    /// Two cubes of CATransformLayers under a container with m34 = −1/500 (000's code, faces 60×60 with
    /// ±30 translations, cubes ±70 apart), fixed face colours.
    static func cubes() -> CALayer {
        let root = rootLayer(240, 160, dark)
        var pt = CATransform3DIdentity
        pt.m34 = -1.0 / 500.0
        root.sublayerTransform = pt
        var c1 = CATransform3DIdentity
        c1 = CATransform3DTranslate(c1, -70, 0, 0)
        var c2 = CATransform3DIdentity
        c2 = CATransform3DTranslate(c2, 70, 0, 0)
        c2 = CATransform3DRotate(c2, -.pi / 4, 1, 0, 0)
        c2 = CATransform3DRotate(c2, -.pi / 4, 0, 1, 0)
        root.addSublayer(cube(c1, at: CGPoint(x: 120, y: 80), half: 30))
        root.addSublayer(cube(c2, at: CGPoint(x: 120, y: 80), half: 30))
        return root
    }

    static let faceColors: [CGColor] = [
        CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1), CGColor(red: 0.2, green: 0.8, blue: 0.2, alpha: 1),
        CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1), CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1),
        CGColor(red: 0.8, green: 0.2, blue: 0.8, alpha: 1), CGColor(red: 0.1, green: 0.8, blue: 0.8, alpha: 1),
    ]

    /// The six face transforms of the book's cube (face i is `faceTransforms(d)[i]`).
    static func faceTransforms(_ d: CGFloat) -> [CATransform3D] {
        [
            CATransform3DMakeTranslation(0, 0, d),
            CATransform3DRotate(CATransform3DMakeTranslation(d, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -d, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, d, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-d, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -d), .pi, 0, 1, 0),
        ]
    }

    static func cube(_ t: CATransform3D, at p: CGPoint, half d: CGFloat) -> CALayer {
        let cube = CATransformLayer()
        for (i, ft) in faceTransforms(d).enumerated() {
            let face = solidLayer(CGRect(x: -d, y: -d, width: 2 * d, height: 2 * d), faceColors[i])
            face.transform = ft
            cube.addSublayer(face)
        }
        cube.position = p
        cube.transform = t
        return cube
    }

    // MARK: - S12 lit cube with digit faces

    /// The book's lit cube: six 60×60 faces under a container with sublayerTransform
    /// m34 = −1/500 · Rx(−π/4) · Ry(−π/4); each face shows digit i + 1 from a 10-digit sprite sheet
    /// (contentsRect i × 0.1, nearest filter) and a black overlay with alpha
    /// 1 + dot(normalize(0, 1, −0.5), normal) − 0.5, clamped (AMBIENT_LIGHT 0.5).
    static func litCube() throws -> CALayer {
        let root = rootLayer(200, 200, dark)
        var pt = CATransform3DIdentity
        pt.m34 = -1.0 / 500.0
        pt = CATransform3DRotate(pt, -.pi / 4, 1, 0, 0)
        pt = CATransform3DRotate(pt, -.pi / 4, 0, 1, 0)
        root.sublayerTransform = pt
        let digits = try digitStrip()
        for (i, ft) in faceTransforms(30).enumerated() {
            let face = solidLayer(CGRect(x: 70, y: 70, width: 60, height: 60), white)
            face.contents = digits
            face.contentsRect = CGRect(x: CGFloat(i + 1) * 0.1, y: 0, width: 0.1, height: 1)
            face.magnificationFilter = .nearest
            face.contentsGravity = .center
            face.transform = ft
            let overlay = solidLayer(face.bounds, CGColor(gray: 0, alpha: 1))
            overlay.opacity = Float(lightingAlpha(ft))
            face.addSublayer(overlay)
            root.addSublayer(face)
        }
        return root
    }

    /// The book's shading: 1 + dot(normalize(LIGHT_DIRECTION), normal) − AMBIENT_LIGHT, clamped to 0…1.
    static func lightingAlpha(_ t: CATransform3D) -> Double {
        let light = SIMD3<Double>(0, 1, -0.5)
        let l = light / (light * light).sum().squareRoot()
        let n = SIMD3<Double>(Double(t.m31), Double(t.m32), Double(t.m33))  // mat3(t)·(0, 0, 1) with row vectors
        let nn = n / max(1e-12, (n * n).sum().squareRoot())
        return min(1, max(0, 1 + (l * nn).sum() - 0.5))
    }

    /// A 10-digit sprite sheet, 80×16 pixels (each digit 8×16, seven-segment style), generated here.
    static func digitStrip() throws -> CGImage {
        let segments: [[Int]] = [
            [0, 1, 2, 4, 5, 6], [2, 5], [0, 2, 3, 4, 6], [0, 2, 3, 5, 6], [1, 2, 3, 5],
            [0, 1, 3, 5, 6], [0, 1, 3, 4, 5, 6], [0, 2, 5], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 5, 6],
        ]
        return try CGImage(width: 80, height: 16) { x, y in
            let d = x / 8
            let lx = x % 8
            let on = segments[d].contains { s in
                switch s {
                case 0: return y == 1 && lx >= 2 && lx <= 5
                case 1: return lx == 1 && y >= 2 && y <= 6
                case 2: return lx == 6 && y >= 2 && y <= 6
                case 3: return y == 7 && lx >= 2 && lx <= 5
                case 4: return lx == 1 && y >= 8 && y <= 13
                case 5: return lx == 6 && y >= 8 && y <= 13
                default: return y == 14 && lx >= 2 && lx <= 5
                }
            }
            return on ? CGColor(gray: 0, alpha: 1) : CGColor(gray: 1, alpha: 1)
        }
    }

    // MARK: - S13 perspective card

    /// A 100×100 image layer with m34 = −1/500 and Ry(`angle`), isDoubleSided false.
    static func card(angle: CGFloat) throws -> CALayer {
        let root = rootLayer(160, 140, dark)
        let card = CALayer()
        card.frame = CGRect(x: 30, y: 20, width: 100, height: 100)
        card.contents = try quadrantImage(32)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500.0
        t = CATransform3DRotate(t, angle, 0, 1, 0)
        card.transform = t
        card.isDoubleSided = false
        root.addSublayer(card)
        return root
    }

    // MARK: - S14 geometry and anchor point

    /// A white 100×100 layer with anchorPoint (0, 0) (so position (50, 50) puts its frame at (50, 50)),
    /// a blue (25, 25, 50, 50) sublayer; green and red 100×100 layers at centres (100, 100) and (150, 150),
    /// green with zPosition 1 (drawn over red although added first).
    static func anchor() -> CALayer {
        let root = rootLayer(220, 220, dark)
        let white = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), self.white)
        white.anchorPoint = .zero
        white.position = CGPoint(x: 10, y: 10)
        white.addSublayer(solidLayer(CGRect(x: 25, y: 25, width: 50, height: 50), blue))
        root.addSublayer(white)
        let g = solidLayer(.zero, green)
        let r = solidLayer(.zero, red)
        g.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        g.position = CGPoint(x: 110, y: 110)
        r.bounds = g.bounds
        r.position = CGPoint(x: 160, y: 160)
        g.zPosition = 1
        root.addSublayer(g)
        root.addSublayer(r)
        return root
    }

    // MARK: - S15 rotated frame

    /// A 100×100 layer at (100, 100) rotated π/4 (its frame is the 141.42-point square around it).
    static func rotated() -> (CALayer, CALayer) {
        let root = rootLayer(250, 250, dark)
        let l = solidLayer(
            CGRect(x: 100, y: 100, width: 100, height: 100), CGColor(red: 0.3, green: 0.6, blue: 1, alpha: 1))
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        root.addSublayer(l)
        return (root, l)
    }

    // MARK: - S16 visual effects

    /// 000's effects scene, scaled: two 80×80 white layers with red 40×40 children at (−15, −15);
    /// cornerRadius 12, border 3, shadow 0.5/(0, 5)/5; masksToBounds on the first only; the second
    /// rasterised; a "button" with opacity 0.5 holding a label (group opacity).
    static func effects() -> CALayer {
        let root = rootLayer(240, 150, CGColor(gray: 0.85, alpha: 1))
        for i in 0..<2 {
            let l = solidLayer(CGRect(x: 25 + CGFloat(i) * 110, y: 25, width: 80, height: 80), white)
            l.cornerRadius = 12
            l.borderWidth = 3
            l.borderColor = CGColor(gray: 0, alpha: 1)
            l.shadowOpacity = 0.5
            l.shadowOffset = CGSize(width: 0, height: 5)
            l.shadowRadius = 5
            l.addSublayer(solidLayer(CGRect(x: -15, y: -15, width: 40, height: 40), red))
            if i == 0 { l.masksToBounds = true } else { l.shouldRasterize = true }
            root.addSublayer(l)
        }
        let button = solidLayer(CGRect(x: 70, y: 115, width: 100, height: 28), white)
        button.cornerRadius = 8
        button.opacity = 0.5
        button.addSublayer(
            solidLayer(CGRect(x: 20, y: 7, width: 60, height: 14), CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)))
        root.addSublayer(button)
        return root
    }

    // MARK: - S17 shadow paths

    /// Two image layers with shadowOpacity 0.5: a square shadowPath and an ellipse shadowPath.
    static func shadowPaths() throws -> CALayer {
        let root = rootLayer(220, 120, CGColor(gray: 0.9, alpha: 1))
        let img = try arrowImage()
        for i in 0..<2 {
            let l = CALayer()
            l.frame = CGRect(x: 25 + CGFloat(i) * 110, y: 20, width: 60, height: 60)
            l.contents = img
            l.shadowOpacity = 0.5
            l.shadowRadius = 3
            l.shadowOffset = CGSize(width: 0, height: 8)
            let r = CGRect(x: -5, y: 45, width: 70, height: 25)
            l.shadowPath = i == 0 ? CGPath(rect: r) : CGPath(ellipseIn: r)
            root.addSublayer(l)
        }
        return root
    }

    // MARK: - S25 digit clock

    /// Six digit layers from one sprite sheet: contentsRect (d·0.1, 0, 0.1, 1), nearest magnification,
    /// showing 12:34:56 as 123456, each 16×32.
    static func digitClock() throws -> CALayer {
        let root = rootLayer(120, 48, white)
        let sheet = try digitStrip()
        for (i, d) in [1, 2, 3, 4, 5, 6].enumerated() {
            let l = CALayer()
            l.frame = CGRect(x: 8 + CGFloat(i) * 18, y: 8, width: 16, height: 32)
            l.contents = sheet
            l.contentsRect = CGRect(x: CGFloat(d) * 0.1, y: 0, width: 0.1, height: 1)
            l.magnificationFilter = .nearest
            l.contentsGravity = .resizeAspect
            root.addSublayer(l)
        }
        return root
    }

    // MARK: - S26 clock hands

    /// Hands 20×100, 15×100 and 10×100 (green, lightGray, purple) scaled by 0.6, anchorPoint (0.5, 0.9),
    /// at 10:08:30: angles s/60·2π, m/60·2π, h/12·2π + m/60·π/6.
    static func clockHands() -> CALayer {
        let root = rootLayer(160, 160, CGColor(gray: 0.1, alpha: 1))
        let (h, m, s): (CGFloat, CGFloat, CGFloat) = (10, 8, 30)
        let specs: [(CGFloat, CGColor, CGFloat)] = [
            (12, CGColor(red: 0, green: 1, blue: 0, alpha: 1), h / 12 * 2 * .pi + m / 60 * .pi / 6),
            (9, CGColor(gray: 2.0 / 3.0, alpha: 1), m / 60 * 2 * .pi),
            (6, CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1), s / 60 * 2 * .pi),
        ]
        for (w, c, angle) in specs {
            let hand = solidLayer(.zero, c)
            hand.bounds = CGRect(x: 0, y: 0, width: w, height: 60)
            hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            hand.position = CGPoint(x: 80, y: 80)
            hand.setAffineTransform(CGAffineTransform(rotationAngle: angle))
            root.addSublayer(hand)
        }
        return root
    }

    // MARK: - S27 contents demo

    /// contentsRect halves (top and bottom half of an image), a nine-slice button
    /// (contentsCenter {0.25, 0.25, 0.5, 0.5}) stretched to two sizes, and resizeAspect.
    static func contentsDemo() throws -> CALayer {
        let root = rootLayer(240, 160, CGColor(gray: 0.5, alpha: 1))
        let img = try quadrantImage(32)
        let top = CALayer()
        top.frame = CGRect(x: 10, y: 10, width: 60, height: 30)
        top.contents = img
        top.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 0.5)
        top.magnificationFilter = .nearest
        let bottom = CALayer()
        bottom.frame = CGRect(x: 10, y: 50, width: 60, height: 30)
        bottom.contents = img
        bottom.contentsRect = CGRect(x: 0, y: 0.5, width: 1, height: 0.5)
        bottom.magnificationFilter = .nearest
        root.addSublayer(top)
        root.addSublayer(bottom)
        let button = try nineSliceImage()
        for (i, size) in [CGSize(width: 40, height: 40), CGSize(width: 140, height: 60)].enumerated() {
            let l = CALayer()
            l.frame = CGRect(origin: CGPoint(x: 90, y: 10 + CGFloat(i) * 50), size: size)
            l.contents = button
            l.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            l.magnificationFilter = .nearest
            root.addSublayer(l)
        }
        let aspect = CALayer()
        aspect.frame = CGRect(x: 10, y: 90, width: 70, height: 60)
        aspect.backgroundColor = CGColor(gray: 0.3, alpha: 1)
        aspect.contents = try arrowImage()
        aspect.contentsGravity = .resizeAspect
        root.addSublayer(aspect)
        return root
    }

    /// A 16×16 button image: 4-pixel dark frame with red corners, light middle.
    static func nineSliceImage() throws -> CGImage {
        try CGImage(width: 16, height: 16) { x, y in
            let edgeX = x < 4 || x >= 12
            let edgeY = y < 4 || y >= 12
            if edgeX && edgeY { return CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1) }
            if edgeX || edgeY { return CGColor(gray: 0.1, alpha: 1) }
            return CGColor(gray: 0.95, alpha: 1)
        }
    }

    // MARK: - S28 shape-layer mask

    /// An image masked by a CAShapeLayer filling a rounded rectangle with only the top-left and
    /// bottom-right corners rounded (radius 20).
    static func shapeMask() throws -> CALayer {
        let root = rootLayer(140, 140, dark)
        let l = CALayer()
        l.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
        l.contents = try quadrantImage(32)
        l.magnificationFilter = .nearest
        let mask = CAShapeLayer()
        mask.frame = l.bounds
        let p = CGMutablePath()
        p.addRoundedRect(
            in: CGRect(x: 0, y: 0, width: 100, height: 100), radii: CGSize(width: 20, height: 20),
            corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        mask.path = p
        l.mask = mask
        root.addSublayer(l)
        return root
    }

    // MARK: - S29 recycle grid (small)

    /// A 4×4×4 grid of 30-point layers, spacing 45, behind each other in z under m34 = −1/500;
    /// whiteness 1 − z/4 (nearer is whiter).
    static func grid() -> CALayer {
        let root = rootLayer(200, 200, CGColor(gray: 0, alpha: 1))
        var pt = CATransform3DIdentity
        pt.m34 = -1.0 / 500.0
        root.sublayerTransform = pt
        for z in 0..<4 {
            for y in 0..<4 {
                for x in 0..<4 {
                    let l = solidLayer(.zero, CGColor(gray: 1 - CGFloat(z) / 4, alpha: 1))
                    l.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
                    l.position = CGPoint(x: 32 + CGFloat(x) * 45, y: 32 + CGFloat(y) * 45)
                    l.zPosition = -CGFloat(z) * 150
                    root.addSublayer(l)
                }
            }
        }
        return root
    }

    // MARK: - S30 cheap rounded corners

    /// Left: a layer with cornerRadius 20. Right: a stretchable circle image with contentsCenter
    /// {0.5, 0.5, 0, 0} and contentsScale 1 (40 px circle → radius 20).
    static func roundedCheap() throws -> (CALayer, CGRect, CGRect) {
        let root = rootLayer(240, 120, CGColor(gray: 0, alpha: 1))
        let a = solidLayer(CGRect(x: 10, y: 10, width: 100, height: 100), white)
        a.cornerRadius = 20
        let b = try stretchableCircleLayer(CGRect(x: 130, y: 10, width: 100, height: 100))
        root.addSublayer(a)
        root.addSublayer(b)
        return (root, a.frame, b.frame)
    }
}
