import Foundation

/// Procedural particle sprites that scenes name as `"builtin:<name>"`: no image files needed.
///
/// Every sprite is white (or white with grey shading), so a cell's `color` tints it, with straight
/// coverage turned into premultiplied RGBA8. They are generated once, on first use, by deterministic
/// code (the smoke's noise is seeded), so every machine gets the same pixels. Scale 1: a 64×64-pixel
/// sprite is 64×64 points at `contentsScale` 1.
public enum BuiltinSprites {
    /// The names, in documentation order.
    public static let names = [
        "softDot", "spark", "smoke", "snowflake", "raindrop", "confetti", "star", "ring", "square", "digits", "crate",
    ]

    /// The sprite called `name` (see `names`), or nil for an unknown name.
    public static func image(named name: String) -> CGImage? {
        switch name {
        case "softDot": return softDot
        case "spark": return spark
        case "smoke": return smoke
        case "snowflake": return snowflake
        case "raindrop": return raindrop
        case "confetti": return confetti
        case "star": return star
        case "ring": return ring
        case "square": return square
        case "digits": return digits
        case "crate": return crate
        default: return nil
        }
    }

    /// The `contentsRect` that shows digit `d` (0…9) of the `digits` strip: `(d·0.1, 0, 0.1, 1)`, as in
    /// the Core Animation book's clock. Digits outside 0…9 are clamped.
    public static func digitContentsRect(_ d: Int) -> CGRect {
        CGRect(x: CGFloat(min(9, max(0, d))) * 0.1, y: 0, width: 0.1, height: 1)
    }

    // MARK: - The sprites

    /// 64×64: a round dot whose alpha falls off like a Gaussian (σ ≈ a third of the radius) to 0 at the edge.
    static let softDot = render(width: 64, height: 64) { x, y in
        let r = hypot(x - 32, y - 32) / 32
        return (1, exp(-r * r * 4.5) * (1 - smoothstep(0.8, 1, r)))
    }

    /// 64×16: a streak along x, bright and narrow in the middle, tapering to both ends.
    static let spark = render(width: 64, height: 16) { x, y in
        let u = (x - 32) / 32
        let v = (y - 8) / 8
        let taper = max(0, 1 - u * u)
        let width = 0.18 + 0.5 * taper
        let core = exp(-(v * v) / (2 * width * width * 0.25)) * taper
        let halo = exp(-(v * v) / (2 * width * width)) * taper * 0.35
        return (1, min(1, core + halo) * (1 - smoothstep(0.9, 1, abs(u))))
    }

    /// 64×64: a soft, billowing puff: a cluster of overlapping round lumps (seeded) that thins out to a
    /// transparent edge, lit from the top left so the lumps read as volume; light grey, no holes.
    static let smoke: CGImage? = {
        var rng = SeededRandom(seed: 0x5EED_5A0E)
        var lumps: [(x: Double, y: Double, r: Double)] = [(32, 33, 15)]
        for _ in 0..<9 {
            let a = rng.nextUnitDouble() * 2 * .pi
            let d = 7 + rng.nextUnitDouble() * 9
            lumps.append((32 + d * cos(a), 32 + d * sin(a), 6 + rng.nextUnitDouble() * 5))
        }
        let noise = ValueNoise(seed: 0x5EED_5A0F)
        func density(_ x: Double, _ y: Double) -> Double {
            lumps.reduce(0) { sum, l in
                let q = hypot(x - l.x, y - l.y) / l.r
                return sum + exp(-q * q * 1.4)
            }
        }
        return render(width: 64, height: 64, supersample: 2) { x, y in
            let n = noise.fractal(x / 9, y / 9, octaves: 3)
            let rho = density(x, y) * (0.8 + 0.45 * (n - 0.5))
            let edge = 1 - smoothstep(0.78, 0.98, hypot(x - 32, y - 32) / 32)
            let alpha = (1 - exp(-rho * 1.6)) * edge * 0.85
            // Light from the top left: brighter where the density falls toward the light.
            let slope = density(x - 2, y - 2) - density(x + 2, y + 2)
            return (min(1, 0.78 + 0.12 * slope + 0.1 * n), alpha)
        }
    }()

    /// 64×64: a six-armed ice crystal with two pairs of side branches per arm.
    static let snowflake = render(width: 64, height: 64, supersample: 3) { x, y in
        let p = (x - 32, y - 32)
        var d = Double.infinity
        for k in 0..<6 {
            let a = Double(k) * .pi / 3 - .pi / 2
            let dir = (cos(a), sin(a))
            d = min(d, segmentDistance(p, (0, 0), (dir.0 * 28, dir.1 * 28)) - 1.6)
            for (at, length) in [(12.0, 9.0), (20.0, 6.0)] {
                let base = (dir.0 * at, dir.1 * at)
                for side in [-1.0, 1.0] {
                    let b = a + side * .pi / 3
                    d = min(d, segmentDistance(p, base, (base.0 + cos(b) * length, base.1 + sin(b) * length)) - 1.2)
                }
            }
        }
        d = min(d, hypot(p.0, p.1) - 4)
        return (1, d <= 0 ? 1 : 0)
    }

