import Foundation
import LayerKit

/// A `CAGradientLayer`'s gradient as a paint (docs/Design.md §3.13).
///
/// Each device pixel is mapped back to the layer's plane, its gradient parameter t is computed in layer
/// points (axial: projection on start→end; radial: elliptical distance from start with semi-axes
/// |end − start|; conic: angle from start, 0 along end − start, turning +x toward +y), and t is looked
/// up in a table of colours interpolated premultiplied in sRGB-encoded space. Before the first and after
/// the last location the end colours extend.
///
/// A gradient layer's paint is kept between frames (`GradientPaintCache`) while everything that decides
/// its pixels stays the same; from its second use on it keeps the shaded pixels of its shape's device
/// rectangle (`enableShadeCache`), filled row by row as bands first need them, so a gradient whose only
/// change is its opacity (the fire's glow) is shaded once and then only blended.
final class GradientPaint {
    /// Entries of the colour table (t = i / (count − 1)).
    static let tableSize = 1024

    let inverse: InverseMap
    let type: CAGradientLayerType
    /// Start and end in layer points.
    let start: SIMD2<Float>, end: SIMD2<Float>
    private let table: UnsafeMutablePointer<UInt32>
    /// Whether every colour of the table is opaque (for the blended-layers diagnostic); found once,
    /// as the table never changes after `init`.
    let isOpaque: Bool

    // MARK: - Shaded-pixel cache

    /// Largest device rectangle whose shaded pixels are kept, in pixels (4 MB of colours).
    static let maxCachedPixels = 1 << 20
    /// Times the builder asked for this paint; the pixel cache starts at the second.
    private var uses = 0
    /// The device rectangle of `shaded`, or nil while there is no cache.
    private(set) var cachedRect: IntRect?
    private var shaded: UnsafeMutablePointer<UInt32>?
    /// Per row of `cachedRect`: whether the row of `shaded` is filled. A row is filled by the one band
    /// that draws it, so bands never share a row; between frames the executor's join orders the writes.
    private var rowReady: UnsafeMutablePointer<Bool>?

    init(
        inverse: InverseMap, type: CAGradientLayerType, start: SIMD2<Float>, end: SIMD2<Float>,
        stops: [(location: Double, color: CGColor)]
    ) {
        self.inverse = inverse
        self.type = type
        self.start = start
        self.end = end
        table = UnsafeMutablePointer<UInt32>.allocate(capacity: GradientPaint.tableSize)
        GradientPaint.fillTable(table, stops: stops)
        isOpaque = (0..<GradientPaint.tableSize).allSatisfy { [table] in table[$0] >> 24 == 255 }
    }

    deinit {
        table.deallocate()
        shaded?.deallocate()
        rowReady?.deallocate()
    }

    /// Called by the tree builder each frame the paint is used for `rect` (the shape's device bounds);
    /// from the second use on, keeps the shaded pixels of `rect`. A rectangle larger than
    /// `maxCachedPixels`, or one that differs from the cached one, is shaded directly.
    func enableShadeCache(rect: IntRect) {
        uses += 1
        guard uses >= 2, cachedRect == nil, rect.width > 0, rect.height > 0,
            rect.width * rect.height <= GradientPaint.maxCachedPixels
        else { return }
        shaded = UnsafeMutablePointer<UInt32>.allocate(capacity: rect.width * rect.height)
        let ready = UnsafeMutablePointer<Bool>.allocate(capacity: rect.height)
        ready.initialize(repeating: false, count: rect.height)
        rowReady = ready
        cachedRect = rect
    }

    /// The premultiplied colours of pixels `x0 ..< x0 + count` of row `y`: from the shaded-pixel cache
    /// when the span lies in it (shading the whole cached row on its first use), else shaded into `scratch`.
    @inline(__always)
    func row(y: Int, x0: Int, count: Int, scratch: UnsafeMutablePointer<UInt32>) -> UnsafePointer<UInt32> {
        if let r = cachedRect, let shaded, let rowReady,
            y >= r.y0, y < r.y1, x0 >= r.x0, x0 + count <= r.x1
        {
            let line = shaded + (y - r.y0) * r.width
            if !rowReady[y - r.y0] {
                shade(y: y, x0: r.x0, count: r.width, into: line)
                rowReady[y - r.y0] = true
            }
            return UnsafePointer(line + (x0 - r.x0))
        }
        shade(y: y, x0: x0, count: count, into: scratch)
        return UnsafePointer(scratch)
    }

