import Foundation
import LayerKit

/// A sprite sheet of an explosion in 4 × 4 frames of 32 × 32 pixels, row by row from the top left
/// (`contentsFrames: {"columns": 4, "rows": 4}`): a white-hot flash that swells into an orange fireball,
/// cools through red to dark smoke and thins away. The billows are value noise turning with the frame.
enum ExplosionSheet {
    static let frameSize = 32
    static let columns = 4
    static let rows = 4

    static func make() throws -> CGImage {
        let n = columns * rows
        return try Painter.render(width: frameSize * columns, height: frameSize * rows) { x, y in
            let column = min(columns - 1, Int(x) / frameSize)
            let row = min(rows - 1, Int(y) / frameSize)
            let k = row * columns + column
            let t = Double(k) / Double(n - 1)
            // Frame coordinates centred on the frame, in units of its half size.
            let u = (x - Double(column * frameSize)) / Double(frameSize) * 2 - 1
            let v = (y - Double(row * frameSize)) / Double(frameSize) * 2 - 1
            let r = (u * u + v * v).squareRoot()
            // The ball swells fast then slowly, its edge roughened by billows.
            let radius = 0.3 + 0.6 * (1 - pow(1 - t, 2.5))
            let billow = noise(u * 3 + t * 2, v * 3 - t * 3) * 0.5 + noise(u * 6 - t, v * 6 + t * 2) * 0.25
            let edge = radius * (0.8 + 0.35 * billow)
            let body = smoothstep(edge, edge * 0.7, r)
            // Hot white → yellow → orange → red → smoke, hotter at the centre early on.
            let heat = clamp01((1 - t * 1.25) * (1.15 - 0.6 * r / max(edge, 1e-6)) + 0.15 * billow)
            let colour = palette(heat)
            let density = body * (1 - smoothstep(0.55, 1, t)) * (0.75 + 0.25 * billow)
            return colour.faded(clamp01(density))
        }
    }

    /// Fire colours by heat (0 smoke … 1 white-hot).
    static func palette(_ heat: Double) -> RGBA {
        let stops: [(Double, RGBA)] = [
            (0, RGBA(hex: 0x2A2624)), (0.25, RGBA(hex: 0x7A2A12)), (0.5, RGBA(hex: 0xE0591A)),
            (0.75, RGBA(hex: 0xFFC23A)), (1, RGBA(hex: 0xFFF8E0)),
        ]
        for i in 1..<stops.count where heat <= stops[i].0 {
            let (t0, c0) = stops[i - 1]
            let (t1, c1) = stops[i]
            return c0.mixed(with: c1, (heat - t0) / (t1 - t0))
        }
        return stops[stops.count - 1].1
    }

    /// Smooth value noise in 0…1 on a unit lattice (integer hash, cubic fade): the same everywhere.
    static func noise(_ x: Double, _ y: Double) -> Double {
        let x0 = floor(x)
        let y0 = floor(y)
        let fx = x - x0
        let fy = y - y0
        func lattice(_ i: Double, _ j: Double) -> Double {
            var h = UInt32(truncatingIfNeeded: Int(i) &* 374_761_393 &+ Int(j) &* 668_265_263)
            h = (h ^ (h >> 13)) &* 1_274_126_177
            h ^= h >> 16
            return Double(h & 0xFFFF) / 65535
        }
        let sx = fx * fx * (3 - 2 * fx)
        let sy = fy * fy * (3 - 2 * fy)
        let a = lattice(x0, y0) + (lattice(x0 + 1, y0) - lattice(x0, y0)) * sx
        let b = lattice(x0, y0 + 1) + (lattice(x0 + 1, y0 + 1) - lattice(x0, y0 + 1)) * sx
        return a + (b - a) * sy
    }
}
