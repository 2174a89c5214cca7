import Foundation
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
        var xs: [Double] = [0, -0.0, .pi / 4, -.pi / 4, .pi / 2, -.pi / 2, .pi, 3 * .pi / 2, 2 * .pi, 1e15, -1e15, 9.9e14,
                            .nan, .infinity, -.infinity]
        for k in -4_000...4_000 { xs.append(Double(k) * 0.0123 + 0.00071) }
        var sines = [Double](repeating: 0, count: xs.count), cosines = sines
        xs.withUnsafeBufferPointer { x in
            sines.withUnsafeMutableBufferPointer { s in
                cosines.withUnsafeMutableBufferPointer { c in
                    DeterministicMath.sinCos(x.baseAddress!, sin: s.baseAddress!, cos: c.baseAddress!, count: x.count)
                }
            }
        }
        for (i, x) in xs.enumerated() {
            let one = DeterministicMath.sinCos(x)
            #expect(one.sin.bitPattern == sines[i].bitPattern && one.cos.bitPattern == cosines[i].bitPattern,
                    "x = \(x): one call \(one), batch (\(sines[i]), \(cosines[i]))")
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