    /// 32×64: a falling drop, round at the bottom and pointed at the top, brighter at the edge.
    static let raindrop = render(width: 32, height: 64, supersample: 3) { x, y in
        let d = unevenCapsule(x - 16, y - 46, r1: 11, r2: 1, h: 40)
        guard d <= 0 else { return (1, 0) }
        let rim = smoothstep(-4, 0, d)
        let highlight = exp(-pow(hypot(x - 12, y - 44) / 4, 2))
        return (1, min(1, 0.45 + 0.45 * rim + 0.5 * highlight))
    }

    /// 32×20: a paper rectangle with slightly rounded corners and a fold shading.
    static let confetti = render(width: 32, height: 20, supersample: 3) { x, y in
        let d = roundedBox(x - 16, y - 10, halfWidth: 15, halfHeight: 9, radius: 1.5)
        let shade = 0.82 + 0.18 * (x / 32)
        return (shade, d <= 0 ? 1 : 0)
    }

    /// 64×64: a five-pointed star, point up, outer radius 30, inner radius 12.
    static let star: CGImage? = {
        var vertices: [(Double, Double)] = []
        for k in 0..<10 {
            let a = -Double.pi / 2 + Double(k) * .pi / 5
            let r = k % 2 == 0 ? 30.0 : 12.0
            vertices.append((32 + r * cos(a), 32 + r * sin(a)))
        }
        return render(width: 64, height: 64, supersample: 4) { x, y in (1, pointInPolygon((x, y), vertices) ? 1 : 0) }
    }()

    /// 64×64: a circle outline of radius 26 and width 4.
    static let ring = render(width: 64, height: 64, supersample: 3) { x, y in
        (1, abs(hypot(x - 32, y - 32) - 26) <= 2 ? 1 : 0)
    }

    /// 32×32: opaque white.
    static let square = render(width: 32, height: 32) { _, _ in (1, 1) }

    /// 320×48: the digits 0–9 in seven-segment style, each in a 32×48 cell (see `digitContentsRect`).
    static let digits: CGImage? = {
        // Segments a (top), b (top right), c (bottom right), d (bottom), e (bottom left), f (top left), g (middle).
        let segments: [Character: ((Double, Double), (Double, Double))] = [
            "a": ((9, 6), (23, 6)), "b": ((26, 9), (26, 21)), "c": ((26, 27), (26, 39)), "d": ((9, 42), (23, 42)),
            "e": ((6, 27), (6, 39)), "f": ((6, 9), (6, 21)), "g": ((9, 24), (23, 24)),
        ]
        let lit: [String] = ["abcdef", "bc", "abged", "abgcd", "fgbc", "afgcd", "afgedc", "abc", "abcdefg", "abcdfg"]
        return render(width: 320, height: 48, supersample: 3) { x, y in
            let digit = min(9, Int(x / 32))
            let p = (x - Double(digit) * 32, y)
            var d = Double.infinity
            for s in lit[digit] { if let seg = segments[s] { d = min(d, segmentDistance(p, seg.0, seg.1) - 2.6) } }
            return (1, d <= 0 ? 1 : 0)
        }
    }()

    /// 64×64: a wooden crate (the Core Animation book's physics demo): a dark frame with corner nails,
    /// three planks and a diagonal brace. The wood is translucent white with a grain, so a layer's
    /// `backgroundColor` (or a cell's `color`) gives it its colour; the joints and frame stay dark.
    static let crate = render(width: 64, height: 64, supersample: 3) { x, y in
        let edge = min(x, y, 64 - x, 64 - y)
        if edge < 5 {
            let nail = [(2.5, 2.5), (61.5, 2.5), (2.5, 61.5), (61.5, 61.5)].contains { hypot(x - $0.0, y - $0.1) < 1.6 }
            return (nail ? 0.85 : 0.22 + 0.06 * sin(x * 0.9 + y * 0.7), 1)
        }
        // The brace from the top-left to the bottom-right inner corner, 9 pixels wide.
        let brace = abs((x - 5) - (y - 5)) / 2.squareRoot()
        if brace < 4.5 {
            let rim = brace > 3.3
            return (rim ? 0.2 : 0.95 + 0.05 * sin((x + y) * 0.8), rim ? 1 : 0.45)
        }
        // Plank joints every 18 pixels between the frames.
        let plank = (y - 5).truncatingRemainder(dividingBy: 18)
        if plank < 1.2 || plank > 16.8 { return (0.3, 0.9) }
        let grain = 0.5 + 0.5 * sin(x * 0.45 + 2.2 * sin(y * 0.35 + x * 0.05))
        return (1, 0.12 + 0.16 * grain)
    }

