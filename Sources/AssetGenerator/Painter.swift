import Foundation
import LayerKit

/// A straight (not premultiplied) RGBA colour with components in 0…1, as the art functions return it.
struct RGBA {
    var r: Double
    var g: Double
    var b: Double
    var a: Double

    /// A grey level with an alpha.
    init(grey: Double, alpha: Double = 1) { (r, g, b, a) = (grey, grey, grey, alpha) }

    /// A colour from its components.
    init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    /// A colour from `0xRRGGBB`.
    init(hex: UInt32, alpha: Double = 1) {
        self.init(Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255, alpha)
    }

    static let clear = RGBA(0, 0, 0, 0)

    /// This colour with its red, green and blue multiplied by `k` (alpha kept).
    func shaded(_ k: Double) -> RGBA { RGBA(r * k, g * k, b * k, a) }

    /// This colour with its alpha multiplied by `k`.
    func faded(_ k: Double) -> RGBA { RGBA(r, g, b, a * k) }

    /// `other` painted over this colour with source-over (straight alpha in, straight alpha out).
    func under(_ other: RGBA) -> RGBA {
        let a = other.a + self.a * (1 - other.a)
        guard a > 0 else { return .clear }
        func mixC(_ top: Double, _ bottom: Double) -> Double { (top * other.a + bottom * self.a * (1 - other.a)) / a }
        return RGBA(mixC(other.r, r), mixC(other.g, g), mixC(other.b, b), a)
    }

    /// The colour a fraction `t` of the way to `other` (straight interpolation).
    func mixed(with other: RGBA, _ t: Double) -> RGBA {
        RGBA(r + (other.r - r) * t, g + (other.g - g) * t, b + (other.b - b) * t, a + (other.a - a) * t)
    }
}

/// Renders art functions into images: every pixel averages `supersample`² samples taken at sub-pixel
/// centres, in premultiplied space so that edges against transparency stay clean.
enum Painter {
    /// An image of `width`×`height` pixels whose pixel (x, y) covers [x, x+1)×[y, y+1) of `sample`'s space.
    static func render(width: Int, height: Int, supersample: Int = 4, _ sample: (_ x: Double, _ y: Double) -> RGBA)
        throws -> CGImage
    {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let n = Double(supersample * supersample)
        for py in 0..<height {
            for px in 0..<width {
                var r = 0.0
                var g = 0.0
                var b = 0.0
                var a = 0.0
                for sy in 0..<supersample {
                    for sx in 0..<supersample {
                        let c = sample(
                            Double(px) + (Double(sx) + 0.5) / Double(supersample),
                            Double(py) + (Double(sy) + 0.5) / Double(supersample))
                        let ca = clamp01(c.a)
                        r += clamp01(c.r) * ca
                        g += clamp01(c.g) * ca
                        b += clamp01(c.b) * ca
                        a += ca
                    }
                }
                let i = (py * width + px) * 4
                bytes[i] = byte(r / n)
                bytes[i + 1] = byte(g / n)
                bytes[i + 2] = byte(b / n)
                bytes[i + 3] = byte(a / n)
            }
        }
        return try CGImage(width: width, height: height, premultipliedPixels: bytes, scale: 1)
    }

    private static func byte(_ v: Double) -> UInt8 { UInt8((clamp01(v) * 255).rounded()) }
}

// MARK: - Shaping functions

func clamp01(_ x: Double) -> Double { min(1, max(0, x)) }

/// Hermite step from 0 at `e0` to 1 at `e1`.
func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
    let t = clamp01((x - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)
}

/// Coverage of a signed distance `d` (negative inside) for a one-sample-wide anti-aliased edge.
func coverage(_ d: Double, softness: Double = 0.5) -> Double { clamp01(0.5 - d / (2 * softness)) }

/// Distance from `p` to the segment a–b.
func segmentDistance(_ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
    let ab = (b.0 - a.0, b.1 - a.1)
    let ap = (p.0 - a.0, p.1 - a.1)
    let len2 = ab.0 * ab.0 + ab.1 * ab.1
    let t = len2 > 0 ? clamp01((ap.0 * ab.0 + ap.1 * ab.1) / len2) : 0
    return hypot(ap.0 - t * ab.0, ap.1 - t * ab.1)
}

/// Signed distance to a box of half-size (hw, hh) with corner radius `radius`, centred at the origin.
func roundedBoxDistance(_ x: Double, _ y: Double, halfWidth hw: Double, halfHeight hh: Double, radius: Double) -> Double
{
    let qx = abs(x) - hw + radius
    let qy = abs(y) - hh + radius
    return hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
}