    /// The colour stops of a gradient layer, or a message saying why it draws nothing.
    static func stops(of layer: CAGradientLayer) -> Result<[(location: Double, color: CGColor)], GradientProblem> {
        guard let colors = layer.colors, !colors.isEmpty else { return .failure(.noColors) }
        var locations: [Double]
        if let l = layer.locations {
            guard l.count == colors.count else {
                return .failure(.locationCount(colors: colors.count, locations: l.count))
            }
            locations = l.map { Double($0) }
            guard locations.allSatisfy(\.isFinite) else { return .failure(.nonFiniteLocation) }
        } else {
            locations = colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
        }
        let stops = zip(locations, colors).map { (location: $0, color: $1.clamped) }
        // Locations should increase; keep the given order among equal locations (a hard edge).
        let sorted = stops.enumerated().sorted { a, b in
            a.element.location != b.element.location ? a.element.location < b.element.location : a.offset < b.offset
        }.map(\.element)
        return .success(sorted)
    }

    /// Why a gradient layer draws nothing.
    enum GradientProblem: Error, CustomStringConvertible {
        case noColors
        case locationCount(colors: Int, locations: Int)
        case nonFiniteLocation

        var description: String {
            switch self {
            case .noColors: return "colors is nil or empty, nothing drawn"
            case .locationCount(let c, let l):
                return
                    "locations has \(l) entries but colors has \(c); give one location per colour (or none), nothing drawn"
            case .nonFiniteLocation: return "locations contains a non-finite number; nothing drawn"
            }
        }
    }

    private static func fillTable(_ table: UnsafeMutablePointer<UInt32>, stops: [(location: Double, color: CGColor)]) {
        func premul(_ c: CGColor) -> SIMD4<Double> {
            SIMD4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
        }
        let n = tableSize
        var k = 0
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            var c: SIMD4<Double>
            if t <= stops[0].location {
                c = premul(stops[0].color)
            } else if t >= stops[stops.count - 1].location {
                c = premul(stops[stops.count - 1].color)
            } else {
                while k + 1 < stops.count - 1 && stops[k + 1].location <= t { k += 1 }
                let a = stops[k]
                let b = stops[k + 1]
                let span = b.location - a.location
                let f = span > 0 ? (t - a.location) / span : 1
                c = premul(a.color) * (1 - f) + premul(b.color) * f
            }
            func q(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v * 255).rounded()))) }
            table[i] = PixelMath.pack(q(c.x), q(c.y), q(c.z), q(c.w))
        }
    }

    /// Writes the premultiplied colour of pixels `x0 ..< x0 + count` of row `y` to `out`.
    func shade(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Float(y) + 0.5
        let d = end - start
        let last = Float(GradientPaint.tableSize - 1)
        let axialScale: Float = {
            let l2 = d.x * d.x + d.y * d.y
            return l2 > 0 ? 1 / l2 : 0
        }()
        let rx = abs(d.x)
        let ry = abs(d.y)
        let baseAngle = atan2(d.y, d.x)
        // The type is string-backed: compare it once per row, not per pixel.
        let isRadial = type == .radial
        let isConic = type == .conic
        for i in 0..<count {
            let h = inverse.apply(Float(x0 + i) + 0.5, py)
            guard h.w > 0 else {
                out[i] = 0
                continue
            }
            let p = SIMD2<Float>(h.x / h.w, h.y / h.w) - start
            var t: Float
            if isRadial {
                if rx > 0 && ry > 0 {
                    let u = p.x / rx
                    let v = p.y / ry
                    t = (u * u + v * v).squareRoot()
                } else {
                    let r = max(rx, ry)
                    t = r > 0 ? (p.x * p.x + p.y * p.y).squareRoot() / r : 1
                }
            } else if isConic {
                var a = atan2(p.y, p.x) - baseAngle
                let twoPi = 2 * Float.pi
                a = a - twoPi * (a / twoPi).rounded(.down)
                t = a / twoPi
            } else {
                t = (p.x * d.x + p.y * d.y) * axialScale
            }
            let idx = t.isFinite ? Int(min(last, max(0, t * last + 0.5))) : 0
            out[i] = table[idx]
        }
    }
}
