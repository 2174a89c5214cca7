import Foundation
import LayerKit

// MARK: - Emitter shape sampler

/// Where a top-level particle is born: a point of the emitter shape chosen by the emitter mode
/// (docs/Design.md §3.3). Every shape × mode consumes a fixed number of random draws, listed in
/// docs/Particles.md ("Random draws"), so that the draw order stays stable.
struct EmitterShapeSampler: Equatable {
    /// The emitter shapes, resolved from Core Animation's strings once per step.
    enum Shape: Equatable { case point, line, rectangle, cuboid, circle, sphere }
    /// The emitter modes.
    enum Mode: Equatable { case points, outline, surface, volume }

    var shape: Shape
    var mode: Mode
    /// Centre (emitterPosition, emitterZPosition), points.
    var cx: Double, cy: Double, cz: Double
    /// emitterSize.width, emitterSize.height and emitterDepth, points.
    var width: Double, height: Double, depth: Double

    /// The sampler of a layer's current geometry (an unknown shape reads as point, an unknown mode as volume).
    init(layer: CAEmitterLayer) {
        switch layer.emitterShape {
        case .line: shape = .line
        case .rectangle: shape = .rectangle
        case .cuboid: shape = .cuboid
        case .circle: shape = .circle
        case .sphere: shape = .sphere
        default: shape = .point
        }
        switch layer.emitterMode {
        case .points: mode = .points
        case .outline: mode = .outline
        case .surface: mode = .surface
        default: mode = .volume
        }
        cx = Self.finite(Double(layer.emitterPosition.x))
        cy = Self.finite(Double(layer.emitterPosition.y))
        cz = Self.finite(Double(layer.emitterZPosition))
        width = Self.finite(Double(layer.emitterSize.width))
        height = Self.finite(Double(layer.emitterSize.height))
        depth = Self.finite(Double(layer.emitterDepth))
        drawCount = Self.drawCount(shape, mode)
    }

