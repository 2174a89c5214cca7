import Foundation
import LayerKit
import Testing

@testable import Particles

/// The spawner's own sine, cosine and cube root, and the half-precision colour storage.
@Suite struct DeterministicMathTests {
    @Test func sineAndCosineMatchTheCLibraryClosely() {
        var worst = 0.0
        for k in -20_000...20_000 {
            let x = Double(k) * 0.000_977 + 0.1
            let sc = DeterministicMath.sinCos(x)
            worst = max(worst, abs(sc.sin - sin(x)), abs(sc.cos - cos(x)))
        }
        #expect(worst < 3e-9, "largest difference \(worst)")
        #expect(DeterministicMath.sinCos(.nan) == (0, 1) && DeterministicMath.sinCos(.infinity) == (0, 1))
    }

    @Test func sineAndCosineOfManyArgumentsEqualOneCallEach() {
        // Quadrant boundaries, both signs, zeros, huge and non-finite arguments.
        var xs: [Double] = [
            0, -0.0, .pi / 4, -.pi / 4, .pi / 2, -.pi / 2, .pi, 3 * .pi / 2, 2 * .pi, 1e15, -1e15, 9.9e14,
            .nan, .infinity, -.infinity,
        ]
        for k in -4_000...4_000 { xs.append(Double(k) * 0.0123 + 0.00071) }
        var sines = [Double](repeating: 0, count: xs.count)
        var cosines = sines
        xs.withUnsafeBufferPointer { x in
            sines.withUnsafeMutableBufferPointer { s in
                cosines.withUnsafeMutableBufferPointer { c in
                    DeterministicMath.sinCos(x.baseAddress!, sin: s.baseAddress!, cos: c.baseAddress!, count: x.count)
                }
            }
        }
        for (i, x) in xs.enumerated() {
            let one = DeterministicMath.sinCos(x)
            #expect(
                one.sin.bitPattern == sines[i].bitPattern && one.cos.bitPattern == cosines[i].bitPattern,
                "x = \(x): one call \(one), batch (\(sines[i]), \(cosines[i]))")
        }
    }

    @Test func argumentsKnownToLieInsideGiveTheSameSinesUnchecked() {
        // The batch for arguments known inside ±10¹⁵ skips the check, and nothing else.
        var xs: [Double] = [0, -0.0, .pi / 4, -.pi / 2, 9.99e14, -9.99e14, 1e15.nextDown]
        for k in -4_000...4_000 { xs.append(Double(k) * 0.0123 + 0.00071) }
        var sines = [Double](repeating: 0, count: xs.count)
        var cosines = sines
        xs.withUnsafeBufferPointer { x in
            sines.withUnsafeMutableBufferPointer { s in
                cosines.withUnsafeMutableBufferPointer { c in
                    DeterministicMath.sinCos(
                        x.baseAddress!, sin: s.baseAddress!, cos: c.baseAddress!, count: x.count, inside: true)
                }
            }
        }
        for (i, x) in xs.enumerated() {
            let one = DeterministicMath.sinCos(x)
            #expect(
                one.sin.bitPattern == sines[i].bitPattern && one.cos.bitPattern == cosines[i].bitPattern,
                "x = \(x): one call \(one), unchecked batch (\(sines[i]), \(cosines[i]))")
        }
    }

    @Test func theQuadrantTakenFromTheBitsOfKIsTheQuadrantOfTheFloorFormula() {
        // The quadrant q = k mod 4 as computed before it came from the low bits of k + 1.5·2⁵²: every
        // argument inside ±10¹⁵ must give the sine and cosine it gave then, on both sides of zero, at
        // quadrant boundaries and up to the largest k.
        func reference(_ x: Double) -> (sin: Double, cos: Double) {
            let k = (x * 0.6366197723675814).rounded(.toNearestOrEven)
            let y = (x - k * 1.5707963267341256) - k * 6.077100506506192e-11
            let y2 = y * y
            let s = y * (1 + y2 * (-1.0 / 6 + y2 * (1.0 / 120 + y2 * (-1.0 / 5040 + y2 * (1.0 / 362_880)))))
            let c = 1 + y2 * (-0.5 + y2 * (1.0 / 24 + y2 * (-1.0 / 720 + y2 * (1.0 / 40320 + y2 * (-1.0 / 3_628_800)))))
            let q = k - 4 * (k * 0.25).rounded(.down)
            let swap = abs(q - 2) == 1
            let a = swap ? c : s
            let b = swap ? s : c
            let inside = abs(x) < 1e15
            return (inside ? (q >= 2 ? -a : a) : 0, inside ? (abs(q - 1.5) < 1 ? -b : b) : 1)
        }
        var xs: [Double] = [
            0, -0.0, 1e-300, -1e-300, 9.99e14, -9.99e14, 1e15.nextDown, -1e15.nextDown, 1e15, .nan, -.infinity,
        ]
        for k in -40...40 {
            let boundary = Double(k) * .pi / 4
            xs += [boundary, boundary.nextUp, boundary.nextDown]
        }
        var random = SeededRandom(seed: 12)
        for _ in 0..<20_000 {
            let u = Double(random.nextSignedFloat())
            xs += [u * 10, u * 1e6, u * 1e14]
        }
        for x in xs {
            let got = DeterministicMath.sinCos(x)
            let expected = reference(x)
            #expect(
                got.sin.bitPattern == expected.sin.bitPattern && got.cos.bitPattern == expected.cos.bitPattern,
                "x = \(x): \(got), formerly \(expected)")
        }
    }

    @Test func cubeRootIsAccurate() {
        for u in stride(from: 0.0, through: 1, by: 0.001) {
            let r = DeterministicMath.cubeRoot(u)
            #expect(abs(r * r * r - u) < 1e-14, "∛\(u) = \(r)")
        }
    }

    @Test func halfPackingRoundsLikeTheHardware() {
        // About 5 000 float bit patterns across the finite half range (subnormals, ties, the top),
        // against Swift's Float16 conversion.
        var checked = 0
        var mismatches: [Float] = []
        var bits: UInt32 = 0
        while bits < 0x4780_0000 {
            for sign: UInt32 in [0, 0x8000_0000] {
                let v = Float(bitPattern: bits | sign)
                if abs(v) <= HalfFloat.maximum {
                    if HalfFloat.pack(v) != Float16(v).bitPattern { mismatches.append(v) }
                    checked += 1
                }
            }
            bits &+= 37 * 4099 * 3
        }
        #expect(checked > 5_000 && mismatches.isEmpty, "\(checked) checked, mismatches \(mismatches.prefix(5))")
    }

    @Test func halfPrecisionRoundTripsColourValues() {
        for v in stride(from: Float(-8), through: 8, by: 0.001) {
            let back = HalfFloat.unpack(HalfFloat.pack(v))
            #expect(abs(back - v) <= max(abs(v), 1e-4) / 1024, "\(v) → \(back)")
        }
        #expect(HalfFloat.unpack(HalfFloat.pack(1e9)) == 65504 && HalfFloat.unpack(HalfFloat.pack(.nan)) == 0)
        #expect(HalfFloat.unpack(HalfFloat.pack(1e-6)) > 0, "subnormals survive")
    }
}
