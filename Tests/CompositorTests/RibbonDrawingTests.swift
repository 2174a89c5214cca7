import Foundation
import LayerKit
import Particles
import Testing

@testable import Compositor

/// Particle trails: ribbons whose width and colour go from point to point, anti-aliased, blended as the
/// emitter's sprites are, under them (docs/Particles.md, "Trails").
@Suite struct RibbonDrawingTests {
    /// A 128×40 black scene whose emitter draws `ribbons` (each a list of points) and `sprites`.
    func scene(
        _ ribbons: [[RibbonPoint]], sprites: [ParticleSprite] = [], mode: CAEmitterLayerRenderMode = .unordered
    ) throws -> (CALayer, FixedParticles) {
        let root = rootLayer(128, 40, CGColor(gray: 0, alpha: 1))
        let e = CAEmitterLayer()
        e.frame = root.bounds
        root.addSublayer(e)
        var list = ParticleDrawList()
        list.renderMode = mode
        list.appearances = [
            ParticleAppearance(contents: try CGImage(width: 4, height: 4) { _, _ in CGColor(gray: 1, alpha: 1) })
        ]
        list.sprites = sprites
        for points in ribbons {
            list.ribbons.append(ParticleRibbon(first: Int32(list.ribbonPoints.count), count: Int32(points.count)))
            list.ribbonPoints += points
        }
        let p = FixedParticles()
        p.set(list, for: e)
        return (root, p)
    }

    /// Red, 10 points wide at the head (10.5, 20.5); blue, 2 points wide at the tail (110.5, 20.5).
    let taper = [
        RibbonPoint(x: 10.5, y: 20.5, width: 10, r: 255, g: 0, b: 0, a: 255),
        RibbonPoint(x: 110.5, y: 20.5, width: 2, r: 0, g: 0, b: 255, a: 255),
    ]

    /// The sum of the coverage down column `x` (red + blue is the whole colour all along `taper`): the
    /// ribbon's width there in pixels.
    func columnWidth(_ fb: Framebuffer, _ x: Int) -> Double {
        (0..<fb.height).reduce(0.0) { sum, y in
            let p = px(fb, x, y)
            return sum + Double(p[0] + p[1] + p[2]) / 255
        }
    }

    @Test func widthAndColourAtHeadAndTailEqualTheStops() throws {
        let (root, p) = try scene([taper])
        let fb = try renderFrame(root, particles: p)
        // At the points' own pixels the colour is the stop's (within 1/255).
        #expect(near(px(fb, 10, 20), [255, 0, 0, 255], 1), "head pixel \(px(fb, 10, 20))")
        #expect(near(px(fb, 110, 20), [0, 0, 255, 255], 1), "tail pixel \(px(fb, 110, 20))")
        // Halfway the colour is the mean of the stops and the width the mean of the widths.
        #expect(near(px(fb, 60, 20), [128, 0, 128, 255], 1), "middle pixel \(px(fb, 60, 20))")
        // The coverage down a column sums to the width there (anti-aliased edges included).
        for (x, width) in [(10, 10.0), (60, 6.0), (110, 2.0)] {
            let got = columnWidth(fb, x)
            #expect(abs(got - width) <= 2.0 / 255 * 10, "column \(x): width \(got), expected \(width)")
        }
        // Round at the ends: nothing beyond half a width past the head.
        #expect(px(fb, 4, 20) == [0, 0, 0, 255], "left of the head's cap: \(px(fb, 4, 20))")
    }

    @Test func additiveRibbonsAddAndOthersBlendOver() throws {
        let half: [RibbonPoint] = [
            RibbonPoint(x: 10.5, y: 20.5, width: 6, r: 100, g: 50, b: 20, a: 255),
            RibbonPoint(x: 110.5, y: 20.5, width: 6, r: 100, g: 50, b: 20, a: 255),
        ]
        let (root, p) = try scene([half, half], mode: .additive)
        let fb = try renderFrame(root, particles: p)
        #expect(near(px(fb, 60, 20), [200, 100, 40, 255], 1), "ONE/ONE: \(px(fb, 60, 20))")
        let (root2, p2) = try scene([half, half])
        let fb2 = try renderFrame(root2, particles: p2)
        #expect(near(px(fb2, 60, 20), [100, 50, 20, 255], 1), "source-over: \(px(fb2, 60, 20))")
        // A ribbon does not blend over itself where its segments meet.
        let bent: [RibbonPoint] = [
            RibbonPoint(x: 10.5, y: 10.5, width: 8, r: 255, g: 255, b: 255, a: 128),
            RibbonPoint(x: 60.5, y: 20.5, width: 8, r: 255, g: 255, b: 255, a: 128),
            RibbonPoint(x: 110.5, y: 10.5, width: 8, r: 255, g: 255, b: 255, a: 128),
        ]
        let (root3, p3) = try scene([bent])
        let fb3 = try renderFrame(root3, particles: p3)
        #expect(near(px(fb3, 60, 20), [128, 128, 128, 255], 1), "joint: \(px(fb3, 60, 20))")
    }

    @Test func ribbonsAreDrawnUnderTheSprites() throws {
        let sprite = ParticleSprite(x: 60, y: 20, scale: 1, rotation: 0, r: 0, g: 255, b: 0, a: 255, appearance: 0)
        let (root, p) = try scene([taper], sprites: [sprite])
        let fb = try renderFrame(root, particles: p)
        #expect(px(fb, 59, 19) == [0, 255, 0, 255], "the sprite covers the ribbon: \(px(fb, 59, 19))")
    }

    @Test func ribbonPixelsDoNotDependOnTheThreadCount() throws {
        var ribbons: [[RibbonPoint]] = []
        for k in 0..<12 {
            let phase = Float(k) * 0.5
            ribbons.append(
                (0..<40).map { i in
                    let t = Float(i) / 39
                    return RibbonPoint(
                        x: 4 + 120 * t, y: 20 + 14 * sinf(6 * t + phase), width: 1 + 7 * (1 - t),
                        r: UInt8(255 * t), g: UInt8(40 * k % 256), b: 200, a: UInt8(255 - 200 * t))
                })
        }
        for mode in [CAEmitterLayerRenderMode.unordered, .additive] {
            let (root, p) = try scene(ribbons, mode: mode)
            let reference = try renderFrame(root, threads: 1, particles: p)
            for threads in [2, 3, 8] {
                let other = try renderFrame(root, threads: threads, particles: p)
                #expect(
                    other.withUnsafeBytes { Array($0) } == reference.withUnsafeBytes { Array($0) },
                    "mode \(mode.rawValue), \(threads) threads differ from 1")
            }
        }
    }
}