    private static func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }

    /// The geometry a fraction `f` of the way from `previous` to `self` (shape and mode of `self`):
    /// births spread over a step follow a moving or resizing emitter smoothly (docs/Design.md §3.6).
    func interpolated(from previous: EmitterShapeSampler, fraction f: Double) -> EmitterShapeSampler {
        var g = self
        g.cx = previous.cx + (cx - previous.cx) * f
        g.cy = previous.cy + (cy - previous.cy) * f
        g.cz = previous.cz + (cz - previous.cz) * f
        g.width = previous.width + (width - previous.width) * f
        g.height = previous.height + (height - previous.height) * f
        g.depth = previous.depth + (depth - previous.depth) * f
        return g
    }

    /// Whether `interpolated(from:fraction:)` can return `self` unchanged.
    func hasSameGeometry(as other: EmitterShapeSampler) -> Bool {
        cx == other.cx && cy == other.cy && cz == other.cz && width == other.width && height == other.height
            && depth == other.depth
    }

    /// Random draws one sample consumes (0: the sample is the centre).
    private(set) var drawCount = 0

    private static func drawCount(_ shape: Shape, _ mode: Mode) -> Int {
        switch (shape, mode) {
        case (.point, _): return 0
        case (.line, _): return 1
        case (.rectangle, .points), (.rectangle, .outline): return 1
        case (.rectangle, _): return 2
        case (.cuboid, .points), (.cuboid, .outline): return 1
        case (.cuboid, _): return 3
        case (.circle, .points): return 0
        case (.circle, .outline): return 1
        case (.circle, _): return 2
        case (.sphere, .points): return 0
        case (.sphere, .outline): return 1
        case (.sphere, .surface): return 2
        case (.sphere, .volume): return 3
        }
    }

    /// A birth position, consuming `drawCount` draws of `rng`.
    @inline(__always)
    func sample<R: RandomDraws>(_ rng: inout R) -> (x: Double, y: Double, z: Double) {
        let w = width
        let h = height
        let d = depth
        let o: (Double, Double, Double)
        switch (shape, mode) {
        case (.point, _):
            o = (0, 0, 0)
        case (.line, .points):
            o = (rng.nextUnitFloat() < 0.5 ? -w / 2 : w / 2, 0, 0)
        case (.line, _):
            o = ((Double(rng.nextUnitFloat()) - 0.5) * w, 0, 0)
        case (.rectangle, .points):
            let corner = Int(rng.nextUnitFloat() * 4)
            o = (corner == 1 || corner == 2 ? w / 2 : -w / 2, corner >= 2 ? h / 2 : -h / 2, 0)
        case (.rectangle, .outline):
            o = Self.rectanglePerimeter(Double(rng.nextUnitFloat()), w, h)
        case (.rectangle, _):
            let u = Double(rng.nextUnitFloat())
            let v = Double(rng.nextUnitFloat())
            o = ((u - 0.5) * w, (v - 0.5) * h, 0)
        case (.cuboid, .points):
            let corner = Int(rng.nextUnitFloat() * 8)
            o = (corner & 1 == 0 ? -w / 2 : w / 2, corner & 2 == 0 ? -h / 2 : h / 2, corner & 4 == 0 ? -d / 2 : d / 2)
        case (.cuboid, .outline):
            o = Self.cuboidEdges(Double(rng.nextUnitFloat()), w, h, d)
        case (.cuboid, .surface):
            let s = Double(rng.nextUnitFloat())
            let u = Double(rng.nextUnitFloat())
            let v = Double(rng.nextUnitFloat())
            o = Self.cuboidFaces(s, u, v, w, h, d)
        case (.cuboid, .volume):
            let u = Double(rng.nextUnitFloat())
            let v = Double(rng.nextUnitFloat())
            let t = Double(rng.nextUnitFloat())
            o = ((u - 0.5) * w, (v - 0.5) * h, (t - 0.5) * d)
        case (.circle, .points), (.sphere, .points):
            o = (0, 0, 0)
        case (.circle, .outline), (.sphere, .outline):
            let r = abs(w)
            let sc = DeterministicMath.sinCos(2 * Double.pi * Double(rng.nextUnitFloat()))
            o = (r * sc.cos, r * sc.sin, 0)
        case (.circle, _):
            let sc = DeterministicMath.sinCos(2 * Double.pi * Double(rng.nextUnitFloat()))
            let r = abs(w) * Double(rng.nextUnitFloat()).squareRoot()
            o = (r * sc.cos, r * sc.sin, 0)
        case (.sphere, .surface), (.sphere, .volume):
            let zc = 1 - 2 * Double(rng.nextUnitFloat())
            let sc = DeterministicMath.sinCos(2 * Double.pi * Double(rng.nextUnitFloat()))
            var r = abs(w)
            if mode == .volume { r *= DeterministicMath.cubeRoot(Double(rng.nextUnitFloat())) }
            let ring = max(0, 1 - zc * zc).squareRoot()
            o = (r * ring * sc.cos, r * ring * sc.sin, r * zc)
        }
        return (cx + o.0, cy + o.1, cz + o.2)
    }

    // MARK: - Outlines and faces

    /// A point a fraction `u` along the perimeter, clockwise on screen from the top-left corner.
    static func rectanglePerimeter(_ u: Double, _ w: Double, _ h: Double) -> (Double, Double, Double) {
        let aw = abs(w)
        let ah = abs(h)
        let perimeter = 2 * (aw + ah)
        guard perimeter > 0 else { return (0, 0, 0) }
        var s = u * perimeter
        if s < aw { return (-aw / 2 + s, -ah / 2, 0) }
        s -= aw
        if s < ah { return (aw / 2, -ah / 2 + s, 0) }
        s -= ah
        if s < aw { return (aw / 2 - s, ah / 2, 0) }
        s -= aw
        return (-aw / 2, ah / 2 - min(s, ah), 0)
    }

    /// A point a fraction `u` along the total length of the 12 edges (4 along x, then y, then z).
    static func cuboidEdges(_ u: Double, _ w: Double, _ h: Double, _ d: Double) -> (Double, Double, Double) {
        let aw = abs(w)
        let ah = abs(h)
        let ad = abs(d)
        let total = 4 * (aw + ah + ad)
        guard total > 0 else { return (0, 0, 0) }
        var s = u * total
        func corner(_ k: Int, _ a: Double, _ b: Double) -> (Double, Double) {
            (k & 1 == 0 ? -a / 2 : a / 2, k & 2 == 0 ? -b / 2 : b / 2)
        }
        if s < 4 * aw {
            let k = min(3, Int(s / aw))
            let t = s - Double(k) * aw
            let c = corner(k, ah, ad)
            return (-aw / 2 + t, c.0, c.1)
        }
        s -= 4 * aw
        if s < 4 * ah {
            let k = min(3, Int(s / ah))
            let t = s - Double(k) * ah
            let c = corner(k, aw, ad)
            return (c.0, -ah / 2 + t, c.1)
        }
        s -= 4 * ah
        guard ad > 0 else { return (aw / 2, ah / 2, 0) }
        let k = min(3, Int(s / ad))
        let t = min(ad, s - Double(k) * ad)
        let c = corner(k, aw, ah)
        return (c.0, c.1, -ad / 2 + t)
    }

    /// A point on the faces: `s` picks a face weighted by area, (u, v) the point on it.
    static func cuboidFaces(_ s: Double, _ u: Double, _ v: Double, _ w: Double, _ h: Double, _ d: Double) -> (
        Double, Double, Double
    ) {
        let aw = abs(w)
        let ah = abs(h)
        let ad = abs(d)
        let xy = aw * ah
        let xz = aw * ad
        let yz = ah * ad
        let total = 2 * (xy + xz + yz)
        guard total > 0 else { return ((u - 0.5) * aw, (v - 0.5) * ah, (0.5 - v) * ad) }
        var a = s * total
        if a < 2 * xy { return ((u - 0.5) * aw, (v - 0.5) * ah, a < xy ? -ad / 2 : ad / 2) }
        a -= 2 * xy
        if a < 2 * xz { return ((u - 0.5) * aw, a < xz ? -ah / 2 : ah / 2, (v - 0.5) * ad) }
        a -= 2 * xz
        return (a < yz ? -aw / 2 : aw / 2, (u - 0.5) * ah, (v - 0.5) * ad)
    }
}
