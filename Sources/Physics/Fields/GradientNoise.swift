import Foundation
import LayerKit

/// Smooth seeded 3D gradient noise (Perlin's improved noise, 2002): a permutation of 0...255 shuffled
/// by `SeededRandom(seed:)` and the 12 cube-edge gradients. Values lie in about −1...1, are 0 at
/// integer lattice points and vary smoothly (C² fade) between them. Same seed, same values, on every
/// machine (Float arithmetic in a fixed order).
public struct GradientNoise: Equatable, Sendable {
    /// The seed the permutation was shuffled with.
    public let seed: UInt64
    /// The permutation, repeated twice so lookups never wrap.
    let permutation: [UInt8]

    /// Creates the noise for `seed` (Fisher–Yates shuffle drawing `next32() % (i + 1)` for i = 255...1).
    public init(seed: UInt64) {
        self.seed = seed
        var p = (0...255).map { UInt8($0) }
        var random = SeededRandom(seed: seed)
        for i in stride(from: 255, to: 0, by: -1) {
            let j = Int(random.next32() % UInt32(i + 1))
            p.swapAt(i, j)
        }
        permutation = p + p
    }

    /// The noise at (x, y, z).
    public func value(x: Float, y: Float, z: Float) -> Float {
        permutation.withUnsafeBufferPointer { Self.sample($0.baseAddress!, x, y, z) }
    }

    // MARK: - Kernel

    @inline(__always)
    static func fade(_ t: Float) -> Float { t * t * t * (t * (t * 6 - 15) + 10) }

    @inline(__always)
    static func lerp(_ t: Float, _ a: Float, _ b: Float) -> Float { a + t * (b - a) }

    /// Dot product of (x, y, z) with one of the 12 cube-edge gradients (Perlin's hash-to-gradient rule).
    @inline(__always)
    static func gradient(_ hash: UInt8, _ x: Float, _ y: Float, _ z: Float) -> Float {
        let h = hash & 15
        let u = h < 8 ? x : y
        let v = h < 4 ? y : (h == 12 || h == 14 ? x : z)
        return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v)
    }

    /// A lattice coordinate modulo 256. NaN and huge values map to 0 instead of trapping in the
    /// conversion (the noise is then NaN or meaningless, but the process survives).
    @inline(__always)
    static func latticeIndex(_ f: Float) -> Int {
        let c: Float = (f >= -1e9 && f <= 1e9) ? f : 0
        return Int(Int32(c)) & 255
    }

    /// The noise at (x, y, z) with the permutation at `p` (512 entries).
    @inline(__always)
    static func sample(_ p: UnsafePointer<UInt8>, _ x: Float, _ y: Float, _ z: Float) -> Float {
        let fx = x.rounded(.down)
        let fy = y.rounded(.down)
        let fz = z.rounded(.down)
        let xi = latticeIndex(fx)
        let yi = latticeIndex(fy)
        let zi = latticeIndex(fz)
        let x0 = x - fx
        let y0 = y - fy
        let z0 = z - fz
        let u = fade(x0)
        let v = fade(y0)
        let w = fade(z0)
        let a = Int(p[xi]) + yi
        let aa = Int(p[a]) + zi
        let ab = Int(p[a + 1]) + zi
        let b = Int(p[xi + 1]) + yi
        let ba = Int(p[b]) + zi
        let bb = Int(p[b + 1]) + zi
        let x1 = x0 - 1
        let y1 = y0 - 1
        let z1 = z0 - 1
        return lerp(
            w,
            lerp(
                v, lerp(u, gradient(p[aa], x0, y0, z0), gradient(p[ba], x1, y0, z0)),
                lerp(u, gradient(p[ab], x0, y1, z0), gradient(p[bb], x1, y1, z0))),
            lerp(
                v, lerp(u, gradient(p[aa + 1], x0, y0, z1), gradient(p[ba + 1], x1, y0, z1)),
                lerp(u, gradient(p[ab + 1], x0, y1, z1), gradient(p[bb + 1], x1, y1, z1))))
    }
}
