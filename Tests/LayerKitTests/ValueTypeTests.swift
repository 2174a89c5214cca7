import Foundation
import Testing

@testable import LayerKit

/// Colours, the seeded generator, paths, images.
@Suite struct ValueTypeTests {
    @Test func parsesHexColoursAndNames() {
        #expect(CGColor(hexString: "#ff8000") == CGColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(CGColor(hexString: "ff000080")?.alpha == 128.0 / 255)
        #expect(CGColor(hexString: "#f00") == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(hexString: "#ggg") == nil && CGColor(hexString: "#12345") == nil)
        #expect(CGColor.named["orange"] == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(UIColor.purple.cgColor == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        let p = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedRGBA8
        #expect(p.r == 128 && p.g == 64 && p.b == 0 && p.a == 128)
    }

    @Test func seededRandomMatchesTheDocumentedAlgorithm() {
        // Golden values from an independent Python implementation of PCG-XSH-RR 64/32 seeded by SplitMix64
        // (docs/Determinism.md), computed when the generator was written.
        var r0 = SeededRandom(seed: 0)
        let a = (0..<5).map { _ in r0.next32() }
        #expect(a == [2_422_489_633, 1_176_037_471, 2_405_161_421, 2_938_897_158, 4_140_632_945], "seed 0: \(a)")
        var r42 = SeededRandom(seed: 42)
        let b = (0..<5).map { _ in r42.next32() }
        #expect(b == [3_508_393_247, 2_846_903_365, 3_050_928_809, 2_850_731_726, 4_131_377_665], "seed 42: \(b)")
        var r7 = SeededRandom(seed: 7)
        let f = (0..<3).map { _ in r7.nextUnitFloat() }
        #expect(f == [0.32466208934783936, 0.3410549759864807, 0.10381245613098145], "seed 7 floats: \(f)")
    }

    @Test func aGeneratorRebuiltFromItsStateAndIncrementContinuesItsStream() {
        var original = SeededRandom(seed: 42)
        _ = (0..<3).map { _ in original.next32() }
        var rebuilt = SeededRandom(state: original.state, increment: original.increment)
        let expected = (0..<5).map { _ in original.next32() }
        let got = (0..<5).map { _ in rebuilt.next32() }
        #expect(got == expected && rebuilt == original, "seed 42 after 3 draws: \(got) vs \(expected)")
        var step = SeededRandom(seed: 7)
        let state = step.state
        let output = step.next32()
        #expect(
            output == SeededRandom.output(state)
                && step.state == state &* SeededRandom.multiplier &+ step.increment,
            "seed 7: next32 is the output of the state, then one LCG step")
    }

    @Test func seededRandomUnitFloatsStayInRange() {
        var r = SeededRandom(seed: 123)
        var lo: Float = 1
        var hi: Float = 0
        var sum: Float = 0
        for _ in 0..<100_000 {
            let u = r.nextUnitFloat()
            lo = min(lo, u)
            hi = max(hi, u)
            sum += u
        }
        #expect(lo >= 0 && hi < 1 && abs(sum / 100_000 - 0.5) < 0.01, "min \(lo) max \(hi) mean \(sum / 100_000)")
    }

    @Test func pathsBuildShapesAndBounds() {
        let rr = CGMutablePath()
        rr.addRoundedRect(in: CGRect(x: 50, y: 50, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20)
        #expect(close(rr.boundingBox, CGRect(x: 50, y: 50, width: 100, height: 100)), "\(rr.boundingBox)")
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(close(circle.boundingBox, CGRect(x: 0, y: 0, width: 50, height: 50), 0.5))
        #expect(
            circle.elements.filter {
                if case .addCurveToPoint = $0 { return true }
                return false
            }.count == 4)
        let arc = CGMutablePath()
        arc.addArc(center: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(close(arc.currentPoint, CGPoint(x: 125, y: 100)), "end \(arc.currentPoint)")
        // clockwise: false sweeps toward increasing angles: through +y (down on screen) at π/2.
        #expect(arc.boundingBox.maxY > 120, "the arc bulges downward: \(arc.boundingBox)")
        let some = CGMutablePath()
        some.addRoundedRect(
            in: CGRect(x: 0, y: 0, width: 100, height: 100), radii: CGSize(width: 20, height: 20),
            corners: [.layerMaxXMinYCorner, .layerMaxXMaxYCorner])
        #expect(some.elements.first == .moveToPoint(CGPoint(x: 0, y: 0)), "unrounded top-left corner starts the path")
    }

    @Test func imagesRejectBadSizesAndPremultiply() throws {
        #expect(throws: CGImage.SizeError.self) { try CGImage(width: 0, height: 10, premultipliedPixels: []) }
        #expect(throws: CGImage.SizeError.self) { try CGImage.validate(width: 20_000, height: 1) }
        #expect(throws: CGImage.SizeError.self) { try CGImage.validate(width: 10_000, height: 10_000) }
        #expect(throws: CGImage.SizeError.self) { try CGImage(width: 2, height: 2, premultipliedPixels: [0, 0, 0]) }
        let img = try CGImage(width: 1, height: 1, straightPixels: [255, 128, 0, 128])
        #expect(img.pixels == [128, 64, 0, 128])
        #expect(img.straightPixels == [255, 128, 0, 128])
        #expect(try img.withScale(2).size == CGSize(width: 0.5, height: 0.5))
    }
}

/// Inputs found by fuzzing the scene loader.
@Suite struct FuzzRegressionTests {
    @Test func fullWidthHexDigitsAreNotAColour() {
        #expect(CGColor(hexString: "#ＡＡＡ") == nil, "full-width letters pass Character.isHexDigit but are not hex")
    }

    @Test func layerDurationAcceptsInfinity() throws {
        let l = CALayer()
        try l.setLayerValue(.number(.infinity), forKeyPath: "duration")
        #expect(l.duration == .infinity)
    }
}
