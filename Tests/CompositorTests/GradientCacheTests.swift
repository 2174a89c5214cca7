import Foundation
import LayerKit
import Testing

@testable import Compositor

/// Gradient layers keep their shaded pixels between frames (`GradientPaintCache`): the pixels equal a
/// fresh fill, and anything that decides them refills.
@Suite struct GradientCacheTests {
    /// The fire's glow in small: a radial gradient of three translucent colours, rotated and scaled,
    /// with rounded corners, over a dark background.
    func scene() -> (root: CALayer, glow: CAGradientLayer) {
        let root = rootLayer(120, 90, CGColor(red: 0.04, green: 0.03, blue: 0.02, alpha: 1))
        let g = CAGradientLayer()
        g.frame = CGRect(x: 20, y: 15, width: 80, height: 60)
        g.type = .radial
        g.colors = [
            CGColor(red: 1, green: 0.55, blue: 0.2, alpha: 0.4), CGColor(red: 1, green: 0.4, blue: 0.12, alpha: 0.12),
            CGColor(red: 1, green: 0.35, blue: 0.1, alpha: 0),
        ]
        g.locations = [0, 0.45, 1]
        g.startPoint = CGPoint(x: 0.5, y: 0.6)
        g.endPoint = CGPoint(x: 1, y: 1)
        g.cornerRadius = 9
        g.transform = CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeScale(1.1, 0.9, 1))
        root.addSublayer(g)
        return (root, g)
    }

    func bytes(_ fb: Framebuffer) -> [UInt8] { fb.withUnsafeBytes { Array($0) } }

    /// The same tree drawn by a compositor that has never seen it (no cache).
    func fresh(_ root: CALayer, threads: Int = 1) throws -> [UInt8] { bytes(try renderFrame(root, threads: threads)) }

    @Test func opacityChangesReuseTheShadedGradientWithIdenticalPixels() throws {
        let (root, glow) = scene()
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 120, height: 90)
        for (frame, opacity) in [1, 0.8, 0.95, 0.75, 1].enumerated() {
            glow.opacity = Float(opacity)
            c.render(root, into: fb)
            let expected = try fresh(root)
            #expect(
                bytes(fb) == expected, "frame \(frame), opacity \(opacity): cached gradient differs from a fresh fill")
        }
        #expect(
            c.resources.gradients.misses == 1,
            "one fill for five frames of changing opacity, got \(c.resources.gradients.misses)")
        let paint = c.resources.gradients.cachedValue(for: glow)
        #expect(paint?.cachedRect != nil, "the paint keeps its shaded pixels from its second frame on")
        #expect(
            bytes(fb) != (try fresh(rootLayer(120, 90, CGColor(red: 0.04, green: 0.03, blue: 0.02, alpha: 1)))),
            "the gradient is drawn (the frame is not just the background)")
    }

    @Test func changedColoursBoundsOrTransformRefill() throws {
        let (root, glow) = scene()
        let c = Compositor(threadCount: 1)
        let fb = try Framebuffer(width: 120, height: 90)
        c.render(root, into: fb)
        glow.opacity = 0.9
        c.render(root, into: fb)
        let changes: [(String, () -> Void)] = [
            (
                "colour",
                {
                    glow.colors = [
                        CGColor(red: 0.2, green: 0.9, blue: 0.3, alpha: 0.7),
                        CGColor(red: 1, green: 0.4, blue: 0.12, alpha: 0.12),
                        CGColor(red: 1, green: 0.35, blue: 0.1, alpha: 0),
                    ]
                }
            ),
            ("locations", { glow.locations = [0, 0.7, 1] }),
            ("bounds", { glow.bounds = CGRect(x: 0, y: 0, width: 70, height: 64) }),
            ("transform", { glow.transform = CATransform3DMakeRotation(-0.5, 0, 0, 1) }),
            ("position", { glow.position = CGPoint(x: 57.5, y: 44.25) }),
            ("type", { glow.type = .conic }),
            ("end point", { glow.endPoint = CGPoint(x: 0.9, y: 0.2) }),
        ]
        var misses = c.resources.gradients.misses
        for (name, change) in changes {
            change()
            c.render(root, into: fb)
            #expect(
                c.resources.gradients.misses == misses + 1,
                "a changed \(name) refills (misses \(misses) → \(c.resources.gradients.misses))")
            misses = c.resources.gradients.misses
            #expect(bytes(fb) == (try fresh(root)), "after the \(name) change the frame equals a fresh fill")
            glow.opacity = glow.opacity == 0.9 ? 0.7 : 0.9
            c.render(root, into: fb)
            #expect(
                c.resources.gradients.misses == misses, "an opacity change after the \(name) change reuses the paint")
            #expect(bytes(fb) == (try fresh(root)), "cached frame after the \(name) change equals a fresh fill")
        }
    }

    @Test func cachedGradientIsIdenticalForAnyThreadCount() throws {
        let (root, glow) = scene()
        var frames: [[UInt8]] = []
        for threads in [1, 2, 3] {
            let c = Compositor(threadCount: threads)
            let fb = try Framebuffer(width: 120, height: 90)
            for opacity in [1, 0.6, 0.85] as [Float] {
                glow.opacity = opacity
                c.render(root, into: fb)
            }
            frames.append(bytes(fb))
        }
        #expect(
            frames[1] == frames[0] && frames[2] == frames[0], "cached gradient frames differ between 1, 2 and 3 threads"
        )
    }
}
