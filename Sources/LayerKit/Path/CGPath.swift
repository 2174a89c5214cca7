import Foundation

/// One element of a path, in the path's own coordinates (points).
public enum CGPathElement: Equatable, Hashable, Sendable {
    /// Starts a new subpath at the point.
    case moveToPoint(CGPoint)
    /// A straight line from the current point.
    case addLineToPoint(CGPoint)
    /// A quadratic Bézier curve: control point, end point.
    case addQuadCurveToPoint(CGPoint, CGPoint)
    /// A cubic Bézier curve: first control point, second control point, end point.
    case addCurveToPoint(CGPoint, CGPoint, CGPoint)
    /// Closes the current subpath with a line back to its start.
    case closeSubpath
}

/// An immutable vector path: a list of subpaths made of lines and Bézier curves (Core Graphics' CGPath).
///
/// Arcs, ellipses and rounded rectangles are stored as cubic Béziers. Build paths with
/// `CGMutablePath`, or parse the SVG-like strings of scene files (SceneFormat).
open class CGPath: Equatable, Hashable, @unchecked Sendable {
    /// The elements in order.
    public internal(set) var elements: [CGPathElement]

    /// Creates an empty path.
    public init() { elements = [] }

    /// Creates a path from elements.
    public init(elements: [CGPathElement]) { self.elements = elements }

