import Foundation
import LayerKit

/// A glossy red ball lit from the top left: Lambert shading, a rim darkening and a specular highlight.
enum Ball {
    static func make() throws -> CGImage {
        let base = RGBA(hex: 0xD8342A)
        let light = normalized((-0.45, -0.55, 0.70))
        return try Painter.render(width: 64, height: 64) { x, y in
            let nx = (x - 32) / 30
            let ny = (y - 32) / 30
            let r2 = nx * nx + ny * ny
            let edge = coverage((r2.squareRoot() - 1) * 30)
            guard edge > 0 else { return .clear }
            let nz = max(0, 1 - r2).squareRoot()
            let diffuse = max(0, nx * light.0 + ny * light.1 + nz * light.2)
            // Blinn highlight with the viewer on +z.
            let half = normalized((light.0, light.1, light.2 + 1))
            let specular = pow(max(0, nx * half.0 + ny * half.1 + nz * half.2), 60)
            // Light bounced up from the floor brightens the lower rim a little.
            let bounce = 0.12 * clamp01(ny) * (1 - nz)
            var c = base.shaded(0.22 + 0.85 * diffuse + bounce)
            c = c.mixed(with: RGBA(grey: 1), clamp01(specular * 0.9))
            return c.faded(edge)
        }
    }

    static func normalized(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        let l = (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
        return (v.0 / l, v.1 / l, v.2 / l)
    }
}
