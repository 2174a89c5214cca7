import Foundation
import LayerKit
import Testing

@testable import Compositor

/// `SpanBlender.paint` (eight pixels per step) equals its per-pixel form for any coverage, tint and
/// span length.
@Suite struct SpanPaintTests {
    @Test func eightWidePaintEqualsThePerPixelBlend() {
        var rng = SeededRandom(seed: 0x5BA9)
        func pixel() -> UInt32 {
            // Premultiplied, with some transparent and some opaque pixels.
            let kind = rng.next32() % 5
            let a: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : rng.next32() & 0xFF
            let c = { UInt32(rng.nextUnitDouble() * Double(a + 1)) & 0xFF }
            return PixelMath.pack(min(c(), a), min(c(), a), min(c(), a), a)
        }
        let tints = [
            PixelTint.identity, PixelTint(red: 1, green: 1, blue: 1, alpha: 0.8),
            PixelTint(red: 0.3, green: 0.9, blue: 0.5, alpha: 0.6),
            PixelTint(red: 1, green: 1, blue: 1, alpha: 0),
        ]
        for round in 0..<60 {
            let count = round % 37
            let src = (0..<count).map { _ in pixel() }
            let dst = (0..<count).map { _ in pixel() }
            let cov: [UInt8] = (0..<count).map { _ in
                let k = rng.next32() % 4
                return k == 0 ? 0 : k == 1 ? 255 : UInt8(rng.next32() & 0xFF)
            }
            for (t, tint) in tints.enumerated() {
                for useCoverage in [false, true] {
                    var fast = dst
                    var slow = dst
                    src.withUnsafeBufferPointer { s in
                        cov.withUnsafeBufferPointer { c in
                            let cp = useCoverage ? c.baseAddress : nil
                            fast.withUnsafeMutableBufferPointer {
                                SpanBlender.paint(
                                    $0.baseAddress!, src: s.baseAddress!, count: count, tint: tint, cov: cp)
                            }
                            slow.withUnsafeMutableBufferPointer {
                                SpanBlender.paintScalar(
                                    $0.baseAddress!, src: s.baseAddress!, count: count, tint: tint, cov: cp)
                            }
                        }
                    }
                    let first = zip(fast, slow).enumerated().first { $0.element.0 != $0.element.1 }
                    #expect(
                        fast == slow,
                        "round \(round) (seed 0x5BA9), \(count) pixels, tint \(t), coverage \(useCoverage): first difference \(String(describing: first))"
                    )
                }
            }
        }
    }
}