    /// A closed rectangle, optionally transformed.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let p = CGMutablePath()
        p.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// An ellipse inscribed in `rect`, optionally transformed.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// A rounded rectangle with elliptical corners of the given radii, optionally transformed.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>? = nil
    ) {
        let p = CGMutablePath()
        p.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element, or `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero
        var current = CGPoint.zero
        for e in elements {
            switch e {
            case .moveToPoint(let p):
                start = p
                current = p
            case .addLineToPoint(let p), .addQuadCurveToPoint(_, let p), .addCurveToPoint(_, _, let p): current = p
            case .closeSubpath: current = start
            }
        }
        return current
    }

    /// The bounding box of every point, control points included (Core Graphics' `boundingBox`).
    public var boundingBox: CGRect {
        var pts: [CGPoint] = []
        for e in elements {
            switch e {
            case .moveToPoint(let p), .addLineToPoint(let p): pts.append(p)
            case .addQuadCurveToPoint(let c, let p): pts += [c, p]
            case .addCurveToPoint(let c1, let c2, let p): pts += [c1, c2, p]
            case .closeSubpath: break
            }
        }
        return CGRect.boundingBox(of: pts)
    }

    /// Calls `body` for each element.
    public func applyWithBlock(_ body: (CGPathElement) -> Void) { elements.forEach(body) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath { CGMutablePath(elements: elements) }

    /// A copy with every point transformed.
    public func copy(using transform: CGAffineTransform) -> CGPath {
        CGPath(elements: elements.map { $0.applying(transform) })
    }

    /// Paths are equal when their elements are.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }
    /// Hashes the elements.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

/// A path under construction (Core Graphics' CGMutablePath).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// Begins a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveToPoint(point.applying(transform)))
    }

    /// Adds a line to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        ensureStart()
        elements.append(.addLineToPoint(point.applying(transform)))
    }

    /// Adds lines through `points`, starting a new subpath at the first.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Adds a quadratic Bézier curve to `end` with one control point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        ensureStart()
        elements.append(.addQuadCurveToPoint(control.applying(transform), end.applying(transform)))
    }

    /// Adds a cubic Bézier curve to `end` with two control points.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        ensureStart()
        elements.append(
            .addCurveToPoint(control1.applying(transform), control2.applying(transform), end.applying(transform)))
    }

    /// Closes the current subpath.
    public func closeSubpath() {
        if !elements.isEmpty { elements.append(.closeSubpath) }
    }

    /// Adds a closed rectangle (clockwise on a y-down screen: top-left, top-right, bottom-right, bottom-left).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds closed rectangles.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds an ellipse inscribed in `rect`, as four cubic arcs.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let c = CGPoint(x: r.midX, y: r.midY)
        let t = CGAffineTransform(scaleX: r.width / 2, y: r.height / 2)
            .concatenating(CGAffineTransform(translationX: c.x, y: c.y)).concatenating(transform)
        move(to: CGPoint(x: 1, y: 0), transform: t)
        appendArc(center: .zero, radius: 1, from: 0, sweep: 2 * .pi, transform: t)
        closeSubpath()
    }

    /// Adds a rounded rectangle with elliptical corners of radii (cornerWidth, cornerHeight),
    /// clamped to half the width and height.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        addRoundedRect(
            in: rect, radii: CGSize(width: cornerWidth, height: cornerHeight),
            corners: .allCorners, transform: transform)
    }

    /// Adds a rounded rectangle rounding only `corners` (UIKit's `byRoundingCorners:`).
    public func addRoundedRect(
        in rect: CGRect, radii: CGSize, corners: CACornerMask,
        transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        let rx = max(0, min(radii.width, r.width / 2))
        let ry = max(0, min(radii.height, r.height / 2))
        guard rx > 0, ry > 0 else {
            addRect(r, transform: transform)
            return
        }
        func corner(_ mask: CACornerMask, _ cx: CGFloat, _ cy: CGFloat, _ start: CGFloat, _ cornerPoint: CGPoint) {
            if corners.contains(mask) {
                let t = CGAffineTransform(scaleX: rx, y: ry).concatenating(CGAffineTransform(translationX: cx, y: cy))
                    .concatenating(transform)
                addLine(to: CGPoint(x: cos(start), y: sin(start)), transform: t)
                appendArc(center: .zero, radius: 1, from: start, sweep: .pi / 2, transform: t)
            } else {
                addLine(to: cornerPoint, transform: transform)
            }
        }
        move(
            to: CGPoint(x: r.minX + (corners.contains(.layerMinXMinYCorner) ? rx : 0), y: r.minY), transform: transform)
        corner(.layerMaxXMinYCorner, r.maxX - rx, r.minY + ry, -.pi / 2, CGPoint(x: r.maxX, y: r.minY))
        corner(.layerMaxXMaxYCorner, r.maxX - rx, r.maxY - ry, 0, CGPoint(x: r.maxX, y: r.maxY))
        corner(.layerMinXMaxYCorner, r.minX + rx, r.maxY - ry, .pi / 2, CGPoint(x: r.minX, y: r.maxY))
        corner(.layerMinXMinYCorner, r.minX + rx, r.minY + ry, .pi, CGPoint(x: r.minX, y: r.minY))
        closeSubpath()
    }

    /// Adds a circular arc (Core Graphics semantics). Angles in radians from +x toward +y.
    ///
    /// `clockwise` is Core Graphics' flag, defined for a y-up space: `clockwise: false` sweeps toward
    /// increasing angles, which looks clockwise on this y-down screen (as in a flipped UIKit context).
    /// A line joins the current point to the arc's start.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        var sweep = endAngle - startAngle
        let twoPi = 2 * CGFloat.pi
        if clockwise {
            if sweep > 0 {
                sweep =
                    sweep.truncatingRemainder(dividingBy: twoPi)
                    - (sweep.truncatingRemainder(dividingBy: twoPi) == 0 ? 0 : twoPi)
            }
            sweep = max(sweep, -twoPi)
        } else {
            if sweep < 0 {
                sweep =
                    sweep.truncatingRemainder(dividingBy: twoPi)
                    + (sweep.truncatingRemainder(dividingBy: twoPi) == 0 ? 0 : twoPi)
            }
            sweep = min(sweep, twoPi)
        }
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if elements.isEmpty || elements.last == .closeSubpath {
            move(to: start, transform: transform)
        } else {
            addLine(to: start, transform: transform)
        }
        appendArc(center: center, radius: radius, from: startAngle, sweep: sweep, transform: transform)
    }

    /// Adds an arc that UIKit's `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)` would draw:
    /// `clockwise: true` looks clockwise on screen (toward increasing angles in this y-down space).
    public func addArc(
        uiKitCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Adds every element of another path.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += path.elements.map { $0.applying(transform) }
    }

    // MARK: - Private

    private func ensureStart() {
        if elements.isEmpty { elements.append(.moveToPoint(.zero)) }
    }

    /// Appends cubic segments approximating the arc (at most 90° each), without a leading move.
    private func appendArc(
        center: CGPoint, radius: CGFloat, from start: CGFloat, sweep: CGFloat, transform: CGAffineTransform
    ) {
        guard sweep != 0, radius.isFinite, sweep.isFinite else { return }
        let segments = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = start
        for _ in 0..<segments {
            let a1 = a0 + step
            let p0 = CGPoint(x: cos(a0), y: sin(a0))
            let p3 = CGPoint(x: cos(a1), y: sin(a1))
            let c1 = CGPoint(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
            let c2 = CGPoint(x: p3.x + k * p3.y, y: p3.y - k * p3.x)
            func m(_ p: CGPoint) -> CGPoint {
                CGPoint(x: center.x + radius * p.x, y: center.y + radius * p.y).applying(transform)
            }
            elements.append(.addCurveToPoint(m(c1), m(c2), m(p3)))
            a0 = a1
        }
    }
}

extension CGPathElement {
    /// The element with every point transformed.
    public func applying(_ t: CGAffineTransform) -> CGPathElement {
        switch self {
        case .moveToPoint(let p): return .moveToPoint(p.applying(t))
        case .addLineToPoint(let p): return .addLineToPoint(p.applying(t))
        case .addQuadCurveToPoint(let c, let p): return .addQuadCurveToPoint(c.applying(t), p.applying(t))
        case .addCurveToPoint(let c1, let c2, let p):
            return .addCurveToPoint(c1.applying(t), c2.applying(t), p.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}
