import Foundation
import LayerKit

/// A falling raindrop as the eye sees it: a thin vertical streak, faint at the top and brightest at
/// the rounded head at the bottom (motion blur of a drop over one frame).
enum RainStreak {
    static func make() throws -> CGImage {
        try Painter.render(width: 8, height: 64) { x, y in
            let along = clamp01((y - 2) / 58)
            let dx = x - 4
            let width = 0.7 + 0.9 * along
            let body = exp(-(dx * dx) / (2 * width * width)) * pow(along, 1.6)
            let head = exp(-(dx * dx + (y - 58) * (y - 58)) / 5) * 0.9
            return RGBA(grey: 1, alpha: min(1, body * 0.8 + head))
        }
    }
}
