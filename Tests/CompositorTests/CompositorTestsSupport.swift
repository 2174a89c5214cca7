import EmitterTestSupport
import Foundation
import ImageCodec
import LayerKit
import Particles
import Testing

@testable import Compositor

// MARK: - Golden frames

/// The golden frames: `Fixtures/<name>.png`.
let goldenFolder = TestSupport.fixturesFolder(of: #filePath)

// MARK: - Building scenes

/// A layer with a frame and a background colour.
func solidLayer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
    let l = CALayer()
    l.frame = frame
    l.backgroundColor = color
    return l
}

/// A root layer of `w × h` points at the origin.
func rootLayer(_ w: CGFloat, _ h: CGFloat, _ color: CGColor? = nil) -> CALayer {
    solidLayer(CGRect(x: 0, y: 0, width: w, height: h), color)
}

/// The book's cheap rounded corner (S30): a layer whose contents are a white 40 px anti-aliased disc
/// (4×4 supersampled) stretched with contentsCenter {0.5, 0.5, 0, 0}, so its corners have radius 20.
func stretchableCircleLayer(_ frame: CGRect) throws -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.contents = try CGImage(width: 40, height: 40) { x, y in
        var c = 0.0
        for sy in 0..<4 {
            for sx in 0..<4 {
                let dx = Double(x) + (Double(sx) + 0.5) / 4 - 20
                let dy = Double(y) + (Double(sy) + 0.5) / 4 - 20
                if dx * dx + dy * dy <= 400 { c += 1 }
            }
        }
        return CGColor(gray: 1, alpha: CGFloat(c / 16))
    }
    layer.contentsCenter = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
    return layer
}

/// How far two same-sized regions of a frame differ: the largest channel difference and the mean of
/// the per-pixel largest channel differences, comparing `a` with the region of `a`'s size at `b`'s origin.
func regionDifference(_ fb: Framebuffer, _ a: CGRect, _ b: CGRect) -> (worst: Int, mean: Double) {
    var worst = 0
    var total = 0
    var n = 0
    for y in Int(a.minY)..<Int(a.maxY) {
        for x in 0..<Int(a.width) {
            let p = px(fb, Int(a.minX) + x, y)
            let q = px(fb, Int(b.minX) + x, y)
            let d = zip(p, q).map { abs($0 - $1) }.max() ?? 0
            worst = max(worst, d)
            total += d
            n += 1
        }
    }
    return (worst, Double(total) / Double(max(1, n)))
}

/// Renders a tree into a new framebuffer of the root's size.
func renderFrame(
    _ root: CALayer, scale: CGFloat = 1, threads: Int = 1, particles: ParticleDrawListProvider? = nil,
    compositor: Compositor? = nil
) throws -> Framebuffer {
    let c = compositor ?? Compositor(threadCount: threads)
    if let particles { c.particles = particles }
    let fb = try Framebuffer(
        width: Int((root.bounds.width * scale).rounded(.up)), height: Int((root.bounds.height * scale).rounded(.up)),
        scale: scale)
    c.render(root, into: fb)
    return fb
}

/// A test image: a 2×2 (or n×n) checkerboard of four colours with an opaque border row, generated here.
func quadrantImage(_ n: Int = 16) throws -> CGImage {
    try CGImage(width: n, height: n) { x, y in
        switch (x < n / 2, y < n / 2) {
        case (true, true): return CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        case (false, true): return CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        case (true, false): return CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        case (false, false): return CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        }
    }
}

/// A soft round particle sprite (premultiplied), generated here.
func softDot(_ n: Int = 16) throws -> CGImage {
    try CGImage(width: n, height: n) { x, y in
        let dx = (Double(x) + 0.5) / Double(n) * 2 - 1
        let dy = (Double(y) + 0.5) / Double(n) * 2 - 1
        let r = (dx * dx + dy * dy).squareRoot()
        return CGColor(red: 1, green: 1, blue: 1, alpha: CGFloat(max(0, 1 - r)))
    }
}

/// The pixel as integers, for expectations.
func px(_ fb: Framebuffer, _ x: Int, _ y: Int) -> [Int] {
    guard let p = fb.pixel(x: x, y: y) else { return [] }
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

/// Whether two colours are within `tol` per channel.
func near(_ a: [Int], _ b: [Int], _ tol: Int = 2) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tol }
}

/// A fixed draw-list provider for tests.
final class FixedParticles: ParticleDrawListProvider {
    var lists: [ObjectIdentifier: ParticleDrawList] = [:]
    func set(_ list: ParticleDrawList, for emitter: CAEmitterLayer) { lists[ObjectIdentifier(emitter)] = list }
    func drawList(for emitter: CAEmitterLayer) -> ParticleDrawList? { lists[ObjectIdentifier(emitter)] }
}

/// Expects `fb` to match the golden frame `Fixtures/<name>.png` within `Golden.ImageTolerance.rendering`.
func expectGolden(_ fb: Framebuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        Golden.expect(
            image: try fb.makeImage(), matchesFileAt: goldenFolder + "/\(name).png", tolerance: .rendering,
            context: "golden frame \(name), \(fb.width)×\(fb.height) pixels at scale \(fb.scale)",
            sourceLocation: sourceLocation)
    } catch {
        Issue.record("golden frame \(name): \(error)", sourceLocation: sourceLocation)
    }
}

/// The colour a straight colour gets in the framebuffer over an opaque background: `c` with alpha `a`
/// composited source-over `bg`, as 0…255 integers.
func over(_ c: (Double, Double, Double), alpha a: Double, on bg: (Double, Double, Double)) -> [Int] {
    [
        Int(((c.0 * a + bg.0 * (1 - a)) * 255).rounded()), Int(((c.1 * a + bg.1 * (1 - a)) * 255).rounded()),
        Int(((c.2 * a + bg.2 * (1 - a)) * 255).rounded()), 255,
    ]
}
