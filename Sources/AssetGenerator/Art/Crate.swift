import Foundation
import LayerKit

/// A wooden crate seen from the front: a frame of four planks, a diagonal brace, horizontal boards
/// behind it, nails at the corners and a seeded wood grain.
enum Crate {
    static let light = RGBA(hex: 0xC99555)
    static let dark = RGBA(hex: 0x94612F)
    static let line = RGBA(hex: 0x4B2E16)

    static func make() throws -> CGImage {
        let grain = ValueNoise(seed: 0xC4A7E)
        return try Painter.render(width: 64, height: 64) { x, y in
            let u = x - 32
            let v = y - 32
            let outer = roundedBoxDistance(u, v, halfWidth: 31, halfHeight: 31, radius: 2)
            guard outer < 1 else { return .clear }
            let frame = 8.0
            let inFrame = abs(u) > 31 - frame || abs(v) > 31 - frame
            // The brace runs from the bottom-left to the top-right inner corner.
            let braceDistance = abs(u + v) / 2.0.squareRoot()
            let inBrace = !inFrame && braceDistance < 5.5
            var colour: RGBA
            var edge = 0.0
            if inFrame {
                // Horizontal planks at top and bottom, vertical ones at the sides, mitred at the corners.
                let horizontal = abs(v) - abs(u) > 0
                let stretch = horizontal ? (x / 9, y / 1.3) : (x / 1.3, y / 9)
                let g = grain.fractal(stretch.0, stretch.1 + 7, octaves: 3)
                colour = light.mixed(with: dark, 0.15 + 0.5 * g)
                edge = max(
                    coverage(abs(abs(u) - abs(v)) - 0.4), coverage(abs(max(abs(u), abs(v)) - (31 - frame)) - 0.6))
            } else if inBrace {
                let along = (u - v) / 2.0.squareRoot()
                let across = (u + v) / 2.0.squareRoot()
                let g = grain.fractal(along / 9 + 20, across / 1.3, octaves: 3)
                colour = light.mixed(with: dark, 0.05 + 0.45 * g)
                edge = coverage(abs(braceDistance - 5.5) - 0.5)
            } else {
                // Boards behind the brace: darker, in shadow, with seams every 8 pixels.
                let g = grain.fractal(x / 9 + 40, y / 1.3, octaves: 3)
                colour = dark.mixed(with: line, 0.25 + 0.35 * g)
                let seam = abs((y - 8).truncatingRemainder(dividingBy: 8) - 4)
                edge = coverage(3.6 - seam) * 0.7
                // The brace and the frame cast a soft shadow onto the boards.
                colour = colour.shaded(0.75 + 0.25 * smoothstep(5.5, 9, braceDistance))
            }
            colour = colour.mixed(with: line, edge)
            // Nails: a dark head with a light glint at each corner of the frame.
            for (nx, ny) in [(-27.0, -27.0), (27.0, -27.0), (-27.0, 27.0), (27.0, 27.0)] {
                let dn = hypot(u - nx, v - ny)
                colour = colour.mixed(with: RGBA(hex: 0x2E2A26), coverage(dn - 1.8))
                colour = colour.mixed(with: RGBA(hex: 0xB8B2A8), coverage(hypot(u - nx + 0.6, v - ny + 0.6) - 0.6))
            }
            colour = colour.mixed(with: line, coverage(abs(outer + 0.5) - 0.7))
            return colour.faded(coverage(outer))
        }
    }
}
