import CBenchReference
import Foundation

extension BenchmarkRegistry {
    /// The memory-bandwidth anchor: a Swift triad over contiguous storage next to the C triad.
    static let memory: [Benchmark] = [
        Benchmark(
            name: "memory.triad.16M", unit: "a[i] = b[i] + s·c[i] over 16M floats (192 MB moved)",
            reference: "plain C triad (CBenchReference)", goal: nil
        ) { scale in
            let n = scale == .full ? 16 << 20 : 4096
            let a = UnsafeMutablePointer<Float>.allocate(capacity: n)
            let b = UnsafeMutablePointer<Float>.allocate(capacity: n)
            let c = UnsafeMutablePointer<Float>.allocate(capacity: n)
            a.initialize(repeating: 0, count: n)
            b.initialize(repeating: 1, count: n)
            c.initialize(repeating: 2, count: n)
            return Benchmark.Workload(
                engine: { swiftTriad(a, b, c, 3, n) },
                reference: { cbr_triad(a, b, c, 3, n) },
                tearDown: {
                    a.deallocate()
                    b.deallocate()
                    c.deallocate()
                })
        }
    ]
}

/// The Swift triad (the same loop as the C reference).
@inline(never)
func swiftTriad(
    _ a: UnsafeMutablePointer<Float>, _ b: UnsafeMutablePointer<Float>, _ c: UnsafeMutablePointer<Float>,
    _ s: Float, _ n: Int
) {
    for i in 0..<n { a[i] = b[i] + s * c[i] }
}
