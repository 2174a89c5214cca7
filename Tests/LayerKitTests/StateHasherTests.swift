import Testing

@testable import LayerKit

/// FNV-1a over bytes, written out from the algorithm's definition, to check the hasher's byte order.
private func referenceFNV1a(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    return h
}

private func littleEndian<T: FixedWidthInteger>(_ v: T) -> [UInt8] {
    (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) }
}

@Suite struct StateHasherTests {
    @Test func theHashOfTheLetterAIsFNV1aPublishedValue() {
        // FNV-1a 64-bit of the one byte "a" is 0xaf63dc4c8601ec8c (Fowler, Noll, Vo's test vectors).
        #expect(referenceFNV1a([0x61]) == 0xAF63_DC4C_8601_EC8C)
    }

    @Test func aBoolIsHashedAsTheInteger1Or0() {
        var t = StateHasher()
        t.combine(true)
        var f = StateHasher()
        f.combine(false)
        #expect(t.value == referenceFNV1a(littleEndian(UInt64(1))), "true: \(t.hex)")
        #expect(f.value == referenceFNV1a(littleEndian(UInt64(0))), "false: \(f.hex)")
    }

    @Test func aStringIsHashedAsItsUTF8CountThenEachByte() {
        var h = StateHasher()
        h.combine("né")
        let utf8: [UInt8] = [0x6E, 0xC3, 0xA9]
        let expected = littleEndian(UInt64(3)) + utf8.flatMap { littleEndian(UInt32($0)) }
        #expect(h.value == referenceFNV1a(expected), "\(h.hex)")

        var ab = StateHasher()
        ab.combine("ab")
        ab.combine("c")
        var bc = StateHasher()
        bc.combine("a")
        bc.combine("bc")
        #expect(ab != bc, "\"ab\" + \"c\" and \"a\" + \"bc\" both hash to \(ab.hex)")
    }
}
