import Foundation
import LayerKit
import Particles

@testable import Compositor

/// Particle scenes built from fixed draw lists (no simulation needed).
enum ParticleScenes {
    /// An emitter of 160×120 with a dark background and a border; sprites from a 16-pixel soft dot:
    /// a row at scale 1 (blits), a row at scales 0.5…2.5 (pre-scaled blits), a row rotated (bilinear),
    /// tinted per channel; `additive` selects the render mode.
    static func mixed(additive: Bool) throws -> (CALayer, FixedParticles, CAEmitterLayer) {
        let root = rootLayer(160, 120, CGColor(gray: 0.1, alpha: 1))
        let e = CAEmitterLayer()
        e.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        e.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.3, alpha: 1)
        e.borderWidth = 2
        e.borderColor = CGColor(gray: 0.6, alpha: 1)
        root.addSublayer(e)
        var list = ParticleDrawList()
        list.renderMode = additive ? .additive : .unordered
        list.appearances = [ParticleAppearance(contents: try softDot(16))]
        let colors: [(UInt8, UInt8, UInt8, UInt8)] = [
            (255, 255, 255, 255), (255, 128, 26, 255), (26, 200, 255, 255), (255, 60, 60, 160), (120, 255, 120, 255),
        ]
        for i in 0..<5 {
            let c = colors[i]
            list.sprites.append(
                ParticleSprite(
                    x: 20 + Float(i) * 10, y: 20, scale: 1, rotation: 0, r: c.0, g: c.1, b: c.2, a: c.3, appearance: 0))
            list.sprites.append(
                ParticleSprite(
                    x: 20 + Float(i) * 28, y: 55, scale: 0.5 + Float(i) * 0.5, rotation: 0, r: c.0, g: c.1, b: c.2,
                    a: c.3, appearance: 0))
            list.sprites.append(
                ParticleSprite(
                    x: 20 + Float(i) * 28, y: 95, scale: 1.5, rotation: Float(i) * 0.4, r: c.0, g: c.1, b: c.2, a: c.3,
                    appearance: 0))
        }
        let p = FixedParticles()
        p.set(list, for: e)
        return (root, p, e)
    }

    /// A square sprite image with a distinct quadrant colour, so rotation is visible: 16×16.
    static func quadrantSprites(rotation: Float, scale: Float) throws -> (CALayer, FixedParticles) {
        let root = rootLayer(64, 64, CGColor(gray: 0, alpha: 1))
        let e = CAEmitterLayer()
        e.frame = root.bounds
        root.addSublayer(e)
        var list = ParticleDrawList()
        list.appearances = [ParticleAppearance(contents: try quadrantImage(16))]
        list.sprites = [
            ParticleSprite(
                x: 32, y: 32, scale: scale, rotation: rotation, r: 255, g: 255, b: 255, a: 255, appearance: 0)
        ]
        let p = FixedParticles()
        p.set(list, for: e)
        return (root, p)
    }
}