    // MARK: - Rendering

    /// Renders straight (grey level, alpha) samples at pixel centres, averaged over `supersample`²
    /// sub-samples per pixel, into a premultiplied image.
    static func render(
        width: Int, height: Int, supersample: Int = 1,
        _ sample: (_ x: Double, _ y: Double) -> (grey: Double, alpha: Double)
    ) -> CGImage? {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let n = Double(supersample * supersample)
        for py in 0..<height {
            for px in 0..<width {
                var grey = 0.0
                var alpha = 0.0
                for sy in 0..<supersample {
                    for sx in 0..<supersample {
                        let x = Double(px) + (Double(sx) + 0.5) / Double(supersample)
                        let y = Double(py) + (Double(sy) + 0.5) / Double(supersample)
                        let s = sample(x, y)
                        let a = min(1, max(0, s.alpha))
                        grey += min(1, max(0, s.grey)) * a
                        alpha += a
                    }
                }
                alpha /= n
                grey /= n
                let i = (py * width + px) * 4
                let g = UInt8((grey * 255).rounded())
                bytes[i] = g
                bytes[i + 1] = g
                bytes[i + 2] = g
                bytes[i + 3] = UInt8((alpha * 255).rounded())
            }
        }
        return try? CGImage(width: width, height: height, premultipliedPixels: bytes, scale: 1)
    }

    static func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
        let t = min(1, max(0, (x - e0) / (e1 - e0)))
        return t * t * (3 - 2 * t)
    }

    static func segmentDistance(_ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let ab = (b.0 - a.0, b.1 - a.1)
        let ap = (p.0 - a.0, p.1 - a.1)
        let len2 = ab.0 * ab.0 + ab.1 * ab.1
        let t = len2 > 0 ? min(1, max(0, (ap.0 * ab.0 + ap.1 * ab.1) / len2)) : 0
        return hypot(ap.0 - t * ab.0, ap.1 - t * ab.1)
    }

    /// Signed distance to a vertical capsule from a circle of radius r1 at the origin to one of radius r2
    /// at height h above it (y up is negative y here).
    static func unevenCapsule(_ x: Double, _ yDown: Double, r1: Double, r2: Double, h: Double) -> Double {
        let px = abs(x)
        let py = -yDown
        let b = (r1 - r2) / h
        let a = (1 - b * b).squareRoot()
        let k = -b * px + a * py
        if k < 0 { return hypot(px, py) - r1 }
        if k > a * h { return hypot(px, py - h) - r2 }
        return a * px + b * py - r1
    }

    static func roundedBox(_ x: Double, _ y: Double, halfWidth: Double, halfHeight: Double, radius: Double) -> Double {
        let qx = abs(x) - halfWidth + radius
        let qy = abs(y) - halfHeight + radius
        return hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
    }

    static func pointInPolygon(_ p: (Double, Double), _ v: [(Double, Double)]) -> Bool {
        var inside = false
        var j = v.count - 1
        for i in 0..<v.count {
            if (v[i].1 > p.1) != (v[j].1 > p.1),
                p.0 < (v[j].0 - v[i].0) * (p.1 - v[i].1) / (v[j].1 - v[i].1) + v[i].0
            {
                inside.toggle()
            }
            j = i
        }
        return inside
    }
}

/// Smooth 2D value noise on a 64×64 lattice (wrapping), values from `SeededRandom`: the same numbers on every
/// machine. Used by the procedural sprites and by `emitter-assets`.
package struct ValueNoise: Sendable {
    private var lattice: [Double]

    /// A lattice filled from `SeededRandom(seed:)`.
    package init(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        lattice = (0..<(64 * 64)).map { _ in rng.nextUnitDouble() }
    }

    /// Noise in 0…1 at (x, y), smoothly interpolated between lattice points one unit apart.
    package func value(_ x: Double, _ y: Double) -> Double {
        let xf = x.rounded(.down)
        let yf = y.rounded(.down)
        let ix = Int(xf) & 63
        let iy = Int(yf) & 63
        let tx = x - xf
        let ty = y - yf
        let sx = tx * tx * (3 - 2 * tx)
        let sy = ty * ty * (3 - 2 * ty)
        func at(_ i: Int, _ j: Int) -> Double { lattice[(j & 63) * 64 + (i & 63)] }
        let top = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * sx
        let bottom = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * sx
        return top + (bottom - top) * sy
    }

    /// The sum of `octaves` octaves (each twice the frequency and half the amplitude), normalised to 0…1.
    package func fractal(_ x: Double, _ y: Double, octaves: Int) -> Double {
        var sum = 0.0
        var amplitude = 1.0
        var frequency = 1.0
        var total = 0.0
        for _ in 0..<octaves {
            sum += value(x * frequency, y * frequency) * amplitude
            total += amplitude
            amplitude *= 0.5
            frequency *= 2
        }
        return sum / total
    }
}
