import Foundation
import LayerKit
import PathGeometry

// MARK: - The Core Animation book's shapes (scenes S28 and S30)

enum BookShapes {
    /// The stick figure of S28 (000:L1384-1434): head arc at (150, 100) radius 25, body, legs and arms.
    static var stickFigure: CGPath {
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

    /// The stick figure's stroke: red 5 pt, round join and cap.
    static let stickFigureStyle = StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round)

    /// S28's rounded rectangle (50, 50, 100, 100), radii 20, rounding top-right, bottom-right and bottom-left.
    static var roundedRectChosenCorners: CGPath {
        let path = CGMutablePath()
        path.addRoundedRect(
            in: CGRect(x: 50, y: 50, width: 100, height: 100), radii: CGSize(width: 20, height: 20),
            corners: [.layerMaxXMinYCorner, .layerMaxXMaxYCorner, .layerMinXMaxYCorner])
        return path
    }

    /// S30's shape-layer rounded rectangle: (0, 0, 100, 100) radius 20, in a layer at frame (50, 50, 100, 100).
    static var cheapRoundedRect: CGPath {
        CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20)
    }

    /// Whether `p` is inside the rectangle `r` with true circular corners of `radius`.
    static func insideTrueRoundedRect(_ p: CGPoint, _ r: CGRect, radius: CGFloat) -> Bool {
        guard r.contains(p) else { return false }
        let cx = min(max(p.x, r.minX + radius), r.maxX - radius)
        let cy = min(max(p.y, r.minY + radius), r.maxY - radius)
        let dx = p.x - cx
        let dy = p.y - cy
        return dx * dx + dy * dy <= radius * radius
    }
}

/// The distance from `p` to the segment from `a` to `b`.
func distance(_ p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
    let abx = b.x - a.x
    let aby = b.y - a.y
    let l2 = abx * abx + aby * aby
    var t = l2 > 0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby) / l2 : 0
    t = min(max(t, 0), 1)
    let dx = p.x - (a.x + t * abx)
    let dy = p.y - (a.y + t * aby)
    return (dx * dx + dy * dy).squareRoot()
}

/// A path of straight lines through `points`.
func polyline(_ points: [CGPoint], closed: Bool = false) -> CGPath {
    let p = CGMutablePath()
    p.addLines(between: points)
    if closed { p.closeSubpath() }
    return p
}

/// Shorthand for a point.
func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
