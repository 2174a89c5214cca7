/// The engine's state hash: 64-bit FNV-1a over a documented sequence of values (docs/Determinism.md).
///
/// Floating-point values are hashed by their exact bit patterns, so two states hash equal only when
/// they are bit-identical. Used by `emitter hash`, golden-state tests and frame-rate independence tests.
public struct StateHasher: Sendable, Equatable {
    /// The running hash. Starts at the FNV-1a offset basis 0xcbf29ce484222325.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Creates a hasher at the offset basis.
    public init() {}

    /// Mixes in 8 bytes, least significant first.
    @inline(__always)
    public mutating func combine(_ v: UInt64) {
        var x = v
        for _ in 0..<8 {
            value = (value ^ (x & 0xFF)) &* 0x0000_0100_0000_01B3
            x >>= 8
        }
    }

    /// Mixes in 4 bytes, least significant first.
    @inline(__always)
    public mutating func combine(_ v: UInt32) {
        var x = v
        for _ in 0..<4 {
            value = (value ^ UInt64(x & 0xFF)) &* 0x0000_0100_0000_01B3
            x >>= 8
        }
    }

    /// Mixes in an integer as 8 bytes.
    public mutating func combine(_ v: Int) { combine(UInt64(bitPattern: Int64(v))) }
    /// Mixes in a Float's bit pattern (4 bytes).
    public mutating func combine(_ v: Float) { combine(v.bitPattern) }
    /// Mixes in a Double's bit pattern (8 bytes).
    public mutating func combine(_ v: Double) { combine(v.bitPattern) }
    /// Mixes in a Bool as the integer 1 (true) or 0 (false), 8 bytes.
    public mutating func combine(_ v: Bool) { combine(v ? 1 : 0) }
    /// Mixes in a string: its UTF-8 byte count (8 bytes), then each byte as 4 bytes, the way the layer
    /// state hash mixes names and text, so "ab" + "c" and "a" + "bc" hash differently.
    public mutating func combine(_ s: String) {
        combine(s.utf8.count)
        for b in s.utf8 { combine(UInt32(b)) }
    }

    /// The hash as 16 lowercase hexadecimal digits.
    public var hex: String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
