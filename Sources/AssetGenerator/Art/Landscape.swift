import Foundation
import LayerKit

/// A small picture for the reflection demo: a sunset sky, the sun low over two ranges of mountains and
/// a dark wooded shore. It is clearly not symmetric top to bottom, so its mirror image reads as a reflection.
enum Landscape {
    static let width = 200
    static let height = 140

    static func make() throws -> CGImage {
        let noise = ValueNoise(seed: 0x1_A4D5_CA9E)
        let sun = (132.0, 58.0)
        return try Painter.render(width: width, height: height, supersample: 3) { x, y in
            // Sky: deep blue at the top through violet to orange at the horizon.
            let t = clamp01(y / 90)
            var c = RGBA(hex: 0x1C2459).mixed(with: RGBA(hex: 0x7A3F7A), smoothstep(0, 0.5, t))
            c = c.mixed(with: RGBA(hex: 0xF59A3C), smoothstep(0.35, 0.85, t))
            // The sun and its glow.
            let ds = hypot(x - sun.0, y - sun.1)
            c = c.mixed(with: RGBA(hex: 0xFFD27A), 0.55 * exp(-ds * ds / 900))
            c = c.mixed(with: RGBA(hex: 0xFFF4D6), coverage(ds - 12))
            // A few thin clouds lit from below.
            let cloud = smoothstep(0.62, 0.8, noise.fractal(x / 40, y / 7, octaves: 3)) * smoothstep(75, 30, y)
            c = c.mixed(with: RGBA(hex: 0xF2A772), cloud * 0.6)
            // Far range: jagged, hazy violet.
            let far = 78 - 26 * noise.fractal(x / 28 + 3, 1.5, octaves: 4) - 10 * abs(sin(x / 23))
            c = c.mixed(with: RGBA(hex: 0x5B3F7C), coverage(far - y) * 0.9)
            // Near range: darker and lower.
            let near = 100 - 22 * noise.fractal(x / 18 + 9, 4.5, octaves: 4)
            c = c.mixed(with: RGBA(hex: 0x2E2146), coverage(near - y))
            // Shore with pines: triangles on a dark band.
            var shore = coverage(118 - y)
            for k in 0..<14 {
                let cx = 6 + Double(k) * 14.5 + 5 * sin(Double(k) * 2.3)
                let h = 16 + 9 * noise.value(Double(k) * 1.7, 9)
                let top = 118 - h
                let halfWidth = (y - top) * 0.32
                if y > top, abs(x - cx) < halfWidth { shore = 1 }
            }
            c = c.mixed(with: RGBA(hex: 0x120E1E), shore)
            return c
        }
    }
}
