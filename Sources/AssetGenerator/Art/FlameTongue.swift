import Foundation
import LayerKit

/// A white flame tongue: round and dense at the bottom, drawn out to a soft point at the top, with
/// blurred edges so that many overlapping additive particles read as one flickering flame.
enum FlameTongue {
    static func make() throws -> CGImage {
        try Painter.render(width: 32, height: 64) { x, y in
            // Signed distance to a teardrop: a circle of radius 11 at (16, 48) drawn up into a point at y = 4.
            let px = abs(x - 16)
            let py = 48 - y
            let h = 44.0
            let r1 = 11.0
            let r2 = 0.5
            let b = (r1 - r2) / h
            let a = (1 - b * b).squareRoot()
            let k = -b * px + a * py
            let d: Double
            if k < 0 {
                d = hypot(px, py) - r1
            } else if k > a * h {
                d = hypot(px, py - h) - r2
            } else {
                d = a * px + b * py - r1
            }
            let body = smoothstep(3, -7, d)
            // Denser low in the flame, thinning toward the tip.
            let height = clamp01((60 - y) / 56)
            let density = body * (1 - 0.55 * smoothstep(0.3, 1, height))
            return RGBA(grey: 1, alpha: density)
        }
    }
}
